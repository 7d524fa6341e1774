"""Conditional, timed and triggering calls of a server whose start-up code may take long.

The task ran its start-up code -- the initial values computed at its activation
(``deferred``) and the statements before its first accept (``start``) -- on its own,
its activator going on once it was activated (RM 9.2): a conditional call made
meanwhile took its else part, a timed call could time out, a triggering call was
queued and started the abortable part.  The package runs that code where the task
was activated, in the activator, before the activator goes on (generate.py's
Start): any later call finds the server at its loop, ready (review10: a
conditional call at 0.1 s, made while the task's start-up loop ran for a second,
took its else part in the task and was taken by the package).

Code without a loop takes a time no timeout a program writes can see (as
accepting/long_actions.py judges the object's protected actions); a loop, in that
code or in a subprogram it calls, may take any time.  So a timed, conditional or
triggering call of the task's entries is refused when the start-up code holds a
loop, naming both.
"""

from __future__ import annotations

from ...frontend.calls import bodies_reached
from ...frontend.syntax import Node, walk
from ...frontend.workspace import FileUnit, Workspace
from ...model import Model, Task
from ..base import Refusal
from ..common.triggers import trigger_call

# what the call did while the task ran its start-up code, where the package takes it
OUTCOME = {"timed": "could time out", "conditional": "took its else part",
           "triggering": "was queued, starting the abortable part"}


def refusals(ws: Workspace, model: Model, task: Task, fu: FileUnit,
             start_up: list[Node]) -> list[Refusal]:
    """A refusal at each timed, conditional or triggering call of the task's entries,
    if ``start_up`` (the body's nodes run at activation, in ``fu``) or a subprogram
    it calls holds a loop; [] otherwise."""
    tried = [(e, s, s.kind) for e in task.entries for s in e.calls
             if s.kind in ("timed", "conditional")]
    tried += [(e, s, "triggering") for e in task.entries for s in e.calls
              if trigger_call(ws, s) is not None]
    loop = _first_loop(ws, model, task, fu, start_up) if tried else None
    if loop is None:
        return []
    where = f"{loop[0]}:{loop[1]}"
    name = task.name.rsplit(".", 1)[-1]
    return [Refusal(s.loc, f"{kind} call of {name}.{e.name}",
                    f"the task's start-up code holds a loop ({where}) that may take any "
                    f"time: the task ran it on its own once activated, and a {kind} call "
                    f"made meanwhile {OUTCOME[kind]}; the activator now runs that code "
                    "before it goes on, so the call would find the server ready")
            for e, s, kind in tried]


def _first_loop(ws: Workspace, model: Model, task: Task, fu: FileUnit,
                start_up: list[Node]) -> tuple[str, int] | None:
    """The first loop of the start-up code or of a subprogram it calls."""
    spans = [(n.start_byte, n.end_byte) for n in start_up]

    def inside(loc) -> bool:
        return loc.path == fu.display and any(s <= fu.offset_of(loc) < e for s, e in spans)
    places = [(fu, n) for n in start_up]
    places += list(bodies_reached(ws, model.subprograms,
                                  [c for c in task.body.calls if inside(c.loc)]))
    for pfu, top in places:
        for n in walk(top):
            if n.type == "loop_statement":
                at = pfu.loc(n)
                return at.path, at.line
    return None
