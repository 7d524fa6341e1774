"""Timed and conditional calls of a server whose code the accepting scheme's object
would run holding its lock for any time (translator/schemes/accepting/long_actions.py).

The task, busy in a long accept body, lets a timed call time out and a conditional
call take its else part; the object's callers wait for its lock unqueued and then
find the entry open.  With a loop in the code the object runs, the accepting scheme
refuses such calls (the caller-runs scheme, whose turn stays taken, takes the task);
without one, or with plain calls only, it translates.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

TEMPLATE = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   function Fib (N : Natural) return Natural is
     (if N < 2 then N else Fib (N - 1) + Fib (N - 2));
   task Srv is
      entry Go (N : Integer);
      entry Ping;
   end Srv;

   task body Srv is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Go (N : Integer) do
               GO_BODY
            end Go;
         or
            accept Ping;
         or
            terminate;
         end select;
      end loop;
   end Srv;
   AFTER
begin
   Srv.Go (3);
   CALL
end Main;
"""
LOOP = "for I in 1 .. N loop Sum := Sum + I; end loop;"
STRAIGHT = "Sum := Sum + N;"
CALLS = {
    "timed": 'select Srv.Ping; Put_Line ("taken"); or delay 0.1; Put_Line ("late"); '
             'end select;',
    "conditional": 'select Srv.Ping; Put_Line ("taken"); else Put_Line ("busy"); '
                   'end select;',
    "plain": "Srv.Ping;",
    "triggering": 'select Srv.Ping; Put_Line ("taken"); then abort Put_Line ("started"); '
                  'end select;',
    # a plain call, but in an abortable part: aborted when the time is up
    "abortable": 'select delay 0.1; Put_Line ("late"); then abort Srv.Ping; end select;',
    # a plain call, but through a task's requeue with abort (RELAY below)
    "requeued": "Relay.Ask;",
    # a plain call, in a program that aborts a task (ABORTS below)
    "aborted": "Srv.Ping; abort Idle;",
}
RELAY = """task Relay is
      entry Ask;
   end Relay;
   task body Relay is
   begin
      accept Ask do
         requeue Srv.Ping with abort;
      end Ask;
   end Relay;"""
IDLE = "task Idle;\n   task body Idle is\n   begin\n      null;\n   end Idle;"
AFTER = {"requeued": RELAY, "aborted": IDLE}


def _decision(tmp_path: Path, body: str, call: str, after: str = ""):
    text = TEMPLATE.replace("GO_BODY", body).replace("CALL", CALLS[call]) \
        .replace("AFTER", after).lstrip()
    (tmp_path / "src").mkdir(parents=True)
    (tmp_path / "src" / "main.adb").write_text(text)
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme="server"))
    return next(d for name, d in out.decisions.items() if name.endswith(".Srv"))


@pytest.mark.parametrize("call", ["timed", "conditional"])
def test_the_accepting_scheme_leaves_a_looping_server_with_such_calls_to_caller_runs(
        tmp_path, call):
    d = _decision(tmp_path, LOOP, call)
    assert d.rewritten and d.scheme == "caller-runs-server", d


@pytest.mark.parametrize("body,call", [(STRAIGHT, "timed"), (STRAIGHT, "conditional"),
                                       (LOOP, "plain")])
def test_without_a_loop_or_a_call_that_can_time_out_the_accepting_scheme_takes_it(
        tmp_path, body, call):
    d = _decision(tmp_path, body, call)
    assert d.rewritten and d.scheme == "accepting-server", d


def test_a_triggering_call_is_refused_where_the_object_would_loop(tmp_path):
    d = _decision(tmp_path, LOOP, "triggering")
    assert not (d.rewritten and d.scheme == "accepting-server"), d


def test_a_triggering_call_is_taken_where_the_object_would_not_loop(tmp_path):
    d = _decision(tmp_path, STRAIGHT, "triggering")
    assert d.rewritten and d.scheme == "accepting-server", d


@pytest.mark.parametrize("body", [
    "Sum := Fib (N);",                                            # recursion
    "<<Again>> if Sum < N then Sum := Sum + 1; goto Again; end if;",
    "Sum := (if (for all I in 1 .. N => I > 0) then 1 else 0);"],
    ids=["recursion", "goto", "quantified"])
def test_code_that_loops_without_a_loop_statement_is_a_loop(tmp_path, body):
    d = _decision(tmp_path, body, "timed")
    assert not (d.rewritten and d.scheme == "accepting-server"), d


@pytest.mark.parametrize("call", ["abortable", "requeued", "aborted"])
def test_calls_their_callers_may_give_up_count_as_timed_ones(tmp_path, call):
    d = _decision(tmp_path, LOOP, call, AFTER.get(call, ""))
    assert not (d.rewritten and d.scheme == "accepting-server"), d
    # the accepting scheme's reason (shown, or named beside the caller-runs scheme's)
    assert "call waiting for the lock is not queued yet" in str(d), d


@pytest.mark.parametrize("call", ["abortable", "requeued", "aborted"])
def test_such_calls_of_a_server_that_does_not_loop_are_taken(tmp_path, call):
    d = _decision(tmp_path, STRAIGHT, call, AFTER.get(call, ""))
    assert d.rewritten and d.scheme == "accepting-server", d
