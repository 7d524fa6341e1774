"""A server refusal lists every obstacle, each with its place and reason.

Before, the first obstacle stopped the analysis: remove it and the next run
named another.  Now the checks that do not depend on each other all run, and
each obstacle is its own warning ``file:line:col: warning: task T not
rewritten: ...``; the decision keeps them all (the lint reports each).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options
from rdv2po.schemes import registry
from rdv2po.schemes.accepting.plugin import ACCEPTING


@pytest.fixture(autouse=True)
def accepting_only(monkeypatch):
    """The accepting scheme alone: under auto the scheme with the fewest obstacles is
    reported (rewrite._translate), and these are the accepting scheme's."""
    monkeypatch.setitem(registry.SELECTIONS, "accepting", registry.Selection(
        "accepting", (ACCEPTING,), "", ""))

# Six independent obstacles, one of each family: an exception (declarations),
# an accept in an if after the server loop and a delay alternative shorter than GNAT's
# timing-event period (shape), a call of
# Put_Line in an accept body (blocking), pragma Priority and 'Identity of the task
# (a protected object is not a task).
MANY = """
with Ada.Text_IO;
with Ada.Task_Identification; use Ada.Task_Identification;
procedure Main is
   task T is
      pragma Priority (10);
      entry Put (X : Integer);
   end T;
   task body T is
      Oops : exception;
      Sum : Integer := 0;
   begin
      loop
         select
            accept Put (X : Integer) do
               Sum := (Sum + X) mod 3;
               Ada.Text_IO.Put_Line ("got");
            end Put;
         or
            delay 0.05;
            exit;
         end select;
      end loop;
      if Sum > 0 then
         accept Put (X : Integer);
      end if;
   end T;
begin
   T.Put (1);
   if T'Identity /= Null_Task_Id then
      null;
   end if;
end Main;
"""


def _run(tmp_path: Path, source: str):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(source.lstrip())
    return in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "accepting"))


def _warnings(out, task: str) -> list[str]:
    return [f"{d.line}:{d.col}: {d.message}" for d in out.diagnostics
            if d.severity == "warning" and d.message.startswith(f"task {task} not rewritten")]


def test_every_obstacle_is_named_with_its_place(tmp_path: Path):
    out = _run(tmp_path, MANY)
    d = out.decisions["Main.T"]
    assert not d.rewritten and not out.changes
    got = _warnings(out, "T")
    want = [("5:7:", "pragma Priority (10);: Priority on the task"),
            ("9:7:", "Oops : exception;: an exception declaration in the task body"),
            ("16:28:", "call of Ada.Text_IO.Put_Line: would run inside a protected action"),
            ("19:13:", "a delay of 0.05 s: GNAT 12's timing events fire"),
            ("24:10:", "accept Put (X : Integer);: an accept inside an if statement after "
                       "the server loop"),
            ("29:7:", "T'Identity: the task attribute 'Identity: a protected object is not "
                      "a task")]
    for where, what in want:
        assert any(w.startswith(where) and what in w for w in got), (where, what, got)
    assert len(got) == len(want), got
    assert len(d.obstacles) == len(want)
    # the decision's own construct is the first obstacle, as a scheme that stops
    # at the first would name it
    assert (d.loc, d.construct, d.reason) == (d.obstacles[0].loc, d.obstacles[0].construct,
                                              d.obstacles[0].reason)


def test_one_obstacle_is_one_warning(tmp_path: Path):
    one = MANY.replace("      Oops : exception;\n", "") \
        .replace("               Ada.Text_IO.Put_Line (\"got\");\n", "") \
        .replace("         or\n            delay 0.05;\n            exit;\n",
                 "         or\n            terminate;\n") \
        .replace("      if Sum > 0 then\n         accept Put (X : Integer);\n      end if;\n"
                 "   end T;", "   end T;") \
        .replace("   if T'Identity /= Null_Task_Id then\n      null;\n   end if;\n", "")
    out = _run(tmp_path, one)
    got = _warnings(out, "T")
    assert len(got) == 1 and "pragma Priority (10);: Priority on the task" in got[0], got
    assert len(out.decisions["Main.T"].obstacles) == 1


def test_checks_of_the_translation_gather_too(tmp_path: Path):
    """Obstacles of the translation itself (guards, start-up code) are gathered too:
    here a guard reading a variable outside the task and another that can raise."""
    source = """
procedure Main is
   Open : Boolean := True;
   task T is
      entry A;
      entry B (X : Integer);
   end T;
   task body T is
      N : Integer := 0;
      D : Integer := 0;
   begin
      loop
         select
            when Open =>
               accept A;
         or
            when N / D > 1 =>
               accept B (X : Integer) do
                  N := N + X;
               end B;
         or
            terminate;
         end select;
      end loop;
   end T;
begin
   T.A;
   Open := False;
end Main;
"""
    out = _run(tmp_path, source)
    got = _warnings(out, "T")
    assert any(w.startswith("13:18:") and "reads variable Open" in w for w in got), got
    assert any(w.startswith("16:18:") and "the guard of accept B can raise" in w
               for w in got), got
    assert len(got) == 2 and not out.changes


def test_callees_are_called_what_they_are(tmp_path: Path):
    """A generic formal subprogram, a GNAT run-time unit's and a language-defined
    unit's subprograms: not "its body is not in the given sources"."""
    source = """
with Ada.Command_Line;
with GNAT.Source_Info;
procedure Main is
   generic
      with procedure Report (N : Integer);
   package Servers is
      task T is
         entry Put (N : Integer);
      end T;
   end Servers;
   package body Servers is
      task body T is
         Total : Integer := 0;
      begin
         loop
            select
               accept Put (N : Integer) do
                  Report (N);
                  Total := Total + Ada.Command_Line.Argument_Count;
                  Total := Total + GNAT.Source_Info.Line;
               end Put;
            or
               terminate;
            end select;
         end loop;
      end T;
   end Servers;
   procedure Show (N : Integer) is
   begin
      null;
   end Show;
   package S is new Servers (Show);
begin
   select
      delay 1.0;
   then abort
      S.T.Put (1);
   end select;
end Main;
"""
    # (the asynchronous select keeps the caller-runs scheme from taking T: the
    # accepting scheme's refusal is the one reported)
    out = _run(tmp_path, source)
    got = "\n".join(_warnings(out, "T"))
    assert "Report: would run inside a protected action: a generic formal subprogram" in got
    assert "the language-defined unit Ada.Command_Line" in got
    assert "the GNAT run-time unit GNAT.Source_Info" in got
    assert "not in the given sources" not in got
