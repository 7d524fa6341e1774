"""Calls a body makes by elaborating the packages declared in it.

A package declared in a subprogram, a task body or a block is elaborated each
time that declarative part is: its specification's declarations, then its
body's declarations and statements, in the thread that runs the enclosing
code (RM 7.2, 3.11).  So is an instance of a generic package (RM 12.3): the
generic's specification and body with the actuals in place.  Such code runs
no written call of the enclosing body, yet it may block or wait for a task:
the analyses that follow calls must see it.

A nested package's specification is part of the enclosing body's own nodes
already; its body (written there or a subunit) becomes an unwritten call of
that body, which the call graph follows like a subprogram's (its calls and
constructs, a delay in its statements too).  An instance becomes a call of
the generic's body and the calls of the generic's specification, located at
the instantiation (a generic outside the sources, of the language or GNAT's
run-time, elaborates without waiting).  Where a body cannot be found (its unit
not cross-referenced), the call has no body: nothing proves it safe.
"""

from __future__ import annotations

import dataclasses

from ..model import Call, Location
from .decls import qualified_name
from .implicit import UNWRITTEN
from .instances import instance_parts
from .structure import own_nodes
from .syntax import Node, one_line, text
from .workspace import FileUnit, Workspace

PACKAGES = frozenset("Kk")        # lib-xref.ads: package, generic package


def elaborated(ws: Workspace, fu: FileUnit, body: Node, calls_of) -> list[Call]:
    """The calls the packages declared in ``body`` make when it elaborates them;
    ``calls_of(fu, node)`` gives the calls of a node's own code (calls.calls_in)."""
    found: list[Call] = []
    for n in own_nodes(body):
        if n.type == "package_body":
            name = _name(n)
            if name is not None:
                found.append(_body_call(fu, name, fu.loc(name), f"the body of package {text(name)}"))
        elif n.type == "package_body_stub":
            name = _name(n)
            if name is not None:
                found.append(_body_call(fu, name, _body_of(ws, fu, name),
                                        f"the body of package {text(name)} (a subunit)"))
        elif n.type == "generic_instantiation" and text(n).lstrip().lower().startswith("package"):
            found += _instance(ws, fu, n, calls_of)
    return found


def _name(n: Node) -> Node | None:
    return next((c for c in n.named_children if c.type == "identifier"), None)


def _body_call(fu: FileUnit, site: Node, body: Location | None, what: str) -> Call:
    at = fu.loc(site)
    return Call(name=f"{text(site)} ({UNWRITTEN}the elaboration of {what} "
                     f"({at.path}:{at.line}))",
                loc=at, kind="subprogram", target=qualified_name(site) or text(site),
                decl=None, body=body, unit=fu.main_unit)


def _entity(ws: Workspace, fu: FileUnit, ident: Node):
    return next((e for e, _k in ws.xref.at(fu.pos(ident)) if e.kind in PACKAGES), None)


def _body_of(ws: Workspace, fu: FileUnit, ident: Node) -> Location | None:
    """Where the body of the package named at ``ident`` is, when GNAT knows it."""
    ent = _entity(ws, fu, ident)
    ref = ws.xref.body_of(ent) if ent is not None else None
    loc = ws.loc_of(ref.file, ref.line, ref.col) if ref is not None else None
    return None if loc == fu.loc(ident) else loc


def _instance(ws: Workspace, fu: FileUnit, inst: Node, calls_of) -> list[Call]:
    """The generic's body as one call, and the calls of its specification, at the
    instantiation ``package I is new G (...)``."""
    parts = instance_parts(inst)
    if parts is None:
        return []
    name, generic, last, _actuals = parts
    ent = _entity(ws, fu, last)
    what = f"the instance {text(name)} of {one_line(generic)}"
    if ent is None or ws.loc_of(ent.file, ent.line, ent.col) is None:
        # a generic of the run-time or the language: its elaboration waits for nothing
        return [] if ent is not None else [_body_call(fu, name, None, what)]
    ref = ws.xref.body_of(ent)
    body = ws.loc_of(ref.file, ref.line, ref.col) if ref is not None else None
    found = [_body_call(fu, name, body, what)] if body is not None else []
    spec = _spec_node(ws, ent)
    if spec is not None:
        at = fu.loc(name)
        for call in calls_of(*spec):
            note = f" ({UNWRITTEN}the elaboration of {what} ({at.path}:{at.line}))"
            found.append(dataclasses.replace(call, loc=at, name=call.name + note))
    return found


def _spec_node(ws: Workspace, ent) -> tuple[FileUnit, Node] | None:
    """The package specification inside the generic declaration of ``ent``."""
    loc = ws.loc_of(ent.file, ent.line, ent.col)
    fu = ws.by_display.get(loc.path) if loc is not None else None
    ident = fu.ident_at(loc.line, loc.col) if fu is not None else None
    node = ident.parent if ident is not None else None
    while node is not None and node.type in ("selected_component", "name"):
        node = node.parent
    if node is None or node.type != "package_declaration":
        return None
    return fu, node
