"""Calls of the server from a ``Finalize``.

A master awaits its tasks before it finalizes its objects (RM 7.6.1, 9.3): a
server waiting at a terminate alternative has terminated by then, and a
``Finalize`` calling its entry got Tasking_Error (RM 9.5.3).  A translation
outlives that moment -- the protected object, the package -- and serves the
call (review13 finalize-calls-terminated-server: a library-level object's
``Finalize`` called the server; Tasking_Error in the original, served in the
translation).  So a call of the server's entries written in a procedure named
``Finalize`` refuses it.  Calls reached from a ``Finalize`` through other
subprograms are not followed (the choice the activation window makes for
calls, starts.py).
"""

from __future__ import annotations

from ...frontend.syntax import ancestors, first_child, text
from ...frontend.workspace import Workspace
from ...model import Task
from ..base import Refusal

REASON = ("a call of the server's entry in a Finalize: a master finalizes its objects "
          "after its tasks terminated (RM 7.6.1, 9.3), so the call may come after the "
          "server terminated, and raised Tasking_Error, where the translation, which "
          "outlives that moment, would serve it")


def refusals(ws: Workspace, task: Task) -> list[Refusal]:
    found = []
    for entry in task.entries:
        for site in entry.calls:
            fu = ws.by_display.get(site.loc.path)
            ident = fu.ident_at(site.loc.line, site.loc.col) if fu is not None else None
            if ident is not None and any(_named_finalize(a) for a in ancestors(ident)):
                found.append(Refusal(site.loc, f"{task.name}.{entry.name}", REASON))
    return found


def _named_finalize(node) -> bool:
    if node.type != "subprogram_body":
        return False
    spec = first_child(node, "procedure_specification")   # after 'overriding', if any
    name = first_child(spec, "identifier") if spec is not None else None
    return name is not None and text(name).lower() == "finalize"
