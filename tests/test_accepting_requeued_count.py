"""E'Count of an entry reached only by the task's own requeues without abort
(translator/schemes/accepting/scheme.py, _requeued_only): its queue changes only
inside the task's rendezvous, in the object inside its protected actions, so a
count read in an accept body is the same in both.  Read in the code after an
accept whose body requeues, it is not: the object runs that code before the
requeue it postpones to the end of the action (review11: the count read 0 where
the task read 1) -- refused, naming the count."""

from __future__ import annotations

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PROGRAM = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Desk is
      entry Ask;
      entry Open;
      entry Report (N : out Natural);
      entry Hold;   -- public, so the body may name it Desk.Hold
   end Desk;

   task body Desk is
      Held : Natural := 0;
      Opened : Boolean := False;
   begin
      loop
         HEAD
         select
            accept Ask do
               requeue TARGET;
            end Ask;
            AFTER
         or
            accept Open do
               Opened := True;
            end Open;
            OPENED
         or
            accept Report (N : out Natural) do
               INSIDE
               N := Held;
            end Report;
         or
            when Opened =>
               accept Hold;
         or
            terminate;
         end select;
      end loop;
   end Desk;

   task Client;
   task body Client is
   begin
      Desk.Ask;
      Put_Line ("client served");
   end Client;

   N : Natural;
begin
   delay 0.2;
   Desk.Report (N);
   Put_Line ("held" & Natural'Image (N));
   Desk.Open;
end Main;
"""


def _program(tmp_path, after: str, inside: str, opened: str = "null;", head: str = "null;",
             target: str = "Hold"):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(PROGRAM.replace("AFTER", after).replace("INSIDE", inside)
                                  .replace("OPENED", opened).replace("HEAD", head)
                                  .replace("TARGET", target))
    return src


@pytest.mark.parametrize("config", ["", "pragma Detect_Blocking;\n"],
                         ids=["plain", "detect_blocking"])
@pytest.mark.parametrize("inside, opened, held", [
    ("Held := Hold'Count;", "null;", 1),
    # read when Open is accepted, after the report: the report shows 0
    ("null;", "Held := Hold'Count;", 0)],
    ids=["in_an_accept_body", "after_an_accept_that_does_not_requeue"])
def test_a_count_read_where_no_requeue_is_pending_is_kept(tmp_path, config, inside, opened,
                                                          held):
    src = _program(tmp_path, "null;", inside, opened)
    want = run_program(src, "main", config).stdout
    assert want == f"held {held}\nclient served\n", want
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme="server"))
    d = out.decisions["Main.Desk"]
    assert d.rewritten and d.scheme == "accepting-server", d
    rewrite.write(out)
    assert run_program(src, "main", config).stdout == want


@pytest.mark.parametrize("after, head, target", [
    ("Held := Hold'Count;", "null;", "Hold"),
    # review12: the requeue named otherwise, the read at the next pass's head
    ("Held := Hold'Count;", "null;", "Desk.Hold"),
    ("null;", "Held := Hold'Count;", "Hold")],
    ids=["after_the_accept", "requeue_named_otherwise", "at_the_loop_head"])
def test_a_count_read_after_an_accept_that_requeues_is_refused(tmp_path, after, head, target):
    _program(tmp_path, after, "null;", head=head, target=target)
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme="server"))
    d = out.decisions["Main.Desk"]
    assert not (d.rewritten and d.scheme == "accepting-server"), d
    assert "`Hold'Count` in the task's code" in str(d), d


POOL = """
procedure Main is
   task type Srv is
      entry Ask;
      entry Wait;
      entry Peek (N : out Natural);
   end Srv;
   Pool : array (1 .. 2) of Srv;
   task body Srv is
      Seen : Natural := 0;
   begin
      loop
         select
            accept Ask do
               requeue Pool (2).Wait;
            end Ask;
         or
            accept Peek (N : out Natural) do
               N := Seen;
            end Peek;
            Seen := Wait'Count;
         or
            accept Wait;
         or
            terminate;
         end select;
      end loop;
   end Srv;
begin
   null;
end Main;
"""


def test_a_count_of_an_entry_another_object_requeues_to_is_refused(tmp_path):
    """review12 count-requeue-from-another-object: in a task type, a requeue to
    another object's entry lands in that object's queue while it is busy."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(POOL)
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme="server"))
    d = out.decisions["Main.Srv"]
    assert not (d.rewritten and d.scheme == "accepting-server"), d
    assert "`Wait'Count` in the task's code" in str(d), d
