"""GNAT's columns in a UTF-8 file: one per character under -gnatW8, one per byte
otherwise (GNAT reads Latin-1 by default).  Only a BOM was taken for UTF-8: under
-gnatW8 every name after a multi-byte character on its line was looked up a
column too far, and a Put_Line there went unseen -- the accepting scheme put it
in a protected entry body (found checking -gnatW8 for issue 33's item 4).
"""

from __future__ import annotations

from pathlib import Path

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PROGRAM = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Keeper is
      entry Set (V : Integer);
      entry Get (V : out Integer);
   end Keeper;
   task body Keeper is
      Kept : Integer := 0;
   begin
      loop
         select
            accept Set (V : Integer) do
               STATEMENTS
            end Set;
         or
            accept Get (V : out Integer) do
               V := Kept;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Keeper;
   X : Integer;
begin
   Keeper.Set (1998);
   Keeper.Get (X);
   Put_Line (Integer'Image (X));
end Main;
"""


def _run(tmp_path: Path, statements: str, switches: tuple[str, ...]):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(PROGRAM.replace("STATEMENTS", statements), "utf-8")
    return src, in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",),
                                                             switches=switches), "server"))


def test_under_gnatw8_a_call_after_a_wide_name_is_seen(tmp_path):
    src, out = _run(tmp_path, 'declare Été : Integer := V; begin Kept := Été; '
                              'Put_Line ("set"); end;', ("-gnatW8",))
    assert out.decisions["Main.Keeper"].scheme == "caller-runs-server", out.diagnostics
    config = "pragma Wide_Character_Encoding (UTF8);\n"
    before = run_program(src, "main", config).stdout
    rewrite.write(out)
    after = run_program(src, "main", config + "pragma Detect_Blocking;\n").stdout
    assert after == before == "set\n 1998\n"


def test_by_default_columns_are_bytes(tmp_path):
    _src, out = _run(tmp_path, 'Kept := V; Put ("é"); Put_Line ("set");', ())
    reasons = [o.reason for o in out.decisions["Main.Keeper"].obstacles]
    assert out.decisions["Main.Keeper"].scheme == "caller-runs-server", reasons
