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
see; code that loops (also in a subprogram the code calls) may hold it for any
time.  It loops with a loop statement, a goto, a quantified expression, an
iterated association (``(for I in ... => ...)``, ``'Reduce``), a recursive call
(a cycle among the subprograms it reaches), or a call of a language-defined
subprogram that walks its data (strings, containers) or of one whose body is not
in the sources.  A call whose caller may give up while it waits is cancellable:
a timed or conditional call, a triggering call, any call of the entries made in
an abortable part (the part is aborted when its trigger completes; a call
waiting for the lock is not queued and cannot be), a requeue with abort (it
carries its caller's time-out), and any call in a program that aborts tasks (the
aborted caller leaves a queue at once, and a lock wait only once it is free).
Such a call of the task's entries is refused when the code the object would run
loops, naming both (review10, review11).
"""

from __future__ import annotations

from ...frontend.calls import bodies_reached
from ...frontend.syntax import Node, ancestors, first_child, text, walk
from ...frontend.workspace import Workspace
from ...model import Model, Task
from ..base import Refusal
from ..common import recursion
from ..common.declarations import SYNC
from ..common.site import Nodes
from ..common.polling import with_abort
from ..common.triggers import trigger_call

# what the call did in the task, busy, where the object takes it
OUTCOME = {"timed": "let it time out", "conditional": "had it take its else part",
           "triggering": "queued it, starting the abortable part",
           "abortable": "queued it, where aborting its caller (or its abortable part) "
                        "takes it off the queue at once",
           "requeued": "queued it, where its caller's time-out (the requeue is with "
                       "abort) takes it off the queue"}
# constructs that repeat: the object may hold its lock for any time there
LOOPING = {"loop_statement": "a loop", "goto_statement": "a goto",
           "quantified_expression": "a quantified expression",
           "iterated_element_association": "an iterated association"}
# language-defined units whose subprograms walk their data (a string, a container)
WALKING = ("ada.strings", "ada.containers", "ada.wide_", "gnat.")
# units whose subprograms without a body in the sources end at once (numbers,
# characters, time): the run-time's and the language's others
QUIET_UNITS = ("ada.", "standard", "interfaces", "system")


def refusals(ws: Workspace, model: Model, task: Task, nodes: Nodes,
             server_loop: Node | None) -> list[Refusal]:
    """A refusal at each cancellable call of the task's entries, if the code the
    object would run loops; [] otherwise."""
    calls = _cancellable(ws, task)
    loop = _first_loop(ws, model, task, nodes, server_loop) if calls else None
    if loop is None:
        return []
    name = task.name.rsplit(".", 1)[-1]
    return [Refusal(s.loc, f"{kind} call of {name}.{e.name}",
                    f"the object would run the task's code inside its protected actions, "
                    f"and that code holds {loop} that may keep the lock for any time: "
                    f"{_article(kind)} {kind} call waiting for the lock is not queued yet, "
                    "and finds its "
                    f"entry open once the lock is free, where the task, busy there, "
                    f"{OUTCOME[kind]}")
            for e, s, kind in calls]


def _article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


def _cancellable(ws: Workspace, task: Task) -> list:
    """The calls of the task's entries whose callers may give up while they wait, as
    (entry, call site, kind)."""
    aborts = _aborts(ws)
    found = []
    for e in task.entries:
        for s in e.calls:
            kind = s.kind if s.kind in ("timed", "conditional") else \
                "triggering" if trigger_call(ws, s) is not None else \
                "abortable" if _in_abortable_part(ws, s) else \
                "requeued" if s.kind == "requeue" and with_abort(ws, s.loc) else \
                "abortable" if aborts else None
            if kind is not None:
                found.append((e, s, kind))
    return found


_ABORTS: dict[int, tuple[Workspace, bool]] = {}


def _aborts(ws: Workspace) -> bool:
    """Does the program abort tasks (an abort statement, Abort_Task)?  Read once per
    program, not per task."""
    hit = _ABORTS.get(id(ws))
    if hit is None or hit[0] is not ws:
        _ABORTS.clear()
        hit = _ABORTS[id(ws)] = (ws, any(
            fu.nodes_of_type("abort_statement") or
            any(text(n).lower() == "abort_task" for n in fu.nodes_of_type("identifier"))
            for fu in ws.units()))
    return hit[1]


def _in_abortable_part(ws: Workspace, site) -> bool:
    """Is the call at ``site`` inside the abortable part of an asynchronous select?"""
    fu = ws.by_display.get(site.loc.path)
    ident = fu.ident_at(site.loc.line, site.loc.col) if fu is not None else None
    for a in ancestors(ident) if ident is not None else ():
        if a.type == "sequence_of_statements" and a.parent is not None and \
                a.parent.type == "asynchronous_select":
            return True
    return False


def _first_loop(ws: Workspace, model: Model, task: Task, nodes: Nodes,
                server_loop: Node | None) -> str | None:
    """The first loop of the task's statements (not the server loop, nor a loop of
    sync points, which the object runs as stages) or of a subprogram they call,
    named with its place; None when the code does not loop."""
    hss = first_child(nodes.body, "handled_sequence_of_statements")
    places = [(nodes.body_fu, hss)] if hss is not None else []
    places += list(bodies_reached(ws, model.subprograms, task.body.calls))
    for fu, top in places:
        for n in walk(top):
            what = LOOPING.get(n.type) or ("'Reduce" if n.type ==
                                           "reduction_attribute_designator" else None)
            if what is None or n == server_loop or \
                    n.type == "loop_statement" and any(m.type in SYNC for m in walk(n)):
                continue
            return f"{what} ({fu.loc(n)})"
    return _long_call(model, task)


def _long_call(model: Model, task: Task) -> str | None:
    """A recursive call among the subprograms the task's code reaches, or a call of
    one whose body walks its data or is not in the sources, named with its place."""
    subs = {s.body: s for s in model.subprograms}
    for path, _cycle in recursion.cycles(task.body.calls, subs):
        return f"a recursive call of {path[-1]}"
    for call, _path in recursion.reached(task.body.calls, subs):
        unit = call.unit.lower()
        if call.kind == "subprogram" and call.body is None and \
                (unit.startswith(WALKING) or not unit.startswith(QUIET_UNITS)):
            return f"a call of {call.name} ({call.loc}), whose body is not in the " \
                   "sources and may walk its data"
    return None
