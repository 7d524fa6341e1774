"""Entry calls triggering an asynchronous select under the caller-runs scheme
(schemes/caller_runs/triggers.py, docs/caller-runs-scheme.md "Triggers"): the call
is split, the server's turn triggering and Serve_E first in the triggered part, for a
single task and a task type's object; each refusal names what would make the split
call differ.  The corpus cases caller_runs_trigger and caller_runs_trigger_refused
run against the originals; these tests name each decision."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import decision_of as _decision, in_dir, main_source as _sources, \
    refusal_lines
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

DB = "pragma Detect_Blocking;\n"


def _run(root: Path):
    return in_dir(root, lambda: rewrite.run(Options(paths=("src",)), scheme="caller-runs"))


def _program(server: str, calls: str, decls: str = "") -> str:
    return f"""
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
{server}
{decls}
begin
{calls}
end Main;
"""


SINGLE = """
   task Gate is
      entry Pass (Seen : out Natural);
      entry Open;
   end Gate;
   task body Gate is
      Is_Open : Boolean := False;
      Count : Natural := 0;
   begin
      loop
         select
            accept Open;
            Is_Open := True;
         or
            when Is_Open =>
               accept Pass (Seen : out Natural) do
                  Count := Count + 1;
                  Seen := Count;
                  Put_Line ("pass" & Natural'Image (Count));
               end Pass;
               Is_Open := False;
         or
            terminate;
         end select;
      end loop;
   end Gate;
   task Opener;
   task body Opener is
   begin
      delay 0.2;
      Gate.Open;
   end Opener;
"""

SINGLE_CALLS = """
   select
      Gate.Pass (N);
      Put_Line ("seen" & Natural'Image (N));
   then abort
      loop
         Spins := Spins + 1;
         delay 0.01;
      end loop;
   end select;
   Put_Line ("spun: " & Boolean'Image (Spins > 0));
   select
      Gate.Pass (N);
      Put_Line ("never");
   then abort
      delay 0.1;
      Put_Line ("gave up at" & Natural'Image (N));
   end select;
"""

VARS = """
   N : Natural := 0;
   Spins : Natural := 0;
"""


def test_a_single_task_s_trigger_is_split_and_prints_the_same(tmp_path):
    root = _sources(tmp_path, _program(SINGLE, SINGLE_CALLS, VARS))
    want = run_program(root / "src", "main").stdout
    assert want == "pass 1\nseen 1\nspun: TRUE\ngave up at 1\n"
    out = _run(root)
    assert _decision(out, "Gate").rewritten, _decision(out, "Gate")
    in_dir(root, lambda: rewrite.write(out))
    text = (root / "src" / "main.adb").read_text()
    # the select in a block keeping an exception of the abortable part for after
    # the server's code (review12 trigger-turn-kept-when-part-raises)
    assert "      select\n         Gate.Turn.Pass;\n         Gate.Serve_Pass (N);\n" \
           "         if not Part_Raised then\n            Put_Line (\"seen\"" in text
    assert "Ada.Exceptions.Reraise_Occurrence (Raised);" in text
    # the turn is declared in the package's spec, Serve_Pass beside Pass
    spec = text[text.index("package Gate is"):text.index("end Gate;")]
    assert "procedure Serve_Pass (Seen : out Natural);" in spec
    assert "protected Turn is" in spec and "protected Turn is" not in text[
        text.index("package body Gate is"):]
    assert run_program(root / "src", "main").stdout == want
    assert run_program(root / "src", "main", DB).stdout == want


TYPED = """
   task type Bell is
      entry Ring;
   end Bell;
   task body Bell is
   begin
      accept Ring do
         Put_Line ("ring");
      end Ring;
   end Bell;
"""

TYPED_CALLS = """
   select
      Door.Ring;
      Put_Line ("rung");
   then abort
      delay 5.0;
   end select;
   begin
      select
         Door.Ring;
      then abort
         delay 5.0;
      end select;
   exception
      when Tasking_Error => Put_Line ("the bell has ended");
   end;
"""


def test_a_task_type_s_object_hands_out_its_turn(tmp_path):
    root = _sources(tmp_path, _program(TYPED, TYPED_CALLS, "   Door : Bell;"))
    want = run_program(root / "src", "main").stdout
    assert want == "ring\nrung\nthe bell has ended\n"
    out = _run(root)
    assert _decision(out, "Bell").rewritten, _decision(out, "Bell")
    in_dir(root, lambda: rewrite.write(out))
    text = (root / "src" / "main.adb").read_text()
    assert "         Door.Turn_Of.Ring;\n         Door.Serve_Ring;\n" in text
    assert "function Turn_Of (Self : Bell) return Bell_Turn_Access;" in text
    assert "Turn : aliased Bell_Turn;" in text
    assert run_program(root / "src", "main").stdout == want
    assert run_program(root / "src", "main", DB).stdout == want


def _refused(tmp_path, server: str, calls: str, decls: str, task: str) -> str:
    out = _run(_sources(tmp_path, _program(server, calls, decls)))
    lines = [ln for ln in refusal_lines(out, task, construct=True)
             if "asynchronous select" in ln]
    assert lines, refusal_lines(out, task, construct=True)
    return lines[0]


IN_PARAM = """
   task Log is
      entry Put (Msg : String);
   end Log;
   task body Log is
   begin
      loop
         select
            accept Put (Msg : String) do
               Put_Line (Msg);
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Log;
"""


def test_an_in_parameter_is_refused(tmp_path):
    line = _refused(tmp_path, IN_PARAM, """
   select
      Log.Put (S);
   then abort
      S := "b";
   end select;""", '   S : String := "a";', "Log")
    assert "the entry's in parameter Msg: the call evaluates it before the abortable " \
           "part starts" in line, line


def test_an_abortable_part_calling_an_entry_is_refused(tmp_path):
    line = _refused(tmp_path, SINGLE + IN_PARAM, """
   select
      Gate.Pass (N);
   then abort
      Log.Put ("x");
   end select;""", VARS, "Gate")
    assert "the abortable part reaches the entry call Log.Put" in line, line


POLLS = """
   Done : Boolean := False;
   pragma Atomic (Done);
   task Poller is
      entry Wait;
   end Poller;
   task body Poller is
   begin
      loop
         select
            accept Wait do
               while not Done loop
                  null;   -- a busy poll: a delay is refused before the loop
               end loop;
               Put_Line ("done");
            end Wait;
         or
            terminate;
         end select;
      end loop;
   end Poller;
"""


def test_an_accept_body_that_polls_is_refused(tmp_path):
    line = _refused(tmp_path, POLLS, """
   select
      Poller.Wait;
   then abort
      Done := True;
   end select;""", "", "Poller")
    assert "the server's code taken there may wait for another task: the loop at " \
           "src/main.adb:14:16" in line, line


@pytest.mark.parametrize("prefix", ["Pool (I)", "P"])
def test_a_task_type_s_object_named_otherwise_than_by_an_identifier_is_refused(
        tmp_path, prefix):
    decls = """
   Pool : array (1 .. 2) of Bell;
   type Bell_Access is access Bell;
   P : Bell_Access := new Bell;
   I : Positive := 1;"""
    line = _refused(tmp_path, TYPED, f"""
   select
      {prefix}.Ring;
   then abort
      I := 2;
   end select;""", decls, "Bell")
    assert f"'{prefix}' is not shown to be an object of Bell" in line, line


def test_an_entry_accepted_at_two_places_is_refused(tmp_path):
    twice = SINGLE.replace("""      loop
         select
            accept Open;""", """      accept Open;
      loop
         select
            accept Open;""")
    line = _refused(tmp_path, twice, """
   select
      Gate.Open;
   then abort
      delay 1.0;
   end select;""", VARS, "Gate")
    assert "the entry is accepted at several places" in line, line



def test_an_accept_body_that_polls_by_a_goto_is_refused(tmp_path):
    goto = POLLS.replace("""               while not Done loop
                  null;   -- a busy poll: a delay is refused before the loop
               end loop;""", """               <<Again>>
               if not Done then
                  null;
                  goto Again;
               end if;""")
    line = _refused(tmp_path, goto, """
   select
      Poller.Wait;
   then abort
      Done := True;
   end select;""", "", "Poller")
    assert "a goto at src/main.adb:17:19, which may go back" in line, line


def test_a_program_setting_priorities_is_refused(tmp_path):
    line = _refused(tmp_path, TYPED, TYPED_CALLS, "   pragma Priority (10);\n   Door : Bell;",
                    "Bell")
    assert "the program sets priorities or processors" in line, line


def test_an_accept_body_that_delays_is_refused(tmp_path):
    """review12 trigger-delay-in-accept-body: while the server delays in the
    rendezvous, the original's abortable part runs on; the split trigger aborts it
    as soon as the turn is taken."""
    slow = POLLS.replace("""               while not Done loop
                  null;   -- a busy poll: a delay is refused before the loop
               end loop;""", """               delay 0.2;""")
    line = _refused(tmp_path, slow, """
   select
      Poller.Wait;
   then abort
      Done := True;
   end select;""", "", "Poller")
    assert "delays, while the abortable part of the original ran on" in line, line


RAISES = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Desk is
      entry Slow;
      entry Take (Ticket : out Natural);
   end Desk;
   task body Desk is
      Next : Natural := 0;
   begin
      loop
         select
            accept Slow do
               delay 0.2;
            end Slow;
         or
            accept Take (Ticket : out Natural) do
               Put_Line ("serving take");
               Next := Next + 1;
               Ticket := Next;
            end Take;
         or
            terminate;
         end select;
      end loop;
   end Desk;
   task Helper;
   task body Helper is
   begin
      Desk.Slow;
   end Helper;
   Sum : Natural := 0 with Volatile;
   T : Natural := 0;
begin
   delay 0.05;
   begin
      select
         Desk.Take (T);
         Put_Line ("got ticket" & Natural'Image (T));
      then abort
         for I in 1 .. 200_000_000 loop
            Sum := (Sum + I) mod 7;
         end loop;
         raise Program_Error;
      end select;
   exception
      when Program_Error => Put_Line ("the select raised");
   end;
   Desk.Take (T);
   Put_Line ("second ticket" & Natural'Image (T));
end Main;
"""


def test_an_abortable_part_left_by_an_exception_gives_the_turn_back(tmp_path):
    """review12 trigger-turn-kept-when-part-raises: the abortable part raises after
    the trigger took the turn (before the abort took effect: no abort completion
    point in its loop).  The rendezvous ran before the exception propagated and the
    triggered statements did not: the translation runs the server's code, skips
    them, raises again, and the next call is served (before: it waited for ever)."""
    root = _sources(tmp_path, RAISES)
    want = run_program(root / "src", "main").stdout
    assert want == "serving take\nthe select raised\nserving take\nsecond ticket 2\n", want
    out = _run(root)
    assert _decision(out, "Desk").rewritten, _decision(out, "Desk")
    in_dir(root, lambda: rewrite.write(out))
    assert run_program(root / "src", "main").stdout == want
