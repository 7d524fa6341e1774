"""A task that implements interfaces becomes a protected object that implements them.

A task type or single task may implement limited, synchronized and task
interfaces, a protected one limited, synchronized and protected interfaces
(RM 3.9.4).  So a task whose progenitors are all limited or synchronized
interfaces becomes a protected object with the same progenitors: the
keyword ``task`` becomes ``protected`` and ``is new Buffer and Marker with``
stays.  Each entry that implements a procedure of an interface implements
it still, as a protected entry (RM 9.4(11.1/3), as 9.1(9.2/3) for tasks;
RM 9.4(11.2/2) asks the procedure's first parameter to be in out, out or an
access to variable of both).  A task interface is refused: only a task can
implement it.

A call through an interface (``Obj.Put (3)`` with ``Obj`` of
``Buffer'Class``, a dispatching call) names the interface's procedure in
GNAT's cross references, not the entry.  The checks that read an entry's
calls (a conditional call requeued to the entry, a call that can come
before the task is activated, objects through which entries are called)
must see those too: ``with_interface_calls`` adds to the entries of every
task that implements interfaces the calls of the procedures, of the same
name, declared beside each interface (and its ancestors).  Calls of a
procedure beside the interface that is no primitive of it are added too:
more calls only make those checks stricter.

The object's own names (Is_Callable, Abort_Task, ...) must not implement a
procedure of an interface by chance: ``names`` gives the identifiers of the
files that declare the progenitors, which the fresh names avoid.
"""

from __future__ import annotations

import dataclasses

from ...frontend.ali import Entity
from ...frontend.calls import call_context, caller_of
from ...model import CallSite, Model, Task
from ...frontend.syntax import Node, first_child, one_line, text
from ...frontend.workspace import FileUnit, Workspace
from ..base import Refusal
from ..common.site import Nodes

ALLOWED = ("limited", "synchronized")   # the interfaces a protected object may implement too


@dataclasses.dataclass(frozen=True)
class Progenitor:
    name: Node                 # as written after ``new`` (or ``and``)
    fu: FileUnit | None        # where the interface is declared ...
    decl: Node | None          # ... its full type declaration, None: not found
    kind: str                  # "limited", "synchronized", "task", "protected", "" (plain)


def written(decl: Node) -> list[Node]:
    """The names of the progenitors a task (or interface) declaration gives:
    ``task type T is new I and J with``, ``type K is synchronized interface and I``."""
    out, after = [], False
    for c in decl.children:
        if c.type in ("new", "and", "interface"):
            after = True
        elif c.type in ("with", "task_definition", ";"):
            after = False
        elif after and c.type in ("identifier", "selected_component"):
            out.append(c)
    return out


def progenitors(ws: Workspace, fu: FileUnit, decl: Node) -> list[Progenitor]:
    return [_progenitor(ws, fu, n) for n in written(decl)]


def _progenitor(ws: Workspace, fu: FileUnit, name: Node) -> Progenitor:
    ident = name.named_children[-1] if name.type == "selected_component" else name
    for ent, _kind in ws.xref.at(fu.pos(ident)):
        dfu = ws.by_base.get(ent.file)
        node = dfu.ident_at_gnat(ent.line, ent.col) if dfu is not None else None
        decl = node.parent if node is not None else None
        idef = first_child(decl, "interface_type_definition") if decl is not None else None
        if idef is not None:
            kind = next((c.type for c in idef.children if c.type in
                         ("limited", "synchronized", "task", "protected")), "")
            return Progenitor(name, dfu, decl, kind)
    return Progenitor(name, None, None, "")


