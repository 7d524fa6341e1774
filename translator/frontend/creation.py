"""Task creation no allocator writes: declarations that create and activate tasks.

Creating a task is potentially blocking (RM 9.5.1(14)), however it is written:
an object declared of a task type or of a type holding a task (``H : Holder;``,
``H : Holder renames Make;``), a single task declared in the code, a function
returning such a type (its result is built in place: the call creates the tasks).
An allocator is the blocking analysis's construct already.  Each of the others
counts as a call of the run-time's task creation where it is written, which the
analyses that follow calls report like any call they cannot prove safe.
"""

from __future__ import annotations

from ..model import Call
from .syntax import Node, first_child, one_line, text, walk
from .task_types import task_type_names
from .workspace import FileUnit, Workspace

CREATION = "task creation by "
# declarations whose type's objects are created there (a function's result: by
# each call)
CREATING = ("object_declaration", "object_renaming_declaration", "result_profile")


def creations(ws: Workspace, fu: FileUnit, nodes) -> list[Call]:
    """A creation call at each declaration among ``nodes`` that creates a task."""
    names = _names(ws)
    found = []
    for n in nodes:
        if n.type == "single_task_declaration":
            found.append(_creation(fu, n, "the single task "))
        elif n.type in CREATING and names and _holding(n, names):
            found.append(_creation(fu, n, "the declaration "))
    return found


def _names(ws: Workspace) -> set[str]:
    """Per workspace (the sources' text does not change under it)."""
    names = ws.__dict__.get("_task_holding_types")
    if names is None:
        names = task_type_names(ws)
        ws.__dict__["_task_holding_types"] = names
    return names


def _holding(decl: Node, names: set[str]) -> bool:
    """Does the declaration's type (after its defining names; for a result, the
    subtype mark) name a type holding a task?"""
    kids = decl.children
    colon = next((k for k, c in enumerate(kids) if c.type == ":"), None)
    if decl.type != "result_profile":
        if colon is None:
            return False
        kids = kids[colon + 1:]
    words = {text(i).lower() for c in kids if c.type != "expression"
             for i in walk(c) if i.type == "identifier"}
    return bool(words & names)


def _creation(fu: FileUnit, decl: Node, what: str) -> Call:
    name = first_child(decl, "identifier") or decl
    words = one_line(decl)[:60]
    return Call(name=words, loc=fu.loc(name), kind="subprogram",
                target=CREATION + what + words, decl=None, body=None, unit="")
