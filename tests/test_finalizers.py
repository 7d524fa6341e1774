"""A call of the server's entry written in a Finalize refuses the server in every
eliminating scheme (schemes/common/finalizers.py): the master finalizes its
objects after its tasks terminated, and the call raised Tasking_Error, where
the translation would serve it (review13 finalize-calls-terminated-server)."""

from __future__ import annotations

import pytest

from rewrite_harness import decision_of, in_dir, main_source
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PROGRAM = """
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Counter is
      entry Add (N : Integer);
   end Counter;
   task body Counter is
      Total : Integer := 0;
   begin
      loop
         select
            accept Add (N : Integer) do
               Total := Total + N;
            end Add;
         or
            terminate;
         end select;
      end loop;
   end Counter;
   package Late is
      type Noisy is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (N : in out Noisy);
   end Late;
   package body Late is
      overriding procedure Finalize (N : in out Noisy) is
      begin
         CALL
      exception
         when Tasking_Error => Put_Line ("Tasking_Error in finalize");
      end Finalize;
   end Late;
begin
   Counter.Add (1);
   declare
      X : Late.Noisy;
   begin
      null;
   end;
end Main;
"""


@pytest.mark.parametrize("scheme", ["auto", "server"])
def test_a_call_in_a_finalize_refuses_the_server(tmp_path, scheme):
    root = main_source(tmp_path, PROGRAM.replace("CALL", "Counter.Add (1);"))
    out = in_dir(root, lambda: rewrite.run(Options(paths=("src",)), scheme=scheme))
    d = decision_of(out, "Counter")
    assert not d.rewritten
    reasons = " | ".join(o.reason for o in d.obstacles or (d,))
    assert "a call of the server's entry in a Finalize" in reasons, reasons


def test_a_finalize_calling_something_else_is_no_obstacle(tmp_path):
    root = main_source(tmp_path, PROGRAM.replace("CALL", "Put_Line (\"finalized\");"))
    out = in_dir(root, lambda: rewrite.run(Options(paths=("src",)), scheme="auto"))
    assert decision_of(out, "Counter").rewritten, decision_of(out, "Counter").reason
