"""Real trees: units that compile are judged, the rest listed once each; several programs."""

from __future__ import annotations

import json

from test_lint_cli import BODY, MAIN, SPEC, project, rdv2po

# A task in a unit that withs a unit nobody has: GNAT's chain is collapsed.
USES_MISSING = """\
with Relay;
package Needs_Missing is
   procedure Go;
end Needs_Missing;
"""
RELAY = """\
with Vendor_Lib;
package Relay is
   X : Integer := Vendor_Lib.Value;
end Relay;
"""
NEEDS_BODY = """\
package body Needs_Missing is
   task Waiter is
      entry Wake;
   end Waiter;
   task body Waiter is
   begin
      loop
         accept Wake;
      end loop;
   end Waiter;
   procedure Go is
   begin
      Waiter.Wake;
   end Go;
end Needs_Missing;
"""
# Ada 2022 syntax that GNAT 12 rejects without -gnat2022.
NEWER = """\
procedure Newer is
   type Arr is array (1 .. 2) of Integer;
   task Counter is
      entry Add (N : Integer);
   end Counter;
   task body Counter is
      Total : Integer := 0;
      A : Arr := [1, 2];
   begin
      loop
         accept Add (N : Integer) do
            Total := @ + N + A (1);
         end Add;
      end loop;
   end Counter;
begin
   Counter.Add (1);
end Newer;
"""


def partial(tmp_path):
    root = project(tmp_path)
    src = root / "src"
    (src / "needs_missing.ads").write_text(USES_MISSING)
    (src / "needs_missing.adb").write_text(NEEDS_BODY)
    (src / "relay.ads").write_text(RELAY)
    (src / "newer.adb").write_text(NEWER)
    return root


def test_units_that_compile_are_judged_and_the_rest_listed_once(tmp_path):
    r = rdv2po("lint", "src", cwd=partial(tmp_path))
    assert r.returncode == 1, r.stderr          # findings stand
    lines = r.stdout.splitlines()
    assert [ln.split(": ")[1] for ln in lines].count("warning") == 2
    assert any("Servers.Buffer" in ln and "[RDV001]" in ln for ln in lines)
    assert any("Servers.Logger" in ln and "[RDV003]" in ln for ln in lines)
    errors = [ln for ln in lines if ": error: " in ln]
    # One line per file that does not compile, not GNAT's 'depends on' chain.
    assert len(errors) == len({ln.split(":")[0] for ln in errors}), errors
    assert not any("depends on" in ln for ln in lines)
    missing = [ln for ln in errors if "vendor_lib.ads" in ln]
    assert len(missing) == 1 and "not judged" in missing[0] and "-I DIR" in missing[0]
    assert "through" in missing[0] and "Relay (spec) -> Vendor_Lib (spec)" in missing[0]
    newer = [ln for ln in errors if ln.startswith("src/newer.adb")]
    assert len(newer) == 1 and "--gnat-switch=-gnat2022" in newer[0]
    summary = r.stderr.strip().splitlines()[-1]
    assert "2 of 4 task(s) judged, 2 not" in summary, summary
    assert "1 missing unit (vendor_lib.ads 1)" in summary and "1 language version" in summary


def test_the_hint_works(tmp_path):
    root = partial(tmp_path)
    (root / "src" / "relay.ads").write_text("package Relay is\n   X : Integer := 1;\nend Relay;\n")
    r = rdv2po("lint", "--gnat-switch=-gnat2022", "src", cwd=root)
    assert r.returncode == 1 and ": error: " not in r.stdout, r.stdout
    assert "Newer.Counter" in r.stdout and "Needs_Missing.Waiter" in r.stdout
    assert "4 task(s) in 7 file(s)" in r.stderr


def test_json_counts_judged_tasks(tmp_path):
    data = json.loads(rdv2po("lint", "--format", "json", "src", cwd=partial(tmp_path)).stdout)
    assert data["complete"] is False
    assert data["summary"]["tasks"] == 4 and data["summary"]["judged"] == 2
    assert len(data["findings"]) == 2 and data["summary"]["errors"] == 2


def test_nothing_judged_and_no_finding_is_a_failure(tmp_path):
    root = project(tmp_path, body=BODY.replace("Value := X;", "Value := Undefined_Name;"))
    r = rdv2po("lint", "src", cwd=root)
    assert r.returncode == 2
    assert "0 of 2 task(s) judged, 2 not" in r.stderr


def test_fix_writes_nothing_on_a_partial_program_and_says_why(tmp_path):
    root = partial(tmp_path)
    before = (root / "src" / "servers.adb").read_text()
    r = rdv2po("lint", "--fix", "src", cwd=root)
    assert "nothing written" in r.stderr and "whole program to compile" in r.stderr
    assert (root / "src" / "servers.adb").read_text() == before
    assert r.returncode == 1        # the findings are still reported


