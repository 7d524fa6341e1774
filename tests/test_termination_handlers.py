"""A program naming Ada.Task_Termination keeps its servers (common/hidden_calls.py):
a handler set for a task (a fallback handler of the task it depends on, or one set
by its identity) runs when the task terminates, and the code replacing an eliminated
task never terminates.  The review's program printed 'a task ended: NORMAL' and its
translation did not."""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

WATCHERS = """with Ada.Task_Termination; use Ada.Task_Termination;
with Ada.Task_Identification; use Ada.Task_Identification;
with Ada.Exceptions;
package Watchers is
   protected Watch is
      procedure Ended (Cause : Cause_Of_Termination; T : Task_Id;
                       X : Ada.Exceptions.Exception_Occurrence);
   end Watch;
end Watchers;
"""

WATCHERS_BODY = """with Ada.Text_IO;
package body Watchers is
   protected body Watch is
      procedure Ended (Cause : Cause_Of_Termination; T : Task_Id;
                       X : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Text_IO.Put_Line ("a task ended: " & Cause_Of_Termination'Image (Cause));
      end Ended;
   end Watch;
end Watchers;
"""

MAIN = """with Ada.Text_IO; use Ada.Text_IO;
WITH_WATCHERS
procedure Main is
   procedure Work is
      task Store is
         entry Put (N : Integer);
         entry Get (N : out Integer);
      end Store;
      task body Store is
         Kept : Integer := 0;
      begin
         loop
            select
               accept Put (N : Integer) do
                  Kept := N;
               end Put;
            or
               accept Get (N : out Integer) do
                  N := Kept;
               end Get;
            or
               terminate;
            end select;
         end loop;
      end Store;
      Got : Integer;
   begin
      Store.Put (1);
      Store.Get (Got);
      Put_Line ("got" & Integer'Image (Got));
   end Work;
begin
   SET_HANDLER
   Work;
end Main;
"""


def _decide(tmp_path: Path, scheme: str, handler: bool):
    (tmp_path / "src").mkdir()
    files = {"main.adb": MAIN.replace(
        "WITH_WATCHERS", "with Watchers; use Watchers;\n"
                         "with Ada.Task_Termination; use Ada.Task_Termination;" if handler else "")
        .replace("SET_HANDLER", "Set_Dependents_Fallback_Handler (Watch.Ended'Access);"
                 if handler else "null;")}
    if handler:
        files |= {"watchers.ads": WATCHERS, "watchers.adb": WATCHERS_BODY}
    for name, data in files.items():
        (tmp_path / "src" / name).write_text(data)
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme=scheme))
    return {n.rsplit(".", 1)[-1]: d for n, d in out.decisions.items()}["Store"]


@pytest.mark.parametrize("scheme", ["auto", "caller-runs"])
def test_a_server_of_a_program_with_termination_handlers_is_kept(tmp_path, scheme):
    decision = _decide(tmp_path, scheme, handler=True)
    assert not decision.rewritten
    reasons = " | ".join(o.reason for o in decision.obstacles or (decision,))
    assert "Ada.Task_Termination: a termination handler" in reasons, reasons


@pytest.mark.parametrize("scheme", ["auto", "caller-runs"])
def test_the_same_server_without_handlers_is_translated(tmp_path, scheme):
    assert _decide(tmp_path, scheme, handler=False).rewritten
