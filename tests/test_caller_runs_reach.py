"""What the caller-runs scheme's reach analysis takes as text output after the
accept (reach.py): Set_Col and Set_Line of the standard or current output (or of
the default output, no file given) write spaces and line terminators; of another
file they may read input.  A call in the statements of an ``if`` whose condition
is a Boolean constant declared False never runs.  The corpus case
caller_runs_report_calls runs a taken server against the original.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

TEMPLATE = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Trace : constant Boolean := TRACE;
   Input : File_Type;

   procedure Note (Msg : String) is
   begin
      MOVE;
      Put_Line (Msg);
      if Trace then
         Open (Input, In_File, "none.txt");
      end if;
   end Note;

   task Teller is
      entry Tell (N : Integer);
   end Teller;
   task body Teller is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Tell (N : Integer) do
               Sum := Sum + N;
            end Tell;
            Note ("told" & Integer'Image (Sum));
         or
            terminate;
         end select;
      end loop;
   end Teller;
begin
   Teller.Tell (3);
end Main;
"""

TAKEN = {"standard output": ("Set_Col (Standard_Output, 4)", "False"),
         "named file": ("Set_Col (File => Current_Output, To => 4)", "False"),
         "default output": ("Set_Line (To => 2)", "False")}
REFUSED = {"input file": ("Set_Col (Input, 4)", "False", "Ada.Text_IO.Set_Col"),
           "live branch": ("Set_Col (Standard_Output, 4)", "True", "Ada.Text_IO.Open")}


def _teller(tmp_path: Path, move: str, trace: str):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(
        TEMPLATE.replace("MOVE", move).replace("TRACE", trace).lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)),
                                               scheme="caller-runs"))
    return next(d for n, d in out.decisions.items() if n.endswith(".Teller"))


@pytest.mark.parametrize("case", sorted(TAKEN))
def test_moving_in_the_output_and_dead_code_are_taken(tmp_path, case):
    assert _teller(tmp_path, *TAKEN[case]).rewritten


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_moving_in_another_file_and_live_code_are_refused(tmp_path, case):
    move, trace, culprit = REFUSED[case]
    d = _teller(tmp_path, move, trace)
    reasons = " | ".join(o.reason for o in d.obstacles or (d,))
    assert not d.rewritten
    assert "input-output other than writing text" in reasons and culprit in reasons, reasons
