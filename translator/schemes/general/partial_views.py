"""Partial views of a task type declared in a package body: the package's spec may
declare ``type Worker;`` (or ``type Worker is limited private;``) that the task
type in the body completes (RM 3.10.1(3), 7.3).  The general scheme declares the
protected type it makes before the agent, which names it: an incomplete
declaration of its own there would be a second one, an invalid completion
(repro general_incomplete_type_task)."""

from __future__ import annotations

from ...frontend.decls import defining_name, is_spec_unit
from ...frontend.syntax import Node, ancestors, first_child, text, walk
from ...frontend.workspace import FileUnit, Workspace

PARTIAL_VIEWS = ("private_type_declaration", "incomplete_type_declaration")


def specs_of(ws: Workspace, fu: FileUnit, body: Node) -> list[Node]:
    """The package specs the package body ``body`` completes: a nested one in the
    same declarative part, or the library unit's spec file."""
    name = defining_name(body).lower()
    found = []
    part = body.parent
    if part is not None and part.type != "compilation_unit":
        found = [d for d in part.named_children if d.type == "package_declaration"
                 and defining_name(d).lower() == name]
    if not found:
        for other in ws.units():
            if is_spec_unit(other.tree.root_node) and name in (
                    u.lower() for u in other.unit_names):
                found += [d for d in other.nodes_of_type("package_declaration")
                          if defining_name(d).lower() == name]
    return found


def declares(spec: Node, name: str) -> bool:
    """Does the package spec declare a partial view named ``name`` (lower case) of its
    own (not in a nested package)?"""
    for kind_node in _views(spec):
        ident = first_child(kind_node, "identifier")
        if ident is not None and text(ident).lower() == name:
            owner = next((a for a in ancestors(kind_node)
                          if a.type == "package_declaration"), None)
            if owner is not None and owner.start_byte == spec.start_byte:
                return True
    return False


def _views(spec: Node):
    return (n for n in walk(spec) if n.type in PARTIAL_VIEWS)
