"""A conditional call requeued to a task entry: GNAT cancels it, a protected entry does not.

When an accept body requeues its call to an entry of a task that is not
waiting for that entry at that instant, GNAT queues a plain or timed call but
*cancels* a conditional one, with or without abort (s-tasren.adb,
``Task_Do_Or_Queue``).  A requeue within the task always meets it so, since
the task is busy with the rendezvous: the caller's ``select`` takes its
``else`` part although the accept body ran.  Once the target task is a
protected object, the requeue queues the call (without abort, as the Ada RM
says) or serves it at once, and the call completes.  So a task whose entry
is the target of such a requeue, from an accept body of an entry some
conditional call names, is refused by the schemes that turn its entries into
protected entries; the general scheme keeps the cancellation of a requeue
with abort (the agent is not waiting at that instant either), the server
scheme does not.
"""

from __future__ import annotations

from ...model import Entry, Location, Model, Task
from ...frontend.syntax import Node, one_line, text
from ...frontend.workspace import Workspace


def conditional_requeue(ws: Workspace, model: Model, task: Task,
                        with_abort_too: bool) -> tuple[Location, str, str] | None:
    """(place, construct, reason) of the first such requeue to an entry of ``task``."""
    entries = {e.loc: e for t in model.tasks for e in t.entries}
    for entry in task.entries:
        for call in entry.calls:
            if call.kind != "requeue":
                continue
            fu = ws.by_display.get(call.loc.path)
            stmt = requeue_statement_at(ws, call.loc)
            acc = _enclosing(stmt, "accept_statement")
            if acc is None or (not with_abort_too and with_abort(stmt)):
                continue
            origin = _accepted(ws, fu, acc, entries)
            cond = next((c for c in origin.calls if c.kind == "conditional"), None) \
                if origin is not None else None
            if cond is None:
                continue
            return (fu.loc(stmt), one_line(stmt),
                    f"a conditional call of {origin.name} ({cond.loc}) is requeued here to "
                    f"{entry.name} of {task.name}: GNAT cancels such a call when the task "
                    "is not waiting for it at that instant (always, within the task), a "
                    "protected entry keeps it: the translated program would complete "
                    "calls the original cancels; "
                    + ("requeue with abort here, or " if not with_abort_too else "")
                    + f"make the call at {cond.loc} a plain or timed one")
    return None


def _accepted(ws: Workspace, fu, acc: Node, entries: dict[Location, Entry]) -> Entry | None:
    """The entry an accept statement accepts, as GNAT resolved its name."""
    name = next((c for c in acc.children if c.type == "identifier"), None)
    if name is None:
        return None
    for ent, _kind in ws.xref.at(fu.pos(name)):
        decl = ws.loc_of(ent.file, ent.line, ent.col)
        if decl in entries:
            return entries[decl]
    return None


def requeue_statement_at(ws: Workspace, loc: Location) -> Node | None:
    """The requeue statement whose target name stands at ``loc`` (a requeue call site)."""
    fu = ws.by_display.get(loc.path)
    return _enclosing(fu.ident_at(loc.line, loc.col) if fu else None, "requeue_statement")


def _enclosing(node: Node | None, kind: str) -> Node | None:
    while node is not None and node.type != kind:
        node = node.parent
    return node


def with_abort(stmt: Node) -> bool:
    """A requeue statement ``... with abort``."""
    return any(c.type == "abort" for c in stmt.children)
