"""Small questions about the syntax tree that every scheme asks."""

from __future__ import annotations

from ...frontend.syntax import Node, ancestors, text
from ...frontend.workspace import Workspace
from ...model import Location


def is_within(node: Node, outer: Node) -> bool:
    """Is ``node`` part of ``outer`` (same tree, within its range)?"""
    root = node
    while root.parent is not None:
        root = root.parent
    outer_root = outer
    while outer_root.parent is not None:
        outer_root = outer_root.parent
    return root == outer_root and outer.start_byte <= node.start_byte <= node.end_byte <= outer.end_byte


def innermost_accept(node: Node) -> Node | None:
    """The accept statement ``node`` is directly or indirectly in, if any."""
    p = node.parent
    while p is not None and p.type != "accept_statement":
        p = p.parent
    return p


def line_start(data: bytes, offset: int) -> int:
    """The offset of the first byte of the line holding ``offset``."""
    return data.rfind(b"\n", 0, offset) + 1


def is_selector(ident: Node) -> bool:
    """``X`` in ``R.X`` or ``F (X => 1)``: not a direct name, so never captured (the
    formal of a named parameter association names a parameter of the subprogram
    called, RM 6.4.1(2/3)).  An aggregate's choice may be an expression: a name."""
    p = ident.parent
    if p is not None and p.type == "selected_component" and p.named_children[-1] == ident:
        return True
    if p is not None and p.type == "component_choice_list" and \
            p.parent is not None and p.parent.type == "parameter_association":
        return True
    nxt = ident.next_sibling
    return nxt is not None and nxt.type == "=>"


def is_generic_formal(ws: Workspace, loc: Location) -> bool:
    """Is the subprogram declared at ``loc`` a generic formal subprogram?"""
    fu = ws.by_display.get(loc.path)
    ident = fu.ident_at(loc.line, loc.col) if fu is not None else None
    return ident is not None and any(a.type == "formal_subprogram_declaration"
                                     for a in ancestors(ident))


def pragmas_and_aspects(fu, names: set[str]) -> list[tuple[Node, str]]:
    """The pragmas and aspect associations of ``fu`` whose name (lower case) is in
    ``names``, each with that name."""
    found = []
    for kind in ("pragma_g", "aspect_association"):
        for n in fu.nodes_of_type(kind):
            first = (n.named_children or [None])[0]
            name = text(first).lower() if first is not None else ""
            if name in names:
                found.append((n, name))
    return found
