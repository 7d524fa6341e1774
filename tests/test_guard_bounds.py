"""Guards with conversions and sums shown not to raise (common/bounded.py): the
corpus cases guard_bounds and guard_bounds_refused run the translations; here, each
rule's edge, for the accepting scheme and the caller-runs scheme."""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

SERVER = """
with Ada.Text_IO;
procedure Main is
   type Slot is mod 4;
   type Small is range 0 .. 2;
   subtype Short is Slot;
   Limit : constant := 3;
   subtype Even is Integer with Dynamic_Predicate => Even mod 2 = 0;
   type Int_Even is new Integer with Dynamic_Predicate => Int_Even mod 2 = 0;
   subtype Even_Child is Int_Even range 0 .. 100;
   subtype Odd is Integer;
   pragma Predicate (Odd, Odd mod 2 = 1);
   subtype Small_Odd is Odd range 1 .. 9;
   function Widen (S : Slot) return Integer is (Integer (S));
   task Box is
      entry Put;
      entry Get;
   end Box;
   task body Box is
      Count : Slot := 0;
      Total : Integer := 0;
      Level : Natural := 0;
      Few   : Integer range -3 .. 3 := 0;
      Ratio : Float := 0.0;
      Kept  : Short := 0;
      Unset : Slot;
   begin
      loop
         select
            when GUARD =>
               accept Put do
                  PRINT
                  Count := Count + 1;
               end Put;
         or
            accept Get do
               Count := Count - 1;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Box;
begin
   Box.Put;
   Box.Get;
end Main;
"""

SHOWN = ["Integer (Count) + 1 < 4", "Integer (Count) > 0", "Level - 1 >= 0",
         "Long_Integer (Level) + 1 > 1", "Count + 1 /= 0", "- Integer (Count) < 0",
         "Few + 3 <= 6", "Integer (Count) - Limit < 0", "Integer (Kept) + 1 < 4",
         "Slot (Integer (Count)) + 1 = Count + 1"]
NOT_SHOWN = ["Total + 1 > 1",                # Integer'Last + 1 overflows
             "Small (Count) < 2",            # Count may be 3
             "Widen (Count) + 1 < 4",        # a call, not a conversion
             "Integer (Ratio) + 1 > 0",      # a real value
             "Total - Integer (Count) > 0",  # Integer'First - 3 overflows
             "Level + Level > 0",            # Natural'Last + Natural'Last
             "Integer (Count) * 2 < 4",      # a product is not shown here
             # never given a value: any bits
             "Integer (Unset) + 1 < 4",
             # a conversion checks the target's predicate (Assertion_Error, -gnata)
             "Even (Count) >= 0", "Even_Child (Count) >= 0",
             "Odd (Count) >= 0", "Small_Odd (Integer (Count) + 1) > 0",
             # Count - 1 may be -1, outside Small, whatever the other operand says
             "Small (Integer (Count) - 1) < 3 and Count /= 0"]


def _run(tmp_path: Path, text: str, scheme: str):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(text.lstrip())
    return in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme=scheme))


def _decision(out, task: str):
    return next(d for name, d in out.decisions.items() if name.endswith("." + task))


def _reasons(d) -> str:
    return "\n".join(f"{o.construct}: {o.reason}" for o in d.obstacles or (d,))


def _program(guard: str, prints: bool) -> str:
    return SERVER.replace("GUARD", guard).replace(
        "PRINT", 'Ada.Text_IO.Put_Line ("put");' if prints else "null;")


@pytest.mark.parametrize("guard", SHOWN)
def test_accepting_takes_a_guard_shown_not_to_raise(tmp_path, guard):
    d = _decision(_run(tmp_path, _program(guard, False), "server"), "Box")
    assert d.rewritten, _reasons(d)


@pytest.mark.parametrize("guard", NOT_SHOWN)
def test_accepting_refuses_a_guard_that_may_raise(tmp_path, guard):
    d = _decision(_run(tmp_path, _program(guard, False), "server"), "Box")
    assert not d.rewritten
    assert "can raise" in _reasons(d) or "the task calls Widen" in _reasons(d), _reasons(d)


@pytest.mark.parametrize("guard", SHOWN)
def test_caller_runs_takes_a_guard_shown_not_to_raise(tmp_path, guard):
    d = _decision(_run(tmp_path, _program(guard, True), "caller-runs"), "Box")
    assert d.rewritten, _reasons(d)


@pytest.mark.parametrize("guard", NOT_SHOWN)
def test_caller_runs_refuses_a_guard_that_may_raise(tmp_path, guard):
    d = _decision(_run(tmp_path, _program(guard, True), "caller-runs"), "Box")
    assert not d.rewritten
    assert "a guard other than comparisons" in _reasons(d) or \
        "a guard naming something other" in _reasons(d), _reasons(d)


TYPED = """
with Ada.Text_IO;
procedure Main is
   type Slot is mod 4;
   task type Stock is
      entry Add;
      entry Take;
   end Stock;
   task body Stock is
      Count : Natural := 0;
   begin
      loop
         select
            accept Add do
               Count := Count + 1;
               Ada.Text_IO.Put_Line ("added");
            end Add;
         or
            when GUARD =>
               accept Take do
                  Count := Count - 1;
                  Ada.Text_IO.Put_Line ("taken");
               end Take;
         or
            terminate;
         end select;
      end loop;
   end Stock;
   S : Stock;
begin
   S.Add;
   S.Take;
end Main;
"""


def test_a_task_types_guard_reading_its_variable_is_refused_naming_it(tmp_path):
    # before: GNAT rejected the translation (the turn's barrier named Count, a
    # component of the object's record), with a message naming no guard
    out = _run(tmp_path, TYPED.replace("GUARD", "Count > 0"),
               "caller-runs")
    d = _decision(out, "Stock")
    assert not d.rewritten
    assert "Count: a guard of a task type reading its variable" in _reasons(d)
    assert "GNAT rejects" not in _reasons(d)


def test_a_task_types_guard_of_literals_only_is_still_taken(tmp_path):
    out = _run(tmp_path, TYPED.replace("GUARD", "True"),
               "caller-runs")
    d = _decision(out, "Stock")
    assert d.rewritten, _reasons(d)


def test_a_task_types_guard_is_refused_also_where_an_outer_variable_has_its_name(tmp_path):
    # before: translated, the turn's barrier reading the outer Count (1): a Take the
    # original refused (its own Count 0) went through and raised Constraint_Error
    typed = TYPED.replace("procedure Main is\n", "procedure Main is\n   Count : Natural := 1;\n")
    d = _decision(_run(tmp_path, typed.replace("GUARD", "Count > 0"), "caller-runs"), "Stock")
    assert not d.rewritten
    assert "Count: a guard of a task type reading its variable" in _reasons(d)
