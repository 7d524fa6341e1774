"""Attributes any object has, whose value for a task is the task's: 'Size, 'Image
(Ada 2022), 'Address, 'Alignment.  The object that replaces the task gives its own
('Size 64 became 1856 under the accepting scheme; 'Image "(task cell_...)" became
"(protected object)"), so a task named by one is not translated.  Found on
AdaCore/learn (advanced Ada, strings: Show_Protected_Task_Image prints T1'Image).
The front end records such a use of a single task (frontend/extract.py); the
general scheme also refuses one of an object of a task type (common/uses.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

SERVER = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task DECL Cell is
      entry Put (X : Integer);
      entry Get (X : out Integer);
   end Cell;

   task body Cell is
      V : Integer := 0;
   begin
      loop
         select
            accept Put (X : Integer) do
               V := X;
            end Put;
         or
            accept Get (X : out Integer) do
               X := V;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Cell;
   OBJECT
   Y : Integer;
begin
   NAME.Put (3);
   NAME.Get (Y);
   Put_Line (Integer'Image (Y) & Integer'Image (ATTRIBUTE));
end Main;
"""

CALLING = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Results is
      procedure Put (V : Integer);
      function Get return Integer;
   private
      Sum : Integer := 0;
   end Results;

   protected body Results is
      procedure Put (V : Integer) is
      begin
         Sum := Sum + V;
      end Put;
      function Get return Integer is (Sum);
   end Results;

   procedure Run is
      task type Worker is
         entry Start (V : Integer);
      end Worker;
      Crew : array (1 .. 3) of Worker;
      task Dispatcher;

      task body Worker is
         Mine : Integer;
      begin
         accept Start (V : Integer) do
            Mine := V;
         end Start;
         Results.Put (Mine);
      end Worker;

      task body Dispatcher is
      begin
         for I in Crew'Range loop
            Crew (I).Start (I);
         end loop;
      end Dispatcher;
   begin
      Put_Line (Integer'Image (Dispatcher'Size / Dispatcher'Size));
   end Run;
begin
   Run;
   Put_Line (Integer'Image (Results.Get));
end Main;
"""


def _program(tmp_path: Path, single: bool, attribute: str) -> Path:
    text = SERVER.replace("DECL ", "" if single else "type ") \
        .replace("OBJECT", "" if single else "C : Cell;") \
        .replace("NAME", "Cell" if single else "C") \
        .replace("ATTRIBUTE", attribute.replace("NAME", "Cell" if single else "C"))
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(text)
    return tmp_path


def _outcome(root: Path, scheme: str):
    return in_dir(root, lambda: rewrite.run(Options(paths=("src",)), scheme=scheme))


def _refusals(out, task: str) -> list[str]:
    d = next(d for name, d in out.decisions.items() if name.endswith("." + task))
    assert not d.rewritten, "translated"
    return [f"{o.construct}: {o.reason}" for o in d.obstacles or (d,)]


@pytest.mark.parametrize("scheme", ["general", "caller-runs"])
def test_a_single_task_named_by_size_is_refused(tmp_path, scheme):
    out = _outcome(_program(tmp_path, True, "NAME'Size"), scheme)
    reasons = _refusals(out, "Cell")
    assert any("Cell'Size" in r for r in reasons), reasons
    assert not out.changes


def test_the_general_scheme_refuses_size_of_an_object_of_a_task_type(tmp_path):
    out = _outcome(_program(tmp_path, False, "NAME'Size"), "general")
    reasons = _refusals(out, "Cell")
    assert any("'Size of the task: the object that replaces it would give its own value"
               in r for r in reasons), reasons


@pytest.mark.parametrize("scheme", ["general", "auto"])
def test_size_of_another_object_is_no_obstacle(tmp_path, scheme):
    out = _outcome(_program(tmp_path, True, "Y'Size"), scheme)
    assert [n for n in out.rewritten if n.endswith("Cell")], out.diagnostics


def test_the_calling_scheme_refuses_a_server_named_by_size(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(CALLING)
    out = _outcome(tmp_path, "auto")
    reasons = _refusals(out, "Dispatcher")
    assert any("Dispatcher'Size" in r and "'Size of the task: the object that replaces "
               "it would give its own value, not the task's" in r for r in reasons), reasons


# The accepting scheme translated these (its refusals read only the attributes it
# cannot answer by name, and its objects' uses only 'Callable to 'Storage_Size).
@pytest.mark.parametrize("attribute", ["Size", "Alignment"])
def test_the_accepting_scheme_refuses_a_single_task_named_by(tmp_path, attribute):
    out = _outcome(_program(tmp_path, True, f"NAME'{attribute}"), "server")
    reasons = _refusals(out, "Cell")
    assert any(f"'{attribute} of the task: the object that replaces it would give its "
               "own value" in r for r in reasons), reasons


@pytest.mark.parametrize("attribute", ["Size", "Alignment"])
def test_the_accepting_scheme_refuses_an_object_named_by(tmp_path, attribute):
    out = _outcome(_program(tmp_path, False, f"NAME'{attribute}"), "server")
    reasons = _refusals(out, "Cell")
    assert any(f"'{attribute} of an object of task type Cell: the protected object "
               "replacing it would give its own value" in r for r in reasons), reasons


def test_the_caller_runs_scheme_refuses_an_object_named_by_size(tmp_path):
    out = _outcome(_program(tmp_path, False, "NAME'Size"), "caller-runs")
    reasons = _refusals(out, "Cell")
    assert any("'Size of what may be an object of the task type: the record replacing "
               "it would give its own value" in r for r in reasons), reasons


def test_the_calling_scheme_names_size_of_its_task_types_object_for_what_it_is(tmp_path):
    # the reason said "a protected object ... has no such attribute": it has a 'Size
    text = CALLING.replace("task Dispatcher;", "task type Dispatcher_T;\n      "
                           "Dispatcher : Dispatcher_T;") \
        .replace("task body Dispatcher is", "task body Dispatcher_T is") \
        .replace("end Dispatcher;", "end Dispatcher_T;")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(text)
    reasons = _refusals(_outcome(tmp_path, "auto"), "Dispatcher_T")
    assert any("Dispatcher'Size: 'Size of the task: the object that replaces it would "
               "give its own value" in r for r in reasons), reasons
