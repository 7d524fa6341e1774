"""Loops a calling server runs between its calls.

The task's statements become the protected procedure ``Advance``, run inside the
protected action of a worker's call.  The task ran a loop between two calls on its
own, the worker it had called already released; the object runs it holding the lock,
that worker still inside its call.  A loop that waits for another task -- polls a
flag the worker sets once its call returns (review10), a protected function -- would
wait there for ever; one not proved to end would keep the worker for ever where the
original worker went on.  So a ``while`` or plain loop, and a ``for`` loop that may
leave early (an exit, a return, a goto), must read nothing outside the task, and a
``while`` or plain loop must be proved to end (``common/termination.py``).  A loop
holding a call of a worker is a loop of stages, not run in one call: not judged here.
"""

from __future__ import annotations

from ...frontend.calls import bodies_reached
from ...frontend.syntax import Node, first_child, walk
from ...frontend.workspace import FileUnit, Workspace
from ..common import startup, termination
from ..common.refusals import ShapeError

WHEN = ("inside a worker's call, holding the lock, where a loop that waits for another "
        "task {waits}")
THEN = "in a loop of its own, between its calls"
ENDLESS = ("a loop the task ran between its calls, the worker it called released, which "
           "rdv2po does not prove ends ({why}): the object would run it inside a "
           "worker's call, which would never return where the worker went on")


def check(ws: Workspace, fu: FileUnit, inside: list[tuple[FileUnit, Node]], body: Node,
          is_stop, subprograms, calls) -> None:
    """ShapeError at the first loop of the task's statements, or of a subprogram they
    call, that may wait for another task or is not proved to end.  ``is_stop``: is a
    node a call of a worker (a stage's end)?"""
    hss = first_child(body, "handled_sequence_of_statements")
    places = [(fu, hss)] if hss is not None else []
    places += list(bodies_reached(ws, subprograms, calls))
    for pfu, top in places:
        for loop in (n for n in walk(top) if n.type == "loop_statement"):
            if any(is_stop(n) for n in walk(loop)):
                continue
            _check_loop(ws, pfu, inside, loop)


def _check_loop(ws: Workspace, fu: FileUnit, inside, loop: Node) -> None:
    counted = termination.ranged(loop)
    if counted and not termination.leaves_early(loop):
        return                        # runs its course: bounded, waits for nobody
    startup.check(ws, fu, inside, [loop],
                  WHEN.format(waits="waits in vain up to its bound" if counted
                              else "never ends"), then=THEN)
    if not counted and not termination.ends(ws, fu, loop):
        why = termination.unprovable(ws) or \
            "no counter steps towards a bound that stays put"
        raise ShapeError(loop, ENDLESS.format(why=why))
