"""One finding per task, its other obstacles as notes (issue 33, item 8).

A server with many obstacles used to give one line per obstacle (225 lines for
3 tasks on a real code base).  Now RDV003 reports the task once, at its first
obstacle; the others are the finding's notes (text: indented under it, SARIF:
relatedLocations, JSON: "notes"), the first few by default and every one with
--show-all-obstacles.
"""

from __future__ import annotations

import json

from test_lint_cli import rdv2po, sarif_validator

# Five calls of Put_Line in the accept body: five obstacles of one task.  Log is
# called in an abortable part and Logger is aborted twice in a program with
# controlled types (Ada.Finalization: the caller-runs scheme refuses each abort and
# each attribute for it, caller_runs/aborts.py), so the caller-runs scheme refuses
# the program too, with more obstacles: the accepting scheme's are reported (the
# closest scheme's, the first of equals: rewrite._translate).
LOGGER = """\
with Ada.Text_IO; with Ada.Finalization;
procedure Main is
   task Logger is
      entry Log (Msg : String);
   end Logger;

   task body Logger is
   begin
      loop
         select
            accept Log (Msg : String) do
               Ada.Text_IO.Put_Line ("1 " & Msg);
               Ada.Text_IO.Put_Line ("2 " & Msg);
               Ada.Text_IO.Put_Line ("3 " & Msg);
               Ada.Text_IO.Put_Line ("4 " & Msg);
               Ada.Text_IO.Put_Line ("5 " & Msg);
            end Log;
         or
            terminate;
         end select;
      end loop;
   end Logger;
begin
   select
      delay 1.0;
   then abort
      Logger.Log ("started");
   end select;
   if Logger'Callable and then not Logger'Terminated then
      abort Logger; abort Logger;
   end if;
end Main;
"""

ONE = LOGGER.replace("""\
               Ada.Text_IO.Put_Line ("2 " & Msg);
               Ada.Text_IO.Put_Line ("3 " & Msg);
               Ada.Text_IO.Put_Line ("4 " & Msg);
               Ada.Text_IO.Put_Line ("5 " & Msg);
""", "")


def lint(tmp_path, text: str, *args: str):
    (tmp_path / "main.adb").write_text(text)
    return rdv2po("lint", *args, "main.adb", cwd=tmp_path)


def test_one_finding_with_the_first_obstacles_as_notes(tmp_path):
    r = lint(tmp_path, LOGGER)
    assert r.returncode == 1
    lines = r.stdout.splitlines()
    assert lines[0].startswith("main.adb:12:28: warning: task Main.Logger is an accepting "
                               "server, not eliminable")
    assert lines[0].endswith("[RDV003]")
    # the caller-runs scheme's refusal first (issue 35), then the task's own obstacles
    assert lines[1].startswith("  main.adb:24:4: note: the caller-runs-server scheme refuses "
                               "it too (7 obstacle(s))")
    assert lines[2:] == [
        f"  main.adb:{n}:28: note: call of Ada.Text_IO.Put_Line: would run inside a "
        "protected action: language-defined input-output, potentially blocking "
        "(RM 9.5.1(18))" for n in (13, 14)] + [
        "  (2 more obstacle(s) of this task: --show-all-obstacles lists them)"]
    assert "1 finding(s) (1 RDV003)" in r.stderr


def test_show_all_obstacles_lists_every_one(tmp_path):
    r = lint(tmp_path, LOGGER, "--show-all-obstacles")
    notes = r.stdout.splitlines()[1:]
    assert [n.split(":")[1] for n in notes] == ["24", "13", "14", "15", "16"]
    assert "more obstacle" not in r.stdout


def test_a_task_with_one_obstacle_has_no_note_of_its_own(tmp_path):
    r = lint(tmp_path, ONE)
    assert r.returncode == 1
    [line, other] = r.stdout.splitlines()      # the other scheme's refusal only
    assert line.startswith("main.adb:12:28: warning:") and line.endswith("[RDV003]")
    assert "the caller-runs-server scheme refuses it too" in other


def test_notes_are_sarif_related_locations_and_json_notes(tmp_path):
    r = lint(tmp_path, LOGGER, "--format", "sarif")
    log = json.loads(r.stdout)
    sarif_validator().validate(log)
    [result] = log["runs"][0]["results"]
    related = result["relatedLocations"]
    assert [x["physicalLocation"]["region"]["startLine"] for x in related] == [24, 13, 14]
    assert related[1]["message"]["text"].startswith("call of Ada.Text_IO.Put_Line")
    assert result["properties"]["moreNotes"] == 2
    data = json.loads(lint(tmp_path, LOGGER, "--format", "json").stdout)
    [finding] = data["findings"]
    assert [n["line"] for n in finding["notes"]] == [24, 13, 14]
    assert finding["more_notes"] == 2 and finding["details"]["obstacles"] == "5"


def test_github_annotation_carries_the_notes(tmp_path):
    r = lint(tmp_path, LOGGER, "--format", "github")
    [line] = r.stdout.splitlines()
    assert line.startswith("::warning file=main.adb,line=12,col=28,")
    assert line.count("%0A") == 4


def test_a_suppression_at_a_notes_line_hides_that_note(tmp_path):
    marked = LOGGER.replace('Put_Line ("3 " & Msg);',
                            'Put_Line ("3 " & Msg);  --## rule line off RDV003 ## reviewed')
    r = lint(tmp_path, marked, "--show-all-obstacles")
    assert [n.split(":")[1] for n in r.stdout.splitlines()[1:]] == ["24", "13", "15", "16"]
    assert "RDV011" not in r.stdout        # the suppression hid something


def test_a_suppression_at_the_declaration_hides_the_task(tmp_path):
    marked = LOGGER.replace("   task Logger is",
                            "   task Logger is  --## rule line off RDV003 ## stays a task")
    r = lint(tmp_path, marked)
    assert r.returncode == 0 and r.stdout == ""
    assert "0 finding(s), 1 suppressed" in r.stderr


def test_the_other_schemes_refusals_are_notes(tmp_path, monkeypatch):
    """When every scheme that took a task refused it, the rewrite reports the one that
    came closest and carries the others (issue 35): the finding names them."""
    import dataclasses
    import os

    from rdv2po import rewrite
    from rdv2po.frontend.analysis import Options
    from rdv2po.lint import engine, registry

    real = rewrite.run

    def run(*args, **kw):
        out = real(*args, **kw)
        for name, d in out.decisions.items():
            if not d.rewritten:
                first = d.obstacles[-1]
                out.decisions[name] = dataclasses.replace(
                    d, others=(("caller-runs-server", 2, first),))
        return out
    monkeypatch.setattr(rewrite, "run", run)
    (tmp_path / "main.adb").write_text(LOGGER)
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        result = engine.run(engine.LintOptions(Options(paths=(".",)),
                                               registry.enabled(None, [])))
    finally:
        os.chdir(old)
    [f] = result.findings
    assert f.notes[0].message.startswith(
        "the caller-runs-server scheme refuses it too (2 obstacle(s)), first: call of "
        "Ada.Text_IO.Put_Line")
    assert (f.notes[0].loc.line, len(f.notes) + f.more) == (16, 5)
