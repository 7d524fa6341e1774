"""A call of an imported subprogram (pragma Import) is a call nothing proves safe
(frontend/calls.body_node_at).  GNAT's cross references give the pragma as the
imported subprogram's body; the analysis took the unit around the pragma for that
body and judged the foreign code by it: a server whose code after its loop made a
read(2) on a pipe, which only its caller would write after the call, was
translated by the caller-runs scheme, and the caller, now running that code,
waited for itself for ever (the review's program; the original ended)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PIPES = """package Pipes is
   procedure Wait_Byte;
end Pipes;
"""

PIPES_BODY = """with Interfaces.C; use Interfaces.C;
with System;
package body Pipes is
   function C_Read (Fd : int; Buf : System.Address; N : size_t) return long;
   pragma Import (C, C_Read, "read");
   procedure Wait_Byte is
      B : Character := ' ';
      Got : constant long := C_Read (0, B'Address, 1);
   begin
      null;
   end Wait_Byte;
end Pipes;
"""

ADA_BODY = PIPES_BODY.replace('''   function C_Read (Fd : int; Buf : System.Address; N : size_t) return long;
   pragma Import (C, C_Read, "read");
''', '''   function C_Read (Fd : int; Buf : System.Address; N : size_t) return long is
     (0);
''')

MAIN = """with Ada.Text_IO; use Ada.Text_IO;
with Pipes;
procedure Main is
   task S is
      entry Put (N : Integer);
      entry Stop;
   end S;
   task body S is
   begin
      loop
         select
            accept Put (N : Integer) do
               Put_Line (Integer'Image (N));
            end Put;
         or
            accept Stop;
            exit;
         end select;
      end loop;
      Pipes.Wait_Byte;
   end S;
begin
   S.Put (1);
   S.Stop;
end Main;
"""


def _decide(tmp_path: Path, scheme: str, body: str):
    (tmp_path / "src").mkdir()
    for name, data in {"main.adb": MAIN, "pipes.ads": PIPES, "pipes.adb": body}.items():
        (tmp_path / "src" / name).write_text(data)
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme=scheme))
    return {n.rsplit(".", 1)[-1]: d for n, d in out.decisions.items()}["S"]


@pytest.mark.parametrize("scheme", ["auto", "caller-runs"])
def test_an_imported_call_after_the_loop_is_not_proved_safe(tmp_path, scheme):
    decision = _decide(tmp_path, scheme, PIPES_BODY)
    assert not decision.rewritten
    reasons = " | ".join(o.reason for o in decision.obstacles or (decision,))
    assert "a call nothing proves safe" in reasons and "Pipes.C_Read" in reasons, reasons


def test_the_same_call_of_an_ada_function_is_translated(tmp_path):
    assert _decide(tmp_path, "caller-runs", ADA_BODY).rewritten
