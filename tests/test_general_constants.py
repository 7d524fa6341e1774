"""Constants of a task type whose entries are called become variables.

``Server : constant Server_Task := Make (42);`` (a task built in place by a
function, Ada 2005) can be called; a constant protected object cannot (RM
9.5(7.1)).  A task is limited, so as a variable it means the same; both the
general and the accepting-server scheme drop ``constant``.
"""

from __future__ import annotations

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PROGRAM = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Server_Task (Base : Integer) is
      entry Get (X : out Integer);
   end Server_Task;
   task body Server_Task is
   begin
      loop
         select
            accept Get (X : out Integer) do
               X := Base;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Server_Task;
   function Make (B : Integer) return Server_Task is
   begin
      return S : Server_Task (B);
   end Make;
   type Pair is array (1 .. 2) of Server_Task (0);
   type Server_Ref is access Server_Task;
   Server : constant Server_Task := Make (42);
   Both   : constant Pair := (others => Make (0));
   Ref    : constant Server_Ref := new Server_Task (7);
   V, W, R : Integer;
begin
   Server.Get (V);
   Both (2).Get (W);
   Ref.Get (R);
   Put_Line (Integer'Image (V) & Integer'Image (W) & Integer'Image (R));
end Main;
"""


@pytest.mark.parametrize("scheme", ["general", "server"])
def test_called_constants_become_variables(scheme, tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(PROGRAM)
    before = run_program(src, "main").stdout
    assert before == " 42 0 7\n"
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme))
    assert out.decisions["Main.Server_Task"].rewritten, out.decisions["Main.Server_Task"].reason
    rewrite.write(out)
    text = (src / "main.adb").read_text()
    assert "Server : Server_Task := Make (42);" in text
    assert "Both   : Pair := (others => Make (0));" in text
    # through an access constant the object is a variable already: left as written
    assert "Ref    : constant Server_Ref := new Server_Task (7);" in text
    for config in ("", "pragma Detect_Blocking;\n"):
        assert run_program(src, "main", config).stdout == before
