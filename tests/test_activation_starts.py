"""What can start a task before a server is activated (schemes/common/starts.py).

A server whose entries are called from subprograms is refused when something
elaborated between its declaration and its activation can start a task that
calls it early (tests/test_general_activation.py).  An allocator of an object
that cannot hold a task, a package body of subprograms, an instance of a
language-defined generic or of one whose declaration and body create no task
start none: the server is translated.  Each of the others still refuses.
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
   type Int_Ptr is access Integer;
   type Counts is array (1 .. 3) of Integer;
   type Counts_Ptr is access Counts;
   type Pair is record
      A, B : Integer := 0;
   end record;
   type Pair_Ptr is access Pair;
   task type Worker is
      entry Go;
   end Worker;
   type Crew is array (1 .. 2) of Worker;
   type Crew_Ptr is access Crew;
   generic
      Start : Integer;
   package Counter is
      Value : Integer := Start;
   end Counter;
   package body Counter is
   begin
      Value := Value + 1;
   end Counter;
   generic
   package Staffed is
      procedure Nothing;
   end Staffed;
   package body Staffed is
      W : Worker;
      procedure Nothing is null;
   end Staffed;
   task Server is
      entry Hello (N : Integer);
   end Server;
   procedure Call (N : Integer) is
   begin
      Server.Hello (N);
   end Call;
LATER
   task body Server is
   begin
      loop
         select
            accept Hello (N : Integer) do
               Put_Line ("hello" & Integer'Image (N));
            end Hello;
         or
            terminate;
         end select;
      end loop;
   end Server;
   task body Worker is
   begin
      accept Go;
   end Worker;
begin
   Call (1);
   Put_Line ("done");
end Main;
"""

QUIET = """\
   P : Int_Ptr := new Integer'(0);
   C : Counts_Ptr := new Counts'(others => 0);
   R : Pair_Ptr := new Pair;
   type Boxed is record
      P : Pair_Ptr := new Pair;
   end record;
   B : Boxed;
   generic
      P : Pair_Ptr;
   package Kept is
   end Kept;
   package Keep is new Kept (new Pair);
   package Helpers is
      function Twice (N : Integer) return Integer;
   end Helpers;
   package body Helpers is
      function Twice (N : Integer) return Integer is (2 * N);
   end Helpers;
   package Int_IO is new Ada.Text_IO.Integer_IO (Integer);
   package Count is new Counter (3);
   package Guarded is
      procedure Nothing;
   end Guarded;
   package body Guarded is
      protected Lock is
         procedure Touch;
      private
         N : Integer := 0;
      end Lock;
      protected body Lock is
         procedure Touch is
         begin
            N := N + 1;
         end Touch;
      end Lock;
      protected type Gate is
         procedure Touch;
      private
         N : Integer := 0;
      end Gate;
      protected body Gate is
         procedure Touch is
         begin
            N := N + 1;
         end Touch;
      end Gate;
      G : Gate;
      procedure Nothing is null;
   end Guarded;
"""


def _run(tmp_path: Path, later: str, scheme: str = "auto"):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(PROGRAM.replace("LATER\n", later))
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme))
    return src, out, out.decisions["Main.Server"]


@pytest.mark.parametrize("scheme", ["auto", "general"])
def test_what_starts_no_task_lets_the_server_be_translated(scheme, tmp_path):
    src, out, d = _run(tmp_path, QUIET, scheme)
    assert d.rewritten, d.reason
    before = run_program(src, "main").stdout
    rewrite.write(out)
    assert run_program(src, "main", "pragma Detect_Blocking;\n").stdout == before == \
        "hello 1\ndone\n"


