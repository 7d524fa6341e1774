"""The general scheme on small programs, each about one point of rendezvous semantics.

Each behaviour program is run as written (its output must be what the test
says: that is what Ada does) and after ``rewrite --scheme general`` (it must
print the same).  Each refusal program must be refused with the reason given,
and no file changed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

BEHAVIOUR = {
    # An accepted call cannot time out any more: the caller waits for the accept body.
    # (The paper's "requeue Queue with abort" would let this timed call expire.)
    "accepted_call_is_not_cancelled": ("""
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Server is
      entry Slow;
      entry Ready;
   end Server;
   task body Server is
   begin
      accept Ready;
      accept Slow do
         delay 0.3;
      end Slow;
   end Server;
begin
   Server.Ready;
   delay 0.1;   --  Server waits at accept Slow now
   select
      Server.Slow;
      Put_Line ("completed");
   or
      delay 0.05;
      Put_Line ("timed out");
   end select;
end Main;
""", "completed\n"),
    # A conditional call succeeds only if the task waits at an accept of that entry.
    # The same requeue with abort is translated (the refusal below is without abort).
    "requeue_with_abort_to_terminate_select": ("""
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task T is
      entry Work (X : Integer);
      entry Total (S : out Integer);
   end T;
   task body T is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Work (X : Integer) do
               Sum := Sum + X;
            end Work;
         or
            accept Total (S : out Integer) do
               S := Sum;
            end Total;
         or
            terminate;
         end select;
      end loop;
   end T;
   task D is
      entry Submit (X : Integer);
   end D;
   task body D is
   begin
      for I in 1 .. 3 loop
         accept Submit (X : Integer) do
            requeue T.Work with abort;
         end Submit;
      end loop;
   end D;
   S : Integer;
