"""One ``rewrite`` run reaches the fixed point (issue 33, item 6).

A task whose rewrite touches another's text (a use of the other's 'Terminated
the other's rewrite changes; a task nested in an accept body the other's
rewrite moves) used to be refused with "rewrite one, then run again": a
second run was needed, and CI's ``rewrite --check`` and ``lint --fix`` saw
work left after a fix.  The run now analyses its own rewritten text again in
a private mirror and rewrites what the first pass left, until nothing more
changes; a second run changes nothing.  Reproducers:
../shared/repro/two_tasks_one_file, second_pass_duplicate_with.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from corpus_harness import run_program
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options
from rdv2po.model import Location
from rdv2po.write import mirror, origin
from rdv2po.write.edits import Edit, apply, between
from rdv2po.write.passes import History

DETECT_BLOCKING = "pragma Detect_Blocking;\n"

# Supervisor waits on W'Terminated: the rewrite of Worker changes that text, and
# the rewrite of Supervisor replaces the body holding it.
ATTRIBUTE_USE = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Worker is
      entry Run (N : Integer);
   end Worker;

   task body Worker is
   begin
      accept Run (N : Integer) do
         Put_Line ("worker ran" & Integer'Image (N));
      end Run;
   end Worker;

   task Supervisor is
      entry Launch (N : Integer);
   end Supervisor;

   task body Supervisor is
      W : Worker;
   begin
      accept Launch (N : Integer) do
         W.Run (N);
      end Launch;
      while not W'Terminated loop
         delay 0.01;
      end loop;
      Put_Line ("worker finished");
   end Supervisor;
begin
   Supervisor.Launch (5);
end Main;
"""

# Inner is declared in Outer's accept body, which Outer's rewrite moves.
NESTED = """\
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   task Outer is
      entry Start (N : in out Integer);
   end Outer;

   task body Outer is
   begin
      accept Start (N : in out Integer) do
         declare
            task Inner is
               entry Double (X : in out Integer);
            end Inner;

            task body Inner is
            begin
               accept Double (X : in out Integer) do
                  X := 2 * X;
               end Double;
            end Inner;
         begin
            Inner.Double (N);
         end;
      end Start;
   end Outer;

   V : Integer := 21;
begin
   Outer.Start (V);
   Put_Line ("V =" & Integer'Image (V));
end Main;
"""

# The same nesting, but Inner's entry triggers an asynchronous select: the general
# scheme refuses Inner, in the first pass and in the second, at the user's line.
NESTED_REFUSED = NESTED.replace("""\
            Inner.Double (N);
""", """\
            select
               Inner.Double (N);
            then abort
               delay 10.0;
            end select;
""")

# Two servers that do not touch each other: one pass, nothing analysed again.
APART = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Left is
      entry Put (X : Integer);
      entry Get (X : out Integer);
   end Left;

   task Right is
      entry Put (X : Integer);
      entry Get (X : out Integer);
   end Right;

   task body Left is
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
   end Left;

   task body Right is
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
   end Right;

   A, B : Integer;
