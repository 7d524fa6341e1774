"""The caller-runs scheme's refusals name the true obstacle once: a server loop
ending in its delay alternative is refused for the delay alternative alone (not as
a loop that never ends, nor as a delay after the accept); use clauses, null
procedures and variables of named access types move with the code (the corpus case
caller_runs_declarations runs them), and where they cannot, the reason is said.

The body's types, subtypes, named numbers, exceptions and object renamings are
taken where their meaning stays (a single task keeps them in its package body; a
task type's types move out before its package under fresh names: common/moved.py)
and refused naming the construct where it would not (caller_runs/declared.py); the
corpus cases caller_runs_body_types and caller_runs_body_types_refused run both.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options


def _run(tmp_path: Path, text: str):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(text.lstrip())
    return in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)),
                                                scheme="caller-runs"))


def _reasons(out, task: str) -> list[str]:
    d = next(d for name, d in out.decisions.items() if name.endswith("." + task))
    assert not d.rewritten
    return [f"{o.loc.line}: {o.construct}: {o.reason}" for o in d.obstacles or (d,)]


TIMED = """
with Ada.Text_IO;
procedure Main is
   task Server is
      entry Put (N : Integer);
   end Server;
   task body Server is
      Last : Integer := 0;
   begin
      loop
         select
            accept Put (N : Integer) do
               Last := N;
            end Put;
         or
            delay 1.0;
            exit;
         end select;
      end loop;
      Ada.Text_IO.Put_Line (Integer'Image (Last));
   end Server;
begin
   Server.Put (1);
end Main;
"""


def test_a_loop_ending_in_its_delay_alternative_is_refused_for_that_alone(tmp_path):
    got = _reasons(_run(tmp_path, TIMED), "Server")
    assert len(got) == 1 and got[0].startswith(
        "15: delay 1.0; exit;: a delay alternative: the caller-runs scheme has no timer"), got


def test_a_loop_that_never_ends_is_still_named_beside_its_delay_alternative(tmp_path):
    got = _reasons(_run(tmp_path, TIMED.replace("            exit;\n", "")), "Server")
    assert any("a delay alternative" in r for r in got), got
    assert any("the server loop never ends" in r for r in got), got
    assert not any("a delay the caller" in r for r in got), got


DECLARED = """
with Ada.Text_IO;
procedure Main is
   type View is access all Integer;
   task type Server is
      entry Put (N : Integer);
   end Server;
   task body Server is
      use Ada.Text_IO;
      procedure Quiet (S : String) is null;
      Myself : View;
      Last : Integer := 0;
   begin
      loop
         select
            accept Put (N : Integer) do
               Last := N;
               Quiet ("put");
            end Put;
            Put_Line (Integer'Image (Last));
         or
            terminate;
         end select;
      end loop;
   end Server;
   S : Server;
begin
   S.Put (1);
end Main;
"""


def test_a_null_procedure_and_an_access_variable_move_with_the_code(tmp_path):
    text = DECLARED.replace("      use Ada.Text_IO;\n", "").replace(
        " Put_Line", " Ada.Text_IO.Put_Line")
    out = _run(tmp_path, text)
    assert out.decisions["Main.Server"].rewritten
    new = next(iter(out.changes.values()))[1].decode()
    assert "procedure Quiet (S : String) is null;" in new and "Myself : View;" in new


@pytest.mark.parametrize("old, new, reason", [
    # the variables are the components of a record declared where the type was
    ("", "", "8: use Ada.Text_IO;: a use clause in a task type's body: the task's "
             "variables become components of a record declared where the type was"),
    # a null-excluding access object without a value raised at the task's activation
    ("type View is access all Integer;",
     "type View is not null access all Integer;\n   function Void return View is (null);",
     "11: Myself : View;: an object of a type rdv2po does not know to hold only values"),
    # each object has its own variable, the null procedure is the package's
    ("      procedure Quiet (S : String) is null;\n      Myself : View;\n      Last : Integer := 0;",
     "      Last : Integer := 0;\n      procedure Quiet (S : String := Integer'Image (Last)) is null;"
     "\n      Myself : View;",
     "10: Last: a subprogram of the task type's body naming its variable"),
    # Start computes the initial value after the clause, which may change its names
    ("      use Ada.Text_IO;\n      procedure",
     "      First : Integer := Integer'Last - 1;\n      use Ada.Text_IO;\n      procedure",
     "9: use Ada.Text_IO;: a use clause after an initial value computed when the task "
     "is activated"),
])
def test_what_cannot_move_is_refused_with_its_reason(tmp_path, old, new, reason):
    text = DECLARED.replace(old, new) if old else DECLARED
    if "First" in new:
        text = text.replace("task type Server", "task Server").replace(
            "   S : Server;\n", "").replace("S.Put", "Server.Put")
    got = _reasons(_run(tmp_path, text), "Server")
    assert any(r.startswith(reason) for r in got), got


SERVER = """
with Ada.Text_IO;
procedure Main is
   Outer : Integer := 3;
   function Three return Integer is (3);
   task type Worker;
   task body Worker is
   begin
      null;
   end Worker;
   task Server is
      entry Put (N : Integer);
   end Server;
   task body Server is
      type Count is range 0 .. 9;
      Last : Count := 0;
   begin
      loop
         select
            accept Put (N : Integer) do
               Last := Count (N);
               Ada.Text_IO.Put_Line (Count'Image (Last));
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
TYPE_LINE = "      type Count is range 0 .. 9;\n"


def test_a_type_of_the_task_body_stays_in_the_package_body(tmp_path):
    out = _run(tmp_path, SERVER)
    assert out.decisions["Main.Server"].rewritten
    new = next(iter(out.changes.values()))[1].decode()
    assert "   package body Server is\n      type Count is range 0 .. 9;\n" in new


@pytest.mark.parametrize("more, reason", [
    # a task type in the task body: its tasks depended on the server task
    ("      task type Helper;\n      task body Helper is begin null; end Helper;\n",
     "14: task type Helper;: a task type declaration in the task body: its tasks or "
     "protected actions depended on the server task"),
    # made and finalized with its objects
    ("      type Crew is record W : Worker; end record;\n",
     "14: type Crew is record W : Worker; end...: a type rdv2po does not know to "
     "hold only values"),
    # an unconstrained object may take the largest size: Storage_Error at activation
    ("      type Line (Len : Natural := 3) is record T : String (1 .. Len); end record;\n"
     "      Kept : Line;\n",
     "15: Kept : Line;: an object of a type rdv2po does not know to hold only values"),
    ("      type Ref is access Integer;\n",
     "14: type Ref is access Integer;: a type rdv2po does not know to hold only values"),
    # read when the package is elaborated, not when the task was activated
    ("      subtype Span is Integer range 1 .. Outer;\n",
     "14: Outer: the declaration names Outer, an object whose value may differ"),
    ("      subtype Span is Integer range 1 .. Three;\n",
     "14: Three: the declaration calls Three"),
    # raised at the task's activation (Tasking_Error), at the package's elaboration
    ("      subtype Wide is Count range 0 .. 10;\n",
     "15: range 0 .. 10: a range constraint rdv2po cannot show within its subtype's "
     "range"),
    # the name evaluated when the renaming is elaborated
    ("      Table : array (1 .. 2) of Integer := (1, 2);\n"
     "      Second : Integer renames Table (Outer);\n",
     "15: Second : Integer renames Table (Outer);: an object renaming in the task "
     "body of something other than an object's name"),
])
def test_what_would_change_meaning_is_refused_naming_it(tmp_path, more, reason):
    text = SERVER.replace(TYPE_LINE, TYPE_LINE + more) if more.startswith(
        "      subtype Wide") else SERVER.replace(TYPE_LINE, more + TYPE_LINE)
    got = _reasons(_run(tmp_path, text), "Server")
    assert any(r.startswith(reason) for r in got), got


TYPED = """
with Ada.Text_IO;
procedure Main is
   task type Server (Size : Positive) is
      entry Put (N : Integer);
   end Server;
   task body Server is
      Top : constant := 9;
      type Count is range 0 .. Top;
      Last : Count := 0;
   begin
      loop
         select
            accept Put (N : Integer) do
               Last := Count (N);
               Ada.Text_IO.Put_Line (Count'Image (Last));
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Server;
   S : Server (2);
begin
   S.Put (1);
end Main;
"""


def test_a_task_types_types_move_out_under_fresh_names(tmp_path):
    out = _run(tmp_path, TYPED)
    assert out.decisions["Main.Server"].rewritten
    new = next(iter(out.changes.values()))[1].decode()
    assert "   Server_Top : constant := 9;\n   type Server_Count is range 0 .. Server_Top;\n" \
        "   package Server_Objects is" in new
    assert "Last : Server_Count := 0;" in new and "Server_Count'Image (Last)" in new


@pytest.mark.parametrize("old, new, reason", [
    # each object has its own discriminant
    ("range 0 .. Top;", "range 0 .. Top;\n      subtype Part is Count range 0 .. Count (Size);",
     "9: Size: the declaration names Size, the task's own"),
    ("Top : constant := 9;", "Top : constant Integer := 9;",
     "8: Top: the declaration names Top, the task's own"),
    # the literals keep their names where the type moves
    ("type Count is range 0 .. Top;", "type Count is (Low, High);",
     "9: Low: the enumeration literal Low moves out of the task with its type"),
])
def test_what_a_task_type_cannot_move_is_refused(tmp_path, old, new, reason):
    text = TYPED.replace(old, new)
    if "(Low, High)" in new:
        text = text.replace("Count (N)", "Count'Val (N)").replace(
            "Last : Count := 0;", "Last : Count := Low;").replace(
            "procedure Main is\n", "procedure Main is\n   Low : Integer := 0;\n")
    got = _reasons(_run(tmp_path, text), "Server")
    assert any(r.startswith(reason) for r in got), got
