"""A generic package's body elaborated between a task's declaration and its
activation starts nothing: only its instances run it.

``package body P`` (after the task) holds the body of ``P.Later``, a generic
declared in P's spec; the instance there of ``Caller``, which calls the
task, runs only when ``P.Later`` is instantiated, in the statements, after
the activation.  The task is not one that can be called before it is
activated (common/starts.py read the body as a plain package body, since
the generic's declaration is not in the same declarative part), and is
translated.
"""

from __future__ import annotations

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PROGRAM = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   package P is
      generic
      package Later is
      end Later;
   end P;
   task Server is
      entry Put (X : Integer);
   end Server;
   task body Server is
   begin
      accept Put (X : Integer) do
         Put_Line ("put" & Integer'Image (X));
      end Put;
   end Server;
   generic
   package Caller is
   end Caller;
   package body Caller is
   begin
      Server.Put (5);
   end Caller;
   package body P is
      package body Later is
         package Now is new Caller;
      end Later;
   end P;
begin
   declare
      package Go is new P.Later;
   begin
      Put_Line ("done");
   end;
end Main;
"""


def test_generic_body_starts_nothing(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(PROGRAM)
    before = run_program(src, "main").stdout
    assert before == "put 5\ndone\n"
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "general"))
    assert out.decisions["Main.Server"].rewritten, out.decisions["Main.Server"].reason
    rewrite.write(out)
    for config in ("", "pragma Detect_Blocking;\n"):
        assert run_program(src, "main", config).stdout == before
