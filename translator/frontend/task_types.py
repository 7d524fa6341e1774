"""The names of the types whose objects hold a task, read from the sources by name.

A task type, and every type or subtype whose declaration mentions one of them (a
record's component, an array's, a parent type), through any depth: declaring an
object of one creates and activates tasks.  Access types are left out: an
allocator names the designated type, and their objects hold no task.  By name,
not by GNAT's cross references: the front end asks this before it compiles.
"""

from __future__ import annotations

from .syntax import Node, first_child, text, walk
from .workspace import Workspace


def task_type_names(ws: Workspace) -> set[str]:
    """The task types' names and those of the types and subtypes whose declarations
    name one of them, through any depth (by name)."""
    names = {text(i).lower() for fu in ws.units()
             for d in fu.nodes_of_type("task_type_declaration")
             if (i := first_child(d, "identifier")) is not None}
    types = [(text(i).lower(), {text(n).lower() for n in walk(t)
                                if n.type == "identifier" and not _defining(n)})
             for fu in ws.units() for kind in ("full_type_declaration", "subtype_declaration")
             for t in fu.nodes_of_type(kind) if (i := first_child(t, "identifier")) is not None
             and not _access(t)]
    grew = bool(names)
    while grew:
        grew = False
        for name, mentioned in types:
            if name not in names and mentioned & names:
                names.add(name)
                grew = True
    return names


def _access(decl: Node) -> bool:
    """An access type's declaration: its allocators name the designated type, and its
    objects hold no task."""
    return any(c.type in ("access_type_definition", "access_to_object_definition",
                          "access_to_subprogram_definition")
               for c in walk(decl) if c.parent is not None and c.parent == decl
               or c.parent is not None and c.parent.parent == decl)


def _defining(ident: Node) -> bool:
    """Is ``ident`` a name the declaration defines (the type's, a component's, a
    discriminant's), not one it mentions?  A component called Thread is no task type."""
    parent = ident.parent
    if parent.type in ("full_type_declaration", "subtype_declaration",
                       "component_declaration", "private_type_declaration",
                       "incomplete_type_declaration"):
        return True
    if parent.type in ("discriminant_specification", "parameter_specification"):
        colon = next((c for c in parent.children if c.type == ":"), None)
        return colon is not None and ident.start_byte < colon.start_byte
    return False