@pytest.mark.parametrize("later, starter", [
    ("   K : Crew_Ptr := new Crew;\n", "an allocator"),
    ("   package Team is\n      procedure Nothing;\n   end Team;\n   package body Team is\n"
     "      W : Worker;\n      procedure Nothing is null;\n   end Team;\n", "a package body"),
    ("   package Team is\n      W : Worker;\n   end Team;\n   package body Team is\n"
     "   end Team;\n", "a package body"),
    ("   package Staff is new Staffed;\n", "a package instance"),
    # a protected object whose component is a task (realcode7: a protected object
    # holding none starts none)
    ("   package Team is\n      procedure Nothing;\n   end Team;\n   package body Team is\n"
     "      protected type Keeper is\n         procedure Touch;\n      private\n"
     "         W : Worker;\n      end Keeper;\n      protected body Keeper is\n"
     "         procedure Touch is\n         begin\n            null;\n         end Touch;\n"
     "      end Keeper;\n      K : Keeper;\n      procedure Nothing is null;\n   end Team;\n",
     "a package body"),
    # review13: a default expression or an instance's actual allocating a task object
    ("   protected Keeper is\n      procedure Touch;\n   private\n"
     "      K : Crew_Ptr := new Crew;\n   end Keeper;\n   protected body Keeper is\n"
     "      procedure Touch is\n      begin\n         null;\n      end Touch;\n"
     "   end Keeper;\n", "an allocator"),
    ("   type Holder is record\n      K : Crew_Ptr := new Crew;\n   end record;\n"
     "   type Holders is array (1 .. 2) of Holder;\n   H : Holders;\n",
     "an object whose type's defaults allocate"),
    ("   generic\n      K : Crew_Ptr;\n   package Kept is\n   end Kept;\n"
     "   package Keep is new Kept (new Crew);\n", "an allocator"),
], ids=["array_of_tasks", "body_object", "spec_object", "instance", "protected_with_task",
        "protected_default", "record_default", "instance_actual"])
def test_what_may_start_a_task_still_refuses(later, starter, tmp_path):
    _src, out, d = _run(tmp_path, later, "server")
    assert not d.rewritten
    assert f"{starter} here can start a task before Server is activated" in d.reason, d.reason
    # the task type Worker may be the caller-runs scheme's (its objects followed through
    # records and arrays since 892e84c): Server itself stays a task
    assert all(b"task Server is" in new for _old, new in out.changes.values())


# a library generic: its declaration and its body are read each in its own file
CYCLER_SPEC = """\
generic
   type T is (<>);
package Cycler is
   function Next return T;
end Cycler;
"""
CYCLER_BODY = """\
package body Cycler is
   Current : T := T'First;
   BUSY
   function Next return T is
   begin
      Current := (if Current = T'Last then T'First else T'Succ (Current));
      return Current;
   end Next;
end Cycler;
"""


@pytest.mark.parametrize("busy, taken", [
    ("", True),
    ("task Helper;\n   task body Helper is\n   begin\n      null;\n   end Helper;", False)],
    ids=["objects_of_the_formal_type", "a_task_in_the_body"])
def test_a_library_generic_is_read_in_its_own_files(busy, taken, tmp_path):
    later = "   type Colour is (Red, Green);\n   package Colours is new Cycler (Colour);\n"
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text("with Cycler;\n" + PROGRAM.replace("LATER\n", later))
    (src / "cycler.ads").write_text(CYCLER_SPEC)
    (src / "cycler.adb").write_text(CYCLER_BODY.replace("BUSY", busy))
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "server"))
    d = out.decisions["Main.Server"]
    assert d.rewritten == taken, d.reason
    if taken:
        before = run_program(src, "main").stdout
        rewrite.write(out)
        assert run_program(src, "main").stdout == before == "hello 1\ndone\n"
    else:
        assert "a package instance here can start a task" in d.reason, d.reason


SUBUNIT = """\
separate (Main)
package body Team is
   BODY
   procedure Nothing is null;
end Team;
"""


@pytest.mark.parametrize("body, taken", [
    ("N : Integer := 0;", True),
    ("K : Crew_Ptr := new Crew;", False)], ids=["quiet", "allocator"])
def test_a_package_body_subunit_is_read(body, taken, tmp_path):
    # review13 separate-body-allocator-starts-task: the subunit was not followed
    later = ("   package Team is\n      procedure Nothing;\n   end Team;\n"
             "   package body Team is separate;\n")
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(PROGRAM.replace("LATER\n", later))
    (src / "main-team.adb").write_text(SUBUNIT.replace("BODY", body))
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "server"))
    d = out.decisions["Main.Server"]
    assert d.rewritten == taken, d.reason
    if not taken:
        assert "a package body here can start a task before Server is activated" in d.reason
