"""Recursive calls in the code a translation moves: a loop without a loop statement.

Each scheme checks the loops of the code it runs where the task ran it on its own:
the accepting scheme's object runs the code after an accept inside the caller's
protected action, the caller-runs scheme's caller runs it before it returns, the
calling scheme's object runs the code between two calls inside the first worker's
call.  A loop there that polls a flag the caller (or worker) sets once released
would wait in vain; one not proved to end would hold that caller for ever
(accepting/scheme.py, caller_runs/loops.py, calling/loops.py).  A subprogram that
calls itself, directly or through others, loops the same way with no loop
statement to judge (review11: a recursive function polling a Volatile flag after
an accept, an Atomic one between calls).  So a call of the task's code outside its
accept bodies (where the caller waited in the original too) that reaches a cycle of
calls is refused, naming it.
"""

from __future__ import annotations

from ...frontend.syntax import ancestors
from ...frontend.workspace import Workspace
from ...model import Call, Model, Task
from ..base import Refusal

REASON = ("a recursive call (through {path}): a loop with no loop statement, which "
          "rdv2po cannot judge; {where}")


def refusals(ws: Workspace, model: Model, task: Task, where: str) -> list[Refusal]:
    """A refusal at the first call of the task's code outside its accept bodies that
    reaches a recursive subprogram; [] when there is none.  ``where``: what the
    translation does with that code."""
    if task.body is None:
        return []
    subs = {s.body: s for s in model.subprograms}
    for call in task.body.calls:
        if _in_accept_body(ws, call):
            continue
        path = _cycle(call, subs)
        if path is not None:
            return [Refusal(call.loc, call.name, REASON.format(path=" -> ".join(path),
                                                                where=where))]
    return []


def _cycle(call: Call, subs: dict) -> list[str] | None:
    """The names along a path from ``call`` to a subprogram already on it, or None."""
    todo = [(call, ())]
    done: set = set()
    while todo:
        c, path = todo.pop()
        if c.kind != "subprogram" or c.body is None:
            continue
        if c.body in path:
            return [*(subs[b].name for b in path if b in subs), c.name]
        if c.body in done or c.body not in subs:
            continue
        done.add(c.body)
        todo += [(d, (*path, c.body)) for d in subs[c.body].calls]
    return None


def _in_accept_body(ws: Workspace, call: Call) -> bool:
    fu = ws.by_display.get(call.loc.path)
    ident = fu.ident_at(call.loc.line, call.loc.col) if fu is not None else None
    return ident is not None and any(a.type == "accept_statement" for a in ancestors(ident))
