"""An always-open entry becomes a protected procedure when no caller can tell
(accepting/procedures.py); otherwise it stays an entry.

Srv's Add is open whenever the object is (the select's unguarded accept, no
Stage).  Called only by plain call statements from code that cannot run in a
protected action, it becomes ``procedure Add``.  A conditional, timed or
requeued call, an asynchronous select's trigger, a renaming, ``Add'Count``,
and a call from inside a protected action (directly, through a subprogram,
through an access value) keep it an entry: each either needs an entry or
behaves otherwise -- an entry call inside a protected action is
Program_Error under Detect_Blocking, a procedure call is not.  Get, always
called plainly from Main, is a procedure in every case.  Every translation
runs against the original, plain and with Detect_Blocking.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options
from rdv2po.schemes import registry
from rdv2po.schemes.accepting.plugin import ACCEPTING

PROGRAM = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Srv is
      entry Add (X : Integer);
      entry Get (N : out Integer);
   end Srv;

   task body Srv is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Add (X : Integer) do
               Sum := Sum + X{count};
            end Add;
         or
            accept Get (N : out Integer) do
               N := Sum;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Srv;

   procedure Forward (X : Integer) is
   begin
      Srv.Add (X);
   end Forward;

   type Sender is access procedure (X : Integer);
{decls}
   N : Integer;
begin
   begin
{stmts}
   exception
      when Program_Error =>
         Put_Line ("Program_Error");
   end;
   Srv.Get (N);
   Put_Line ("sum" & N'Image);
end Main;
"""

RELAY = """
   protected Relay is
      procedure Send (X : Integer);
   end Relay;

   protected body Relay is
      procedure Send (X : Integer) is
      begin
         {send}
      end Send;
   end Relay;
"""

FRONT = """
   task Front is
      entry Ask (X : Integer);
   end Front;

   task body Front is
   begin
      loop
         select
            accept Ask (X : Integer) do
               requeue Srv.Add;
            end Ask;
         or
            terminate;
         end select;
      end loop;
   end Front;
"""

CLIENT = """
   task type Client;
   task body Client is
   begin
      Forward (4);
   end Client;
"""

SHAPES = """
   package Shapes is
      type Shape is tagged null record;
      procedure Send (S : Shape; X : Integer);
      type Square is new Shape with null record;
      overriding procedure Send (S : Square; X : Integer);
   end Shapes;

   package body Shapes is
      procedure Send (S : Shape; X : Integer) is
      begin
         null;
      end Send;

      overriding procedure Send (S : Square; X : Integer) is
      begin
         Forward (X);
      end Send;
   end Shapes;

   Any : constant Shapes.Shape'Class := Shapes.Square'(null record);
"""

# name: (declarations, statements, Add'Count in the accept body, Add a procedure?)
CASES = {
    "plain_calls": ("", "Srv.Add (1); Forward (2);", False, True),
    "from_a_task": (CLIENT, "declare C : Client; begin Srv.Add (1); end;", False, True),
    # retried until the task waits at its select: the same output in both forms
    "conditional_call": ("", "loop select Srv.Add (1); exit; else delay 0.01; end select; "
                         "end loop;", False, False),
    "timed_call": ("", "select Srv.Add (1); or delay 5.0; end select;", False, False),
    "asynchronous_select": ("", "select Srv.Add (1); then abort null; end select;",
                            False, False),
    "requeued": (FRONT, "Front.Ask (3);", False, False),
    "renamed": ("   procedure Put (X : Integer) renames Srv.Add;\n", "Put (1);", False, False),
    "in_a_protected_procedure": (RELAY.replace("{send}", "Srv.Add (X);"), "Relay.Send (1);",
                                 False, False),
    "through_a_subprogram": (RELAY.replace("{send}", "Forward (X);"), "Relay.Send (1);",
                             False, False),
    # the dispatching call names Shape's Send; Square's, which calls Add, runs
    "through_a_dispatching_call": (SHAPES + RELAY.replace("{send}", "Any.Send (X);"),
                                   "Relay.Send (1);", False, False),
    "through_an_access_value": (
        RELAY.replace("{send}", "Via (X);").replace(
            "   protected Relay", "   Via : constant Sender := Forward'Access;\n"
            "   protected Relay"),
        "Relay.Send (1);", False, False),
}


@pytest.fixture
def accepting(monkeypatch):
    monkeypatch.setitem(registry.SELECTIONS, "accepting", registry.Selection(
        "accepting", (ACCEPTING,), "", ""))
    return "accepting"


@pytest.mark.parametrize("name", sorted(CASES))
def test_an_open_entry_is_a_procedure_only_where_no_caller_can_tell(name, tmp_path: Path,
                                                                    accepting):
    decls, stmts, count, procedure = CASES[name]
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(PROGRAM.format(
        count=" + Add'Count" if count else "", decls=decls,
        stmts="      " + stmts))
    before = {c: run_program(src, "main", c) for c in ("", "pragma Detect_Blocking;\n")}
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), accepting))
    d = out.decisions["Main.Srv"]
    assert d.rewritten, d.reason
    rewrite.write(out)
    new = (src / "main.adb").read_text()
    assert "protected Srv is" in new
    assert ("procedure Add (X : Integer);" in new) == procedure, new
    assert ("entry Add (X : Integer);" in new) == (not procedure), new
    assert "procedure Get (N : out Integer);" in new, new
    for config, original in before.items():
        again = run_program(src, "main", config)
        assert (again.returncode, again.stdout) == (original.returncode, original.stdout), \
            (config, original.stdout, again.stdout)


def test_an_entry_whose_count_the_code_reads_is_refused(tmp_path: Path, accepting):
    """``Add'Count`` in the accept body: the task counts the calls that came while it
    was busy, the object's lock holds them queued nowhere (review10)."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(PROGRAM.format(count=" + Add'Count", decls="",
                                                 stmts="      Srv.Add (1);"))
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), accepting))
    d = out.decisions["Main.Srv"]
    assert not d.rewritten and "`Add'Count` in the task's code" in d.reason, d
