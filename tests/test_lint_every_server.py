"""Every task that looks like a server gets a line from the default lint (issue 33,
item 11): eliminable, or why not.

On one code base a timer-queue server was classed as a periodic task (RDV006,
off by default) and five server or mixed tasks got no output at all.  RDV006 is
now on, a note that tells what the task does on its own and the schemes' reason
(a peer too); such notes do not make the exit status 1.  Also: a tree whose
program overrides a body of a shared folder (reproducer
several_programs_shared_folder), and -P with source folders outside the
project's folder.
"""

from __future__ import annotations

from pathlib import Path

from test_lint_cli import rdv2po

KINDS = (Path(__file__).parent / "data" / "lint_kinds.adb").read_text()

SERVER = """\
procedure Main is
   task Buffer is
      entry Put (X : Integer);
      entry Get (X : out Integer);
   end Buffer;

   task body Buffer is
      V : Integer := 0;
   begin
      loop
         select
            accept Put (X : Integer) do
               V := X;
            end Put;
         or
            accept Get (X : out Integer) do
               X := V;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Buffer;
   Y : Integer;
begin
   Buffer.Put (1);
   Buffer.Get (Y);
end Main;
"""


def test_every_task_that_looks_like_a_server_gets_a_line(tmp_path):
    (tmp_path / "main.adb").write_text(KINDS)
    r = rdv2po("lint", "main.adb", cwd=tmp_path)
    lines = [ln for ln in r.stdout.splitlines() if not ln.startswith("  ")]
    by_task = {ln.split(" task ")[1].split()[0]: ln for ln in lines}
    assert sorted(by_task) == ["Main.Pinger", "Main.Poller", "Main.Ponger", "Main.Timers"]
    assert all(ln.endswith("[RDV006]") and ": note: " in ln for ln in lines)
    timers = by_task["Main.Timers"]
    assert "is a periodic task, kept: a delay alternative" in timers
    # why no scheme took it, which a reader needs to judge the class: the closest
    # scheme's reason (caller-runs: the timer alone; accepting: Put_Line and Clock too)
    assert ("the caller-runs-server scheme refuses it: delay until Next; "
            "Ada.Text_IO...: a delay alternative: the caller-runs scheme has no "
            "timer") in timers
    assert ("  main.adb:25:25: note: the accepting-server scheme refuses it too "
            "(2 obstacle(s)), first: call of Ada.Text_IO.Put_Line") in r.stdout
    assert "a polling task" in by_task["Main.Poller"]
    assert r.returncode == 0, "notes of a default rule tell why a task stays: no failure"


def test_an_eliminable_server_gets_its_one_line(tmp_path):
    (tmp_path / "main.adb").write_text(SERVER)
    r = rdv2po("lint", "main.adb", cwd=tmp_path)
    [line] = r.stdout.splitlines()
    assert line.startswith("main.adb:2:4: warning: task Main.Buffer") and "[RDV001]" in line
    assert r.returncode == 1


def test_a_selected_note_rule_still_fails(tmp_path):
    (tmp_path / "main.adb").write_text(KINDS)
    r = rdv2po("lint", "--select", "RDV005", "main.adb", cwd=tmp_path)
    assert "[RDV005]" in r.stdout and r.returncode == 1


SHARED_SPEC = "package Labels is\n   function Prefix return String;\nend Labels;\n"
SHARED_BODY = ('package body Labels is\n   function Prefix return String is ("value:");\n'
               "end Labels;\n")
OWN_BODY = ('package body Labels is\n   function Prefix return String is ("first:");\n'
            "end Labels;\n")


def test_a_program_overriding_a_shared_body_still_sees_the_shared_spec(tmp_path):
    """first/ has its own labels.adb, so common/ is packed with second/: first/ must
    still get common/labels.ads (reproducer several_programs_shared_folder)."""
    for d in ("common", "first", "second"):
        (tmp_path / d).mkdir()
    (tmp_path / "common" / "labels.ads").write_text(SHARED_SPEC)
    (tmp_path / "common" / "labels.adb").write_text(SHARED_BODY)
    (tmp_path / "first" / "labels.adb").write_text(OWN_BODY)
    main = "with Labels;\n" + SERVER.replace("Buffer.Get (Y);", "Buffer.Get (Y);\n"
                                             "   pragma Assert (Labels.Prefix'Length > 0);")
    (tmp_path / "first" / "main.adb").write_text(main)
    (tmp_path / "second" / "main.adb").write_text(main)
    r = rdv2po("lint", ".", cwd=tmp_path)
    assert ": error: " not in r.stdout, r.stdout
    lines = r.stdout.splitlines()
    assert [ln.split(":")[0] for ln in lines] == ["first/main.adb", "second/main.adb"]
    assert all(ln.endswith("[RDV001]") for ln in lines)
    assert "2 task(s) in 5 file(s) in 2 program(s)" in r.stderr


GPR = """\
project App is
   for Source_Dirs use ("../src");
   for Object_Dir use "obj";
   for Main use ("main.adb");
end App;
"""


def test_a_project_whose_sources_lie_outside_its_folder(tmp_path):
    (tmp_path / "prj").mkdir()
    (tmp_path / "src").mkdir()
    (tmp_path / "prj" / "app.gpr").write_text(GPR)
    (tmp_path / "src" / "main.adb").write_text(SERVER)
    r = rdv2po("lint", "-P", "prj/app.gpr", cwd=tmp_path)
    assert r.returncode == 1, r.stderr
    [line] = r.stdout.splitlines()
    assert "GNAT compiles the translated units" in line and "[RDV001]" in line
    r = rdv2po("rewrite", "--in-place", "-P", "prj/app.gpr", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "protected Buffer" in (tmp_path / "src" / "main.adb").read_text()
    assert sorted(p.name for p in (tmp_path / "src").iterdir()) == ["main.adb"]


SERVER_KINDS = ("accepting_server", "calling_server", "mixed")


def test_every_rule_example_gives_each_server_like_task_one_line(tmp_path):
    """Over every rule's examples: a task the front end classes as a server or mixed
    gets exactly one finding (shown or suppressed) from the default rules."""
    import os

    from rdv2po.frontend.analysis import Options, analyze
    from rdv2po.lint import engine, registry

    examples = [ex for r in registry.all_rules() for ex in (r.flagged, r.clean)]
    checked = []
    for i, ex in enumerate(examples):
        d = tmp_path / str(i)
        d.mkdir()
        for name, text in ex.files:
            (d / name).write_text(text)
        old = os.getcwd()
        os.chdir(d)
        try:
            model, _ws = analyze(Options(paths=(".",)))
            result = engine.run(engine.LintOptions(Options(paths=(".",)),
                                                   registry.enabled(None, [])))
        finally:
            os.chdir(old)
        told = [f.task for f in result.findings if f.task] + \
               [f.task for f, _s in result.suppressed if f.task]
        for t in model.tasks:
            if t.classification.kind in SERVER_KINDS:
                assert told.count(t.qualified_name) == 1, (i, t.qualified_name, told)
                checked.append(t.qualified_name)
    assert len(checked) >= 15, checked
