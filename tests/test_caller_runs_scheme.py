"""The caller-runs scheme: its own refusals (``--scheme caller-runs``), each obstacle
named where it is, the server selection falling back to it, and what it keeps.

The corpus (caller_runs_*) runs its translations against the originals, plain and
with pragma Detect_Blocking; these tests check what the corpus cannot show: the
reasons of refusals the server selection reports as the accepting scheme's, and
the shape of the generated package.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def _copy(tmp_path: Path, case: str) -> Path:
    shutil.copytree(CORPUS / case / "src", tmp_path / "src")
    return tmp_path


def _run(root: Path, scheme: str = "auto"):
    return in_dir(root, lambda: rewrite.run(Options(paths=("src",)), scheme=scheme))


def _source(tmp_path: Path, text: str) -> Path:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(text.lstrip())
    return tmp_path


def _reasons(out, task: str) -> list[str]:
    d = next(d for name, d in out.decisions.items() if name.endswith("." + task))
    assert not d.rewritten
    return [f"{o.loc.line}: {o.construct}: {o.reason}" for o in d.obstacles or (d,)]


def test_the_logger_goes_to_the_caller_runs_scheme(tmp_path):
    out = _run(_copy(tmp_path, "caller_runs_logger"))
    assert out.decisions["Main.Logger"].scheme == "caller-runs-server"
    new = next(iter(out.changes.values()))[1].decode()
    # the task is a package with procedures named like the entries: calls unchanged
    assert "package Logger is\n      procedure Log (Msg : String);\n      procedure Stop;" in new
    assert "Logger.Log (\"start\");" in new and "task body Logger" not in new
    assert "entry Log when Over or else not Busy is" in new


def test_a_server_the_accepting_scheme_takes_stays_with_it(tmp_path):
    out = _run(_copy(tmp_path, "caller_runs_refused"))
    assert out.decisions["Main.Sink"].scheme == "accepting-server"
    assert out.decisions["Main.Sink"].rewritten


def test_refused_by_both_the_closest_refusal_is_reported(tmp_path):
    # Ticker: three obstacles for the accepting scheme, two for the caller-runs scheme
    # (its timed call of Total, with an out parameter of Integer, is rewritten)
    out = _run(_copy(tmp_path, "caller_runs_refused"))
    d = out.decisions["Main.Ticker"]
    assert d.scheme == "caller-runs-server" and not d.rewritten
    assert "a delay the caller" in d.reason


def test_each_obstacle_of_the_caller_runs_scheme_is_named(tmp_path):
    out = _run(_copy(tmp_path, "caller_runs_refused"), "caller-runs")
    ticker = _reasons(out, "Ticker")
    assert any(r.startswith("67: delay 0.001;: after the accept, in the server loop, a delay "
                            "the caller (or, before the loop, the activator) would wait out") for r in ticker), ticker
    # N, the task's variable named like Tick's formal, is named Ticker.N in the
    # procedure (realcode8 formal-hides-variable): no obstacle
    assert not any("names like a formal of Tick" in r for r in ticker), ticker
    assert not any("timed call of Ticker.Total" in r for r in ticker), ticker
    relay = _reasons(out, "Relay")
    assert any(r.startswith("93: Gate.Pass: after the accept, in the server loop, waits for "
                            "another task") for r in relay), relay
    assert not out.changes or all("Ticker" not in n and "Relay" not in n
                                  for n in out.rewritten)


def test_what_cannot_be_done_where_the_task_was_activated_is_named(tmp_path):
    out = _run(_copy(tmp_path, "caller_runs_startup_refused"), "caller-runs")
    assert _reasons(out, "Warm")[0].startswith(
        "19: delay 0.01;: before the server loop, a delay the caller (or, before the loop, "
        "the activator) would wait out")
    assert "a constant whose value is computed when the task is activated" in \
        _reasons(out, "Fixed")[0]
    assert "its bounds come from an initial value computed when the task is activated" in \
        _reasons(out, "Named")[0]
    assert not out.changes


def test_activation_and_start_up_run_where_the_task_was_activated(tmp_path):
    out = _run(_copy(tmp_path, "caller_runs_startup"), "caller-runs")
    new = next(iter(out.changes.values()))[1].decode()
    # the turn is taken until Start has run; Start is called last in the declarations
    assert "Busy : Boolean := True;   -- until Start has run" in new
    assert "      N : Integer;\n      Journal_Started : constant Boolean := Journal.Start;" in new
    # the deferred variable is declared without its value, which Start assigns
    assert "         Count : Integer;\n" in new and "Count := Twice (Base);" in new
    assert "      if not Broken_Started then raise Tasking_Error; end if;  --  rdv2po: the " \
           "task was activated here\n      Put_Line (\"not reached\");" in new
    # no initial value computed: no check before the first statement
    assert "if not Dies_Started" not in new


LIB_SPEC = """
package Lib is
   task Server is
      entry Put (V : Integer);
   end Server;
