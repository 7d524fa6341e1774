"""Loops other than ``for`` loops in the server's code outside the accept body
(docs/caller-runs-scheme.md, "Loops"): a loop reading only objects of its own
subprogram that no other task reaches, and calling nothing that may wait, is
taken; every way another task could reach what it reads is refused, naming it.
The corpus case caller_runs_local_loops runs a taken one against the original.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

TEMPLATE = """
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Calendar;
procedure Main is
   Shared : Natural := 0;

   protected Gate is
      function Count return Natural;
   end Gate;
   protected body Gate is
      function Count return Natural is
      begin
         return 0;
      end Count;
   end Gate;

   function Limit return Natural is (Shared + 1);
   procedure Peek (Go : out Boolean) is
   begin
      Go := Shared = 0 and then Go'Size > 100;
   end Peek;
   function "and" (L : Boolean; R : Natural) return Boolean is (L and then R = 0);

   procedure Halve (N : Natural) is
      DECLS
   begin
      K := N;
      while COND loop
         K := K / 2;
         BODY
      end loop;
      Put_Line ("halved" & Natural'Image (K));
   end Halve;

   task Server is
      entry Put (N : Natural);
   end Server;
   task body Server is
      Got : Natural := 0;
   begin
      loop
         select
            accept Put (N : Natural) do
               Got := N;
            end Put;
            Halve (Got);
         or
            terminate;
         end select;
      end loop;
   end Server;
begin
   Server.Put (40);
   Server.Put (7);
end Main;
"""

PLAIN = ("K : Natural;", "K > 1")
REFUSED = {
    "global": (("K : Natural;", "K > 1 and then Shared = 0"),
               "'Shared' is an object declared outside the loop's subprogram"),
    "aliased": (("K : aliased Natural;", "K > 1"),
                "'K' is aliased"),
    "volatile": (("K : Natural with Volatile;", "K > 1"),
                 "Atomic or Volatile"),
    "address": (("K : Natural; KA : Natural with Import, Address => K'Address;", "K > 1"),
                "names an address, an access value"),
    "protected": (("K : Natural;", "K > Gate.Count + 1"),
                  "outside the loop's subprogram"),
    "renaming": (("K : Natural; S : Natural renames Shared;", "K > S + 1"),
                 "renames an object"),
    "function": (("K : Natural;", "K > Limit"),
                 "'Limit' is a subprogram of the sources"),
    "procedure": (("K : Natural; Go : Boolean := True;", "Go"),
                  "'Peek' is a subprogram of the sources"),
    "clock": (("K : Natural; T : Duration := Ada.Calendar.Seconds (Ada.Calendar.Clock);",
               "Ada.Calendar.Seconds (Ada.Calendar.Clock) < T + 0.01"),
              "is a subprogram of ada.calendar"),
    "operator": (("K : Natural;", "K > 1 and Shared"),
                 "is an operator of the sources"),
}


def _program(decls: str, cond: str) -> str:
    body = "Peek (Go);" if cond == "Go" else "null;"
    return TEMPLATE.replace("DECLS", decls).replace("COND", cond).replace(
        "BODY", body).lstrip()


def _run(tmp_path: Path, text: str):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(text)
    return in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)),
                                                scheme="caller-runs"))


def _decision(out):
    return next(d for name, d in out.decisions.items() if name.endswith(".Server"))


def test_a_loop_on_its_own_objects_is_taken_and_prints_the_same(tmp_path):
    text = _program(*PLAIN)
    (tmp_path / "orig").mkdir()
    (tmp_path / "orig" / "main.adb").write_text(text)
    want = run_program(tmp_path / "orig", "main", "").stdout
    assert want == "halved 1\nhalved 1\n"
    out = _run(tmp_path, text)
    assert _decision(out).rewritten
    in_dir(tmp_path, lambda: rewrite.write(out))
    assert "package Server is" in (tmp_path / "src" / "main.adb").read_text()
    assert run_program(tmp_path / "src", "main", "").stdout == want


@pytest.mark.parametrize("variant", sorted(REFUSED))
def test_a_loop_another_task_may_reach_is_refused(tmp_path, variant):
    (decls, cond), why = REFUSED[variant]
    d = _decision(_run(tmp_path, _program(decls, cond)))
    assert not d.rewritten
    reasons = [o.reason for o in d.obstacles or (d,)]
    assert any("a loop other than a for loop" in r and why in r for r in reasons), reasons


def test_the_corpus_poller_is_refused_by_the_caller_runs_scheme(tmp_path):
    src = Path(__file__).parent.parent / "corpus" / "caller_runs_local_loops" / "src"
    (tmp_path / "src").mkdir()
    for f in src.iterdir():
        (tmp_path / "src" / f.name).write_bytes(f.read_bytes())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)),
                                               scheme="caller-runs"))
    got = {n.rsplit(".", 1)[-1]: d for n, d in out.decisions.items()}
    # Put_Folded's outer loop ends (First grows past Msg'Last), but its exit test
    # stands mid-loop and Last goes through Integer'Min: ranking.py proves neither
    printer = [o.reason for o in got["Printer"].obstacles or (got["Printer"],)]
    assert any("may never end" in r for r in printer), printer
    assert sum("may never end" in r for r in printer) == 1, printer
    reasons = [o.reason for o in got["Poller"].obstacles or (got["Poller"],)]
    assert any("'Ready' is an object declared outside the loop's subprogram" in r
               for r in reasons), reasons


SPINNER = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Spinner is
      entry Go (N : Integer);
   end Spinner;
   task body Spinner is
      Count : Integer := 0;
   begin
      loop
         select
            accept Go (N : Integer) do
               Count := N;
               Put_Line ("go" & Integer'Image (N));
            end Go;
            while COND loop
               STEP
            end loop;
         or
            terminate;
         end select;
      end loop;
   end Spinner;
begin
   Spinner.Go (3);
   Put_Line ("after first");
   Spinner.Go (-1);
   Put_Line ("after second");
end Main;
"""
# a loop that never ends for Go (-1): the task spun while main printed 'after second'
# (and waited for it for ever); a caller running it would hang before printing
NEVER = {"spin": ("Count < 0", "null;"),
         "away": ("Count < 5", "Count := Count - 1;"),
         "bound": ("Count < Bound", "Count := Count + 1; Bound := Bound + 1;"),
         "unequal": ("Count /= 0", "Count := Count - 1;")}


def _spinner(cond: str, step: str) -> str:
    text = SPINNER.replace("COND", cond).replace("STEP", step).lstrip()
    if "Bound" in cond:
        text = text.replace("Count : Integer := 0;", "Count : Integer := 0; Bound : Integer := 9;")
    return text


@pytest.mark.parametrize("variant", sorted(NEVER))
def test_a_loop_that_may_never_end_is_refused(tmp_path, variant):
    out = _run(tmp_path, _spinner(*NEVER[variant]))
    d = next(d for name, d in out.decisions.items() if name.endswith(".Spinner"))
    assert not d.rewritten
    reasons = [o.reason for o in d.obstacles or (d,)]
    assert any("may never end" in r for r in reasons), reasons


def test_a_counter_stepping_to_its_bound_is_taken(tmp_path):
    text = _spinner("Count < 0", "Count := Count + 1;")
    (tmp_path / "orig").mkdir()
    (tmp_path / "orig" / "main.adb").write_text(text)
    want = run_program(tmp_path / "orig", "main", "").stdout
    out = _run(tmp_path, text)
    assert next(d for n, d in out.decisions.items() if n.endswith(".Spinner")).rewritten
    in_dir(tmp_path, lambda: rewrite.write(out))
    assert run_program(tmp_path / "src", "main", "").stdout == want


# a loop made by a goto back to a label: for Go (-1) it spins as the while loops above
GOTO_BACK = "<<Again>>\n            if Count < 0 then\n               goto Again;\n" \
            "            end if;"
GOTO_ON = "if Count < 0 then\n               goto Done;\n            end if;\n" \
          "            Count := 0;\n            <<Done>>\n            null;"


def _goto(statements: str) -> str:
    return _spinner("X", "Y").replace("while X loop\n               Y\n            end loop;",
                                      statements)


def test_a_goto_back_is_refused_as_a_loop_that_may_never_end(tmp_path):
    out = _run(tmp_path, _goto(GOTO_BACK))
    d = next(d for name, d in out.decisions.items() if name.endswith(".Spinner"))
    assert not d.rewritten
    reasons = [o.reason for o in d.obstacles or (d,)]
    assert any("a goto back to a label before it" in r for r in reasons), reasons


def test_a_goto_on_is_taken_and_prints_the_same(tmp_path):
    text = _goto(GOTO_ON)
    assert "goto Done" in text
    (tmp_path / "orig").mkdir()
    (tmp_path / "orig" / "main.adb").write_text(text)
    want = run_program(tmp_path / "orig", "main", "").stdout
    out = _run(tmp_path, text)
    assert next(d for n, d in out.decisions.items() if n.endswith(".Spinner")).rewritten
    in_dir(tmp_path, lambda: rewrite.write(out))
    assert run_program(tmp_path / "src", "main", "").stdout == want


# a for loop over an iterator of the sources: its Next never leaves the first cursor
ITERATOR = """
with Ada.Iterator_Interfaces;
package Inf is
   type Cursor is record
      N : Natural := 0;
   end record;
   function Has (C : Cursor) return Boolean is (C.N < 10);
   package Iters is new Ada.Iterator_Interfaces (Cursor, Has);
   type Forever is new Iters.Forward_Iterator with null record;
   overriding function First (O : Forever) return Cursor is ((N => 0));
   overriding function Next (O : Forever; C : Cursor) return Cursor is ((N => 0));
end Inf;
"""
OVER_ITERATOR = "It : Inf.Forever;\n   begin\n      for C in It loop"
OVER_ARRAY = "It : array (1 .. 2) of Integer := (1, 2);\n   begin\n      for C of It loop"
WALK = """
with Inf;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   procedure Walk is
      LOOP
         Put_Line ("step");
      end loop;
   end Walk;

   task Walker is
      entry Go;
   end Walker;
   task body Walker is
   begin
      accept Go;
      Walk;
   end Walker;
begin
   Walker.Go;
   Put_Line ("main done");
end Main;
"""


def _for(tmp_path: Path, loop: str):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "inf.ads").write_text(ITERATOR.lstrip())
    (tmp_path / "src" / "main.adb").write_text(WALK.replace("LOOP", loop).lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)),
                                               scheme="caller-runs"))
    return next(d for name, d in out.decisions.items() if name.endswith(".Walker"))


