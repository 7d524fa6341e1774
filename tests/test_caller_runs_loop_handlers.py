"""The caller-runs scheme on a server loop whose statements are a block with
exception handlers around the select (docs/caller-runs-scheme.md, "Handlers
around the select").  The corpus (caller_runs_loop_handlers and its refused
twin) runs handlers that count and print; this test runs a handler that raises
again: the exception leaves the loop for the task body's handler, which ends
the server, while the caller still sees the accept body's exception.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

DB = "pragma Detect_Blocking;\n"

MAIN = """
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Exceptions; use Ada.Exceptions;
procedure Main is
   Bad, Worse : exception;
   Seen : String (1 .. 3) := "---";

   task Guard is
      entry Put (N : Integer);
   end Guard;

   task body Guard is
      Count : Natural := 0;
   begin
      loop
         begin
            select
               accept Put (N : Integer) do
                  Put_Line ("guard got" & Integer'Image (N));
                  if N = 0 then
                     raise Bad;
                  elsif N < 0 then
                     raise Worse;
                  end if;
               end Put;
            or
               terminate;
            end select;
         exception
            when Bad =>
               Count := Count + 1;
               Put_Line ("guard: bad" & Natural'Image (Count));
            when Worse =>
               Put_Line ("guard: worse, giving up");
               raise;
         end;
      end loop;
   exception
      when E : others =>
         Put_Line ("guard ends: " & Exception_Name (E));
   end Guard;

   procedure Call (At_Index : Positive; N : Integer) is
   begin
      Guard.Put (N);
   exception
      when Bad => Seen (At_Index) := 'b';
      when Worse => Seen (At_Index) := 'w';
      when Tasking_Error => Seen (At_Index) := 't';
   end Call;
begin
   Call (1, 0);
   Guard.Put (5);
   Call (2, -1);
   Call (3, 7);
   Put_Line ("caller saw " & Seen);
end Main;
"""


@pytest.mark.parametrize("config", ["", DB], ids=["plain", "detect_blocking"])
def test_a_loop_handler_raising_again_ends_the_server(tmp_path: Path, config: str):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(MAIN.lstrip())
    want = run_program(tmp_path / "src", "main", config).stdout
    assert want.endswith("guard ends: MAIN.WORSE\ncaller saw bwt\n"), want
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",))))
    decision = next(d for n, d in out.decisions.items() if n.endswith(".Guard"))
    assert decision.rewritten and decision.scheme == "caller-runs-server"
    in_dir(tmp_path, lambda: rewrite.write(out))
    text = (tmp_path / "src" / "main.adb").read_text()
    assert "package Guard is" in text
    assert run_program(tmp_path / "src", "main", config).stdout == want
