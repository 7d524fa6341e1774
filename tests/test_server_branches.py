"""Accepts in the branches of if and case statements (server/shape._branch_sync) and in
inner while loops (shape._inner_loop): what is translated, with the barriers and tests
written, and what is refused, with the reason.

The corpus cases flow_branch_accepts, flow_branch_refused, flow_inner_while and
flow_inner_refused build and run whole programs; these tests pin the edges.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

TEMPLATE = """
procedure Main is
   type Mode is (Idle, Busy, Done);
   task T is
      entry A;
      entry B (X : Integer);
      entry Get (N : out Integer);
   end T;
   task body T is
      M : Mode := Idle;
      Count : Integer := 0;
      Flag : Boolean := False;
      X : Integer := 0;
   begin
      loop
{branches}
      end loop;
   end T;
   N : Integer;
begin
   T.A;
   T.Get (N);
end Main;
"""


def _run(tmp_path: Path, branches: str):
    src = tmp_path / "src"
    src.mkdir()
    body = "\n".join("         " + ln for ln in branches.strip("\n").split("\n"))
    (src / "main.adb").write_text(TEMPLATE.format(branches=body).lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",))))
    new = out.changes and next(iter(out.changes.values()))[1].decode()
    return out.decisions["Main.T"], new


TRANSLATED = {
    "if_else": ("""
if Flag then
   accept A;
   Flag := False;
else
   select
      accept B (X : Integer) do Count := X; end B;
      Flag := True;
   or
      accept Get (N : out Integer) do N := Count; end Get;
   or
      terminate;
   end select;
end if;""", ["entry A when Flag is", "entry B (X : Integer) when not Flag is",
             "entry Get (N : out Integer) when not Flag is"]),
    "case_values_ranges_others": ("""
case M is
   when Idle =>
      accept A;
      M := Busy;
   when Busy | Done =>
      select
         when Count < 3 =>
            accept B (X : Integer) do Count := Count + X; end B;
      or
         accept Get (N : out Integer) do N := Count; end Get;
      or
         terminate;
      end select;
end case;""", ["entry A when Ended or else M = Idle is",
             "(M in Busy | Done and then (Count < 3))",
             "when Ended or else M in Busy | Done is"]),
    "elsif_others_in_every_branch": ("""
if M = Idle then
   select
      accept A;
      M := Busy;
   or
      accept Get (N : out Integer) do N := 1; end Get;
   or
      terminate;
   end select;
elsif Count > 0 then
   accept Get (N : out Integer) do N := 1; end Get;
else
   select
      accept B (X : Integer) do Count := X; end B;
   or
      accept Get (N : out Integer) do N := 1; end Get;
   end select;
end if;""", ["procedure Get (N : out Integer) is",   # open in every branch, called plainly
             "entry B (X : Integer) when not (M = Idle) and then not (Count > 0) is"]),
    "inner_while": ("""
select
   accept A;
or
   terminate;
end select;
Count := 0;
while Count < 2 loop
   accept B (X : Integer) do Flag := X > 0; end B;
   Count := Count + 1;
end loop;
accept Get (N : out Integer) do N := Count; end Get;""",
                    ["entry B (X : Integer) when Stage = 0 or else Stage = 2 is",
                     "if not (Count < 2) then\n",
                     "Stage := 3;  --  the task left its while loop (line 21)"]),
    "inner_for_loops_sharing_an_index": ("""
select
   accept A;
or
   terminate;
end select;
for I in 1 .. Count loop
   accept B (X : Integer) do Count := Count + X; end B;
end loop;
for I in reverse 1 .. 2 loop
   accept Get (N : out Integer) do N := I; end Get;
end loop;""", ["      I : Integer;  --  the for loop's index\n      I_Last : Integer;",
               "I_Last_2 : Integer;", "I := Integer'Pred (I);",
               "Stage := 1;  --  the task left its for loop (line 23)"]),
    # an if without else of one branch: the object is at its stage only when the
    # condition held, so the barrier is the stage alone; the test is where the task
    # reached the if (here at the first call, and after Get)
    "no_else": ("""
if Flag then
   accept A;
end if;
select
   accept Get (N : out Integer) do N := 1; end Get;
or
   terminate;
end select;""", ["entry A when Stage <= 0 or else Stage = 1 is",
             "         Stage := 1;\n         if not Flag then\n            Stage := 2;  --  no "
             "condition held: the task went past its if statement (line 15)"]),
    # of two branches: where neither condition holds the task goes on; B is accepted
    # in both, so its barrier needs the stage only
    "no_else_two_branches": ("""
accept Get (N : out Integer) do N := Count; end Get;
if Count > 3 then
   accept B (X : Integer) do Count := X; end B;
elsif Flag then
   select
      accept A;
   or
      accept B (X : Integer) do Count := X; end B;
   end select;
end if;""", ["entry B (X : Integer) when Stage = 2 is",
             "entry A when Stage = 2 and then (not (Count > 3) and then Flag) is",
             "if not (Count > 3) and then not Flag then\n            Stage := 1;"]),
    # an if nested in a branch: its alternatives are guarded by both conditions, and
    # the statements after it in the outer branch run after those of the inner one
    "if_in_if": ("""
if Flag then
   if Count > 0 then
      accept A;
      Count := 0;
   else
      accept B (X : Integer) do Count := X; end B;
   end if;
   Flag := False;
else
   accept Get (N : out Integer) do N := Count; end Get;
   Flag := True;
end if;""", ["entry A when Flag and then Count > 0 is",
             "entry B (X : Integer) when Flag and then not (Count > 0) is",
             "Count := 0;\n         Flag := False;"]),
    # an entry accepted in every branch of the nested if: the outer condition only
    "accepted_in_every_nested_branch": ("""