def test_a_for_loop_over_an_iterator_is_refused(tmp_path):
    d = _for(tmp_path, OVER_ITERATOR)
    assert not d.rewritten
    reasons = [o.reason for o in d.obstacles or (d,)]
    # and the iterator's First and Next, calls nothing proves safe (frontend/iteration.py)
    assert any("a for loop over an iterator" in r for r in reasons), reasons
    assert all("a for loop over an iterator" in r or "iterator operations" in r
               for r in reasons), reasons


def test_a_for_loop_over_an_array_is_taken(tmp_path):
    d = _for(tmp_path, OVER_ARRAY)
    assert d.rewritten, [o.reason for o in d.obstacles or (d,)]


WHILE_LOOP = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Log is
      entry Write (S : String);
   end Log;
   task body Log is
      DECLARED
   begin
      while TEST loop
         select
            accept Write (S : String) do
               Put_Line ("log: " & S);
            end Write;
         or
            terminate;
         end select;
      end loop;
   end Log;
begin
   Log.Write ("one");
end Main;
"""


@pytest.mark.parametrize("declared, test, taken", [
    ("", "True", True),                         # 'loop' written another way
    ("", "not False", True),
    ("Going : Boolean := True;", "Going", True),
    ("Going : Boolean := False;", "Going", False),
    # a variable of the task named True hides Standard's literal
    ("True : Boolean := False;", "True", False)])
def test_a_while_loop_whose_first_test_is_known_is_taken(tmp_path, declared, test, taken):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(WHILE_LOOP.replace("DECLARED", declared or "null;")
                                  .replace("null;\n   begin", "begin")
                                  .replace("TEST", test))
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme="caller-runs"))
    said = [d.message for d in out.diagnostics if d.severity == "warning"]
    assert bool(out.rewritten) == taken, said
    if not taken:
        assert any("the while loop's condition must be a Boolean variable" in m
                   for m in said), said
