"""Entry families whose range has no subtype mark, under the general scheme.

The object's index subtype is declared before it; ``Arr'Range``,
``Grid'Range (2)`` or ``Red .. Blue`` are not ranges of Integer, so the
subtype names the range's type, found by GNAT's cross references (the
index type of the array type or object; the type of the enumeration
literal).  A range of integer literals stays a range of Integer.
"""

from __future__ import annotations

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PROGRAM = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Color is (Red, Blue, Yellow);
   type Arr is array (Color range Red .. Blue) of Boolean;
   type Grid is array (1 .. 2, Color) of Integer;
   Cells : Grid := (others => (others => 0));
   task Board is
      entry Mark (Arr'Range) (X : Integer);
      entry Paint (Cells'Range (2)) (X : Integer);
      entry Tint (Blue .. Yellow);
      entry Slot (1 .. 3);
   end Board;
   task body Board is
      Sum : Integer := 0;
   begin
      for K in 1 .. 6 loop
         select
            accept Mark (Red) (X : Integer) do
               Sum := Sum + X;
            end Mark;
         or
            accept Mark (Blue) (X : Integer) do
               Sum := Sum + 2 * X;
            end Mark;
         or
            accept Paint (Yellow) (X : Integer) do
               Sum := Sum + 3 * X;
            end Paint;
         or
            accept Tint (Yellow);
            Sum := Sum + 100;
         or
            accept Slot (3);
            Sum := Sum + 1000;
         end select;
      end loop;
      accept Paint (Red) (X : Integer) do
         Sum := Sum + X;
      end Paint;
      Put_Line ("sum" & Integer'Image (Sum));
   end Board;
begin
   Board.Mark (Blue) (5);
   Board.Mark (Red) (1);
   Board.Paint (Yellow) (7);
   Board.Tint (Yellow);
   Board.Slot (3);
   Board.Mark (Red) (2);
   Board.Paint (Red) (10000);
end Main;
"""


def test_family_ranges_without_subtype_mark(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(PROGRAM)
    before = run_program(src, "main").stdout
    assert before == "sum 11134\n"
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "general"))
    assert out.decisions["Main.Board"].rewritten, out.decisions["Main.Board"].reason
    rewrite.write(out)
    text = (src / "main.adb").read_text()
    assert "is Color range Arr'Range;" in text
    assert "is Color range Cells'Range (2);" in text
    assert "is Color range Blue .. Yellow;" in text
    assert "is Integer range 1 .. 3;" in text          # as before: a range of Integer
    for config in ("", "pragma Detect_Blocking;\n"):
        assert run_program(src, "main", config).stdout == before
