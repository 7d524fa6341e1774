"""Timed and conditional calls of a server whose translated code may hold its lock
long.

The object runs the task's code inside its protected actions: accept bodies, and
the statements after an accept up to the next sync point.  A timed call made
while one of them runs waits for the object's lock, and a call waiting for the
lock is not queued yet: it cannot time out (RM 9.7.2 counts from the queuing),
and once the action ends it finds its entry open and is taken.  The task, busy
in the same code, was not at its select: the call timed out (review10: a timed
call of Ping with a 0.1 s delay, made while Go's accept body computed for a
second, timed out in the task and was taken by the object).  A conditional call
likewise: the task, busy, had it take its else part; and a call triggering an
asynchronous select: the task queued it, starting the abortable part, which the
call the object takes never starts.

Code without a loop holds the lock for a time no timeout a program writes can
see; a loop (also in a subprogram the code calls) may hold it for any time.  So
a timed, conditional or triggering call of the task's entries is refused when the
code the object would run has a loop, naming both.
"""

from __future__ import annotations

from ...frontend.calls import bodies_reached
from ...frontend.syntax import Node, first_child, walk
from ...frontend.workspace import Workspace
from ...model import Model, Task
from ..base import Refusal
from ..common.declarations import SYNC
from ..common.site import Nodes
from ..common.triggers import trigger_call

# what the call did in the task, busy, where the object takes it
OUTCOME = {"timed": "let it time out", "conditional": "had it take its else part",
           "triggering": "queued it, starting the abortable part"}


def refusals(ws: Workspace, model: Model, task: Task, nodes: Nodes,
             server_loop: Node | None) -> list[Refusal]:
    """A refusal at each timed or conditional call of the task's entries, if the code
    the object would run holds a loop; [] otherwise."""
    timed = [(e, s, s.kind) for e in task.entries for s in e.calls
             if s.kind in ("timed", "conditional")]
    timed += [(e, s, "triggering") for e in task.entries for s in e.calls
              if trigger_call(ws, s) is not None]
    loop = _first_loop(ws, model, task, nodes, server_loop) if timed else None
    if loop is None:
        return []
    where = f"{loop[0]}:{loop[1]}"
    name = task.name.rsplit(".", 1)[-1]
    return [Refusal(s.loc, f"{kind} call of {name}.{e.name}",
                    f"the object would run the task's code inside its protected actions, "
                    f"and that code holds a loop ({where}) that may keep the lock for "
                    f"any time: a {kind} call waiting for the lock is not queued yet, "
                    "and finds its entry open once the lock is free, where the task, "
                    f"busy there, {OUTCOME[kind]}")
            for e, s, kind in timed]


def _first_loop(ws: Workspace, model: Model, task: Task, nodes: Nodes,
                server_loop: Node | None) -> tuple[str, int] | None:
    """The first loop of the task's statements (not the server loop, nor a loop of
    sync points, which the object runs as stages) or of a subprogram they call."""
    hss = first_child(nodes.body, "handled_sequence_of_statements")
    places = [(nodes.body_fu, hss)] if hss is not None else []
    places += list(bodies_reached(ws, model.subprograms, task.body.calls))
    for fu, top in places:
        for n in walk(top):
            if n.type != "loop_statement" or n == server_loop:
                continue
            if any(m.type in SYNC for m in walk(n)):
                continue
            at = fu.loc(n)
            return at.path, at.line
    return None
