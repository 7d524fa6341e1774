"""``abort T`` of a server the caller-runs scheme translates: the single task, or
an object of the task type.

The task is aborted: it becomes abnormal, and at the latest at its next abort
completion point (its accept) it completes (RM 9.8); callers queued on its
entries, and every later call, get Tasking_Error (RM 9.5.3, 9.7.2, 9.7.3),
and 'Callable is False, 'Terminated soon True.  The package does the same with
the turn's ``Over``::

    abort Logger;    ->   Logger.Abort_Task;    -- Turn.Abort_Task: Over := True
    abort Pool (I);  ->   Pool (I).Abort_Task;  -- the object's turn (prefixed notation)

Over opens every entry of the turn, whose body then raises Tasking_Error, in the
callers queued there and in every later caller; the attributes read it
(attributes.py).  Where no caller runs the server's code, that is an abort of a
task waiting at its accept: the schedule where whatever the task ran after its
last rendezvous had ended before the abort came (the aborter may be delayed by
any time).  What the package cannot do is cut short a caller running the
server's code, as the abort did to the task (the accept body's caller then got
Tasking_Error, RM 9.5.3).  So the abort is translated only where no caller can
be in the server's code when it runs:

* the program declares no task but the server (for a task type: no task but its
  objects): every call and every abort is made by the environment task, one
  thread, which runs the abort only where it runs none of the server's code;
* the abort is not in the server's code, nor in what that code reaches (the
  reach analysis refuses an abort there, reach.py, WAITS);
* the program has no protected unit: an interrupt or timing-event handler runs
  in a thread of the run-time, and could run the abort at any moment;
* the program has no controlled type: a Finalize runs at moments the code does
  not show (it could abort the task from the server's own code);
* the task does nothing at its activation or before its first accept: the
  package's Start would run it after an abort made before the activation, which
  the task never ran.

Everything else that aborts (another task named, a name GNAT's cross references
cannot show is or is not an object of the type, ``Abort_Task``, a statement
naming more than one task) still refuses the whole program (plugin.py,
ABORTABLE).
"""

from __future__ import annotations

from ...frontend.syntax import Node, ancestors, one_line
from ...frontend.workspace import Workspace
from ...model import Model, Task
from ..base import Refusal
from ..common.refusals import ShapeError
from ..common.tree import is_within
from ..common.uses import denotes
from .attributes import Site, _controlled
from .shape import Body

PROTECTED = ("single_protected_declaration", "protected_type_declaration")


def sites(ws: Workspace, task: Task) -> tuple[list[Site], list[Refusal]]:
    """The abort statements naming the single task and nothing else (sites); the
    task's other abort uses (an abort of several tasks) are refused."""
    found: list[Site] = []
    refused: list[Refusal] = []
    for u in task.uses:
        if u.kind != "abort":
            continue
        fu = ws.by_display.get(u.loc.path)
        ident = fu.ident_at(u.loc.line, u.loc.col) if fu is not None else None
        stmt = next((a for a in ancestors(ident) if a.type == "abort_statement"), None) \
            if ident is not None else None
        names = [c for c in stmt.named_children if c.type != "comment"] \
            if stmt is not None else []
        if len(names) != 1:
            refused.append(Refusal(u.loc, u.text, "an abort of the task with other tasks, "
                                   "or one rdv2po cannot find: the package can only "
                                   "stand for the task alone"))
            continue
        found.append(Site(fu.src.path, stmt.start_byte, stmt.end_byte, "abort", fu, stmt))
    return found, refused


def type_sites(ws: Workspace, task_key: str, body: Node) -> list[Site]:
    """The abort statements naming one object of the task type (``task_key``: its
    declaration, 'file:line:col') and nothing else, outside the type's body; what
    the cross references cannot judge is left to the program-wide refusal."""
    found: list[Site] = []
    for fu in ws.units():
        for stmt in fu.nodes_of_type("abort_statement"):
            names = [c for c in stmt.named_children if c.type != "comment"]
            if len(names) != 1 or is_within(stmt, body):
                continue
            try:
                ours = denotes(ws, fu, names[0], task_key, stmt)
            except ShapeError:
                continue
            if ours:
                found.append(Site(fu.src.path, stmt.start_byte, stmt.end_byte, "abort", fu,
                                  stmt))
    return found


def conditions(ws: Workspace, model: Model, task: Task, shape: Body,
               found: list[Site]) -> list[Refusal]:
    """What could let a caller be in the server's code when an abort runs (or makes
    the package run what the task never ran), named at each abort."""
    if not found:
        return []
    why = []
    other = next((t for t in model.tasks if t.spec != task.spec), None)
    if other is not None:
        why.append(f"the program has another task ({other.name}, {other.spec}): it may be "
                   "running the server's code when the abort comes, which the abort cut "
                   "short in the original (its caller got Tasking_Error); the package "
                   "cannot")
    unit = _protected(ws)
    if unit:
        why.append(f"the program has a protected unit ({unit}): an interrupt or "
                   "timing-event handler runs in a thread of its own and may abort the "
                   "task while a caller runs the server's code, which the package cannot "
                   "cut short")
    if _controlled(ws):
        why.append("the program has controlled types: a Finalize may run the abort where "
                   "the code does not show it, inside the server's code")
    if shape.activated():
        why.append("the task does work at its activation or before its first accept: "
                   "the package runs it at the activation even after an abort made "
                   "before, which the task never ran")
    return [Refusal(s.fu.loc(s.node), one_line(s.node, limit=40), w) for s in found
            for w in why]


def _protected(ws: Workspace) -> str:
    for fu in ws.units():
        for kind in PROTECTED:
            for n in fu.nodes_of_type(kind):
                return f"{fu.loc(n)}"
    return ""


def statement_starts(found: list[Site]) -> set[tuple]:
    """The abort statements translated (file, byte): the program-wide refusal of
    aborts passes them."""
    return {(s.path, s.start) for s in found}


def prefix(site: Site) -> str:
    """The name the abort statement gives the task, as written."""
    node: Node = next(c for c in site.node.named_children if c.type != "comment")
    return one_line(node)