def refusals(ws: Workspace, task: Task, nodes: Nodes) -> list[Refusal]:
    """Each progenitor a protected object cannot implement, or that rdv2po cannot read."""
    found = []
    for p in progenitors(ws, nodes.spec_fu, nodes.decl):
        what = one_line(p.name)
        where = nodes.spec_fu.loc(p.name)
        if p.decl is None:
            found.append(Refusal(where, what, "GNAT's cross references do not lead to the "
                                 f"declaration of the interface {what} (a subtype of it, a "
                                 "generic formal, a unit not compiled), so rdv2po cannot "
                                 "tell whether a protected object may implement it"))
        elif p.kind == "task":
            found.append(Refusal(where, what, f"{what} is a task interface: only a task can "
                                 "implement it (RM 3.9.4), a protected object cannot"))
        elif p.kind not in ALLOWED:
            found.append(Refusal(where, what, f"{what} is a {p.kind or 'nonlimited'} "
                                 f"interface: a protected object cannot implement it"))
    return found


def names(ws: Workspace, nodes: Nodes) -> set[str]:
    """The identifiers of the files declaring the task's progenitors and their ancestors,
    lower case."""
    out: set[str] = set()
    for fu, _decl in _interfaces(ws, nodes.spec_fu, nodes.decl):
        out |= fu.identifier_names()
    return out


def _interfaces(ws: Workspace, fu: FileUnit, decl: Node) -> list[tuple[FileUnit, Node]]:
    """The declarations of the progenitors of ``decl`` and of their ancestors."""
    todo, seen, out = [(fu, decl)], set(), []
    while todo:
        at_fu, at = todo.pop()
        for p in progenitors(ws, at_fu, at):
            if p.decl is None or (p.fu.display, p.decl.start_byte) in seen:
                continue
            seen.add((p.fu.display, p.decl.start_byte))
            out.append((p.fu, p.decl))
            todo.append((p.fu, first_child(p.decl, "interface_type_definition")))
    return out


def with_interface_calls(ws: Workspace, model: Model, task: Task) -> tuple[Model, Task]:
    """The model, and ``task`` in it, whose tasks' entries also hold the calls made
    through the interfaces the tasks implement."""
    if not any(t.site is not None and written(t.site.decl) for t in model.tasks):
        return model, task
    tasks = tuple(_with_calls(ws, t) for t in model.tasks)
    same = next((t for t in tasks if t.qualified_name == task.qualified_name
                 and t.spec == task.spec), task)
    return dataclasses.replace(model, tasks=tasks), same


def _with_calls(ws: Workspace, task: Task) -> Task:
    site = task.site
    if site is None or not written(site.decl):
        return task
    by_name: dict[str, list[CallSite]] = {}
    entries = {e.name.lower() for e in task.entries}
    for fu, decl in _interfaces(ws, site.spec_fu, site.decl):
        for ent in _procedures_beside(ws, fu, decl, entries):
            by_name.setdefault(ent.name.lower(), []).extend(_calls_of(ws, ent))
    if not by_name:
        return task
    entries_now = tuple(
        dataclasses.replace(e, calls=tuple(sorted(set(e.calls) | set(by_name.get(
            e.name.lower(), ())), key=lambda s: s.loc))) for e in task.entries)
    return dataclasses.replace(task, entries=entries_now)


def _procedures_beside(ws: Workspace, fu: FileUnit, decl: Node, names: set[str]) -> list[Entity]:
    """The procedures named like an entry that are declared in the declarative region
    of the interface's declaration (its primitives among them)."""
    region = decl.parent
    out = []
    for spec in (region.named_children if region is not None else ()):
        proc = first_child(spec, "procedure_specification")
        name = first_child(proc, "identifier") if proc is not None else None
        if name is None or text(name).lower() not in names:
            continue
        ent = ws.xref.declared_at(fu.pos(name))
        if ent is not None:
            out.append(ent)
    return out


def _calls_of(ws: Workspace, ent: Entity) -> list[CallSite]:
    out = []
    for r in ent.refs:
        fu = ws.by_base.get(r.file)
        ident = fu.ident_at_gnat(r.line, r.col) if fu is not None else None
        ctx = call_context(ident) if ident is not None else None
        if ctx is None:
            continue
        caller, in_task = caller_of(ident)
        out.append(CallSite(loc=fu.loc(ident), kind=ctx[0], caller_unit=fu.main_unit,
                            caller=caller, caller_task=in_task))
    return out


