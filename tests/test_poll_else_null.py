"""A server loop polling with 'else null;' (common/polling.py): translated as if the
task waited at its select, by the accepting and the caller-runs scheme, unless
something can tell polling from waiting.  The corpus cases poll_else_null and
poll_else_null_refused run translations; here, each condition's edge."""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PROGRAM = """
with Ada.Text_IO, Ada.Calendar;
procedure Main is
   Global : Integer := 1;
   DECLS
   task Cell is
      entry Set (V : Integer);
      entry Get (V : out Integer);
      entry Quit;
   end Cell;
   task body Cell is
      Value : Integer := 0;
      VARS
   begin
      LOOP_HEAD
         select
            accept Set (V : Integer) do
               Value := V;
               PRINT
            end Set;
         or
            when GUARD =>
               accept Get (V : out Integer) do
                  V := Value;
               end Get;
         or
            accept Quit;
            exit;
         else
            ELSE_PART
         end select;
      end loop;
   end Cell;
   LATE
   X : Integer := 0;
begin
   Cell.Set (5);
   CALLS
   Cell.Get (X);
   Cell.Quit;
end Main;
"""

DEFAULTS = {"DECLS": "", "VARS": "", "LOOP_HEAD": "loop", "GUARD": "Value > 0",
            "ELSE_PART": "null;", "LATE": "", "CALLS": ""}


def _program(prints: bool, **parts: str) -> str:
    text = PROGRAM.replace("PRINT", 'Ada.Text_IO.Put_Line ("set");' if prints else "null;")
    for key, value in {**DEFAULTS, **parts}.items():
        text = text.replace(key, value)
    return text


def _decision(tmp_path: Path, scheme: str, **parts: str):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(
        _program(scheme == "caller-runs", **parts).lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme=scheme))
    assert not [d for d in out.diagnostics if d.severity == "error"], out.diagnostics
    return next(d for name, d in out.decisions.items() if name.endswith(".Cell"))


def _reasons(d) -> str:
    return "\n".join(f"{o.construct}: {o.reason}" for o in d.obstacles or (d,))


SCHEMES = ["server", "caller-runs"]
TAKEN = {
    "plain": {},
    "two nulls": {"ELSE_PART": "null; null;"},
    "a timed call with a positive delay": {
        "CALLS": "select Cell.Get (X); or delay 0.5; end select;"},
    "a timed call with a positive named number": {
        "DECLS": "Patience : constant := 2.0;",
        "CALLS": "select Cell.Get (X); or delay Patience; end select;"},
    "a guard reading an outer constant": {"DECLS": "Least : constant Integer := 0;",
                                          "GUARD": "Value > Least"},
}
REFUSED = {
    "a conditional call": ({"CALLS": "select Cell.Get (X); else null; end select;"},
                           "a conditional call takes its else part"),
    "a conditional call through a renaming": (
        {"LATE": "procedure Fetch (V : out Integer) renames Cell.Get;",
         "CALLS": "select Fetch (X); else null; end select;"},
        "a conditional call takes its else part"),
    "a timed call with a zero delay": (
        {"CALLS": "select Cell.Get (X); or delay 0.0; end select;"},
        "a timed call whose delay is not shown to be at least a millisecond"),
    "a timed call with a computed delay": (
        {"DECLS": "Wait : Duration := 1.0;",
         "CALLS": "select Cell.Get (X); or delay Wait; end select;"},
        "a timed call whose delay is not shown to be at least a millisecond"),
    "a timed call with a variable named like a positive named number": (
        {"DECLS": "Patience : constant := 2.0;",
         "CALLS": "declare Patience : Duration := 0.0; begin "
                  "select Cell.Get (X); or delay Patience; end select; end;"},
        "a timed call whose delay is not shown to be at least a millisecond"),
    "a timed call with delay until": (
        {"CALLS": "select Cell.Get (X); or delay until Ada.Calendar.Clock; end select;"},
        "a timed call whose delay is not shown to be at least a millisecond"),
    "a timed call with a delay below a millisecond": (
        {"CALLS": "select Cell.Get (X); or delay 0.000_000_000_1; end select;"},
        "a timed call whose delay is not shown to be at least a millisecond"),
    "a guard reading an overlay": (
        {"DECLS": "Shared : aliased Integer := 1;",
         "VARS": "Open : Integer with Address => Shared'Address, Import, Volatile;",
         "GUARD": "Open > 0"},
        "other tasks may reach"),
    "an asynchronous select's trigger": (
        {"CALLS": "select Cell.Get (X); then abort null; end select;"},
        "a call triggering an asynchronous select"),
    "a requeue with abort": (
        {"LATE": "protected Relay is entry Pass (V : out Integer); end Relay; "
                 "protected body Relay is entry Pass (V : out Integer) when True is "
                 "begin requeue Cell.Get with abort; end Pass; end Relay;",
         "CALLS": "Relay.Pass (X);"},
        "a requeue with abort carries"),
    "priorities": ({"DECLS": "pragma Priority (5);"}, "sets priorities"),
    "a guard reading a variable of another scope": (
        {"GUARD": "Value > Global"}, None),
    "a guard reading an aliased variable": (
        {"VARS": "Limit : aliased Integer := 0;", "GUARD": "Value > Limit"},
        "other tasks may reach"),
    "a guard reading a variable whose access is taken": (
        {"VARS": "Limit : aliased Integer := 0; "
                 "Seen : access Integer := Limit'Access;", "GUARD": "Value > Limit"},
        "other tasks may reach"),
    "a guard reading 'Count": ({"GUARD": "Quit'Count = 0 and Value > 0"}, "'Count"),
    "a while loop": ({"VARS": "Going : Boolean := True;", "LOOP_HEAD": "while Going loop"},
                     "in a while or for loop"),
    "an else part that does something": ({"ELSE_PART": "Value := Value + 0;"},
                                         "an else part in the server's select"),
}


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("case", TAKEN, ids=list(TAKEN))
def test_polling_taken_as_waiting(tmp_path, scheme, case):
    d = _decision(tmp_path, scheme, **TAKEN[case])
    assert d.rewritten, _reasons(d)


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("case", REFUSED, ids=list(REFUSED))
def test_polling_that_can_be_told_from_waiting_is_refused(tmp_path, scheme, case):
    parts, why = REFUSED[case]
    d = _decision(tmp_path, scheme, **parts)
    assert not d.rewritten
    if why is not None:
        assert why in _reasons(d), _reasons(d)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_a_policy_in_a_configuration_pragma_file_is_seen(tmp_path, scheme):
    """gnat.adc is where a dispatching policy is usually set: under FIFO within
    priorities on one processor the polling task starves the main program, which the
    original then never lets go on (found by review: the translation ended)."""
    (tmp_path / "gnat.adc").write_text(
        "pragma Task_Dispatching_Policy (FIFO_Within_Priorities);\n")
    d = _decision(tmp_path, scheme)
    assert not d.rewritten and "sets priorities" in _reasons(d), _reasons(d)
