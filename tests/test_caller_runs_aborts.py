"""The caller-runs scheme refuses a server only where code the program may abort
may call its entries (schemes/caller_runs/aborts.py): the body of a task an abort
names (a single task, any object of a task type, ``X.all``), the tasks depending
on it, an abortable part, and what they call.  Each refusal names the abort and
the call path; each case has a program beside it that the scheme translates.
The corpus (caller_runs_aborted_tasks, caller_runs_abortable_parts) runs such
translations against the originals."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def _run(root: Path):
    return in_dir(root, lambda: rewrite.run(Options(paths=("src",)), scheme="caller-runs"))


def _copy(tmp_path: Path, case: str) -> Path:
    shutil.copytree(CORPUS / case / "src", tmp_path / "src")
    return tmp_path


def _source(tmp_path: Path, text: str) -> Path:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(text.lstrip())
    return tmp_path


def _decision(out, task: str):
    return next(d for name, d in out.decisions.items() if name.endswith("." + task))


def _reasons(out, task: str) -> list[str]:
    d = _decision(out, task)
    assert not d.rewritten, f"{task} rewritten"
    return [f"{o.loc.line}: {o.construct}: {o.reason}" for o in d.obstacles or (d,)]


def test_an_aborted_task_calling_the_server_through_a_procedure(tmp_path):
    out = _run(_copy(tmp_path, "caller_runs_aborted_tasks"))
    assert _decision(out, "Tally").rewritten           # Spinner, aborted, never calls it
    assert _reasons(out, "Journal") == [
        "101: abort Spinner, Worker;: it may abort Worker, and Worker's body calls Note "
        "(src/main.adb:82:7), which calls Journal.Log (src/main.adb:58:15): a caller "
        "aborted while it runs the server's code would leave the server's turn taken "
        "for ever"]


def test_an_abortable_part_calling_the_server_through_a_procedure(tmp_path):
    out = _run(_copy(tmp_path, "caller_runs_abortable_parts"))
    assert _decision(out, "Meter").rewritten           # that abortable part only computes
    [reason] = _reasons(out, "Recorder")
    assert reason.startswith(
        "82: select ... then abort: its abortable part calls Record_Step "
        "(src/main.adb:87:10), which calls Recorder.Put (src/main.adb:59:16): a caller "
        "aborted"), reason


SERVER = """
   task Log is
      entry Put (N : Integer);
   end Log;
   task body Log is
   begin
      loop
         select
            accept Put (N : Integer) do
               Put_Line (Integer'Image (N));
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Log;
"""

TYPED = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
""" + SERVER + """
   task type Worker is
      entry Go;
   end Worker;
   task body Worker is
   begin
      accept Go;
      {worker}
   end Worker;
   type Worker_Ptr is access Worker;
   Pool : array (1 .. 2) of Worker;
   P : Worker_Ptr;
begin
   {main}
   Log.Put (0);
end Main;
"""


@pytest.mark.parametrize("worker, main, line", [
    # an element of an array of the task type: every object of the type may be aborted
    ("Log.Put (1);", "P := new Worker; Pool (1).Go; Pool (2).Go; P.Go; abort Pool (1);", "32: abort Pool (1);"),
    # through an access value
    ("Log.Put (1);", "P := new Worker; Pool (1).Go; Pool (2).Go; P.Go; abort P.all;", "32: abort P.all;"),
])
def test_any_object_of_an_aborted_task_type(tmp_path, worker, main, line):
    out = _run(_source(tmp_path, TYPED.format(worker=worker, main=main)))
    [reason] = _reasons(out, "Log")
    assert reason.startswith(line + ": it may abort Worker, and Worker's body calls Log.Put"), \
        reason


def test_an_aborted_task_type_that_never_calls_the_server(tmp_path):
    out = _run(_source(tmp_path, TYPED.format(
        worker="null;", main="P := new Worker; Pool (1).Go; Pool (2).Go; P.Go; abort Pool (1), P.all;")))
    assert _decision(out, "Log").rewritten


DEPENDENT = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
""" + SERVER + """
   task type Helper;
   task body Helper is
   begin
      {helper}
   end Helper;
   type Crew is record
      H : Helper;
   end record;
   procedure Spawn is
      {local}
   begin
      null;
   end Spawn;
   task Boss;
   task body Boss is
   begin
      Spawn;
   end Boss;
begin
   abort Boss;
   Log.Put (0);
end Main;
"""


@pytest.mark.parametrize("local", ["H : Helper;", "C : Crew;", "A : array (1 .. 2) of Crew;"])
def test_a_task_depending_on_an_aborted_one_is_aborted_too(tmp_path, local):
    out = _run(_source(tmp_path, DEPENDENT.format(helper="Log.Put (1);", local=local)))
    [reason] = _reasons(out, "Log")
    assert "it may abort Boss, and with it Helper, a task depending on it, whose body " \
           "calls Log.Put" in reason, reason


def test_a_dependent_task_that_never_calls_the_server(tmp_path):
    out = _run(_source(tmp_path, DEPENDENT.format(helper="null;", local="C : Crew;")))
    assert _decision(out, "Log").rewritten


IDENTITY = """
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Task_Identification; use Ada.Task_Identification;
procedure Main is
""" + SERVER + """
   task Idle;
   task body Idle is
   begin
      null;
   end Idle;
begin
   Abort_Task ({id});
   Log.Put (0);
end Main;
"""


def test_abort_task_of_a_named_task(tmp_path):
    out = _run(_source(tmp_path, IDENTITY.format(id="Idle'Identity")))
    assert _decision(out, "Log").rewritten


def test_abort_task_of_an_unknown_id_refuses_every_server(tmp_path):
    out = _run(_source(tmp_path, IDENTITY.format(id="Current_Task")))
    [reason] = _reasons(out, "Log")
    assert reason.startswith("27: Abort_Task: Abort_Task of a task rdv2po cannot name"), reason


def test_an_entry_call_triggering_an_asynchronous_select(tmp_path):
    out = _run(_source(tmp_path, """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
""" + SERVER + """
begin
   select
      Log.Put (1);
   then abort
      null;
   end select;
end Main;
"""))
    [reason] = _reasons(out, "Log")
    assert "Put triggers an asynchronous select" in reason, reason


GENERIC = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
""" + SERVER + """
   generic
   package Crews is
      task Helper;
   end Crews;
   package body Crews is
      task body Helper is
      begin
         {helper}
      end Helper;
   end Crews;
   task Boss;
   task body Boss is
      package Mine is new Crews;
   begin
      null;
   end Boss;
begin
   abort Boss;
   Log.Put (0);
end Main;
"""


def test_a_task_of_an_instance_in_an_aborted_task_is_aborted_too(tmp_path):
    out = _run(_source(tmp_path, GENERIC.format(helper="Log.Put (1);")))
    [reason] = _reasons(out, "Log")
    assert "and with it Helper, a task depending on it, whose body calls Log.Put" in reason, \
        reason


def test_a_task_of_an_instance_that_never_calls_the_server(tmp_path):
    out = _run(_source(tmp_path, GENERIC.format(helper="null;")))
    assert _decision(out, "Log").rewritten
