"""Lint precision on shapes met in code bases the project did not write.

AdaCore's training_material (the gnatsas lab's dining philosophers): the
server's accept body calls Windows.Borders, whose body calls Screen.MoveCursor
in a third file.  The lint compiles only the files the tasks need and their
callees' bodies; a callee's callee was never compiled, so its body was "not in
the analysed sources" and the lint named the wrong scheme (or the wrong reason)
where the rewrite, which compiles everything, translated.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from test_lint_cli import rdv2po

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def _copy(case: str, tmp_path: Path) -> Path:
    shutil.copytree(CORPUS / case / "src", tmp_path / "src")
    (tmp_path / ".git").mkdir()
    return tmp_path


def test_a_callee_two_files_away_is_read_and_the_lint_agrees_with_the_rewrite(tmp_path):
    root = _copy("callee_two_files_deep", tmp_path)
    out = rdv2po("lint", "src", cwd=root).stdout
    assert "eliminable by the accepting-server scheme" in out, out
    assert "not in the analysed sources" not in out, out


def test_a_callee_two_files_away_that_writes_still_needs_the_caller_runs_scheme(tmp_path):
    root = _copy("callee_two_files_deep", tmp_path)
    scales = root / "src" / "scales.adb"
    scales.write_text("with Ada.Text_IO;\n" + scales.read_text().replace(
        "      return", "      Ada.Text_IO.Put_Line (\"scaled\");\n      return"))
    out = rdv2po("lint", "src", cwd=root).stdout
    assert "eliminable by the caller-runs-server scheme" in out, out


def test_the_model_has_the_body_of_a_callee_two_files_away(tmp_path):
    root = _copy("callee_two_files_deep", tmp_path)
    model = json.loads(rdv2po("inspect", "--format", "json", "src", cwd=root).stdout)
    bodies = {s["qualified_name"]: s["body"] for s in model["subprograms"]}
    assert bodies.get("Scales.Scaled") == "src/scales.adb:2:13", bodies


# zertovitch/hac's hac_multi: task type HAC_Instance accepts Start once, then
# compiles and runs a program (file input, output): twenty of them work at once.
# A one-shot task the caller-runs scheme takes and refuses was reported as "a
# server, not eliminable" (RDV003); the work after its accept is its own.
ONE_SHOT = """\
with Ada.Text_IO;
procedure Main is
   task type Job is
      entry Start (Id : Positive);
   end Job;

   task body Job is
      Mine : Positive;
      Line : String (1 .. 100);
      Last : Natural;
      F    : Ada.Text_IO.File_Type;
   begin
      accept Start (Id : Positive) do
         Mine := Id;
      end Start;
      WORK
      Ada.Text_IO.Put_Line (Integer'Image (Mine) & " " & Line (1 .. Last));
   end Job;
begin
   declare
      Jobs : array (1 .. 3) of Job;
   begin
      for I in Jobs'Range loop
         Jobs (I).Start (I);
      end loop;
   end;
end Main;
"""
READS = """Ada.Text_IO.Open (F, Ada.Text_IO.In_File, "main.adb");
      Ada.Text_IO.Get_Line (F, Line, Last);
      Ada.Text_IO.Close (F);"""


def _one_shot(tmp_path: Path, work: str) -> str:
    (tmp_path / "main.adb").write_text(ONE_SHOT.replace("WORK", work))
    (tmp_path / ".git").mkdir()
    return rdv2po("lint", "main.adb", cwd=tmp_path).stdout


def test_a_one_shot_task_that_reads_after_its_accept_is_a_worker(tmp_path):
    out = _one_shot(tmp_path, READS)
    assert "task type Main.Job is a worker, kept: call of Ada.Text_IO.Open outside its " \
           "accept bodies, after the caller is released" in out, out
    assert "[RDV006]" in out and "[RDV003]" not in out, out


def test_a_one_shot_task_that_only_prints_after_its_accept_is_still_a_server(tmp_path):
    out = _one_shot(tmp_path, 'Line (1 .. 2) := "ok";\n      Last := 2;')
    assert "task type Main.Job is a server, not eliminable" in out, out
    assert "[RDV003]" in out, out


# zertovitch/hac's tasks_02: T1 prints, then passes a number to T2 by one entry
# call.  RDV006 said T1 "starts other tasks"; it calls one, it starts none.
ONE_CALL = """\
with Ada.Text_IO;
procedure Main is
   task T1;
   task T2 is
      entry Here_Is (V : Integer);
      entry Give (V : out Integer);
   end T2;

   task body T1 is
   begin
      Ada.Text_IO.Put_Line ("T1 starting");
      T2.Here_Is (42);
   end T1;

   task body T2 is
      Kept : Integer := 0;
   begin
      accept Here_Is (V : Integer) do
         Kept := V;
      end Here_Is;
      accept Give (V : out Integer) do
         V := Kept;
      end Give;
   end T2;

   M : Integer;
begin
   T2.Give (M);
   Ada.Text_IO.Put_Line (Integer'Image (M));
end Main;
"""


def test_a_task_making_one_entry_call_is_said_to_call_not_to_start(tmp_path):
    (tmp_path / "main.adb").write_text(ONE_CALL)
    (tmp_path / ".git").mkdir()
    out = rdv2po("lint", "main.adb", cwd=tmp_path).stdout
    assert "task Main.T1 is not a calling server, kept: 1 entry call(s) (T2.Here_Is), " \
           "none in a loop: it calls other tasks, it does not hand out work" in out, out


def test_calls_of_generic_instances_are_read_and_the_lint_agrees_with_the_rewrite(tmp_path):
    # a generic package's spec was an unnamed unit (its body never compiled for the
    # lint), and an instance of a generic function had no body at all
    root = _copy("generic_calls_in_server", tmp_path)
    out = rdv2po("lint", "src", cwd=root).stdout
    assert "eliminable by the accepting-server scheme" in out, out


# A guard calling a function the analysis cannot follow made the server "a
# worker ... after the caller is released": a guard is read while the task
# waits for its callers, it is no work of its own (found while reading the
# refusals of generic instances above).
GUARDED = """\
with Ext;
procedure Main is
   task Keeper is
      entry Put (X : Integer);
      entry Get (X : out Integer);
   end Keeper;

   task body Keeper is
      V : Integer := 0;
   begin
      loop
         select
            accept Put (X : Integer) do
               V := X;
            end Put;
         or
            when Ext.Ready =>
               accept Get (X : out Integer) do
                  X := V;
               end Get;
         or
            terminate;
         end select;
      end loop;
   end Keeper;
   Y : Integer;
begin
   Keeper.Put (1);
   Keeper.Get (Y);
end Main;
"""


def test_a_call_in_a_guard_is_no_work_of_a_worker(tmp_path):
    (tmp_path / "main.adb").write_text(GUARDED)
    (tmp_path / "ext").mkdir()
    (tmp_path / "ext" / "ext.ads").write_text(
        "package Ext is\n   function Ready return Boolean;\nend Ext;\n")
    (tmp_path / "ext" / "ext.adb").write_text(
        "package body Ext is\n   function Ready return Boolean is (True);\nend Ext;\n")
    (tmp_path / ".git").mkdir()
    out = rdv2po("lint", "-I", "ext", "main.adb", cwd=tmp_path).stdout
    assert "task Main.Keeper is an accepting server, not eliminable" in out, out
    assert "[RDV003]" in out and "a worker" not in out, out
