"""Building the task model from the trees and GNAT's cross references."""

from __future__ import annotations

from .calls import EntryTable, body_node_at, calls_in
from .decls import defining_name, params, qualified_name
from ..model import Construct, Entry, Span, Subprogram, TaskBody
from .body_structure import BodyStructure, body_structure
from .site import TaskSite
from .structure import (constructs, declarations, exits_of, handlers, main_loop,
                        sync_points)
from .syntax import Node, entry_name, first_child, named_whole, one_line, text
from .workspace import FileUnit, Workspace

TASK_DECLS = ("single_task_declaration", "task_type_declaration")


def task_decls(ws: Workspace) -> list[tuple[FileUnit, Node]]:
    return [(fu, n) for fu in ws.units() for kind in TASK_DECLS for n in fu.nodes_of_type(kind)]


def entries_of(fu: FileUnit, decl: Node, sites: dict) -> tuple[Entry, ...]:
    tdef = first_child(decl, "task_definition")
    if tdef is None:
        return ()
    found = []
    for e in tdef.named_children:
        name = entry_name(e) if e.type == "entry_declaration" else None
        if name is None:
            continue
        family = None
        for c in e.named_children[e.named_children.index(name) + 1:]:
            if c.type in ("formal_part", "aspect_specification"):
                break
            family = one_line(c)
        found.append(Entry(
            name=text(name), loc=fu.loc(name), family=family,
            params=params(first_child(e, "formal_part")),
            calls=tuple(sorted(sites.get(fu.pos(name), ()), key=lambda s: s.loc))))
    return tuple(found)


def aspects_of(fu: FileUnit, decl: Node) -> tuple[Construct, ...]:
    found = []
    asp = first_child(decl, "aspect_specification")
    if asp is not None:
        for a in asp.named_children:
            for assoc in a.named_children:
                if assoc.named_children:
                    found.append(Construct(f"aspect:{text(assoc.named_children[0]).lower()}",
                                           fu.loc(assoc), one_line(assoc)))
    tdef = first_child(decl, "task_definition")
    if tdef is not None:
        for p in tdef.named_children:
            if p.type == "pragma_g" and p.named_children:
                found.append(Construct(f"pragma:{text(p.named_children[0]).lower()}",
                                       fu.loc(p), one_line(p)))
    return tuple(found)


USE_ATTRIBUTES = {"callable", "terminated", "identity", "priority", "storage_size"}
# attributes of any object, whose value for a task is the task's (its image, its size,
# its address): the object that replaces it would give its own
OBJECT_ATTRIBUTES = {"image", "wide_image", "wide_wide_image", "put_image", "size",
                     "object_size", "address", "alignment"}


def uses_of(ws: Workspace, fu: FileUnit, decl: Node) -> tuple[Construct, ...]:
    """Where the task is named by an attribute or aborted, in any resolved file.

    Only a single task's own name is followed; for a task type, uses go
    through objects of the type, which GNAT records on those objects.
    """
    name = first_child(decl, "identifier")
    ent = ws.xref.declared_at(fu.pos(name)) if name is not None else None
    if ent is None:
        return ()
    found = []
    for r in ent.refs:
        other = ws.by_base.get(r.file)
        ident = other.ident_at_gnat(r.line, r.col) if other is not None else None
        if ident is None:
            continue
        kind = _use_kind(ident)
        if kind is not None:
            found.append(Construct(kind, other.loc(ident),
                                   one_line(named_whole(ident).parent)[:80]))
    return tuple(sorted(set(found), key=lambda c: c.loc))


def _use_kind(ident: Node) -> str | None:
    whole = named_whole(ident)
    parent = whole.parent
    if parent is None:
        return None
    if parent.type == "abort_statement":
        return "abort"
    sib = whole.next_sibling
    if sib is not None and sib.type == "tick" and sib.next_sibling is not None:
        attr = text(sib.next_sibling).lower()
        if attr in USE_ATTRIBUTES or attr in OBJECT_ATTRIBUTES:
            return f"attribute:{attr}"
    return None


def find_body(ws: Workspace, fu: FileUnit, decl: Node) -> tuple[FileUnit, Node] | None:
    """The task body: where GNAT says it is, else the body with the same full name."""
    name = first_child(decl, "identifier")
    ent = ws.xref.declared_at(fu.pos(name)) if name is not None else None
    if ent is not None:
        for r in ent.refs:
            if r.kind != "b":
                continue
            loc = ws.loc_of(r.file, r.line, r.col)
            hit = body_node_at(ws, loc) if loc is not None else None
            if hit is not None and hit[1].type == "task_body":
                return hit
    want = qualified_name(decl).lower()
    for other in ws.units():
        for b in other.nodes_of_type("task_body"):
            if qualified_name(b).lower() == want:
                return other, b
    return None


def task_site(ws: Workspace, fu: FileUnit, decl: Node,
              body: tuple[FileUnit, Node] | None,
              structure: BodyStructure | None = None) -> TaskSite:
    """The site of the task ``decl`` declares, whose body ``find_body`` found, and
    the body's structure (analysed here unless given)."""
    stub = None
    if body is not None:
        name = text(first_child(body[1], "identifier")).lower()
        for other in ws.units():
            for s in other.nodes_of_type("task_body_stub"):
                ident = first_child(s, "identifier")
                if ident is not None and text(ident).lower() == name and \
                        f"{qualified_name(s)}.{name}".lower() == qualified_name(decl).lower():
                    stub = (other, s)
    body_fu, body_node = body if body is not None else (None, None)
    if structure is None and body_node is not None:
        structure = body_structure(body_node)
    return TaskSite(fu, decl, body_fu, body_node, stub, structure)


def body_of(ws: Workspace, table: EntryTable, fu: FileUnit, body: Node,
            structure: BodyStructure) -> TaskBody:
    """The model's view of a task body, from its structure."""
    loop, before = main_loop(structure)
    loc = fu.loc
    return TaskBody(
        loc=fu.loc(body), span=span_of(fu, body),
        declarations=declarations(structure),
        statements_before_loop=before,
        main_loop=fu.loc(loop.node) if loop is not None else None,
        sync_points=sync_points(structure, loc, lambda n: span_of(fu, n)),
        exits=exits_of(loop, loc), handlers=handlers(structure, loc),
        calls=calls_in(ws, table, fu, body), constructs=constructs(body, loc))


def span_of(fu: FileUnit, node: Node) -> Span:
    return Span(fu.display, node.start_byte, node.end_byte)


def reachable_subprograms(ws: Workspace, table: EntryTable, roots) -> tuple[Subprogram, ...]:
    """Subprogram bodies in the sources reachable by calls from the given calls."""
    seen: dict = {}
    todo = [c for c in roots if c.kind == "subprogram" and c.body is not None]
    while todo:
        call = todo.pop()
        key = (call.body.path, call.body.line, call.body.col)
        if key in seen:
            continue
        hit = body_node_at(ws, call.body)
        if hit is None:
            seen[key] = None
            continue
        fu, node = hit
        sub_calls = calls_in(ws, table, fu, node)
        seen[key] = Subprogram(
            name=defining_name(node), qualified_name=qualified_name(node),
            body=call.body, calls=sub_calls,
            constructs=tuple(c for c in constructs(node, fu.loc)))
        todo.extend(c for c in sub_calls if c.kind == "subprogram" and c.body is not None)
    return tuple(sorted((s for s in seen.values() if s is not None), key=lambda s: s.body))

