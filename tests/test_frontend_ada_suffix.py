"""A source named '.ada' (or in capitals) is compiled as Ada.

gcc takes only '.ads' and '.adb' for Ada: a '.ada' file was 'linker input',
unused, the unit never compiled, and yet taken as resolved with no cross
reference at all (a textbook's programs: every task type refused as 'GNAT's
cross references do not give the task type').  Now gcc is told '-x ada', and
a compilation that writes no cross references is not a resolved unit.
"""

from __future__ import annotations

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PROGRAM = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Counter (Step : Positive) is
      entry Add;
      entry Get (V : out Natural);
   end Counter;
   C1 : Counter (1);
   C2 : Counter (2);
   task body Counter is
      Total : Natural := 0;
   begin
      loop
         select
            accept Add do
               Total := Total + Step;
            end Add;
         or
            accept Get (V : out Natural) do
               V := Total;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Counter;
   A, B : Natural;
begin
   for I in 1 .. 3 loop
      C1.Add;
      C2.Add;
   end loop;
   C1.Get (A);
   C2.Get (B);
   Put_Line (Natural'Image (A) & Natural'Image (B));
end Main;
"""


def test_a_dot_ada_program_is_resolved_and_translated(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.ada").write_text(PROGRAM)
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "auto"))
    assert out.rewritten == ["Main.Counter"], out.diagnostics
    rewrite.write(out)
    (src / "main.adb").write_bytes((src / "main.ada").read_bytes())   # gnatmake's naming
    assert run_program(src, "main").stdout == " 3 6\n"
