"""How a calling server ends when something raises: through its own exception
handler, or silently.

In the task, an exception in the server's statements (or in evaluating the
parameters of a call it makes) ends the task after running the handler of
its body, if any; an exception the handler does not catch, or one the
handler raises, ends it silently (RM 11.4(4)): nobody else sees it.  The
translation keeps exactly that:

- ``Advance`` (the server's statements) catches everything: the worker
  whose call runs it already has its message, as in the original, where
  the server went on after the rendezvous; the server is ``Done``;
- an entry body whose actual parameters raise ends the server the same way
  and keeps its caller waiting (the original server never made that call);
- an accept body of the server's own entries that raises ends the server
  and propagates to the caller, who saw it in the original too.

With a handler, each of these calls the private procedure ``Recover``, which
raises the occurrence again inside a block with the task's handlers as
written: they run in the object, where the task ran them, and the task's
end follows (``Stage := Done``).  An exception they let through is dropped:
the task would have ended silently.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...frontend.syntax import Node, first_child
from ..common.fragments import STEP, Source
from .flow import DONE

EXCEPTIONS = "Ada.Exceptions"


@dataclass(frozen=True)
class Ending:
    server: str                 # the task's name, for comments
    stage: str
    handlers: tuple[str, ...]   # the task body's exception handlers, as written, or ()
    recover: str = ""           # name of the private procedure running them
    error: str = ""             # name of the choice parameter catching the occurrence

    def declarations(self) -> list[str]:
        if not self.handlers:
            return []
        return [f"procedure {self.recover}{self.occurrence_formal()};"]

    def occurrence_formal(self) -> str:
        """`` (Error : ...)`` for a procedure that runs the handler, else nothing."""
        return f" ({self.error} : {EXCEPTIONS}.Exception_Occurrence)" if self.handlers else ""

    def _end(self, why: str) -> list[str]:
        """Handler statements ending the server, in a handler catching ``error``."""
        if self.handlers:
            return [f"{self.recover} ({self.error});"]
        return [f"--  {self.server} would have ended here, silently{why}",
                f"{self.stage} := {DONE};"]

    def _choice(self) -> str:
        return f"when {self.error} : others =>" if self.handlers else "when others =>"

    def advance_part(self, may_raise: bool) -> list[str]:
        """Exception part of ``Advance``: the server's statements raised (none if they
        are only rdv2po's own, which cannot)."""
        if not may_raise:
            return []
        return ["exception", STEP + self._choice()] + [STEP * 2 + ln for ln in self._end("")]

    def entry_part(self, entry: str) -> list[str]:
        """Exception part of a worker's entry: the call's parameters raised."""
        return (["exception", STEP + self._choice()]
                + [STEP * 2 + ln for ln in self._end(", before this call")]
                + [STEP * 2 + "--  and never made it: its callee waits for ever",
                   STEP * 2 + f"requeue {entry} with abort;"])

    def accept_part(self) -> list[str]:
        """Exception part of an accept body run in the object: caller and server see it."""
        return (["exception", STEP + self._choice()]
                + [STEP * 2 + ln for ln in self._end("")]
                + [STEP * 2 + "raise;  --  the caller saw it too"])

    def subprograms(self) -> list[str]:
        if not self.handlers:
            return []
        lines = [f"procedure {self.recover}{self.occurrence_formal()} is",
                 "begin",
                 STEP + f"--  {self.server}'s exception handler, run where {self.server} ran it;",
                 STEP + f"--  {self.server} ended after it",
                 STEP + f"{self.stage} := {DONE};",
                 STEP + "begin",
                 STEP * 2 + f"{EXCEPTIONS}.Reraise_Occurrence ({self.error});",
                 STEP + "exception"]
        lines += [STEP * 2 + ln if ln.strip() else "" for h in self.handlers
                  for ln in h.split("\n")]
        lines += [STEP + "end;", "exception", STEP + "when others =>",
                  STEP * 2 + f"null;  --  not handled, or raised by the handler: {self.server} "
                             "ended silently", f"end {self.recover};", ""]
        return lines


def task_handlers(body: Node) -> list[Node]:
    hss = first_child(body, "handled_sequence_of_statements")
    return [c for c in hss.named_children if c.type == "exception_handler"]


def handler_text(src: Source, handlers: list[Node]) -> tuple[str, ...]:
    """The handlers as written (comments between them kept), from column 0."""
    if not handlers:
        return ()
    return (src.block(handlers[0].start_byte, handlers[-1].end_byte, ""),)
