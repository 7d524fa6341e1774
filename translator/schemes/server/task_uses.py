"""'Callable, 'Terminated and abort of a single task that becomes a protected object.

What a caller can observe is kept: the object gets the functions
``Is_Callable`` and ``Is_Terminated`` (whether it has not, or has, reached
the state the task reached when it completed: the closed stage, or the
``Ended`` flag), and the procedure ``Abort_Task``, which closes it: calls
queued or made later raise Tasking_Error, as calls on an aborted task do.
``Server'Callable`` becomes ``Server.Is_Callable``, ``abort Server;``
becomes ``Server.Abort_Task;``.

Why the differences left are orders the original allowed: the object
changes state only inside its actions, so an abort waits for an entry body
to end (the task could have been aborted just after that rendezvous), and
the task completes at the instant the object closes (a task without
dependents terminates right after completing).

Refused, with the reason: a task type (objects are not followed), a task
with start-up code (it ran at activation; the object runs it at the first
call, so the attributes would differ before it), a select whose guards may
all be closed (the task ended there at once; the object at the next call),
a nested accept (its outer caller waits in a private entry an abort would
not release), an abort naming several tasks, a use inside the task's own
body (from an entry body it would be an external call on the object
itself, a bounded error), 'Identity, 'Priority and 'Storage_Size.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...edits import Edit
from ...model import Task
from ...syntax import Node, ancestors, text
from ...workspace import Workspace
from .shape import ShapeError

KEPT = ("attribute:callable", "attribute:terminated", "abort")


@dataclass(frozen=True)
class Site:
    kind: str            # "attribute:callable", "attribute:terminated", "abort"
    path: Path           # the file (an Edit takes its path)
    node: Node           # the attribute reference's prefix, or the abort statement
    start: int
    end: int


def kept(task: Task) -> bool:
    """Does the scheme keep the task's attributes and aborts (a single task)?"""
    return task.kind == "single"


def sites(ws: Workspace, task: Task, body_fu, body: Node) -> list[Site]:
    """Where 'Callable, 'Terminated and abort name the task, or ShapeError."""
    found = []
    for u in task.uses:
        if u.kind not in KEPT:
            continue
        fu = ws.by_display.get(u.loc.path)
        ident = fu.ident_at(u.loc.line, u.loc.col) if fu is not None else None
        if ident is None or ident.parent is None:
            raise ShapeError(body, f"{u.text}: GNAT places it at {u.loc}, where rdv2po finds "
                                   "no name of the task")
        if fu is body_fu and body.start_byte <= ident.start_byte < body.end_byte:
            raise ShapeError(ident.parent, f"{u.text} in the task's own body: in an entry "
                                           "body the object would call itself, a bounded "
                                           "error (RM 9.5.1)")
        if any(a.type in ("protected_body", "single_protected_declaration",
                          "protected_type_declaration") for a in ancestors(ident)):
            raise ShapeError(ident.parent, f"{u.text} inside a protected object: there an "
                                           "abort is potentially blocking, a bounded error "
                                           "the rewrite would hide; not translated")
        if u.kind == "abort":
            stmt = ident.parent
            names = [c for c in stmt.named_children if c.type != "comment"]
            if len(names) != 1:
                raise ShapeError(stmt, f"an abort statement naming {task.name} with other "
                                       "tasks: the object is closed by a call of its own")
            found.append(Site(u.kind, fu.src.path, stmt, stmt.start_byte, stmt.end_byte))
        else:
            tick = ident.next_sibling
            designator = tick.next_sibling if tick is not None else None
            if designator is None:
                raise ShapeError(ident.parent, f"{u.text}: not an attribute reference")
            found.append(Site(u.kind, fu.src.path, ident, tick.start_byte,
                              designator.end_byte))
    return found


@dataclass(frozen=True)
class Operations:
    callable: str        # fresh names in the object
    terminated: str
    abort: str


def declarations(ops: Operations, used: set[str], task: str) -> list[str]:
    out = []
    if "attribute:callable" in used:
        out.append(f"function {ops.callable} return Boolean;  --  was {task}'Callable")
    if "attribute:terminated" in used:
        out.append(f"function {ops.terminated} return Boolean;  --  was {task}'Terminated")
    if "abort" in used:
        out.append(f"procedure {ops.abort};  --  was abort {task}")
    return out


def bodies(ops: Operations, used: set[str], closed: str, close: str) -> list[str]:
    """``closed``: the test that the object has closed ("False": it never does);
    ``close``: the statement that closes it."""
    out = []
    if "attribute:callable" in used:
        result = "True" if closed == "False" else f"not ({closed})" if " " in closed \
            else f"not {closed}"
        out += [f"function {ops.callable} return Boolean is", "begin",
                f"   return {result};", f"end {ops.callable};", ""]
    if "attribute:terminated" in used:
        out += [f"function {ops.terminated} return Boolean is", "begin",
                f"   return {closed};", f"end {ops.terminated};", ""]
    if "abort" in used:
        out += [f"procedure {ops.abort} is", "begin",
                f"   {close}  --  aborted: calls raise Tasking_Error", f"end {ops.abort};", ""]
    return out


def edits(found: list[Site], ops: Operations, origin: str) -> list[Edit]:
    """The uses rewritten, the task's name as written there."""
    out = []
    for s in found:
        if s.kind == "abort":
            name = next(c for c in s.node.named_children if c.type != "comment")
            new = f"{' '.join(text(name).split())}.{ops.abort};"
        else:
            new = "." + (ops.callable if s.kind == "attribute:callable" else ops.terminated)
        out.append(Edit(s.path, s.start, s.end, new, origin))
    return out
