"""``in`` formals of a task type that must become ``in out``, under the general scheme.

Entries of a protected object cannot be called through an ``in`` formal (a
constant), nor its ``Close`` after ``abort S``; a task or protected object
is passed by reference whatever the mode, so ``in out`` means the same.  A
formal with a default cannot be ``in out``: the default moves into an
overload without the formal (general/defaults.py).  A task in a component
of an element (``H (2).Inner.Put``) is reached through the formal too.
"""

from __future__ import annotations

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PROGRAM = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Server is
      entry Put (X : Integer);
   end Server;
   type Holder is record
      Inner : Server;
   end record;
   type Holders is array (1 .. 2) of Holder;
   task body Server is
   begin
      accept Put (X : Integer) do
         Put_Line ("put" & Integer'Image (X));
      end Put;
   end Server;
   Main_Server, Other : Server;
   Hs : Holders;
   procedure Call (S : Server := Main_Server) is
   begin
      S.Put (1);
   end Call;
   procedure Call_All (H : Holders; N : Integer) is
   begin
      H (2).Inner.Put (N);
   end Call_All;
   procedure Stop (S : Server) is
   begin
      abort S;
   end Stop;
begin
   Call;
   Call (Other);
   Call_All (Hs, 7);
   Stop (Hs (1).Inner);
   Put_Line (Boolean'Image (Hs (1).Inner'Callable));
end Main;
"""


def test_defaults_move_to_an_overload(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(PROGRAM)
    before = run_program(src, "main").stdout
    assert before == "put 1\nput 1\nput 7\nFALSE\n"
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "general"))
    assert out.decisions["Main.Server"].rewritten, out.decisions["Main.Server"].reason
    rewrite.write(out)
    text = (src / "main.adb").read_text()
    assert "procedure Call (S : in out Server) is" in text
    assert "   procedure Call is\n   begin\n      Call (S => Main_Server);\n   end Call;\n" in text
    assert "procedure Call_All (H : in out Holders; N : Integer) is" in text
    assert "procedure Stop (S : in out Server) is" in text
    for config in ("", "pragma Detect_Blocking;\n"):
        assert run_program(src, "main", config).stdout == before
