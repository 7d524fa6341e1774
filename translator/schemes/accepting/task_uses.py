"""'Callable, 'Terminated and abort of a task that becomes a protected object.

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

For a task type the same is done on each of its objects, found through
GNAT's cross references (task_objects.py): ``Pool (I)'Callable`` becomes
``Pool (I).Is_Callable``, ``abort P.all;`` becomes ``P.all.Abort_Task;``.
A name that might be one of the objects but cannot be told to be is
refused, and so is each use of an object inside the type's own body.  An
abort naming several tasks is split into one call per object (and an
abort of the others) when every name is a direct name, whose evaluation
cannot raise: the order in which the named tasks are aborted is not
specified, but when a name raises none of them is aborted.

Refused, with the reason: a task with start-up code (it ran at activation; the object runs it at the first
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

from ...write.edits import Edit
from ...model import Task
from ...frontend.extract import OBJECT_ATTRIBUTES
from ...frontend.syntax import Node, ancestors, first_child, named_whole, one_line, text
from ...frontend.workspace import FileUnit, Workspace
from ..common.tree import is_within, line_start
from ..common.obstacles import Obstacles
from .shape import ShapeError
from .task_objects import OTHER, OURS, classify

KEPT = ("attribute:callable", "attribute:terminated", "abort")


@dataclass(frozen=True)
class Site:
    kind: str            # "attribute:callable", "attribute:terminated", "abort"
    path: Path           # the file (an Edit takes its path)
    node: Node           # the attribute reference's prefix, or the abort statement
    start: int
    end: int
    ours: tuple[bool, ...] = ()   # an abort of objects of a task type: which names are
    between: str = " "            # between the calls it becomes: a new line, indented so


def kept(task: Task) -> bool:
    """Does the scheme keep the task's attributes and aborts (a single task, and the
    objects of a task type)?"""
    return task.kind in ("single", "type")


def sites(ws: Workspace, task: Task, body_fu, body: Node) -> list[Site]:
    """Where 'Callable, 'Terminated and abort name the task (or the objects of the task
    type), or Obstacles naming every use the object cannot answer."""
    found, errors = uses(ws, task, body)
    if errors:
        raise Obstacles(errors)
    return found


def errors(ws: Workspace, task: Task, body: Node) -> list[ShapeError]:
    """Every use of the task (or of an object of the task type) the object cannot answer."""
    return uses(ws, task, body)[1]


def uses(ws: Workspace, task: Task, body: Node) -> tuple[list[Site], list[ShapeError]]:
    if task.kind == "type":
        return object_uses(ws, task, body)
    return single_uses(ws, task, body)


def single_uses(ws: Workspace, task: Task, body: Node) -> tuple[list[Site], list[ShapeError]]:
    """The single task's attributes and aborts the object answers (sites), and the
    others (errors), each with its place."""
    key = _type_key(ws, task)
    found: list[Site] = []
    errors: list[ShapeError] = []
    for u in task.uses:
        if u.kind not in KEPT:
            continue
        fu = ws.by_display.get(u.loc.path)
        ident = fu.ident_at(u.loc.line, u.loc.col) if fu is not None else None
        if ident is None or ident.parent is None:
            errors.append(ShapeError(body, f"{u.text}: GNAT places it at {u.loc}, where "
                                           "rdv2po finds no name of the task"))
            continue
        name = named_whole(ident)          # ``Gate``, or ``Main.Gate``
        node = name.parent
        where = _where(body, ident, task)
        if where is not None:
            errors.append(ShapeError(node, where))
        elif u.kind == "abort":
            site = _abort_site(ws, fu, task, node, key, errors)
            if site is not None:
                found.append(site)
        else:
            tick = name.next_sibling
            designator = tick.next_sibling if tick is not None else None
            if designator is None:
                errors.append(ShapeError(node, f"{u.text}: not an attribute reference "
                                               "rdv2po can read"))
            else:
                found.append(Site(u.kind, fu.src.path, name, tick.start_byte,
                                  designator.end_byte))
    return found, errors


def _abort_site(ws, fu, task, stmt, key, errors) -> Site | None:
    """``abort Server;``, or ``abort Server, Other;`` by direct names (split)."""
    names = [c for c in stmt.named_children if c.type != "comment"]
    if len(names) == 1:
        return Site("abort", fu.src.path, stmt, stmt.start_byte, stmt.end_byte)
    if not all(m.type == "identifier" for m in names):
        errors.append(ShapeError(stmt, _MIXED.format(what=f"task {task.name}")))
        return None
    ours = tuple(any(e.key == key for e, _k in ws.xref.at(fu.pos(m))) for m in names)
    return _split(fu, stmt, ours)


_MIXED = ("an abort statement naming {what} with other tasks, not all by direct "
          "names: the object is closed by a call of its own, and the names are evaluated "
          "before any task is aborted, which separate statements would not keep if a "
          "name raised")


def _split(fu, stmt, ours: tuple[bool, ...]) -> Site:
    data = fu.src.data
    start = line_start(data, stmt.start_byte)
    indent = data[start:stmt.start_byte].decode("utf-8", "replace")
    eol = "\r\n" if data[:start].endswith(b"\r\n") else "\n"
    between = eol + indent if not indent.strip() else " "
    return Site("abort", fu.src.path, stmt, stmt.start_byte, stmt.end_byte, ours, between)


# 'Size, 'Image, 'Address ... of an object: the object replacing the task would give
# its own value (frontend/extract.py records them of a single task)
ATTRIBUTES = ("callable", "terminated", "identity", "storage_size", *sorted(OBJECT_ATTRIBUTES))


def object_uses(ws: Workspace, task: Task, body: Node) -> tuple[list[Site], list[ShapeError]]:
    """The attributes and aborts of the objects of task type ``task`` the object answers
    (sites), and every other use of one, or of a name that might be one (errors)."""
    key = _type_key(ws, task)
    found: list[Site] = []
    errors: list[ShapeError] = []
    if key is None:
        return found, [ShapeError(task.site.decl, "GNAT's cross references do not give "
                                  f"the task type {task.name}, so its objects cannot be "
                                  "followed")]
    for fu in ws.units():
        for n in fu.nodes_of_type("attribute_designator"):
            attr = text(n).lower()
            tick = n.prev_sibling
            prefix = tick.prev_sibling if tick is not None else None
            if attr not in ATTRIBUTES or prefix is None or tick.type != "tick":
                continue
            if attr in ("identity", "storage_size") and _names_type(ws, fu, prefix, key):
                continue            # T'Storage_Size of the type: the task's uses refuse it
            site = _attribute_use(ws, fu, task, body, key, n, prefix, errors)
            if site is not None:
                found.append(site)
        for n in fu.nodes_of_type("abort_statement"):
            site = _abort_use(ws, fu, task, body, key, n, errors)
            if site is not None:
                found.append(site)
    return found, errors


def _type_key(ws: Workspace, task: Task) -> tuple | None:
    site = task.site
    name = first_child(site.decl, "identifier") if site is not None else None
    ent = ws.xref.declared_at(site.spec_fu.pos(name)) if name is not None else None
    return ent.key if ent is not None else None


def _names_type(ws: Workspace, fu: FileUnit, prefix: Node, key: tuple) -> bool:
    if prefix.type == "selected_component" and prefix.named_children:
        prefix = prefix.named_children[-1]
    return prefix.type == "identifier" and any(
        e.key == key for e, _k in ws.xref.at(fu.pos(prefix)))


def _where(body: Node, node: Node, task: Task) -> str | None:
    """Why a use of the task (an object of the type) cannot be answered where it is."""
    if is_within(node, body) and task.kind == "single":
        return (f"in the body of task {task.name}: in an entry body the object would "
                "call itself, a bounded error (RM 9.5.1)")
    if is_within(node, body):
        return (f"in the body of task type {task.name}: of the current instance or of "
                "another object of the type, a call from an entry body on the object "
                "itself would be a bounded error (RM 9.5.1)")
    if any(a.type in ("protected_body", "single_protected_declaration",
                      "protected_type_declaration") for a in ancestors(node)):
        return ("inside a protected object: there an abort is potentially blocking, a "
                "bounded error the rewrite would hide; not translated")
    return None


def _attribute_use(ws, fu, task, body, key, n, prefix, errors) -> Site | None:
    v = classify(ws, fu, prefix, key)
    if v.kind == OTHER:
        return None
    attr = text(n).lower()
    where = _where(body, n, task)
    if v.kind != OURS:
        errors.append(ShapeError(n.parent, f"{v.why}, so it may be an object of task type "
                                 f"{task.name}, which becomes a protected object and has "
                                 f"no '{attr.capitalize()}"))
    elif attr in OBJECT_ATTRIBUTES:
        errors.append(ShapeError(n.parent, f"'{attr.title()} of an object of task type "
                                 f"{task.name}: the protected object replacing it would "
                                 "give its own value, not the task's"))
    elif attr not in ("callable", "terminated"):
        errors.append(ShapeError(n.parent, "the task attribute "
                                 f"'{attr.capitalize()} of an object of task type "
                                 f"{task.name}: a protected object is not a task and has "
                                 "no such attribute"))
    elif where is not None:
        errors.append(ShapeError(n.parent, where))
    else:
        return Site(f"attribute:{attr}", fu.src.path, prefix, n.prev_sibling.start_byte,
                    n.end_byte)
    return None


def _abort_use(ws, fu, task, body, key, stmt, errors) -> Site | None:
    names = [c for c in stmt.named_children if c.type != "comment"]
    verdicts = [classify(ws, fu, m, key) for m in names]
    if all(v.kind == OTHER for v in verdicts):
        return None
    where = _where(body, stmt, task)
    unknown = [(m, v) for m, v in zip(names, verdicts) if v.kind not in (OURS, OTHER)]
    for m, v in unknown:
        errors.append(ShapeError(stmt, "an abort statement naming "
                                 f"{one_line(m)}: {v.why}, so it may be an "
                                 f"object of task type {task.name}, which becomes a "
                                 "protected object: an abort statement cannot abort it"))
    if unknown:
        return None
    if where is not None:
        errors.append(ShapeError(stmt, f"an abort statement {where}"))
        return None
    if len(names) > 1 and not all(m.type == "identifier" for m in names):
        errors.append(ShapeError(stmt, _MIXED.format(what=f"an object of task type "
                                                          f"{task.name}")))
        return None
    return _split(fu, stmt, tuple(v.kind == OURS for v in verdicts))


def aborted(ws: Workspace, found: list[Site]) -> list:
    """The entities (GNAT's cross references) the objects' aborts name directly: an
    ``in`` formal or a constant among them must become a variable view, the object's
    Abort_Task being a procedure."""
    out = []
    for s in found:
        if s.kind != "abort" or not s.ours:
            continue
        fu = next((f for f in ws.units() if f.src.path == s.path), None)
        names = [c for c in s.node.named_children if c.type != "comment"]
        for m, ours in zip(names, s.ours):
            if ours and m.type == "identifier" and fu is not None:
                out += [e for e, _k in ws.xref.at(fu.pos(m))]
    return out


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
        if s.kind == "abort" and s.ours:
            names = [c for c in s.node.named_children if c.type != "comment"]
            calls = [f"{one_line(m)}.{ops.abort};"
                     for m, ours in zip(names, s.ours) if ours]
            others = [one_line(m) for m, ours in zip(names, s.ours) if not ours]
            if others:
                calls.append(f"abort {', '.join(others)};")
            new = s.between.join(calls)
        elif s.kind == "abort":
            name = next(c for c in s.node.named_children if c.type != "comment")
            new = f"{one_line(name)}.{ops.abort};"
        else:
            new = "." + (ops.callable if s.kind == "attribute:callable" else ops.terminated)
        out.append(Edit(s.path, s.start, s.end, new, origin))
    return out
