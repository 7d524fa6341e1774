"""A task that can be called before it is activated is refused by every scheme.

A task declared in a nested package's spec is activated when the package's
body begins; a package body elaborated in between (here Early's) starts its
own task, whose call must wait for that activation (and, in the rewrite,
would reach a protected object whose body is not elaborated yet:
Program_Error).  With nothing in between, the task is translated.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PROGRAM = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   package P is
      task Server is
         entry Hello;
      end Server;
      procedure Call;
   end P;
EARLY
   package body P is
      task body Server is
      begin
         loop
            select
               accept Hello;
            or
               terminate;
            end select;
         end loop;
      end Server;
      procedure Call is
      begin
         Server.Hello;
      end Call;
   end P;
begin
   P.Call;
   Put_Line ("done");
end Main;
"""

EARLY = """\
   package Early is
      task Client;
   end Early;
   package body Early is
      task body Client is
      begin
         P.Call;
      end Client;
   end Early;
"""


def _run(tmp_path: Path, early: str, scheme: str):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(PROGRAM.replace("EARLY\n", early))
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme))
    return src, out, out.decisions["Main.P.Server"]


@pytest.mark.parametrize("scheme", ["general", "server"])
def test_a_package_body_in_between_refuses(scheme, tmp_path):
    _src, out, d = _run(tmp_path, EARLY, scheme)
    assert not d.rewritten
    assert "a package body here can start a task before Server is activated" in d.reason
    assert "when its package body begins" in d.reason
    assert d.construct.startswith("package body Early")
    assert not out.changes


@pytest.mark.parametrize("scheme", ["general", "server"])
def test_nothing_in_between_translates(scheme, tmp_path):
    src, out, d = _run(tmp_path, "", scheme)
    assert d.rewritten, d.reason
    before = run_program(src, "main").stdout
    rewrite.write(out)
    assert run_program(src, "main").stdout == before == "done\n"


# Between the server's declaration and its activation: constructs that start a task
# (refused), each with a task calling Server; and constructs that cannot (translated).
STARTS = {
    "instance of a generic declaring a task": """\
   generic
   package Starter is
   end Starter;
   package body Starter is
      task Client;
      task body Client is
      begin
         P.Call;
      end Client;
   end Starter;
   package Started is new Starter;
""",
    "instance given a task type": """\
   generic
      type Item is limited private;
   package Holding is
      Kept : Item;
   end Holding;
   task type Caller;
   task body Caller is
   begin
      P.Call;
   end Caller;
   package Held is new Holding (Caller);
""",
    "task object in a package body": """\
   package Early is
      procedure Nothing;
   end Early;
   package body Early is
      task type Caller;
      task body Caller is
      begin
         P.Call;
      end Caller;
      One : Caller;
      procedure Nothing is null;
   end Early;
""",
    "allocator of a record holding a task": """\
   task type Caller;
   type Box is limited record
      C : Caller;
   end record;
   type Box_Ref is access Box;
   task body Caller is
   begin
      P.Call;
   end Caller;
   B : Box_Ref := new Box;
""",
}

QUIET = """\
   generic
   package Starter is
   end Starter;
   package body Starter is
      task Client;
      task body Client is
      begin
         P.Call;
      end Client;
   end Starter;
   package Helpers is
      procedure Twice;
   end Helpers;
   package body Helpers is
      Count : Natural := 0;
      procedure Twice is
      begin
         Count := Count + 2;
      end Twice;
   begin
      Twice;
   end Helpers;
   type Cell is record
      V : Integer;
   end record;
   type Cell_Ref is access Cell;
   C : Cell_Ref := new Cell'(V => 1);
   package Int_IO is new Ada.Text_IO.Integer_IO (Integer);
   task type Caller;
   type Caller_Ref is access Caller;
   No_Caller : constant Caller_Ref := null;
   task body Caller is
   begin
      P.Call;
   end Caller;
"""


@pytest.mark.parametrize("shape", sorted(STARTS))
def test_a_construct_that_starts_a_task_refuses(shape, tmp_path):
    _src, out, d = _run(tmp_path, STARTS[shape], "general")
    assert not d.rewritten
    assert "can start a task before Server is activated" in d.reason, d.reason
    assert not out.changes


@pytest.mark.parametrize("scheme", ["general", "server"])
def test_constructs_that_start_no_task_translate(scheme, tmp_path):
    src, out, d = _run(tmp_path, QUIET, scheme)
    assert d.rewritten, f"{d.construct}: {d.reason}"
    before = run_program(src, "main").stdout
    rewrite.write(out)
    assert run_program(src, "main").stdout == before == "done\n"
