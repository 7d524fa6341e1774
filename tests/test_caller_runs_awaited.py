"""The caller-runs scheme on one-shot servers whose code after the last accept
delays, where every caller waits for the task anyway (docs/caller-runs-scheme.md,
"One-shot servers"; translator/schemes/caller_runs/awaited.py).

The corpus (caller_runs_awaited_tail, caller_runs_awaited_tail_refused) runs the
translation against the original, plain and with pragma Detect_Blocking; these
tests check the decisions and the reasons, which name the call that goes on.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import copy_case_sources as _copy, decision_of as _decision, in_dir, \
    main_source as _sources, refusal_lines
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

DB = "pragma Detect_Blocking;\n"




def _run(root: Path):
    return in_dir(root, lambda: rewrite.run(Options(paths=("src",)), scheme="caller-runs"))


def _runs_the_same(root: Path, config: str, task: str, want: str) -> None:
    """The original prints ``want``; ``task`` is translated and the translation too."""
    got = run_program(root / "src", "main", config).stdout
    assert got == want, got
    out = _run(root)
    assert _decision(out, task).rewritten, _decision(out, task).reason
    rewrite.write(out)
    assert run_program(root / "src", "main", config).stdout == want




def test_callers_that_wait_for_the_task_anyway_run_its_delay(tmp_path):
    out = _run(_copy(tmp_path, "caller_runs_awaited_tail"))
    d = _decision(out, "Courier")
    assert d.scheme == "caller-runs-server" and d.rewritten, d.reason
    new = "\n".join(n.decode() for _old, n in out.changes.values())
    # the caller of Hand runs the delay and what follows it before it returns
    hand = new[new.index("procedure Hand (Self : Courier; Parcel : Integer) is"):]
    assert hand.index("delay 0.05;") < hand.index("Delivered := Delivered + Held;") < \
        hand.index("end Hand;")


def test_each_caller_that_goes_on_is_named(tmp_path):
    out = _run(_copy(tmp_path, "caller_runs_awaited_tail_refused"))
    want = {"Herald": "77:9: H.Give (1);: 'Put_Line (\"given to the herald\");' after the call",
            "Keeper": "84:9: K.Give (10);: the construct has an exception handler, and "
                      "what the caller does after the call may raise into it",
            "Porter": "94:9: P.Give (100);: 'P' is not an object or component reached "
                      "without a dereference",
            "Runner": "101:19: Team (I).Give (1000);: the call is not among the top "
                      "statements"}
    for task, said in want.items():
        reasons = refusal_lines(out, task, construct=True)
        assert any("after the task's last accept, a delay" in r and said in r
                   for r in reasons), reasons
    assert not out.changes


SINGLE = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Seen : Integer := 0;
begin
   declare
      task Late is
         entry Go (N : Integer);
      end Late;
      task body Late is
         Kept : Integer := 0;
      begin
         accept Go (N : Integer) do
            Kept := N;
         end Go;
         delay 0.02;
         Seen := Kept;
         Put_Line ("late" & Integer'Image (Seen));
      end Late;
   begin
      Late.Go (7);
   end;
   Put_Line ("after" & Integer'Image (Seen));
end Main;
"""


@pytest.mark.parametrize("config", ["", DB], ids=["plain", "detect_blocking"])
def test_a_single_task_of_the_callers_block_is_taken(tmp_path, config):
    _runs_the_same(_sources(tmp_path, SINGLE), config, "Late", "late 7\nafter 7\n")


# the caller's test after the call is not quiet: an Atomic flag the task sets, a
# function reading a global, one printing
NOISY = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Flag : Boolean := False with Atomic;
   Count : Integer := 0;
   Stop : exception;
   task type Setter is
      entry Go;
   end Setter;
   task body Setter is
   begin
      accept Go;
      delay 0.02;
      Flag := True;
      Count := Count + 1;
   end Setter;
   function Counted return Boolean is
   begin
      return Count > 0;
   end Counted;
   function Told return Boolean is
   begin
      Put_Line ("told");
      return False;
   end Told;
   function Slow return Boolean is
   begin
      delay 0.01;
      return False;
   end Slow;
   procedure One is
      S : Setter;
   begin
      S.Go;
      if TEST then
         raise Stop;
      end if;
   end One;
begin
   One;
exception
   when Stop => Put_Line ("stopped");
