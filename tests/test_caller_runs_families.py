"""The caller-runs scheme on entry families (docs/caller-runs-scheme.md, "Entry
families").  The corpus (caller_runs_families, caller_runs_families_refused) runs
the translations against the originals, plain and with pragma Detect_Blocking;
these tests check the calls rewritten in another unit, the order the index and
the actuals are evaluated in, and the reasons of refusals.
"""

from __future__ import annotations

from pathlib import Path

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

DB = "pragma Detect_Blocking;\n"

SPEC = """
package Slots is
   type Slot is range 1 .. 4;
   task Board is
      entry Post (Slot) (Text : String);
      entry Close;
   end Board;
end Slots;
"""

BODY = """
with Ada.Text_IO; use Ada.Text_IO;
package body Slots is
   task body Board is
      Next : Slot := 1;
      Open : Boolean := True;
   begin
      while Open loop
         select
            accept Post (Next) (Text : String) do
               Put_Line ("slot" & Slot'Image (Next) & ": " & Text);
            end Post;
            Next := (if Next = Slot'Last then Slot'First else Next + 1);
         or
            accept Close do
               Open := False;
            end Close;
         end select;
      end loop;
      Put_Line ("board closed");
   end Board;
end Slots;
"""

MAIN = """
with Ada.Text_IO; use Ada.Text_IO;
with Slots; use Slots;
procedure Main is
   Order : String (1 .. 8) := (others => ' ');
   Last : Natural := 0;

   function Note (Mark : Character; S : Slot) return Slot is
   begin
      Last := Last + 1;
      Order (Last) := Mark;
      return S;
   end Note;

   function Said (Mark : Character; Text : String) return String is
   begin
      Last := Last + 1;
      Order (Last) := Mark;
      return Text;
   end Said;
begin
   Board.Post (1) ("one");
   Board.Post (Note ('i', 2)) (Said ('t', "two"));
   for S in Slot range 3 .. 4 loop
      Board.Post (S) ("more");
   end loop;
   Board.Close;
   Put_Line ("order " & Order (1 .. Last));
end Main;
"""


def _sources(tmp_path: Path, files: dict[str, str]) -> Path:
    (tmp_path / "src").mkdir(parents=True)
    for name, body in files.items():
        (tmp_path / "src" / name).write_text(body.lstrip())
    return tmp_path


def _run(root: Path, scheme: str = "auto"):
    return in_dir(root, lambda: rewrite.run(Options(paths=("src",)), scheme=scheme))


def test_a_family_of_a_library_task_is_called_from_another_unit(tmp_path):
    root = _sources(tmp_path, {"slots.ads": SPEC, "slots.adb": BODY, "main.adb": MAIN})
    before = {c: run_program(root / "src", "main", c).stdout for c in ("", DB)}
    out = _run(root)
    in_dir(root, lambda: rewrite.write(out))
    decision = next(d for n, d in out.decisions.items() if n.endswith(".Board"))
    assert decision.rewritten and decision.scheme == "caller-runs-server"
    spec = (root / "src" / "slots.ads").read_text()
    assert "subtype Post_Index is Slot;" in spec
    assert "procedure Post (Member : Post_Index; Text : String);" in spec
    main = (root / "src" / "main.adb").read_text()
    assert 'Board.Post (1, "one");' in main
    assert 'Board.Post (S, "more");' in main
    # the index calls a function: evaluated first, in a constant of the member's subtype
    assert "Member : constant Board.Post_Index := Note ('i', 2);" in main
    for config in ("", DB):
        after = run_program(root / "src", "main", config).stdout
        assert after == before[config]
        assert "order it" in after


def test_an_index_variable_of_another_subtype_is_refused(tmp_path):
    # Slot'Base: wider than the family, the task raised Constraint_Error past 4
    body = BODY.replace("Next : Slot := 1;", "Next : Slot'Base := 1;")
    root = _sources(tmp_path, {"slots.ads": SPEC, "slots.adb": body, "main.adb": MAIN})
    out = _run(root, scheme="caller-runs")
    decision = next(d for n, d in out.decisions.items() if n.endswith(".Board"))
    assert not decision.rewritten
    reasons = [o.reason for o in decision.obstacles or (decision,)]
    assert any("not known to lie in the family" in r for r in reasons), reasons


BOOLEAN_FAMILY = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Switch is
      entry Flip (Boolean) (Note : String);
   end Switch;

   task body Switch is
   begin
      accept Flip (True) (Note : String) do
         Put_Line ("on: " & Note);
      end Flip;
      accept Flip (False) (Note : String) do
         Put_Line ("off: " & Note);
      end Flip;
   end Switch;
begin
   Switch.Flip (True) ("first");
   Switch.Flip (False) ("second");
end Main;
"""


def test_a_boolean_family_with_literal_indexes(tmp_path):
    root = _sources(tmp_path, {"main.adb": BOOLEAN_FAMILY})
    before = {c: run_program(root / "src", "main", c).stdout for c in ("", DB)}
    out = _run(root, scheme="caller-runs")
    decision = next(d for n, d in out.decisions.items() if n.endswith(".Switch"))
    assert decision.rewritten, [o.reason for o in decision.obstacles]
    in_dir(root, lambda: rewrite.write(out))
    assert 'Switch.Flip (True, "first");' in (root / "src" / "main.adb").read_text()
    for config in ("", DB):
        assert run_program(root / "src", "main", config).stdout == before[config]


COUNTED = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Dept is (Finance, Marketing);
   task Boss is
      entry Wake (Dept);
   end Boss;

   task body Boss is
   begin
      loop
         select
            accept Wake (Finance);
         or
            when Wake (Finance)'Count = 0 =>
               accept Wake (Marketing);
         or
            terminate;
         end select;
      end loop;
   end Boss;
begin
   Boss.Wake (Finance);
   Put_Line ("woken");
end Main;
"""


def test_a_use_of_the_family_it_cannot_rewrite_is_shown(tmp_path):
    """realcode7 (ase c18 ceot): the refusal names the use, ``Wake (Finance)'Count``
    in a guard, not only 'a renaming of a member, an attribute'."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(COUNTED.lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme="caller-runs"))
    d = next(d for name, d in out.decisions.items() if name.endswith(".Boss"))
    shown = [f"{o.loc.line}: {o.construct}: {o.reason}" for o in d.obstacles or (d,)]
    assert "14: Wake (Finance)'Count: a use of the entry family Wake rdv2po cannot rewrite " \
        "('Count of a member): the entry becomes a procedure" in shown, shown