begin
   for I in 1 .. 3 loop
      D.Submit (I * 10);
   end loop;
   T.Total (S);
   Put_Line ("sum" & Integer'Image (S));
end Main;
""", "sum 60\n"),
    # A conditional call requeued with abort within the task is cancelled (the task is
    # busy with the rendezvous): the agent is busy too, the object cancels it as well.
    # (Without abort GNAT cancels it too, a protected entry would not: refused, see
    # corpus/ext_conditional_requeue.)
    # A requeue within the task reaches Work while the task is busy, never at its
    # terminate wait: not refused although the program makes a timed call.
    "own_requeue_to_terminate_select_with_timed_calls_elsewhere": ("""
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task T is
      entry Submit (X : Integer);
      entry Work (X : Integer);
      entry Total (S : out Integer);
   end T;
   task body T is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Submit (X : Integer) do
               requeue Work;
            end Submit;
         or
            accept Work (X : Integer) do
               Sum := Sum + X;
            end Work;
         or
            accept Total (S : out Integer) do
               S := Sum;
            end Total;
         or
            terminate;
         end select;
      end loop;
   end T;
   task Other is
      entry Ping;
   end Other;
   task body Other is
   begin
      accept Ping;
   end Other;
   S : Integer;
begin
   T.Submit (3);
   T.Work (4);
   select
      Other.Ping;
   or
      delay 1.0;
   end select;
   T.Total (S);
   Put_Line (S'Img);
end Main;
""", " 7\n"),
    "conditional_call_requeued_with_abort": ("""
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Desk is
      entry Ask (N : Integer);
      entry Answer (N : Integer);
      entry Stats (Answered : out Natural);
   end Desk;
   task body Desk is
      Answered : Natural := 0;
   begin
      loop
         select
            accept Ask (N : Integer) do
               requeue Answer with abort;
            end Ask;
         or
            accept Answer (N : Integer) do
               Answered := Answered + N;
            end Answer;
         or
            accept Stats (Answered : out Natural) do
               Answered := Desk.Answered;
            end Stats;
         or
            terminate;
         end select;
      end loop;
   end Desk;
   Taken, Refused, B : Natural := 0;
begin
   for I in 1 .. 3 loop
      delay 0.01;
      select
         Desk.Ask (I);
         Taken := Taken + 1;
      else
         Refused := Refused + 1;
      end select;
   end loop;
   Desk.Ask (10);
   Desk.Stats (B);
   Put_Line ("taken" & Natural'Image (Taken) & " refused" & Natural'Image (Refused)
             & " answered" & Natural'Image (B));
end Main;
""", "taken 0 refused 3 answered 10\n"),
    "conditional_call": ("""
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Server is
      entry Ping;
      entry Hold;
      entry Release;
   end Server;
   task body Server is
   begin
      accept Hold;
      accept Release;
      accept Ping;
   end Server;
begin
   Server.Hold;
   select
      Server.Ping;
      Put_Line ("ping taken while busy");
   else
      Put_Line ("ping refused while busy");
   end select;
   Server.Release;
   delay 0.1;
   select
      Server.Ping;
      Put_Line ("ping taken while waiting");
   else
      Put_Line ("ping refused while waiting");
   end select;
end Main;
""", "ping refused while busy\nping taken while waiting\n"),
    # An exception in an accept body reaches the caller and the task.
    "exception_reaches_both": ("""
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Server is
      entry Divide (A, B : Integer; Q : out Integer);
      entry Report (Failures : out Natural);
   end Server;
   task body Server is
      Failed : Natural := 0;
   begin
      for I in 1 .. 2 loop
         begin
            accept Divide (A, B : Integer; Q : out Integer) do
               Q := A / B;
            end Divide;
         exception
            when Constraint_Error => Failed := Failed + 1;
         end;
      end loop;
      accept Report (Failures : out Natural) do
         Failures := Failed;
      end Report;
   end Server;
   Q : Integer;
   F : Natural;
begin
   Server.Divide (7, 2, Q);
   Put_Line ("quotient" & Integer'Image (Q));
   begin
      Server.Divide (1, 0, Q);
      Put_Line ("no exception");
   exception
      when Constraint_Error => Put_Line ("caller saw Constraint_Error");
   end;
   Server.Report (F);
   Put_Line ("server saw" & Natural'Image (F));
end Main;
""", "quotient 3\ncaller saw Constraint_Error\nserver saw 1\n"),
    # Calls of a task that has ended raise Tasking_Error; so does a call queued when it ends.
    "completed_task_raises_tasking_error": ("""
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Server is
      entry Stop;
      entry Never;
   end Server;
   task body Server is
   begin
      accept Stop;
      delay 0.1;
   end Server;
   task Waiter;
   task body Waiter is
   begin
      Server.Never;
      Put_Line ("waiter: no exception");
   exception
      when Tasking_Error => Put_Line ("waiter: Tasking_Error");
   end Waiter;
begin
   delay 0.05;
   Server.Stop;
   delay 0.3;
   begin
      Server.Stop;
      Put_Line ("main: no exception");
   exception
      when Tasking_Error => Put_Line ("main: Tasking_Error");
   end;
end Main;
""", "waiter: Tasking_Error\nmain: Tasking_Error\n"),
    # terminate: a block waits for its servers, which end when their callers have.
    "terminate_in_a_block": ("""
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Total : Integer := 0;
begin
   declare
      task type Adder is
         entry Add (N : Integer);
      end Adder;
      task body Adder is
      begin
         loop
            select
               accept Add (N : Integer) do
                  Total := Total + N;
               end Add;
            or
               terminate;
            end select;
         end loop;
      end Adder;
      Pool : array (1 .. 3) of Adder;
   begin
      for I in Pool'Range loop
         Pool (I).Add (I * 10);
      end loop;
   end;
   Put_Line ("block left, total" & Integer'Image (Total));
end Main;
""", "block left, total 60\n"),
    # Every alternative closed and no else part: Program_Error in the task.
    "all_closed_raises_program_error": ("""
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Server is
      entry E;
      entry Outcome (Msg : out String);
   end Server;
   task body Server is
      Result : String (1 .. 5) := "none ";
   begin
      begin
         select
            when False => accept E;
         or
            when False => terminate;
         end select;
      exception
         when Program_Error => Result := "PE   ";
      end;
      accept Outcome (Msg : out String) do
         Msg := Result;
      end Outcome;
   end Server;
   Msg : String (1 .. 5);
begin
   Server.Outcome (Msg);
   Put_Line (Msg);
end Main;
""", "PE   \n"),
    # Else part: the select polls; a delay alternative: it waits that long at most.
    "else_and_delay_alternatives": ("""
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Polled is
      procedure Set;
      entry Wait;
   private
      Done : Boolean := False;
   end Polled;
   protected body Polled is
      procedure Set is
      begin
         Done := True;
      end Set;
      entry Wait when Done is
      begin
         null;
      end Wait;
   end Polled;
   task Server is
      entry Go;
      entry Tally (Polls, Timeouts : out Natural);
   end Server;
   task body Server is
      P, T : Natural := 0;
   begin
      select
         accept Go;
      else
         P := P + 1;
      end select;
      select
         accept Go;
      or
         delay 0.05;
         T := T + 1;
      end select;
      Polled.Set;
      accept Go;
      accept Tally (Polls, Timeouts : out Natural) do
         Polls := P;
         Timeouts := T;
      end Tally;
   end Server;
   P, T : Natural;
begin
   Polled.Wait;   --  Go comes after both selects, whatever the machine's load
   Server.Go;
   Server.Tally (P, T);
   Put_Line ("polls" & Natural'Image (P) & " timeouts" & Natural'Image (T));
end Main;
""", "polls 1 timeouts 1\n"),
    # 'Count, 'Caller and a requeue to another entry with a family index.
    "count_caller_requeue": ("""
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Task_Identification; use Ada.Task_Identification;
procedure Main is
   type Level is (Low, High);
   task Desk is
      entry Ask (Lv : Level; N : in out Integer);
      entry Serve (Level) (Lv : Level; N : in out Integer);
      entry Report (Counts : out Natural; Env : out Boolean);
   end Desk;
   task body Desk is
      Env_Called : Boolean := False;
      Queued     : Natural;
   begin
      for I in 1 .. 2 loop
         accept Ask (Lv : Level; N : in out Integer) do
            if Ask'Caller = Environment_Task then
               Env_Called := True;
            end if;
            N := N + 1;
            requeue Serve (Lv);
         end Ask;
      end loop;
      Queued := Serve (Low)'Count + 10 * Serve (High)'Count;
      for L in reverse Level loop
         accept Serve (L) (Lv : Level; N : in out Integer) do
            N := N * 100 + Level'Pos (Lv);
         end Serve;
      end loop;
      accept Report (Counts : out Natural; Env : out Boolean) do
         Counts := Queued;
         Env := Env_Called;
      end Report;
   end Desk;
   Mine, Theirs : Integer;
   Counts : Natural;
   Env : Boolean;
begin
   declare
      task Other;
      task body Other is
         N : Integer := 5;
      begin
         Desk.Ask (High, N);
         Theirs := N;
      end Other;
   begin
      delay 0.1;
      Mine := 1;
      Desk.Ask (Low, Mine);
   end;
   Desk.Report (Counts, Env);
   Put_Line ("main" & Integer'Image (Mine) & " other" & Integer'Image (Theirs)
             & " queued" & Natural'Image (Counts) & " env " & Boolean'Image (Env));
end Main;
""", "main 200 other 601 queued 11 env TRUE\n"),
}

BEHAVIOUR["return_completes_the_accept"] = ("""
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task T is
      entry E (X : Integer; Y : out Integer);
      entry Shown;   --  taken once T has printed: the order is fixed, not timed
   end T;
   task body T is
   begin
      for I in 1 .. 2 loop
         accept E (X : Integer; Y : out Integer) do
            Y := X;
            if X > 0 then
               return;
            end if;
            Y := -X;
         end E;
         Put_Line ("accepted" & Integer'Image (I));
         accept Shown;
      end loop;
   end T;
   Y : Integer;
begin
   T.E (5, Y);
   T.Shown;
   Put_Line ("got" & Integer'Image (Y));
   T.E (-3, Y);
   T.Shown;
   Put_Line ("got" & Integer'Image (Y));
end Main;
""", "accepted 1\ngot 5\naccepted 2\ngot 3\n")

# A family index written as a range with its type, and E.X naming a formal that
# has the name of a task variable: each name must keep pointing where it did.
BEHAVIOUR["family_range_and_formal_names"] = ("""
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task T is
      entry Put (Integer range 1 .. 3) (Sum : Integer);
      entry Get (Sum : out Integer);
   end T;
   task body T is
      Sum : Integer := 0;
   begin
      for I in 1 .. 3 loop
         accept Put (I) (Sum : Integer) do
            T.Sum := T.Sum + Put.Sum * I;
         end Put;
      end loop;
      accept Get (Sum : out Integer) do
         Get.Sum := T.Sum;
      end Get;
   end T;
   S : Integer;
begin
   for I in 1 .. 3 loop
      T.Put (I) (10);
   end loop;
   T.Get (S);
   Put_Line ("sum" & Integer'Image (S));
end Main;
""", "sum 60\n")

# E.X still names the formal where a declaration in the accept body hides X.
BEHAVIOUR["formal_hidden_in_accept_body"] = ("""
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task T is
      entry E (X : Integer; Y : out Integer);
   end T;
   task body T is
   begin
      accept E (X : Integer; Y : out Integer) do
         declare
            X : constant Integer := E.X * 2;
         begin
            E.Y := X + E.X;
         end;
      end E;
   end T;
   Y : Integer;
begin
   T.E (5, Y);
   Put_Line ("y" & Integer'Image (Y));
end Main;
""", "y 15\n")

# A select's delay expired while its alternatives were armed in the object (GNAT cancels the
# agent's timed call without running anything there).  The next select must not leave them
# armed: B, closed by its guard now (or absent from the next select), took the timed call,
# the agent read the choice as its delay alternative, and the object stayed busy with B for
# ever (the agent spinning in Select_Arm, every caller hung; acceptance program
# general_delay_alt_livelock, corpus/general_delay_guard_rearm).
BEHAVIOUR["expired_delay_leaves_nothing_armed"] = ("""
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task T is
      entry A;
      entry B (X : Integer; Y : out Integer);
      entry C;
   end T;
   task body T is
      Open : Boolean := True;
      Wait : Duration := 0.02;
   begin
      for Round in 1 .. 2 loop
         select
            when Open =>
               accept B (X : Integer; Y : out Integer) do
                  Y := X;
               end B;
         or
            accept A;
         or
            delay Wait;
            Open := False;
            Wait := 5.0;
         end select;
      end loop;
      select
         accept C;
      or
         delay 0.02;
      end select;
      select
         accept A;
      or
         delay 5.0;
      end select;
   end T;
   Y : Integer := 0;
begin
   delay 0.1;   --  the first select's delay has expired, B's guard is closed
   select
      T.B (7, Y);
      Put_Line ("closed B accepted");
   or
      delay 0.1;
      Put_Line ("closed B timed out");
   end select;
   T.A;
   delay 0.1;   --  C's select has expired; T waits at a select without C
   select
      T.C;
      Put_Line ("C accepted");
   or
      delay 0.1;
      Put_Line ("C timed out");
   end select;
   T.A;
end Main;
""", "closed B timed out\nC timed out\n")

REFUSED = {
    # The allocated Caller calls an object of T before it is activated; the declarative
    # part then raises, T is never activated and the call must raise Tasking_Error. The
    # object would wait for an agent that never comes.
    "called_before_activation": ("""
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
begin
   declare
      task type T is
         entry E;
      end T;
      type Pool is array (1 .. 2) of T;
      task type Caller;
      type Caller_Ref is access Caller;
      S : Pool;
      task body T is
      begin
         loop
            select
               accept E;
            or
               terminate;
            end select;
         end loop;
      end T;
      task body Caller is
      begin
         S (1).E;
      exception
         when Tasking_Error =>
            Put_Line ("Tasking_Error: never activated");
      end Caller;
      C : Caller_Ref := new Caller;
      I : Positive := Integer'Value ("0");
   begin
      Put_Line (Integer'Image (I));
   end;
exception
   when Constraint_Error =>
      Put_Line ("Constraint_Error");
end Main;
""", "before T is activated"),
    # After Abort_Task the task is abnormal and T.E must raise Tasking_Error; the object
    # would close only when the aborted agent finalizes (the call could complete).
    "abort_task_of_identity": ("""
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Task_Identification; use Ada.Task_Identification;
procedure Main is
   task T is
      entry E (I : Integer);
   end T;
   task body T is
   begin
      accept E (I : Integer);
      Put_Line ("T: accepted E (wrong)");
   end T;
begin
   Abort_Task (T'Identity);
   T.E (1);
   Put_Line ("call of E completed (wrong)");
exception
   when Tasking_Error =>
      Put_Line ("Tasking_Error (expected)");
end Main;
""", "Abort_Task of a task identity the program holds"),
    # At its terminate wait the object hands callers on to the agent by a requeue, which
    # cannot keep both a call requeued there without abort uncancellable and a timed call
    # to the same entry cancellable; the timed call alone is refused already (below).
    "requeue_without_abort_and_timed_call": ("""
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task T is
      entry Work (X : Integer);
   end T;
   task body T is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Work (X : Integer) do
               Sum := Sum + X;
            end Work;
         or
            terminate;
         end select;
      end loop;
   end T;
   task D is
      entry Submit (X : Integer);
   end D;
   task body D is
   begin
      accept Submit (X : Integer) do
         requeue T.Work;
      end Submit;
   end D;
begin
   D.Submit (3);
   select
      T.Work (4);
   or
      delay 1.0;
   end select;
   Put_Line ("done");
end Main;
""", "Work is called with a time-out at src/main.adb:31:9, and such a call can race with "
     "this terminate alternative (GNAT 12 can then hang the translated task): make that "
     "call a plain or conditional one, or end the task by an entry of its own instead of "
     "terminate"),
    # At its terminate wait the object passes a caller to the agent, whose accept body
    # requeues it: GNAT 12 can leave the agent locked for ever if the call is cancelled
    # then (handoff_race.py).  A timed call can be; an aborted caller's too.
    "timed_call_at_terminate_wait": ("""
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task T is
      entry Work (X : Integer);
   end T;
   task body T is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Work (X : Integer) do
               Sum := Sum + X;
            end Work;
         or
            terminate;
         end select;
      end loop;
   end T;
begin
   select
      T.Work (4);
   or
      delay 1.0;
   end select;
   Put_Line ("done");
end Main;
""", "Work is called with a time-out at src/main.adb:21:9, and such a call can race with "
     "this terminate alternative"),
    "aborted_caller_at_terminate_wait": ("""
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task T is
      entry Work (X : Integer);
   end T;
   task body T is
   begin
      loop
         select
            accept Work (X : Integer) do
               Put_Line ("work" & X'Img);
            end Work;
         or
            terminate;
         end select;
      end loop;
   end T;
   task C;
   task body C is
   begin
      T.Work (1);
      delay 10.0;
   end C;
begin
   delay 0.1;
   abort C;
end Main;
""", "Work is called by a task the program may abort at src/main.adb:21:9, and such a call "
     "can race with this terminate alternative (GNAT 12 can then hang the translated task): "
     "do not abort that task, or end the task by an entry of its own instead of terminate"),
    # An internal requeue with abort made by the object loses a cancelled call's wakeup.
    "timed_caller_of_internal_requeue_with_abort": ("""
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task T is
      entry Ask (X : out Integer);
      entry Hold (X : out Integer);
      entry Release;
   end T;
   task body T is
   begin
      accept Ask (X : out Integer) do
         X := 1;
         requeue Hold with abort;
      end Ask;
      accept Release;
      accept Hold (X : out Integer) do
         X := X + 1;
      end Hold;
   end T;
   X : Integer := 0;
begin
   select
      T.Ask (X);
   or
      delay 5.0;
   end select;
   Put_Line (X'Img);
end Main;
""", "Ask is called with a time-out at src/main.adb:22:9, and such a call can race with this "
     "requeue with abort (GNAT 12 can then leave its caller waiting for ever): make that call "
     "a plain or conditional one, or requeue without abort"),
    "limited_parameter": ("""
procedure Main is
   package Handles is
      type Handle is limited private;
   private
      type Handle is limited record
         N : Integer := 0;
      end record;
   end Handles;
   use Handles;
   task T is
      entry Use_It (H : in out Handle);
   end T;
   task body T is
   begin
      accept Use_It (H : in out Handle) do
         null;
      end Use_It;
   end T;
   H : Handle;
begin
   T.Use_It (H);
end Main;
""", "a parameter of the limited type Handle"),
    "requeue_to_task_local": ("""
procedure Main is
   task type Worker is
      entry Job;
   end Worker;
   task body Worker is
   begin
      accept Job;
   end Worker;
   task T is
      entry E;
   end T;
   task body T is
      Crew : array (1 .. 2) of Worker;
   begin
      accept E do
         requeue Crew (1).Job;
      end E;
      Crew (2).Job;
   end T;
begin
   T.E;
end Main;
""", "declared in the task body"),
    "family_bounds_from_discriminant": ("""
procedure Main is
   task type T (N : Positive) is
      entry E (1 .. N);
   end T;
   task body T is
   begin
      accept E (1);
   end T;
   X : T (2);
begin
   X.E (1);
end Main;
""", "depend on the task's discriminants"),
    "entry_renamed_in_body": ("""
procedure Main is
   task T is
      entry E;
   end T;
   task body T is
      procedure Also renames E;
   begin
      accept E;
   end T;
begin
   T.E;
end Main;
""", "the entry E is named here other than by an accept"),
}


def write(root: Path, source: str) -> Path:
    src = root / "src"
    src.mkdir()
    (src / "main.adb").write_text(source.lstrip())
    return src


@pytest.mark.parametrize("name", sorted(BEHAVIOUR))
def test_translation_behaves_as_the_rendezvous(name, tmp_path):
    source, expected = BEHAVIOUR[name]
    src = write(tmp_path, source)
    original = run_program(src, "main")
    assert original.returncode == 0, original.stderr
    if expected is not None:
        assert original.stdout == expected
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "general"))
    refused = {q: d.reason for q, d in out.decisions.items() if not d.rewritten}
    assert not refused and out.changes, refused
    rewrite.write(out)
    for config in ("", "pragma Detect_Blocking;\n"):
        again = run_program(src, "main", config)
        assert again.returncode == 0, again.stderr
        assert again.stdout == original.stdout


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_refused_with_the_reason(name, tmp_path):
    source, reason = REFUSED[name]
    src = write(tmp_path, source)
    before = (src / "main.adb").read_bytes()
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "general"))
    t = out.decisions["Main.T"]
    assert not t.rewritten and reason in t.reason, t.reason
    assert t.loc.path == "src/main.adb" and t.loc.line > 1
    assert not any(p.name == "main.adb" and "Main.T" in out.rewritten for p in out.changes)
    assert (src / "main.adb").read_bytes() == before