end Lib;
"""

LIB_BODY = """
with Ada.Text_IO; use Ada.Text_IO;
package body Lib is
   Base : Integer := 3;
   task body Server is
      Scale : Integer := Base * 2;
   begin
      Put_Line ("up");
      loop
         select
            accept Put (V : Integer) do
               Put_Line (Integer'Image (V * Scale));
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Server;
begin
   Base := 4;
end Lib;
"""


def _library(tmp_path: Path, body: str) -> Path:
    root = _source(tmp_path, "with Ada.Text_IO; use Ada.Text_IO;\nwith Lib;\n"
                             "procedure Main is\nbegin\n   Lib.Server.Put (1);\n"
                             "   Put_Line (\"PASSED\");\nend Main;\n")
    (root / "src" / "lib.ads").write_text(LIB_SPEC.lstrip())
    (root / "src" / "lib.adb").write_text(body.lstrip())
    return root


@pytest.mark.parametrize("config", ["", "pragma Detect_Blocking;\n"], ids=["plain", "db"])
def test_a_library_task_starts_where_its_package_body_activates_it(tmp_path, config):
    root = _library(tmp_path, LIB_BODY)
    want = run_program(root / "src", "main", config).stdout
    assert want == "up\n 6\nPASSED\n"
    out = _run(root, "caller-runs")
    assert out.decisions["Lib.Server"].rewritten
    rewrite.write(out)
    body = (root / "src" / "lib.adb").read_text()
    assert "Server_Started : constant Boolean := Server.Start;" in body
    assert "begin\n   if not Server_Started then raise Tasking_Error; end if;" in body
    assert run_program(root / "src", "main", config).stdout == want


def test_start_up_with_no_statement_to_raise_before_is_refused(tmp_path):
    root = _library(tmp_path, LIB_BODY.replace("begin\n   Base := 4;\nend Lib;", "end Lib;"))
    out = _run(root, "caller-runs")
    [reason] = _reasons(out, "Server")
    assert "the body activating the task has no statement before which Tasking_Error" \
        in reason, reason
    assert not out.changes


NESTED = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Helper;
   task body Helper is
   begin
      Put_Line ("helper");
   end Helper;

   task Server is
      entry Put (V : Integer);
   end Server;
   task body Server is
   begin
      declare
         H : Helper;
      begin
         null;
      end;
      loop
         select
            accept Put (V : Integer) do
               Put_Line (Integer'Image (V));
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Server;
begin
   Server.Put (1);
end Main;
"""


CONSTRAINED = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   N : Integer := 5;
   task Log is
      entry Put (S : Integer);
   end Log;

   task body Log is
      Last : Integer range 0 .. N := 0;
   begin
      loop
         select
            accept Put (S : Integer) do
               Last := S;
               Put_Line (Integer'Image (Last));
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Log;
begin
   N := 0;
   Log.Put (1);
end Main;
"""


def test_a_constraint_computed_at_activation_is_refused(tmp_path):
    # the task computed the range at its activation, the package would compute it where
    # the body is, before the declarations after it (which may change N)
    out = _run(_source(tmp_path, CONSTRAINED), "caller-runs")
    [reason] = _reasons(out, "Log")
    assert reason.startswith("9: range 0 .. N: a constraint not known to be static"), reason
    assert not out.changes


def test_a_task_declared_in_the_server_s_code_is_refused(tmp_path):
    out = _run(_source(tmp_path, NESTED), "caller-runs")
    got = _reasons(out, "Server")
    assert any(r.startswith("15: H : Helper;: before the server loop, a task declared in a "
                            "block") for r in got), got
    assert not out.changes


def test_an_asynchronous_select_whose_abortable_part_calls_the_server_is_named(tmp_path):
    out = _run(_copy(tmp_path, "caller_runs_abortable"), "caller-runs")
    [reason] = _reasons(out, "Logger")
    assert reason.startswith("23: select ... then abort: its abortable part calls "
                             "Logger.Log (src/main.adb:27:14): a caller aborted while it "
                             "runs the server's code"), reason
    assert not out.changes


@pytest.mark.parametrize("case, reason", [
    # the task polls a flag only its caller sets: run by that caller it would spin
    ("ext_poll_after_accept", "23: loop: a loop other than a for loop outside the accept body"),
    ("ext_return_in_accept", "14: return: a return statement in an accept body"),
    ("never_activated", "an allocator here can start a task before Server is activated"),
    ("ext_default_init_call", "an object of a type rdv2po does not know to hold only values"),
    # input after the accept may wait for what its caller does next
    ("caller_runs_reader", "25: End_Of_File: after the accept, in the server loop, input-output "
                           "other than writing text"),
])
def test_what_would_be_wrong_is_refused(tmp_path, case, reason):
    out = _run(_copy(tmp_path, case), "caller-runs")
    task = next(n.rsplit(".", 1)[1] for n in out.decisions)
    got = _reasons(out, task)
    assert any(reason in r for r in got), got
    assert not out.changes


WORKER = """
with Ada.Text_IO;
procedure Main is
   task Printer is
      entry Print (N : Integer);
   end Printer;
   task body Printer is
      Last : Integer := 0;
   begin
      loop
         select
            accept Print (N : Integer) do
               Last := N;
            end Print;
            Ada.Text_IO.Put_Line (Integer'Image (Last));
         or
            terminate;
         end select;
      end loop;
   end Printer;
begin
   Printer.Print (1);
end Main;
"""


def test_text_output_after_the_accept_in_the_loop_is_the_caller_s_to_do(tmp_path):
    out = _run(_source(tmp_path, WORKER), "caller-runs")
    assert out.decisions["Main.Printer"].rewritten
    new = next(iter(out.changes.values()))[1].decode()
    assert "Turn.Print;\n         begin\n            Last := N;" in new
    assert "         begin\n            Ada.Text_IO.Put_Line (Integer'Image (Last));\n" \
           "         exception\n            when others =>\n               Ended := True;" in new


@pytest.mark.parametrize("old, new, reason", [
    # input may wait for what the caller does next (a prompt it prints)
    ("Ada.Text_IO.Put_Line (Integer'Image (Last));", "Ada.Text_IO.Skip_Line;",
     "14: Ada.Text_IO.Skip_Line: after the accept, in the server loop, input-output other "
     "than writing text"),
    # with priorities the scheduler may be bound to run the caller before the output
    ("begin\n   Printer.Print (1);", "pragma Priority (10);\nbegin\n   Printer.Print (1);",
     "14: Ada.Text_IO.Put_Line: after the accept, in the server loop, text output while the "
     "program sets priorities or processors (pragma Priority (10); at src/main.adb:20:1)"),
])
def test_what_may_wait_or_be_ordered_after_the_accept_is_refused(tmp_path, old, new, reason):
    assert old in WORKER
    out = _run(_source(tmp_path, WORKER.replace(old, new)), "caller-runs")
    got = _reasons(out, "Printer")
    assert any(r.startswith(reason) for r in got), got
    assert not out.changes


STOP_EXIT = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Shower is
      entry Show (S : String);
      entry Stop;
   end Shower;
   task body Shower is
      Shown : Natural := 0;
   begin
      loop
         select
            accept Show (S : String) do
               Put_Line (S);
            end Show;
            Shown := Shown + 1;
         or
            accept Stop;
            exit;
         end select;
      end loop;
      Put_Line ("shown" & Natural'Image (Shown));
   end Shower;
begin
   Shower.Show ("a");
   Shower.Show ("b");
   Shower.Stop;
   begin
      Shower.Show ("c");
   exception
      when Tasking_Error => Put_Line ("Tasking_Error");
   end;
end Main;
"""


@pytest.mark.parametrize("config", ["", "pragma Detect_Blocking;\n"], ids=["plain", "db"])
def test_stop_then_exit_runs_the_statements_after_the_loop_once(tmp_path, config):
    root = _source(tmp_path, STOP_EXIT)
    want = run_program(root / "src", "main", config).stdout
    assert want == "a\nb\nshown 2\nTasking_Error\n"
    out = _run(root)
    assert out.decisions["Main.Shower"].scheme == "caller-runs-server"
    new = next(iter(out.changes.values()))[1].decode()
    # "accept Stop; exit;": the caller of Stop runs the statements after the loop
    assert ("Turn.Stop;\n         begin\n            Ended := True;   -- exit;\n"
            "            Put_Line (\"shown\" & Natural'Image (Shown));") in new
    rewrite.write(out)
    assert run_program(root / "src", "main", config).stdout == want
    assert not _run(root).changes           # a second rewrite changes nothing


NOT_OVERRIDING = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Logger is
      not overriding entry Put (N : Integer);
   end Logger;
   task body Logger is
      Total : Integer := 0;
   begin
      loop
         select
            accept Put (N : Integer) do
               Total := Total + N;
            end Put;
            Put_Line ("total" & Integer'Image (Total));
         or
            terminate;
         end select;
      end loop;
   end Logger;
begin
   for I in 1 .. 3 loop
      Logger.Put (I);
   end loop;
end Main;
"""


def test_an_overriding_indicator_is_dropped_with_the_entry_keyword(tmp_path):
    # 'not overriding entry' was read as the entry's name (an internal error); a
    # package's procedure is not primitive, so GNAT allows no indicator on it
    root = _source(tmp_path, NOT_OVERRIDING)
    before = run_program(root / "src", "main")
    out = _run(root, "caller-runs")
    assert out.decisions["Main.Logger"].rewritten
    new = next(iter(out.changes.values()))[1].decode()
    assert "package Logger is\n      procedure Put (N : Integer);\n" in new
    (root / "src" / "main.adb").write_text(new)
    assert run_program(root / "src", "main").stdout == before.stdout == "total 1\ntotal 3\ntotal 6\n"


LEDGER = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Entry_Rec is record
      Item  : Integer;
      Total : Integer;
   end record;
   Item : Integer := 1;

   procedure Show (R : Entry_Rec) is
   begin
      Put_Line ("item" & Integer'Image (R.Item) & " total" & Integer'Image (R.Total));
   end Show;

   task Ledger is
      entry Add (Item : Integer);
   end Ledger;

   task body Ledger is
      Sum  : Integer := 0;
      Last : Integer := 0;
   begin
      loop
         select
            accept Add (Item : Integer) do
               Last := Item;
            end Add;
            Sum := Sum + Last;
            AFTER
         or
            terminate;
         end select;
      end loop;
   end Ledger;
begin
   for K in 1 .. 3 loop
      Ledger.Add (K * 10);
   end loop;
end Main;
"""


@pytest.mark.parametrize("after", [
    "Show ((Item => Last, Total => Sum));",                       # a component choice
    "for Item in 1 .. 2 loop Show ((Last * Item, Sum)); end loop;",  # its own declaration
])
def test_a_name_spelled_like_a_formal_that_it_cannot_hide_is_taken(tmp_path, after):
    """Code after the accept moves into the procedure Add, whose formal Item hides what
    the code names Item by direct visibility -- not a record component chosen in an
    aggregate, nor a loop parameter declared in that code (GNAT's cross references
    tell which is which); real code (a report record built after the accept)."""
    root = _source(tmp_path, LEDGER.replace("AFTER", after))
    before = run_program(root / "src", "main", "")
    out = _run(root, scheme="caller-runs")
    assert [d.rewritten for d in out.decisions.values()] == [True], out.diagnostics
    for path, (_old, new) in out.changes.items():
        path.write_bytes(new)
    after_run = run_program(root / "src", "main", "")
    assert after_run.returncode == before.returncode == 0, after_run.stderr
    assert after_run.stdout == before.stdout and before.stdout.count("item") >= 3


def test_a_direct_name_the_formal_would_hide_is_refused(tmp_path):
    """Beside the above: Main's variable Item, named directly after the accept, would
    denote the formal once the code is in Add."""
    root = _source(tmp_path, LEDGER.replace("AFTER", "Show ((Item, Sum));"))
    out = _run(root, scheme="caller-runs")
    assert any("Item: names like a formal of Add" in r for r in _reasons(out, "Ledger"))


def test_a_requeue_target_stays_refused(tmp_path):
    # Giving the dispatcher's turn back and then running the worker's code would let
    # a job requeued later be numbered first (docs/caller-runs-scheme.md, issue 35):
    # both workers stay tasks, each refusal naming the requeue that targets it.
    out = _run(_copy(tmp_path, "caller_runs_requeue_refused"), "caller-runs")
    assert _reasons(out, "Small_Worker") == [
        "34: requeue call of Small_Worker.Take: a requeue: the entry becomes a procedure, "
        "there is no entry to requeue to"]
    assert _reasons(out, "Large_Worker") == [
        "36: requeue call of Large_Worker.Take: a requeue: the entry becomes a procedure, "
        "there is no entry to requeue to"]
    assert not out.changes


def test_servers_the_chosen_scheme_passes_by_are_named(tmp_path):
    # a calling server is no caller-runs candidate: the run says so, where before it was
    # neither rewritten nor refused nor counted
    root = _copy(tmp_path, "calling_server_straight")
    out = _run(root, "caller-runs")
    notes = [d for d in out.diagnostics if "not translated" in d.message]
    assert notes and all(d.severity == "note" for d in notes), out.diagnostics
    assert any("is a calling server (it hands out work by calling other tasks' entries), "
               "which the caller-runs scheme does not translate" in d.message for d in notes)
    named = {d.message.split(":")[0] for d in notes}
    assert not named & {f"task {k.rsplit('.', 1)[-1]}" for k in out.decisions}
    # the schemes that take every server kind pass none by
    assert not any("not translated" in d.message for d in _run(root, "auto").diagnostics)
