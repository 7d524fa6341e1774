"""Project files as users have them: -X scenario variables, -aP, the project's switches."""

from __future__ import annotations

from test_lint_cli import BODY, MAIN, SPEC, rdv2po
from test_lint_partial import NEWER

APP_GPR = """\
with "lib";
project App is
   type Mode_Type is ("old", "new");
   Mode : Mode_Type := external ("APP_MODE", "old");
   for Source_Dirs use ("src", "impl_" & Mode);
   for Object_Dir use "obj";
   package Compiler is
      for Default_Switches ("Ada") use ("-gnat2022");
   end Compiler;
end App;
"""
LIB_GPR = """\
project Lib is
   for Source_Dirs use ("src");
   for Object_Dir use "obj";
end Lib;
"""
CLOCK_SPEC = "package Clock is\n   function Now return Integer;\nend Clock;\n"
# The "old" variant does not compile with this compiler (as a 32-bit time unit
# that GNAT 12 rejects); the "new" one does.
CLOCK_OLD = ("package body Clock is\n   function Now return Integer is\n   begin\n"
             "      return Missing_Conversion (0);\n   end Now;\nend Clock;\n")
CLOCK_NEW = ("package body Clock is\n   function Now return Integer is\n   begin\n"
             "      return 0;\n   end Now;\nend Clock;\n")


def tree(tmp_path):
    (tmp_path / ".git").mkdir()
    app, lib = tmp_path / "app", tmp_path / "vendor" / "lib"
    for d in (app / "src", app / "impl_old", app / "impl_new", lib / "src"):
        d.mkdir(parents=True)
    (app / "app.gpr").write_text(APP_GPR)
    (app / "src" / "servers.ads").write_text(SPEC)
    (app / "src" / "servers.adb").write_text(BODY)
    (app / "src" / "main.adb").write_text(MAIN)
    (app / "src" / "newer.adb").write_text(NEWER)            # Ada 2022: the project says so
    (app / "src" / "clock.ads").write_text(CLOCK_SPEC)
    (app / "impl_old" / "clock.adb").write_text(CLOCK_OLD)
    (app / "impl_new" / "clock.adb").write_text(CLOCK_NEW)
    (lib / "lib.gpr").write_text(LIB_GPR)
    (lib / "src" / "helpers.ads").write_text("package Helpers is\n   X : Integer := 1;\nend Helpers;\n")
    return app


def test_a_project_gprbuild_cannot_load_names_the_missing_project(tmp_path):
    app = tree(tmp_path)
    r = rdv2po("lint", "-P", "app.gpr", cwd=app)
    assert r.returncode == 2
    assert ("gprbuild cannot load the project: imported project(s) not found: lib "
            "(imported by app.gpr)") in r.stderr
    assert "-aP DIR" in r.stderr and r.stderr.count("\n") == 1


def test_scenario_variables_and_the_project_switches(tmp_path):
    app = tree(tmp_path)
    r = rdv2po("lint", "-P", "app.gpr", "-aP", "../vendor/lib", cwd=app)
    assert r.returncode == 1, r.stderr          # findings, though Clock's default variant fails
    errors = [ln for ln in r.stdout.splitlines() if ": error: " in ln]
    assert len(errors) == 1 and "impl_old/clock.adb" in errors[0], errors
    assert "-X NAME=VALUE" in errors[0] and "APP_MODE=old" in errors[0]
    # The project's own -gnat2022 applies: Newer's Ada 2022 is judged, not listed.
    assert "Newer.Counter" in r.stdout and "Servers.Buffer" in r.stdout
    r = rdv2po("lint", "-P", "app.gpr", "-aP", "../vendor/lib", "-X", "APP_MODE=new", cwd=app)
    assert r.returncode == 1 and ": error: " not in r.stdout, r.stdout
    assert "3 task(s)" in r.stderr and "incomplete" not in r.stderr


def test_bad_project_options_are_tool_failures(tmp_path):
    app = tree(tmp_path)
    r = rdv2po("lint", "-P", "app.gpr", "-X", "APP_MODE", cwd=app)
    assert r.returncode == 2 and "-X APP_MODE: expected NAME=VALUE" in r.stderr
    r = rdv2po("lint", "-P", "app.gpr", "-aP", "nowhere", cwd=app)
    assert r.returncode == 2 and "-aP nowhere: no such directory" in r.stderr
    r = rdv2po("inspect", "-P", "app.gpr", "-aP", "../vendor/lib", "-X", "APP_MODE=new", cwd=app)
    assert r.returncode == 0, r.stderr


def test_the_settings_file_carries_the_scenario_and_the_project_path(tmp_path):
    app = tree(tmp_path)
    (app / ".rdv2po.toml").write_text('project = "app.gpr"\nproject-path = ["../vendor/lib"]\n'
                                      'scenario = { APP_MODE = "new" }\n')
    r = rdv2po("lint", cwd=app)
    assert r.returncode == 1 and ": error: " not in r.stdout, r.stdout + r.stderr
    # The command line wins: gprbuild takes the last -X.
    r = rdv2po("lint", "-X", "APP_MODE=old", cwd=app)
    assert "impl_old/clock.adb" in r.stdout
    (app / ".rdv2po.toml").write_text('project = "app.gpr"\nscenario = ["APP_MODE=new"]\n')
    r = rdv2po("lint", cwd=app)
    assert r.returncode == 2 and "scenario must be a table of strings" in r.stderr