end Main;
"""


@pytest.mark.parametrize("test, said", [
    ("Flag", "its condition names 'Flag', not a plain value of its own"),
    ("Counted", "its condition calls 'Counted', which names 'Count', not a plain value"),
    ("Told", "its condition calls 'Told', which calls 'Put_Line', which has no body of "
             "its own in the sources"),
    # the caller would wait it out after the task's delay, where both delays overlapped
    ("Slow", "its condition calls 'Slow', which delays ('delay 0.01;')")])
def test_a_test_after_the_call_must_compute_from_its_operands_only(tmp_path, test, said):
    out = _run(_sources(tmp_path, NOISY.replace("TEST", test)))
    reasons = " ".join(refusal_lines(out, "Setter", construct=True))
    assert f"S.Go;: 'if {test} then raise Stop; end if;' after the call: {said}" \
        in reasons, reasons


def test_a_component_reached_through_an_access_value_is_refused(tmp_path):
    src = NOISY.replace("""   procedure One is
      S : Setter;
   begin
      S.Go;
      if TEST then
         raise Stop;
      end if;
   end One;""", """   type Setter_Ref is access Setter;
   type Box is record
      Ref : Setter_Ref;
   end record;
   procedure One is
      B : Box := (Ref => new Setter);
   begin
      B.Ref.Go;
   end One;""")
    out = _run(_sources(tmp_path, src))
    reasons = " ".join(refusal_lines(out, "Setter", construct=True))
    assert "B.Ref.Go;: 'Ref' is not a component reached without a dereference" in reasons, \
        reasons


@pytest.mark.parametrize("change, said", [
    # 'Terminated changes with the task's progress
    (("      S : Setter;\n   begin\n      S.Go;", "      Arr : array (1 .. 1) of Setter;\n"
      "   begin\n      Arr (1).Go;"),
     "its condition reads 'Terminated', which another task's progress changes"),
    # a renaming may name another's object
    (("      S : Setter;\n", "      S : Setter;\n      Seen : Integer renames Count;\n"),
     "its condition names 'Seen', not a plain value of its own"),
    # what follows the call may raise into the construct's own handler, which then
    # runs before the construct waits for the task
    (("      end if;\n   end One;", "      end if;\n   exception\n      when Stop => "
      "Put_Line (\"one\");\n   end One;"),
     "the construct has an exception handler, and what the caller does after the call "
     "may raise into it")])
def test_what_a_caller_may_see_before_it_waits_is_named(tmp_path, change, said):
    test = "Seen > 0" if "Seen" in change[1] else "Arr (1)'Terminated" if "Arr" in change[1] \
        else "False"
    src = NOISY.replace(*change).replace("      if TEST then", f"      if {test} then")
    out = _run(_sources(tmp_path, src))
    reasons = " ".join(refusal_lines(out, "Setter", construct=True))
    assert said in reasons, reasons


TASK_BODY = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Count : Integer := 0 with Volatile;
   task type Setter is
      entry Go;
   end Setter;
   task body Setter is
   begin
      accept Go;
      delay 0.02;
      Count := Count + 1;
   end Setter;
   task One_Task is
      entry Poke;
   end One_Task;
   task body One_Task is
      S : Setter;
   begin
      ACCEPT
      S.Go;
   end One_Task;
   DECLS
begin
   WATCH
   while not One_Task'Terminated loop
      delay 0.01;
   end loop;
   Put_Line ("count" & Integer'Image (Count));
end Main;
"""


@pytest.mark.parametrize("config", ["", DB], ids=["plain", "detect_blocking"])
def test_a_task_body_whose_completion_nobody_sees_waits_unseen(tmp_path, config):
    # the calling task completes, then waits for its courier: only 'Callable or a
    # call of its entries could tell the two moments apart, and there is neither
    root = _sources(tmp_path, TASK_BODY.replace("ACCEPT", "").replace("WATCH", "")
                    .replace("DECLS", ""))
    _runs_the_same(root, config, "Setter", "count 1\n")


@pytest.mark.parametrize("accept, watch, decls, said", [
    ("", "while One_Task'Callable loop delay 0.01; end loop;", "",
     "task One_Task completes before it waits for the server, and src/main.adb:24:"),
    ("", "select One_Task.Poke; else null; end select;", "",
     "task One_Task completes before it waits for the server, and its entry Poke is "
     "named at src/main.adb:24:"),
    ("accept Poke;", "One_Task.Poke;", "",
     "task One_Task completes before it waits for the server, and accepts entries"),
    # names of the entry other than its calls: its callers are not listed
    ("", "Knock;", "procedure Knock renames One_Task.Poke;",
     "task One_Task completes before it waits for the server, and its entry Poke is "
     "named at src/main.adb:22:"),
    ("", "Knock;", "generic\n      with procedure P;\n   procedure Twice;\n"
     "   procedure Twice is\n   begin\n      P;\n   end Twice;\n"
     "   procedure Knock is new Twice (One_Task.Poke);",
     "task One_Task completes before it waits for the server, and its entry Poke is "
     "named at src/main.adb:29:")])
def test_a_task_body_whose_completion_may_be_seen_is_named(tmp_path, accept, watch, decls,
                                                           said):
    src = TASK_BODY.replace("ACCEPT", accept).replace("WATCH", watch).replace("DECLS", decls)
    out = _run(_sources(tmp_path, src))
    reasons = " ".join(refusal_lines(out, "Setter", construct=True))
    assert "S.Go;: " + said in reasons, reasons


def test_a_task_body_whose_type_has_progenitors_is_named(tmp_path):
    # a call through a synchronized interface names the interface's operation, not the
    # entry: the task's callers cannot be listed
    src = TASK_BODY.replace("ACCEPT", "").replace("WATCH", "").replace("DECLS", "").replace(
        "   task One_Task is\n", "   package Ifc is\n      type Knockable is synchronized "
        "interface;\n      procedure Poke (K : in out Knockable) is abstract;\n   end Ifc;\n"
        "   task One_Task is new Ifc.Knockable with\n")
    out = _run(_sources(tmp_path, src))
    reasons = " ".join(refusal_lines(out, "Setter", construct=True))
    assert "task One_Task completes before it waits for the server, and its type has " \
        "progenitors" in reasons, reasons


