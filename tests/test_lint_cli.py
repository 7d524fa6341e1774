"""``rdv2po lint`` as users run it: formats, exit codes, settings, suppressions, --fix."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from corpus_harness import run_program
from rdv2po.lint import output

SCHEMA = Path(__file__).parent / "data" / "sarif-schema-2.1.0.json"

SPEC = """\
package Servers is
   task Buffer is
      entry Put (X : Integer);
      entry Get (X : out Integer);
   end Buffer;

   task Logger is
      entry Log (Msg : String);
   end Logger;
end Servers;
"""

BODY = """\
with Ada.Text_IO;
package body Servers is
   task body Buffer is
      Value : Integer := 0;
   begin
      loop
         select
            accept Put (X : Integer) do
               Value := X;
            end Put;
         or
            terminate;
         end select;
         accept Get (X : out Integer) do
            X := Value;
         end Get;
      end loop;
   end Buffer;

   task body Logger is
   begin
      loop
         select
            accept Log (Msg : String) do
               Ada.Text_IO.Put_Line (Msg);
            end Log;
         or
            terminate;
         end select;
      end loop;
   end Logger;
end Servers;
"""

MAIN = """\
with Servers;
procedure Main is
   Item : Integer;
   Sum  : Integer := 0;
begin
   for I in 1 .. 10 loop
      Servers.Buffer.Put (I);
      Servers.Buffer.Get (Item);
      Sum := Sum + Item;
   end loop;
   --  logged in an abortable part: the caller-runs scheme, which would
   --  otherwise take the logger (its Put_Line run by the caller), refuses a
   --  program whose callers may be aborted
   select
      delay 10.0;
   then abort
      Servers.Logger.Log ("sum" & Integer'Image (Sum));
   end select;
end Main;
"""

BUFFER_LINE = 2          # servers.ads: task Buffer is
PUT_LINE_LINE = 25       # servers.adb: Ada.Text_IO.Put_Line (Msg);


def rdv2po(*args, cwd):
    return subprocess.run([sys.executable, "-m", "rdv2po", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300)


def project(tmp_path: Path, spec=SPEC, body=BODY, main=MAIN) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    (src / "servers.ads").write_text(spec)
    (src / "servers.adb").write_text(body)
    (src / "main.adb").write_text(main)
    (tmp_path / ".git").mkdir()      # the repository root: settings are not looked for above
    return tmp_path


def test_fixture_lines():
    assert SPEC.splitlines()[BUFFER_LINE - 1].strip() == "task Buffer is"
    assert BODY.splitlines()[PUT_LINE_LINE - 1].strip() == "Ada.Text_IO.Put_Line (Msg);"


def test_text_is_compiler_style_with_a_summary_and_exit_1(tmp_path):
    r = rdv2po("lint", "src", cwd=project(tmp_path))
    assert r.returncode == 1, r.stderr
    # sorted by file, line, column; the caller-runs scheme's refusal of Logger a note
    lines = [ln for ln in r.stdout.splitlines() if "refuses it too" not in ln]
    assert len(lines) == 2
    assert re.fullmatch(rf"src/servers\.adb:{PUT_LINE_LINE}:28: warning: task Servers\.Logger "
                        r"is an accepting server, not eliminable by the accepting-server "
                        r"scheme: call of Ada\.Text_IO\.Put_Line: would run inside a protected "
                        r"action: .*RM 9\.5\.1\(18\)\) \[RDV003\]", lines[0])
    assert re.fullmatch(rf"src/servers\.ads:{BUFFER_LINE}:4: warning: task Servers\.Buffer is "
                        r"an accepting server, eliminable by the accepting-server scheme .* "
                        r"\[RDV001\]", lines[1])
    assert r.stderr.strip() == ("rdv2po: 2 finding(s) (1 RDV001, 1 RDV003), 0 suppressed; "
                                "2 task(s) in 3 file(s)")


def test_no_findings_exit_0_and_print_nothing(tmp_path):
    root = project(tmp_path, main=MAIN.replace("Servers.Buffer.Put (I);", "null;"))
    r = rdv2po("lint", "--select", "RDV002,RDV005", "src", cwd=root)
    assert r.returncode == 0, r.stderr
    assert r.stdout == ""


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github"])
def test_findings_exit_1_in_every_format(fmt, tmp_path):
    r = rdv2po("lint", "--format", fmt, "src", cwd=project(tmp_path))
    assert r.returncode == 1, r.stderr
    assert "RDV001" in r.stdout and "RDV003" in r.stdout


def test_json_is_the_documented_form(tmp_path):
    r = rdv2po("lint", "--format", "json", "src", cwd=project(tmp_path))
    data = json.loads(r.stdout)
    assert data["rdv2po_lint"] == 1 and data["complete"] is True and data["verified"] is True
    assert data["summary"] == {"findings": 2, "suppressed": 0, "errors": 0, "files": 3,
                               "tasks": 2, "judged": 2, "programs": 1}
    second, first = data["findings"]          # the body (.adb) sorts first
    assert first == {
        "rule": "RDV001", "name": "accepting-server-eliminable", "severity": "warning",
        "path": "src/servers.ads", "line": BUFFER_LINE, "col": 4,
        "message": first["message"], "task": "Servers.Buffer", "fixable": True,
        "details": {"scheme": "accepting-server", "verified": "true"},
        "notes": [], "more_notes": 0}
    assert second["details"]["construct"] == "call of Ada.Text_IO.Put_Line"
    assert second["details"]["obstacles"] == "1"
    assert second["fixable"] is False


def sarif_validator():
    schema = json.loads(SCHEMA.read_text())
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


def test_sarif_is_valid_sarif_2_1_0_with_suppressions(tmp_path):
    root = project(tmp_path, spec=SPEC.replace(
        "   task Logger is", "   --## rule off RDV003 ## the log must stay in its own thread\n"
                            "   task Logger is"))
    r = rdv2po("lint", "--format", "sarif", "src", cwd=root)
    assert r.returncode == 1, r.stderr
    log = json.loads(r.stdout)
    sarif_validator().validate(log)
    run = log["runs"][0]
    assert run["invocations"][0]["executionSuccessful"] is True
    ids = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    by_rule = {res["ruleId"]: res for res in run["results"]}
    assert set(by_rule) == {"RDV001", "RDV003"}
    buffer = by_rule["RDV001"]
    assert ids[buffer["ruleIndex"]] == "RDV001"
    assert buffer["locations"][0]["physicalLocation"] == {
        "artifactLocation": {"uri": "src/servers.ads", "uriBaseId": "%SRCROOT%"},
        "region": {"startLine": BUFFER_LINE, "startColumn": 4}}
    assert "suppressions" not in buffer
    logger = by_rule["RDV003"]
    assert logger["suppressions"] == [{
        "kind": "inSource", "justification": "the log must stay in its own thread",
        "location": logger["suppressions"][0]["location"]}]


def test_sarif_of_input_that_does_not_compile_is_valid_and_says_so(tmp_path):
    root = project(tmp_path, body=BODY.replace("Value := X;", "Value := Undefined_Name;"))
    r = rdv2po("lint", "--format", "sarif", "src", cwd=root)
    assert r.returncode == 2
    log = json.loads(r.stdout)
    sarif_validator().validate(log)
    invocation = log["runs"][0]["invocations"][0]
    assert invocation["executionSuccessful"] is False
    [note] = invocation["toolExecutionNotifications"]
    assert "Undefined_Name" in note["message"]["text"] and note["level"] == "error"
    assert log["runs"][0]["results"] == []


def test_sarif_validator_rejects_what_the_schema_forbids():
    bad = {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}},
                                          "results": [{"ruleId": "RDV001", "level": "loud",
                                                       "message": {"text": "m"}}]}]}
    with pytest.raises(jsonschema.ValidationError):
        sarif_validator().validate(bad)


def test_github_annotations(tmp_path):
    r = rdv2po("lint", "--format", "github", "src", cwd=project(tmp_path))
    lines = r.stdout.splitlines()
    assert lines[0].startswith(f"::warning file=src/servers.adb,line={PUT_LINE_LINE},col=28,")
    assert lines[1].startswith(f"::warning file=src/servers.ads,line={BUFFER_LINE},col=4,"
                               "title=RDV001 accepting-server-eliminable::task Servers.Buffer ")
    assert len(lines) == 2


def test_github_escapes_what_would_break_an_annotation():
    line = output._annotation("notice", "a,b:c.adb", 1, 2, "T", "50% done\nnext")
    assert line == "::notice file=a%2Cb%3Ac.adb,line=1,col=2,title=T::50%25 done%0Anext"


def test_input_that_does_not_compile_is_a_tool_failure_in_every_format(tmp_path):
    root = project(tmp_path, body=BODY.replace("Value := X;", "Value := Undefined_Name;"))
    for fmt in ("text", "json", "github"):
        r = rdv2po("lint", "--format", fmt, "src", cwd=root)
        assert r.returncode == 2, (fmt, r.stderr)
        assert "Undefined_Name" in r.stdout
        assert "lint incomplete" in r.stderr
    data = json.loads(rdv2po("lint", "--format", "json", "src", cwd=root).stdout)
    assert data["complete"] is False and data["findings"] == []


def test_bad_arguments_are_a_tool_failure(tmp_path):
    root = project(tmp_path)
    r = rdv2po("lint", cwd=root)
    assert r.returncode == 2 and "give at least one PATH" in r.stderr
    r = rdv2po("lint", "--select", "RDV999", "src", cwd=root)
    assert r.returncode == 2 and "unknown rule 'RDV999'" in r.stderr
    r = rdv2po("lint", "--scheme", "general", "src", cwd=root)
    assert r.returncode == 2 and "general" in r.stderr


# --- suppressions ---------------------------------------------------------

def test_region_suppression_with_justification(tmp_path):
    body = BODY.replace("   task body Logger is",
                        "   --## rule off RDV003 ## logging must not block callers\n"
                        "   task body Logger is").replace(
        "   end Logger;", "   end Logger;\n   --## rule on RDV003")
    r = rdv2po("lint", "--format", "json", "src", cwd=project(tmp_path, body=body))
    data = json.loads(r.stdout)
    assert [f["rule"] for f in data["findings"]] == ["RDV001"]
    [hidden] = data["suppressed"]
    assert hidden["rule"] == "RDV003" and hidden["task"] == "Servers.Logger"
    assert hidden["suppression"] == {"path": "src/servers.adb", "line": 20,
                                     "justification": "logging must not block callers"}
    assert "1 suppressed" in r.stderr


def test_task_findings_can_be_suppressed_at_the_task_declaration(tmp_path):
    spec = SPEC.replace("   task Logger is",
                        "   task Logger is  --## rule line off RDV003 ## must stay a task")
    r = rdv2po("lint", "src", cwd=project(tmp_path, spec=spec))
    assert "RDV003" not in r.stdout and "RDV001" in r.stdout
    assert r.returncode == 1


def test_line_suppression_covers_only_its_line(tmp_path):
    spec = SPEC.replace("   task Buffer is",
                        "   --## rule line off RDV001 ## on the wrong line\n   task Buffer is")
    r = rdv2po("lint", "src", cwd=project(tmp_path, spec=spec))
    out = r.stdout
    assert "[RDV001]" in out
    assert re.search(r"src/servers\.ads:2:4: warning: suppression of RDV001 hides no finding "
                     r"on this line.*\[RDV011\]", out)


def test_suppression_problems_are_reported(tmp_path):
    spec = SPEC.replace("   task Buffer is", "   --## rule off RDV001\n   task Buffer is")
    spec = spec.replace("   task Logger is", "   --## rule off nonsense ## why\n"
                                            "   task Logger is")
    r = rdv2po("lint", "src", cwd=project(tmp_path, spec=spec))
    assert "[RDV001]" not in r.stdout                      # still suppressed, and:
    assert "suppression of RDV001 has no justification" in r.stdout
    assert "unknown rule 'nonsense' in a suppression comment [RDV012]" in r.stdout


def test_unused_suppressions_only_for_rules_the_run_checks(tmp_path):
    spec = SPEC.replace("   task Logger is",
                        "   --## rule off RDV002 ## no calling server here\n   task Logger is")
    root = project(tmp_path, spec=spec)
    r = rdv2po("lint", "src", cwd=root)
    assert "suppression of RDV002 hides no finding" in r.stdout
    r = rdv2po("lint", "--ignore", "RDV002", "src", cwd=root)
    assert "RDV011" not in r.stdout


# --- settings -------------------------------------------------------------

def test_pyproject_settings_and_command_line_precedence(tmp_path):
    root = project(tmp_path)
    (root / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.rdv2po]\n'
                                         'source-dirs = ["src"]\nignore = ["RDV003"]\n')
    r = rdv2po("lint", cwd=root)               # paths from the settings
    assert r.returncode == 1
    assert "[RDV001]" in r.stdout and "RDV003" not in r.stdout
    r = rdv2po("lint", "--select", "RDV003", cwd=root)
    assert "[RDV003]" in r.stdout and "RDV001" not in r.stdout
    r = rdv2po("lint", "--no-config", "src", cwd=root)
    assert "[RDV003]" in r.stdout and "[RDV001]" in r.stdout
    sub = root / "src"
    r = rdv2po("lint", cwd=sub)                # found from a subdirectory
    assert r.stdout.startswith("servers.ads:2:4: warning: ")   # shown relative to here


def test_rdv2po_toml_wins_and_bad_settings_fail(tmp_path):
    root = project(tmp_path)
    (root / "pyproject.toml").write_text('[tool.rdv2po]\nselect = ["RDV001"]\n')
    (root / ".rdv2po.toml").write_text('select = ["RDV003"]\nsource-dirs = ["src"]\n')
    r = rdv2po("lint", cwd=root)
    assert "[RDV003]" in r.stdout and "RDV001" not in r.stdout
    (root / ".rdv2po.toml").write_text('selct = ["RDV003"]\n')
    r = rdv2po("lint", "src", cwd=root)
    assert r.returncode == 2
    assert "unknown setting 'selct'" in r.stderr and ".rdv2po.toml" in r.stderr
    (root / ".rdv2po.toml").write_text('scheme = "general"\nsource-dirs = ["src"]\n')
    r = rdv2po("lint", cwd=root)
    assert r.returncode == 2 and "scheme 'general' keeps every task" in r.stderr


def test_with_source_dirs_only_the_given_paths_are_reported(tmp_path):
    root = project(tmp_path)
    (root / ".rdv2po.toml").write_text('source-dirs = ["src"]\n')
    r = rdv2po("lint", "src/main.adb", cwd=root)        # no task declared or served here
    assert r.returncode == 0, r.stdout + r.stderr
    r = rdv2po("lint", "src/servers.ads", cwd=root)
    assert "[RDV001]" in r.stdout
    assert "[RDV003]" in r.stdout   # its finding is in the body, its task in this spec
    # Buffer's body (its server loop) is in this file: its finding belongs here too,
    # or a commit changing only the body would pass the pre-commit hook (issue 21).
    r = rdv2po("lint", "src/servers.adb", cwd=root)
    assert "[RDV003]" in r.stdout and "[RDV001]" in r.stdout


# --- fixing ---------------------------------------------------------------

def test_fix_rewrites_the_eliminable_task_and_the_program_prints_the_same(tmp_path):
    root = project(tmp_path)
    before = run_program(root / "src", "main")
    assert before.stdout == "sum 55\n"
    r = rdv2po("lint", "--fix", "src", cwd=root)
    assert r.returncode == 1, r.stderr
    assert "fixed 1 task(s) in 2 file(s)" in r.stderr
    assert "[RDV001]" not in r.stdout and "[RDV003]" in r.stdout      # what is left
    assert "protected Buffer is" in (root / "src" / "servers.ads").read_text()
    assert "task Logger is" in (root / "src" / "servers.ads").read_text()
    assert run_program(root / "src", "main").stdout == before.stdout
    r = rdv2po("lint", "--select", "RDV001", "src", cwd=root)
    assert r.returncode == 0 and r.stdout == ""


def test_fix_leaves_suppressed_tasks_alone(tmp_path):
    spec = SPEC.replace("   task Buffer is",
                        "   task Buffer is  --## rule line off RDV001 ## measured: keep it")
    root = project(tmp_path, spec=spec)
    before = (root / "src" / "servers.ads").read_bytes()
    r = rdv2po("lint", "--fix", "src", cwd=root)
    assert "fixed 0 task(s) in 0 file(s)" in r.stderr
    assert (root / "src" / "servers.ads").read_bytes() == before
    assert r.returncode == 1           # RDV003 remains


def test_fix_only_exits_1_when_it_changed_files_then_0(tmp_path):
    root = project(tmp_path)
    r = rdv2po("lint", "--fix-only", "src", cwd=root)
    assert r.returncode == 1, r.stderr
    assert r.stdout == ""
    assert "protected Buffer is" in (root / "src" / "servers.ads").read_text()
    r = rdv2po("lint", "--fix-only", "src", cwd=root)
    assert r.returncode == 0, r.stderr      # the Logger is not fixable, and not reported


def test_project_file_analyses_the_project_and_paths_narrow_the_report(tmp_path):
    root = project(tmp_path)
    (root / "app.gpr").write_text('project App is\n   for Source_Dirs use ("src");\n'
                                  '   for Main use ("main.adb");\nend App;\n')
    r = rdv2po("lint", "-P", "app.gpr", cwd=root)
    assert r.returncode == 1 and "[RDV001]" in r.stdout and "[RDV003]" in r.stdout
    r = rdv2po("lint", "-P", "app.gpr", "src/main.adb", cwd=root)
    assert r.returncode == 0 and r.stdout == "", r.stderr
