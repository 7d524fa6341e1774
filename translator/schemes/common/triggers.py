"""Entry calls that trigger an asynchronous select (``select T.E; then abort ...``).

Whether the abortable part runs depends on whether the triggering call is
queued: a call the task accepts at once never starts it (RM 9.7.4(6/2)).
The general scheme takes the call in the object's entry and then makes the
caller wait for the accept body in a second entry (a requeue without abort),
or hands it to the agent by a requeue with abort at a terminate wait; GNAT
starts the abortable part in both cases, so code that must not run does.
The object cannot complete a rendezvous without such a wait, so a task whose
entry triggers an asynchronous select is refused.
"""

from __future__ import annotations

from ...model import Location, Task
from ...frontend.syntax import Node, ancestors, one_line, text
from ...frontend.workspace import Workspace

CALLS = ("procedure_call_statement", "entry_call_statement")


def atc_trigger(ws: Workspace, task: Task) -> tuple[Location, str, str] | None:
    for entry in task.entries:
        for site in entry.calls:
            node = trigger_call(ws, site)
            if node is None:
                continue
            return (site.loc, one_line(node, limit=40),
                    f"the call of {entry.name} triggers an asynchronous select: a call the "
                    "task accepts at once must not start the abortable part, but the "
                    "general scheme makes the caller wait in a queue of the protected "
                    "object for the accept body, and GNAT then starts the abortable part")
    return None


def trigger_call(ws: Workspace, site) -> Node | None:
    """The call statement at ``site`` (a model call site), if it triggers an
    asynchronous select."""
    fu = ws.by_display.get(site.loc.path)
    node = fu.ident_at(site.loc.line, site.loc.col) if fu is not None else None
    if node is not None:
        node = next((a for a in ancestors(node) if a.type in CALLS), None)
    if node is None or node.parent is None or node.parent.type != "triggering_alternative":
        return None
    return node