# --- several programs in one tree --------------------------------------------
UTIL_SPEC = "package Util is\n   function Twice (N : Integer) return Integer;\nend Util;\n"
UTIL_BODY = ("package body Util is\n   function Twice (N : Integer) return Integer is\n"
             "   begin\n      return 2 * N;\n   end Twice;\nend Util;\n")
SERVER_MAIN = """\
with Util;
procedure Main is
   task Store is
      entry Put (X : Integer);
   end Store;
   task body Store is
      Value : Integer := 0;
   begin
      loop
         select
            accept Put (X : Integer) do
               Value := Util.Twice (X);
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Store;
begin
   Store.Put (1);
end Main;
"""


def test_a_tree_of_programs_is_judged_program_by_program(tmp_path):
    (tmp_path / ".git").mkdir()
    for d in ("lib", "examples/one", "examples/two"):
        (tmp_path / d).mkdir(parents=True)
    (tmp_path / "lib" / "util.ads").write_text(UTIL_SPEC)
    (tmp_path / "lib" / "util.adb").write_text(UTIL_BODY)
    (tmp_path / "examples" / "one" / "main.adb").write_text(SERVER_MAIN)
    # The second program's own server logs, and its Put is called in an abortable
    # part (so the caller-runs scheme refuses it too): refused, the verdicts differ.
    (tmp_path / "examples" / "two" / "main.adb").write_text(
        "with Ada.Text_IO;\n" + SERVER_MAIN.replace(
            "Value := Util.Twice (X);", "Value := Util.Twice (X);\n"
            "               Ada.Text_IO.Put_Line (\"put\");").replace(
            "   Store.Put (1);\n", "   select\n      delay 1.0;\n   then abort\n"
            "      Store.Put (1);\n   end select;\n"))
    r = rdv2po("lint", ".", cwd=tmp_path)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "same file name" not in r.stdout and ": error: " not in r.stdout
    lines = r.stdout.splitlines()
    assert lines[0].startswith("examples/one/main.adb:3:4: warning: task Main.Store") \
        and lines[0].endswith("[RDV001]")
    assert lines[1].startswith("examples/two/main.adb:") and lines[1].endswith("[RDV003]")
    assert "Put_Line" in lines[1]
    # the other scheme's refusal is a note under the finding, and nothing else is said
    assert lines[2].startswith("  examples/two/main.adb:") and "caller-runs-server" in lines[2]
    assert len(lines) == 3, lines
    assert "2 task(s) in 4 file(s) in 2 program(s)" in r.stderr


def test_fix_refuses_a_tree_of_programs(tmp_path):
    (tmp_path / ".git").mkdir()
    for d in ("a", "b"):
        (tmp_path / d).mkdir()
        (tmp_path / d / "main.adb").write_text(SERVER_MAIN.replace("with Util;\n", "").replace(
            "Util.Twice (X)", "X"))
    r = rdv2po("lint", "--fix", ".", cwd=tmp_path)
    assert "several programs" in r.stderr
    assert "Util" not in (tmp_path / "a" / "main.adb").read_text()
    assert (tmp_path / "a" / "main.adb").read_text().count("task Store") == 1


def test_rewrite_keeps_its_rule_and_says_so(tmp_path):
    root = partial(tmp_path)
    before = (root / "src" / "servers.adb").read_text()
    r = rdv2po("rewrite", "--in-place", "src", cwd=root)
    assert r.returncode == 2
    assert "nothing written: a rewrite needs the whole program to compile" in r.stderr
    assert (root / "src" / "servers.adb").read_text() == before


def test_many_folders_are_searched_as_one_and_messages_name_the_real_files(tmp_path):
    """Beyond 16 folders GNAT gets one folder of links (gnat._search_dirs): AWS's 374
    -I folders made every compilation slow.  Same answers, real paths in messages."""
    (tmp_path / ".git").mkdir()
    for i in range(20):
        d = tmp_path / f"d{i:02d}"
        d.mkdir()
        (d / f"p_{i:02d}.ads").write_text(f"package P_{i:02d} is\n   X : Integer := {i};\nend P_{i:02d};\n")
    (tmp_path / "d19" / "p_19.ads").write_text("package P_19 is\n   X : Integer := Nope;\nend P_19;\n")
    (tmp_path / "d00" / "main.adb").write_text(
        "with P_19;\n" + SERVER_MAIN.replace("with Util;\n", "").replace(
            "Util.Twice (X)", "X + P_19.X"))
    r = rdv2po("lint", ".", cwd=tmp_path)
    errors = [ln for ln in r.stdout.splitlines() if ": error: " in ln]
    assert len(errors) == 1 and errors[0].startswith("d19/p_19.ads:2:19: error: not judged:"), r.stdout
    assert "0 of 1 task(s) judged" in r.stderr
    (tmp_path / "d19" / "p_19.ads").write_text("package P_19 is\n   X : Integer := 1;\nend P_19;\n")
    r = rdv2po("lint", ".", cwd=tmp_path)
    assert r.returncode == 1 and "Main.Store" in r.stdout and "[RDV001]" in r.stdout, r.stdout