begin
   Left.Put (1);
   Right.Put (2);
   Left.Get (A);
   Right.Get (B);
   Put_Line (Integer'Image (A + B));
end Main;
"""


def _program(tmp_path: Path, text: str) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(text)
    return src


def _rewrite(src: Path, scheme: str, passes: int = rewrite.MAX_PASSES) -> rewrite.Outcome:
    old = os.getcwd()
    os.chdir(src)
    try:
        return rewrite.run(Options(paths=(".",)), scheme, passes=passes)
    finally:
        os.chdir(old)


def _cli(src: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rdv2po", "rewrite", *args, "."], cwd=src,
                          capture_output=True, text=True)


@pytest.mark.parametrize("text,tasks", [(ATTRIBUTE_USE, 2), (NESTED, 2)],
                         ids=["attribute_use", "nested"])
def test_one_run_rewrites_every_task_and_a_second_changes_nothing(tmp_path, text, tasks):
    src = _program(tmp_path, text)
    original = run_program(src, "main")
    first = _cli(src, "--in-place", "--scheme", "general")
    assert first.returncode == 0, first.stderr
    assert f"rewrote {tasks} task(s) in 1 file(s); 0 refused" in first.stderr
    assert "run again" not in first.stderr
    second = _cli(src, "--check", "--scheme", "general")
    assert second.returncode == 0, second.stderr
    assert "would rewrite 0 task(s) in 0 file(s)" in second.stderr
    for config in ("", DETECT_BLOCKING):
        got = run_program(src, "main", config)
        assert got.returncode == 0, got.stderr
        assert got.stdout == original.stdout


@pytest.mark.parametrize("text", [ATTRIBUTE_USE, NESTED], ids=["attribute_use", "nested"])
def test_one_pass_leaves_the_touched_task(tmp_path, text):
    """What the run did before: the second task refused, naming the first."""
    out = _rewrite(_program(tmp_path, text), "general", passes=1)
    assert len(out.rewritten) == 1
    [refused] = out.refused
    assert "rewrite one, then run again" in out.decisions[refused].reason


def test_each_with_clause_once(tmp_path):
    """The nested task's pass adds no second 'with Ada.Finalization;' (the reproducer
    second_pass_duplicate_with: the context clause read only its first item)."""
    src = _program(tmp_path, NESTED)
    assert _cli(src, "--in-place", "--scheme", "general").returncode == 0
    withs = [ln for ln in (src / "main.adb").read_text().splitlines()
             if ln.startswith("with ")]
    assert withs and len(withs) == len(set(withs)), withs


def test_diff_is_against_the_users_bytes(tmp_path):
    src = _program(tmp_path, NESTED)
    out = _rewrite(src, "general")
    [(path, (old, new))] = out.changes.items()
    assert old == (src / "main.adb").read_bytes()
    # the edits reported beside the changes make them from the user's bytes
    assert apply(old, out.edits, "ascii", "lf") == new
    assert out.diff().startswith("--- a/main.adb")


def test_a_later_refusal_names_the_users_line(tmp_path, monkeypatch):
    src = _program(tmp_path, NESTED_REFUSED)
    once = _rewrite(src, "general", passes=1)
    mirrored = []
    real = mirror.rewritten
    monkeypatch.setattr(mirror, "rewritten", lambda *a: mirrored.append(1) or real(*a))
    full = _rewrite(src, "general")
    assert mirrored, "Inner, nested in the rewritten Outer, is looked at again"
    name = "Main.Outer.Inner"
    assert full.rewritten == ["Main.Outer"]
    assert full.decisions[name].loc == once.decisions[name].loc
    line = NESTED_REFUSED.splitlines()[full.decisions[name].loc.line - 1]
    assert "Inner.Double (N);" in line
    [note] = [d for d in full.diagnostics if "Inner not rewritten" in d.message]
    assert (note.line, note.col) == (full.decisions[name].loc.line,
                                     full.decisions[name].loc.col)


def test_tasks_apart_take_one_pass(tmp_path, monkeypatch):
    src = _program(tmp_path, APART)

    def no_mirror(*_args, **_kw):
        raise AssertionError("analysed again though no task was touched")
    monkeypatch.setattr(mirror, "rewritten", no_mirror)
    out = _rewrite(src, "auto")
    assert sorted(out.rewritten) == ["Main.Left", "Main.Right"]
    once = _rewrite(src, "auto", passes=1)
    assert out.changes == once.changes and out.edits == once.edits


def test_a_moved_line_is_traced_to_the_users_line():
    old = b"procedure P is\nbegin\n   accept E do\n      X := 1;\n   end E;\nend P;\n"
    start = old.index(b"   accept")
    end = old.index(b"end P;")
    edit = Edit(Path("/p.adb"), start, end, "   entry E when True is\n   begin\n"
                "         X := 1;\n   end E;\n", "test")
    new = apply(old, [edit], "ascii", "lf")
    assert new.splitlines()[4] == b"         X := 1;"
    # line 5 of the rewritten text is the user's line 4, moved right by 3 columns
    assert origin.trace(old, [edit], new, 5, 10) == (4, 7)
    # an unchanged line is exact; a generated one goes to where the replaced text began
    assert origin.trace(old, [edit], new, 1, 3) == (1, 3)
    assert origin.trace(old, [edit], new, 3, 4) == (3, 1)
    history = History({Path("/p.adb"): old}, {"p.adb": Path("/p.adb")})
    history.add([edit], {Path("/p.adb"): new}, {})
    assert history.locate(Location("p.adb", 5, 10), 1) == Location("p.adb", 4, 7)


def test_between_makes_the_new_text_of_the_old():
    old = b"a\nb\nc\nd\n"
    new = b"a\nB\nc\nd\ne\n"
    assert apply(old, between(Path("/f"), old, new), "ascii", "lf") == new
    assert between(Path("/f"), old, old) == []


def test_a_later_pass_takes_only_selected_tasks(tmp_path):
    """--select Worker: Supervisor's text changes (W'Terminated), but it is not taken."""
    src = _program(tmp_path, ATTRIBUTE_USE)
    old = os.getcwd()
    os.chdir(src)
    try:
        out = rewrite.run(Options(paths=(".",)), "general", ("Worker",))
    finally:
        os.chdir(old)
    assert out.rewritten == ["Main.Worker"]
    assert "Main.Supervisor" not in out.decisions


def test_an_insertion_at_a_replacements_start_goes_before_its_text():
    # a task declared at column 1: declarations moved out are inserted at the line's
    # start, where 'task' becomes 'protected' (found on real code: the two interleaved)
    old = b"task type Server is\n"
    edits = [Edit(Path("/s.ads"), 0, 0, "Size : constant := 4;\n", "moved"),
             Edit(Path("/s.ads"), 0, 4, "protected", "keyword")]
    want = b"Size : constant := 4;\nprotected type Server is\n"
    assert apply(old, edits, "ascii", "lf") == want
    assert apply(old, edits[::-1], "ascii", "lf") == want
