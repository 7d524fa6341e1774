"""Recursive calls in the code a translation moves (translator/schemes/common/
recursion.py): a loop with no loop statement.  After an accept (accepting and
caller-runs schemes) or between a calling server's calls, one that reads what
another task may write is refused, naming the cycle; inside an accept body, where
the caller waited in the original too, or computing from its parameters only, it
is not."""

from __future__ import annotations

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

ACCEPTING = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Flag : Boolean := False with Volatile;
   function Scan (N : Natural) return Natural is
     (if Flag or else N > 50 then N else Scan (N + 1));
   function Fib (N : Natural) return Natural is
     (if N < 2 then N else Fib (N - 1) + Fib (N - 2));
   task Srv is
      entry Go;
   end Srv;
   task body Srv is
      Seen : Natural := 0;
   begin
      loop
         select
            accept Go do
               INSIDE
            end Go;
            AFTER
         or
            terminate;
         end select;
      end loop;
   end Srv;
begin
   Srv.Go;
   Flag := True;
   Put_Line ("done");
end Main;
"""

CALLING = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Flag : Boolean := False with Atomic;
   function Wait (N : Natural) return Natural is
     (if Flag or else N > 50 then N else Wait (N + 1));
   task type Worker is
      entry Start (N : Integer);
   end Worker;
   task body Worker is
   begin
      accept Start (N : Integer) do
         null;
      end Start;
      Flag := True;
   end Worker;
   W1, W2 : Worker;
   task Setup;
   task body Setup is
      Spins : Natural := 0;
   begin
      W1.Start (1);
      Spins := Wait (0);
      W2.Start (Spins);
   end Setup;
begin
   Put_Line ("done");
end Main;
"""


def _decisions(tmp_path, text: str, scheme: str):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(text)
    return in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme)).decisions


@pytest.mark.parametrize("scheme", ["server", "caller-runs"])
def test_a_recursive_call_after_an_accept_is_refused(tmp_path, scheme):
    text = ACCEPTING.replace("INSIDE", "null;").replace("AFTER", "Seen := Scan (0);")
    d = _decisions(tmp_path, text, scheme)["Main.Srv"]
    assert not d.rewritten
    assert "a recursive call (through Scan -> Scan)" in str(d), d


def test_a_recursive_call_between_a_calling_servers_calls_is_refused(tmp_path):
    d = _decisions(tmp_path, CALLING, "server")["Main.Setup"]
    assert not d.rewritten
    assert "a recursive call (through Wait -> Wait)" in str(d), d


@pytest.mark.parametrize("inside, after", [("Seen := Scan (0);", "null;"),
                                           ("null;", "Seen := Fib (12);")],
                         ids=["poll_in_the_accept_body", "pure_recursion_after"])
def test_a_recursive_call_that_polls_nothing_after_the_accept_is_taken(tmp_path, inside,
                                                                         after):
    text = ACCEPTING.replace("INSIDE", inside).replace("AFTER", after)
    d = _decisions(tmp_path, text, "server")["Main.Srv"]
    assert d.rewritten and d.scheme == "accepting-server", d


# review12: cycles that read another task's object other than by naming it
AROUND_THE_CYCLE = {
    # the poll one call away from the cycle, in a helper
    "helper": ("function Peek return Boolean is (Flag);\n"
               "   function Look (N : Natural) return Natural is\n"
               "     (if Peek or else N > 50 then N else Look (N + 1));",
               "Peek"),
    # through an access value the cycle's own formal holds
    "access_formal": ("type Ref is access all Boolean;\n"
                      "   Shared : aliased Boolean := False;\n"
                      "   function Look (P : Ref; N : Natural) return Natural is\n"
                      "     (if P.all or else N > 50 then N else Look (P, N + 1));",
                      "access value"),
    # a renaming declared in the cycle names what is not its own
    "renaming": ("function Look (N : Natural) return Natural is\n"
                 "      Mine : Boolean renames Flag;\n"
                 "   begin\n"
                 "      return (if Mine or else N > 50 then N else Look (N + 1));\n"
                 "   end Look;",
                 "renames an object"),
    # the back edge is a Dynamic_Predicate's call, which no statement writes
    "predicate": ("function Check (N : Natural) return Boolean;\n"
                  "   subtype Reached is Natural with Dynamic_Predicate => Check (Reached);\n"
                  "   function Check (N : Natural) return Boolean is\n"
                  "     (Flag or else N > 50 or else N + 1 in Reached);\n"
                  "   function Look (N : Natural) return Natural is\n"
                  "     (if N in Reached then N else 0);",
                  "Dynamic_Predicate"),
    # the exit test is a subtype's predicate, an expression reading the flag
    "predicate_expression": ("subtype Stopped is Natural with Dynamic_Predicate => Flag;\n"
                             "   function Look (N : Natural) return Natural is\n"
                             "     (if N in Stopped or else N > 50 then N else Look (N + 1));",
                             "whose predicate or invariant may read"),
    # a composite formal may be passed by reference to a shared object
    "composite_formal": ("type Pair is array (1 .. 2) of Boolean with Volatile_Components;\n"
                         "   Both : Pair := (False, False);\n"
                         "   function Look (P : Pair; N : Natural) return Natural is\n"
                         "     (if P (1) or else N > 50 then N else Look (P, N + 1));",
                         "passed by reference"),
}
CALLS = {"helper": "Look (0)", "access_formal": "Look (Shared'Access, 0)",
         "renaming": "Look (0)", "composite_formal": "Look (Both, 0)", "predicate": "Look (0)",
         "predicate_expression": "Look (0)"}


@pytest.mark.parametrize("case", sorted(AROUND_THE_CYCLE))
def test_a_cycle_reading_around_its_own_names_is_refused(tmp_path, case):
    decls, why = AROUND_THE_CYCLE[case]
    text = ACCEPTING.replace("INSIDE", "null;").replace("AFTER", f"Seen := {CALLS[case]};") \
        .replace("   task Srv is", f"   {decls}\n   task Srv is", 1)
    d = _decisions(tmp_path, text, "server")["Main.Srv"]
    assert not d.rewritten
    cycle = "Look -> Check -> Check" if case == "predicate" else "Look -> Look"
    assert f"a recursive call (through {cycle}" in str(d) and why in str(d), d