if Flag then
   if Count > 0 then
      accept A;
   else
      select
         accept A;
      or
         accept B (X : Integer) do Count := X; end B;
      end select;
   end if;
else
   accept Get (N : out Integer) do N := Count; end Get;
   Flag := True;
end if;""", ["entry A when Flag is", "entry B (X : Integer) when Flag and then not (Count > 0) is"]),
    # a case nested in a branch of an if: the case's choice joins the if's condition
    "case_in_if": ("""
if Flag then
   case M is
      when Idle =>
         accept A;
         M := Busy;
      when others =>
         accept B (X : Integer) do Count := X; end B;
   end case;
else
   accept Get (N : out Integer) do N := Count; end Get;
   Flag := True;
end if;""", ["entry A when Flag and then M = Idle is",
             "entry B (X : Integer) when Flag and then M not in Idle is"]),
}


@pytest.mark.parametrize("name", sorted(TRANSLATED))
def test_branches_of_sync_points_become_guards(tmp_path, name):
    branches, barriers = TRANSLATED[name]
    decision, new = _run(tmp_path, branches)
    assert decision.rewritten, decision
    for b in barriers:
        assert b in new, new


REFUSED = {
    "no_else_nested": ("""
if Flag then
   if Count > 0 then
      accept A;
   end if;
else
   accept Get (N : out Integer) do N := 1; end Get;
end if;""", "an accept inside an if statement without else in a branch of an if "
            "statement"),
    # past the if the task comes back to it without waiting anywhere: it would spin
    "no_else_spins": ("""
if Flag then
   accept A;
end if;
Count := Count + 1;
Flag := Count > 3;""", "the task comes back to it without waiting at an accept"),
    # the test of an if without else moves into the previous accept's entry body
    "no_else_condition_names_a_parameter": ("""
accept B (X : Integer) do Count := X; end B;
if X > 0 then
   accept A;
end if;""", "'X' would denote the parameter X of entry B"),
    "no_else_first_in_a_handled_loop_body": ("""
begin
   if Flag then
      accept A;
   end if;
   accept Get (N : out Integer) do N := 1; end Get;
exception
   when others => Count := 0;
end;""", "an if statement without else first in a loop body whose exceptions are handled"),
    "no_else_beside_a_delay": ("""
select
   accept A;
or
   delay 0.5;
end select;
if Flag then
   accept Get (N : out Integer) do N := 1; end Get;
end if;""", "a delay alternative in a server with an accept inside an if statement "
            "without else"),
    "statement_first": ("""
if Flag then
   Count := 0;
   accept A;
else
   accept Get (N : out Integer) do N := 1; end Get;
end if;""", "does not begin with an accept or a select"),
    "two_accepts_in_a_branch": ("""
if Flag then
   accept A;
   accept A;
else
   accept Get (N : out Integer) do N := 1; end Get;
end if;""", "a second accept or select in a branch"),
    "all_guarded_select": ("""
if Flag then
   select
      when Count > 0 => accept A;
   or
      when Count < 0 => accept Get (N : out Integer) do N := 1; end Get;
   end select;
else
   accept A;
end if;""", "whose every alternative has a guard"),
    "count_in_condition": ("""
if A'Count > 0 then
   accept A;
else
   accept Get (N : out Integer) do N := 1; end Get;
end if;""", "'Count read where a branch"),
    "condition_names_a_parameter": ("""
if X > 0 then
   accept A;
else
   accept B (X : Integer) do Count := X; end B;
end if;""", "would denote the parameter X of entry B"),
    "condition_can_raise": ("""
if Count + 1 > 0 then
   accept A;
else
   accept Get (N : out Integer) do N := 1; end Get;
end if;""", "this condition chooses where the task waits and can raise"),
    "one_branch_case": ("""
case M is
   when others =>
      accept A;
end case;
accept Get (N : out Integer) do N := 1; end Get;""", "of one branch"),
    "plain_inner_loop": ("""
accept Get (N : out Integer) do N := 1; end Get;
loop
   accept A;
   Count := Count + 1;
   exit when Count > 2;
end loop;""", "an accept inside an inner loop that is neither a while nor a for loop"),
    "for_loops_sharing_a_name_of_two_types": ("""
accept Get (N : out Integer) do N := 1; end Get;
for I in 1 .. 2 loop
   accept A;
end loop;
for I in Mode loop
   accept A;
end loop;""", "is of another type than the one of the loop at line"),
    "exit_from_inner_loop": ("""
accept Get (N : out Integer) do N := 1; end Get;
while Count < 3 loop
   accept A;
   exit when Flag;
end loop;""", "an exit from an inner loop holding accepts"),
    "delay_in_a_branch": ("""
if Flag then
   select
      accept A;
   or
      delay 0.5;
   end select;
else
   accept Get (N : out Integer) do N := 1; end Get;
end if;""", "a delay alternative in a select in a branch of an if statement"),
    "delay_beside_an_inner_loop": ("""
select
   accept A;
or
   delay 0.5;
   Count := 0;
end select;
while Count < 2 loop
   accept Get (N : out Integer) do N := 1; end Get;
   Count := Count + 1;
end loop;""", "a delay alternative in a server with inner loops holding accepts"),
    "only_an_inner_loop": ("""
while Count < 3 loop
   accept A;
end loop;""", "the server loop's accepts are nested in other statements"),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_what_cannot_become_one_sync_point_is_refused(tmp_path, name):
    branches, reason = REFUSED[name]
    decision, new = _run(tmp_path, branches)
    assert not decision.rewritten and not new
    assert reason in str(decision), decision
