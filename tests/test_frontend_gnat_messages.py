"""GNAT's messages: only errors reject a program or a translation.

A style message (``(style) this line is too long`` under -gnaty) carries no
severity word and was read as an error: the general scheme's long generated
names got a task refused in any project built with -gnaty (repro
general_style_check_line_length), and an original with a style message was
an input error.  Under -gnatwe GNAT fails the unit for its warnings and style
messages: then they are errors, as in the user's build.
"""

from __future__ import annotations

from pathlib import Path

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options
from rdv2po.frontend.gnat import parse_messages, warnings_as_errors

LONG_NAMES = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Registration_Counter is
      entry Register_Another_Participant (Participant_Number : Integer);
      entry Number_Of_Registered_Participants (Count : out Integer);
   end Registration_Counter;

   task body Registration_Counter is
      Registered_Participants : Integer := 0;
   begin
      loop
         select
            accept Register_Another_Participant
              (Participant_Number : Integer)
            do
               Registered_Participants :=
                 Registered_Participants + Participant_Number;
            end Register_Another_Participant;
         or
            accept Number_Of_Registered_Participants (Count : out Integer) do
               Count := Registered_Participants;
            end Number_Of_Registered_Participants;
         or
            terminate;
         end select;
      end loop;
   end Registration_Counter;

   Result : Integer;
begin
   for I in 1 .. 3 loop
      Registration_Counter.Register_Another_Participant (I);
   end loop;
   Registration_Counter.Number_Of_Registered_Participants (Result);
   Put_Line ("registered" & Integer'Image (Result));
end Main;
"""


def test_style_messages_are_warnings():
    out = parse_messages("m.adb:2:80: (style) this line is too long\n"
                         "m.adb:3:4: warning: variable \"Z\" is never read\n"
                         "m.adb:4:1: info: something\n"
                         "m.adb:5:2: error: missing \";\"\n"
                         "m.adb:6:2: missing \")\"\n")
    assert [m.severity for m in out] == ["warning", "warning", "info", "error", "error"]


def test_warnings_are_errors_only_when_gnat_failed():
    msgs = parse_messages("m.adb:2:80: (style) this line is too long\n")
    assert warnings_as_errors(False, msgs) == msgs
    failed = warnings_as_errors(True, msgs)
    assert failed[0].severity == "error" and "-gnatwe" in failed[0].message


def _rewrite(root: Path, switches: tuple[str, ...]) -> rewrite.Outcome:
    return in_dir(root, lambda: rewrite.run(Options(paths=("src",), switches=switches),
                                            "general"))


def test_style_messages_do_not_refuse_a_translation(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(LONG_NAMES)
    out = _rewrite(tmp_path, ("-gnaty",))
    assert out.rewritten == ["Main.Registration_Counter"], out.diagnostics
    rewrite.write(out)
    assert run_program(src, "main").stdout == "registered 6\n"


def test_under_gnatwe_a_style_message_refuses(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(LONG_NAMES)
    out = _rewrite(tmp_path, ("-gnaty", "-gnatwe"))
    assert out.rewritten == [] and not out.input_errors
    why = out.decisions["Main.Registration_Counter"].reason
    assert "this line is too long (an error under -gnatwe)" in why


def test_an_original_with_style_messages_is_no_input_error(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(LONG_NAMES.replace(
        "   Result : Integer;", "   Result : Integer;" + " " * 70 + "--  a long line"))
    out = _rewrite(tmp_path, ("-gnatyl",))
    assert not out.input_errors, out.diagnostics
    assert out.rewritten == ["Main.Registration_Counter"]
