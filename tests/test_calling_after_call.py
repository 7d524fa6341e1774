"""A calling server's reads after a stop, of what the stop's task writes beside it
(calling/after_call.py; review calling-read-after-computation-between-calls).

The object runs the server's statements from a stop to the next inside the call of
the task the stop waited for, before that task goes on; the task ran them beside it.
A read of a variable that task writes outside its rendezvous is refused, naming the
read and the write; reads of what it does not write stay translated.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

TEMPLATE = """
procedure Main is
   Flag  : Boolean := False with Atomic;
   Other : Boolean := False with Atomic;
   Seen  : Boolean := False with Atomic;
   procedure Set is
   begin
      Flag := True;
   end Set;
begin
   declare
      task Worker is
         entry Start (N : Integer);
         entry Next (N : Integer);
         PRAGMA
      end Worker;
      task Setup is
         ENTRY
      end Setup;
      task body Worker is
         Got : Integer := 0;
      begin
         accept Start (N : Integer) do
            Got := N;
         end Start;
         WORKER
         accept Next (N : Integer) do
            Got := N;
         end Next;
      end Worker;
      task body Setup is
         Count : Integer := 0;
      begin
         SERVER
      end Setup;
   begin
      MAIN
   end;
end Main;
"""

CALLS = "Worker.Start (1); {between} Worker.Next (2);"


def _decision(tmp_path: Path, worker: str, server: str, main: str = "null;"):
    out = _outcome(tmp_path, worker, server, main)
    return next(d for name, d in out.decisions.items() if name.endswith(".Setup"))


def _outcome(tmp_path: Path, worker: str, server: str, main: str):
    entry = "entry Go;" if "accept Go" in server else ""
    # the caller-runs scheme, which tries a mixed task after the calling scheme,
    # would take Worker (a one-shot server) and have the last word; its stack
    # size set by the program keeps it a task
    pragma = "pragma Storage_Size (200_000);" if entry else ""
    text = TEMPLATE.replace("WORKER", worker).replace("SERVER", server) \
        .replace("MAIN", main).replace("ENTRY", entry) \
        .replace("PRAGMA", pragma).lstrip()
    (tmp_path / "src").mkdir(parents=True)
    (tmp_path / "src" / "main.adb").write_text(text)
    return in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme="server"))


@pytest.mark.parametrize("worker, server", [
    ("Flag := True;", CALLS.format(between="Seen := Flag;")),          # the review's shape
    ("Set;", CALLS.format(between="Seen := Flag;")),                   # through a subprogram
    ("Flag := True;", CALLS.format(between="if Flag then Count := 1; end if;")),
    ("Flag := True;", "for I in 1 .. 2 loop Seen := Flag; Worker.Start (I); end loop; "
                      "Worker.Next (2);"),                             # the loop's next turn
])
def test_a_read_of_what_the_called_worker_writes_after_it_is_refused(tmp_path, worker,
                                                                     server):
    d = _decision(tmp_path, worker, server)
    assert not d.rewritten and d.scheme == "calling-server", d
    assert "the task reads Flag after its call of Worker.Start, beside Worker" in d.reason, d


@pytest.mark.parametrize("main, refused", [("Setup.Go; Other := True;", True),
                                          ("Setup.Go;", False)])
def test_a_read_after_an_accept_of_what_its_caller_writes_is_refused(tmp_path, main, refused):
    out = _outcome(tmp_path, "null;", "accept Go; Seen := Other; " +
                   CALLS.format(between=""), main)
    d = next(d for name, d in out.decisions.items() if name.endswith(".Setup"))
    said = [m.message for m in out.diagnostics]
    assert d.scheme == "calling-server" and d.rewritten != refused, (d, said)
    if refused:
        assert "the task reads Other after its accept of Go, beside whoever calls Go" \
            in d.reason, d


@pytest.mark.parametrize("worker, server", [
    ("Other := True;", CALLS.format(between="Seen := Flag;")),         # Flag not written
    ("Flag := True;", CALLS.format(between="Seen := Other; Count := 2;")),
])
def test_reads_of_what_the_worker_does_not_write_are_translated(tmp_path, worker, server):
    d = _decision(tmp_path, worker, server)
    assert d.rewritten and d.scheme == "calling-server", d
