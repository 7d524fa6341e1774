"""Names GNAT's cross references give (ALI files) in a Latin-1 source: GNAT writes
an identifier's bytes as the source has them, so they are read as the sources'
text is (frontend/sources.decoded: UTF-8, or Latin-1 where a line is not), and
a call path shows ``Main.Író.Kiír``, not ``Main.Író.Ki\\ufffdr`` (realcode7:
isetr/felev4 gyak10 seged)."""

from __future__ import annotations

from pathlib import Path

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options
from rdv2po.frontend.sources import decoded

PROGRAM = """with Ada.Text_IO;
procedure Main is
   task Író is
      entry Kiír (S : String);
   end Író;

   task body Író is
   begin
      loop
         select
            accept Kiír (S : String) do
               Ada.Text_IO.Put_Line (S);
            end Kiír;
         or
            terminate;
         end select;
      end loop;
   end Író;

   procedure Mond (S : String) is
   begin
      Író.Kiír (S);
   end Mond;

   task Pult is
      entry Kér;
   end Pult;

   task body Pult is
   begin
      loop
         select
            accept Kér do
               Mond ("sör");
            end Kér;
         or
            terminate;
         end select;
      end loop;
   end Pult;
begin
   Pult.Kér;
end Main;
"""


def test_a_call_path_through_a_latin1_entry_shows_its_name(tmp_path: Path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_bytes(PROGRAM.encode("latin-1"))
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",))))
    paths = [d.message for d in out.diagnostics if "call path" in d.message]
    assert paths and all("\ufffd" not in m for m in paths), paths
    assert any("call path Main.Mond -> Main.Író.Kiír" in m for m in paths), paths


def test_each_line_is_utf8_or_latin1():
    data = "Kiír\n".encode("utf-8") + "Kiír\n".encode("latin-1") + b"plain\n"
    assert decoded(data) == "Kiír\nKiír\nplain\n"
