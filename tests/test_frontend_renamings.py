"""Calls through subprogram renamings reach the renamed subprogram's body.

A renaming as declaration (``procedure Bump renames Counters.Add;``) has no
body: the call was 'unknown', a false obstacle when the renamed body blocks
nothing.  A renaming as body (``procedure Say (S : String) renames
Ada.Text_IO.Put_Line;`` completing a spec) had its body looked up at the
renaming, whose enclosing package body was then taken for the subprogram's
body: the Put_Line was missed, a potentially blocking call taken for none
(found on a terminal library: Platform.Put renames Ada.Text_IO.Put).
"""

from __future__ import annotations

from pathlib import Path

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

HELPERS = """\
package Helpers is
   procedure Add (Total : in out Integer; N : Integer);
   procedure Say (S : String);
end Helpers;
"""

HELPERS_BODY = """\
with Ada.Text_IO;
package body Helpers is
   procedure Add (Total : in out Integer; N : Integer) is
   begin
      Total := Total + N;
   end Add;
   procedure Say (S : String) renames Ada.Text_IO.Put_Line;
end Helpers;
"""

MAIN = """\
with Ada.Text_IO; use Ada.Text_IO;
with Helpers;
procedure Main is
   procedure Bump (Total : in out Integer; N : Integer) renames Helpers.Add;
   task Server is
      entry Put (N : Integer);
      entry Get (N : out Integer);
   end Server;
   task body Server is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Put (N : Integer) do
               CALL;
            end Put;
         or
            accept Get (N : out Integer) do
               N := Sum;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Server;
   X : Integer;
begin
   Server.Put (4);
   Server.Get (X);
   Put_Line (Integer'Image (X));
end Main;
"""


def _run(tmp_path: Path, call: str):
    src = tmp_path / "src"
    src.mkdir()
    (src / "helpers.ads").write_text(HELPERS)
    (src / "helpers.adb").write_text(HELPERS_BODY)
    (src / "main.adb").write_text(MAIN.replace("CALL", call))
    return src, in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "server"))


def test_a_renaming_as_declaration_reaches_the_body(tmp_path):
    src, out = _run(tmp_path, "Bump (Sum, N)")
    assert out.decisions["Main.Server"].scheme == "accepting-server", out.diagnostics
    rewrite.write(out)
    assert run_program(src, "main").stdout == " 4\n"


def test_a_renaming_as_body_reaches_what_it_renames(tmp_path):
    src, out = _run(tmp_path, 'Sum := Sum + N; Helpers.Say ("put")')
    before = run_program(src, "main").stdout
    # the accepting-server scheme must see the Put_Line (a protected entry cannot
    # print); the caller-runs scheme, where the caller prints, takes the task
    assert out.decisions["Main.Server"].scheme == "caller-runs-server", out.diagnostics
    rewrite.write(out)
    assert run_program(src, "main", "pragma Detect_Blocking;\n").stdout == before \
        == "put\n 4\n"
