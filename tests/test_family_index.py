"""A family index in an accept: the task evaluates it once, when it reaches the
accept and the alternative's guard is open (RM 9.7.1(15)).  The accepting scheme
puts it in the entry's barrier, evaluated again and again and also while the guard
is closed: an index that can raise or that reads outside the task is refused there.
(corpus general_closed_family_index: the general scheme evaluated closed
alternatives' indexes; the accepting scheme took an index calling a function.)"""

from __future__ import annotations

from pathlib import Path

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PROGRAM = """
procedure Main is
   subtype Slot is Positive range 1 .. 3;
   Table : constant array (Slot) of Slot := (3, 1, 2);
   task Dispatcher is
      entry Take (Slot);
   end Dispatcher;
   task body Dispatcher is
      Next : Positive := 1;
   begin
      loop
         select
            when Next <= 3 =>
               accept Take (INDEX) do
                  Next := Next + 1;
               end Take;
         or
            terminate;
         end select;
      end loop;
   end Dispatcher;
begin
   Dispatcher.Take (3);
end Main;
"""


def _decision(tmp_path: Path, index: str):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(PROGRAM.replace("INDEX", index).lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",))))
    return out.decisions["Main.Dispatcher"], out


def test_an_index_that_can_raise_is_refused(tmp_path: Path):
    d, out = _decision(tmp_path, "Table (Next)")
    assert not d.rewritten
    assert "the family index of accept Take" in d.reason and "can raise" in d.reason
    assert not out.changes


def test_an_index_that_cannot_raise_is_kept(tmp_path: Path):
    d, out = _decision(tmp_path, "Next")
    assert d.rewritten, d.reason
    (_old, new), = out.changes.values()
    assert b"Index = Next" in new and b"Next <= 3" in new