def test_a_call_with_an_out_parameter_is_refused(tmp_path):
    # review12 awaited-out-actual-copied-after-tail: the rendezvous copied the out
    # actual back before the task's last work, the procedure after it
    src = TASK_BODY.replace("ACCEPT", "").replace("WATCH", "").replace("DECLS", "") \
        .replace("entry Go;\n   end Setter;", "entry Go (N : out Integer);\n   end Setter;") \
        .replace("accept Go;", "accept Go (N : out Integer) do\n         N := 1;\n"
                 "      end Go;").replace("S.Go;", "S.Go (Count);")
    out = _run(_sources(tmp_path, src))
    reasons = " ".join(refusal_lines(out, "Setter", construct=True))
    assert "its parameter N is copied back to the caller's actual when the rendezvous " \
        "ends" in reasons, reasons


def test_a_call_whose_actual_may_make_an_object_is_refused(tmp_path):
    # review12 (temporary): a function's result lives to the end of the call statement
    # (a scalar function's result, IDENT_INT (1) in ACATS c94001c, makes none)
    src = TASK_BODY.replace("ACCEPT", "").replace("WATCH", "").replace("DECLS", "") \
        .replace("procedure Main is\n", "procedure Main is\n   type Pair is array (1 .. 2) "
                 "of Integer;\n") \
        .replace("entry Go;\n   end Setter;", "entry Go (N : Pair);\n   end Setter;") \
        .replace("accept Go;", "accept Go (N : Pair);") \
        .replace("S.Go;", "S.Go ((1, 2));")
    out = _run(_sources(tmp_path, src))
    reasons = " ".join(refusal_lines(out, "Setter", construct=True))
    assert "may make an object for the call" in reasons, reasons


ESCAPED = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Cell_Ref is access all Integer;
   type Box is record
      P : Cell_Ref;
   end record;
   task type Courier is
      entry Hand (B : Box);
   end Courier;
   task body Courier is
      Kept : Cell_Ref;
   begin
      accept Hand (B : Box) do
         Kept := B.P;
      end Hand;
      delay 0.05;
      Kept.all := 5;
   end Courier;
   function Probe return Integer is
      Cell : aliased Integer := 0;
      R : constant Box := (P => Cell'Unchecked_Access);
      Van : Courier;
   begin
      Van.Hand (R);
      if R.P.all = 5 then
         return 1;
      end if;
      return 0;
   end Probe;
begin
   Put_Line ("probe:" & Integer'Image (Probe));
end Main;
"""


def test_a_test_after_the_call_reading_what_was_passed_is_refused(tmp_path):
    # review12 awaited-condition-reads-escaped-formal: a composite actual may hold
    # (or be) a way to what the task's last work writes
    out = _run(_sources(tmp_path, ESCAPED))
    reasons = " ".join(refusal_lines(out, "Courier", construct=True))
    assert "after the call the caller reads R, which it passed to the task" in reasons, \
        reasons


DISCRIMINANT = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Count : Integer := 0 with Volatile;
   Odd : exception;
   task type Setter is
      entry Go (N : Integer);
   end Setter;
   task body Setter is
      Kept : Integer := 0;
   begin
      accept Go (N : Integer) do
         Kept := N;
      end Go;
      delay 0.02;
      Count := Count + Kept;
   end Setter;
   task type Loader (Id : Integer);
   task body Loader is
      S : Setter;
   begin
      S.Go (Id);
      if Id > 100 then
         raise Odd;
      end if;
   end Loader;
begin
   declare
      L : Loader (3);
   begin
      null;
   end;
   Put_Line ("count" & Integer'Image (Count));
end Main;
"""


@pytest.mark.parametrize("config", ["", DB], ids=["plain", "detect_blocking"])
def test_a_test_of_the_callers_own_discriminant_is_quiet(tmp_path, config):
    # review12: a discriminant is a constant of the calling task's object (RM 3.7),
    # no other task changes it
    _runs_the_same(_sources(tmp_path, DISCRIMINANT), config, "Setter", "count 3\n")


def test_a_test_of_another_tasks_discriminant_is_refused(tmp_path):
    # an object the caller does not own is named (its discriminant is constant, but the
    # rule does not look past the object)
    src = DISCRIMINANT.replace("   task type Loader (Id : Integer);\n",
                               "   task type Other (Id : Integer);\n"
                               "   task body Other is\n   begin\n      null;\n"
                               "   end Other;\n   O : Other (200);\n"
                               "   task type Loader (Id : Integer);\n") \
        .replace("if Id > 100 then", "if O.Id > 100 then")
    out = _run(_sources(tmp_path, src))
    reasons = " ".join(refusal_lines(out, "Setter", construct=True))
    assert "its condition names 'O', not a plain value of its own" in reasons, reasons
