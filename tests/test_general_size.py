"""The general scheme generates only what the task uses (issue 20).

Select_Arm's flags (an else part, an open delay alternative, an open terminate
alternative) are parameters only where the task's selects differ in them;
the RM 9.7.1(21) check only where a select can have every alternative closed
with nowhere else to go.  Each translation must still behave as the original.
"""

from __future__ import annotations

import re
from pathlib import Path

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

ONE_KIND = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task T is
      entry Put (X : Integer);
      entry Get (X : out Integer);
   end T;
   task body T is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Put (X : Integer) do
               Sum := Sum + X;
            end Put;
         or
            accept Get (X : out Integer) do
               X := Sum;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end T;
   X : Integer;
begin
   T.Put (1);
   T.Put (2);
   T.Get (X);
   Put_Line ("sum" & Integer'Image (X));
end Main;
"""

TWO_KINDS = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task T is
      entry Put (X : Integer);
      entry Get (X : out Integer);
   end T;
   task body T is
      Sum : Integer := 0;
      Polls : Natural := 0;
   begin
      accept Put (X : Integer) do
         Sum := X;
      end Put;
      loop
         select
            accept Put (X : Integer) do
               Sum := Sum + X;
            end Put;
         else
            Polls := Polls + 1;
         end select;
         exit when Sum >= 3 or else Polls > 1_000_000;
         delay 0.001;
      end loop;
      loop
         select
            when Sum > 0 => accept Get (X : out Integer) do
               X := Sum;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end T;
   X : Integer;
begin
   T.Put (1);
   T.Put (2);
   T.Get (X);
   Put_Line ("sum" & Integer'Image (X));
end Main;
"""


def translate(tmp_path: Path, source: str) -> str:
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(source.lstrip())
    before = run_program(src, "main").stdout
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "general"))
    assert [q for q, d in out.decisions.items() if d.rewritten] == ["Main.T"]
    rewrite.write(out)
    for config in ("", "pragma Detect_Blocking;\n"):
        result = run_program(src, "main", config)
        assert result.returncode == 0 and result.stdout == before == "sum 3\n", result
    return (src / "main.adb").read_text()


def arm_profile(text: str) -> str:
    found = re.search(r"entry Select_Arm\s*\((.*?)\);", text, re.S)
    assert found, text
    return " ".join(found.group(1).split())


def test_flags_every_select_passes_alike_are_constants(tmp_path):
    text = translate(tmp_path, ONE_KIND)
    assert arm_profile(text) == "Order : T_Alternative_List; Chosen_Position : out Natural"
    # a terminate alternative: never every alternative closed with nowhere to go
    assert "Any_Open" not in text and "Program_Error" not in text
    assert "Poll =>" not in text and "Wake =>" not in text


def test_flags_that_differ_stay_parameters(tmp_path):
    text = translate(tmp_path, TWO_KINDS)
    assert arm_profile(text) == ("Order : T_Alternative_List; Poll, Wake : Boolean; "
                                 "Chosen_Position : out Natural")
    assert "Timed_Wait" not in text
    assert "if not Any_Open and then not (Poll or else Wake) then" in text
