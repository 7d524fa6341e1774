"""Which objects belong to a subprogram or task body: declared in it (or formals of
its separate declaration), on its own stack, reached by no other task unless the body
hands them over -- through an address, an access value, an Atomic or Volatile mark,
or a task or protected unit declared beside them.  A loop that reads only these, and
constants, waits for no other task and sees no other task change them."""

from __future__ import annotations

import re

from ...frontend.ali import Entity
from ...frontend.syntax import Node, ancestors, first_child, text, walk
from ...frontend.workspace import FileUnit, Workspace

# the units whose local objects a loop may keep to: what a subprogram or task body
# declares lives on its own stack, reached by no other task unless handed over
UNITS = {"subprogram_body", "task_body"}
# a local another task may reach after all: through its address, an access value, an
# Atomic or Volatile declaration, a task or protected unit declared beside it
ADDRESSES = {"access", "unchecked_access", "unrestricted_access", "address"}
# attributes after an object's name that give another access path to it
ANOTHER_PATH = re.compile(r"\s*'\s*(address|access|unchecked_access|unrestricted_access)\b",
                          re.IGNORECASE)
MARKS = {"atomic", "volatile", "independent", "atomic_components", "volatile_components",
         "independent_components", "shared"}
BESIDE = {"task_body", "single_task_declaration", "task_type_declaration", "protected_body",
          "single_protected_declaration", "protected_type_declaration"}
SPECS = {"procedure_specification", "function_specification"}


def entity_at(ws: Workspace, fu: FileUnit, ident: Node) -> Entity | None:
    """The entity GNAT lists at an identifier: referenced there, or declared there."""
    pos = fu.pos(ident)
    found = ws.xref.at(pos)
    return found[0][0] if found else ws.xref.declared_at(pos)


def attribute_name(ident: Node) -> bool:
    """Is the identifier an attribute's designator (``Last`` of ``X'Last``)?"""
    p = ident.parent
    return p is not None and p.type == "attribute_designator"


def defining_name(ws: Workspace, place) -> tuple[FileUnit | None, Node | None]:
    """The file of the sources GNAT names at ``place`` (an entity or a reference: its
    file, line and column), and the identifier there; None for what is not found."""
    fu = next((u for u in ws.units() if place is not None and u.base == place.file), None)
    return fu, fu.ident_at_gnat(place.line, place.col) if fu is not None else None


def declaration_of(ws: Workspace, ent: Entity) -> tuple[FileUnit, Node] | None:
    """The object or number declaration of ``ent``, with its file."""
    fu, ident = defining_name(ws, ent)
    decl = ident.parent if ident is not None else None
    if decl is not None and decl.type == "defining_identifier_list":
        decl = decl.parent
    if decl is None or decl.type not in ("object_declaration", "number_declaration"):
        return None
    return fu, decl


def unit_of(loop: Node) -> Node | None:
    """The subprogram or task body whose objects the loop may read."""
    for a in ancestors(loop):
        if a.type in ("protected_body", "entry_body"):
            return None
        if a.type in UNITS:
            return a
    return None


# A body's formals are declared in its separate declaration: a subprogram's
# parameters, a task type's discriminants (constants of each object, RM 3.7).
_FORMALS = {"subprogram_body": ("parameter_specification", SPECS),
            "task_body": ("discriminant_specification", {"task_type_declaration"})}


def declared_in(ws: Workspace, fu: FileUnit, unit: Node, ent: Entity) -> Node | None:
    """The identifier declaring ``ent`` in ``unit``, or a formal of the unit's separate
    declaration (a subprogram's parameters, a task type's discriminants); None when
    declared elsewhere."""
    if ent.file == fu.base:
        decl = fu.ident_at_gnat(ent.line, ent.col)
        if decl is not None and unit.start_byte <= decl.start_byte < unit.end_byte:
            return decl
    spec_fu = next((u for u in ws.units() if u.base == ent.file), None)
    decl = spec_fu.ident_at_gnat(ent.line, ent.col) if spec_fu is not None else None
    kind, specs = _FORMALS.get(unit.type, (None, ()))
    formal = next((a for a in ancestors(decl) if a.type == kind),
                  None) if decl is not None else None
    if formal is None:
        return None
    spec = next((a for a in ancestors(formal) if a.type in specs), None)
    name = first_child(spec, "identifier") if spec is not None else None
    own = first_child(unit, "identifier") if unit.type == "task_body" else \
        first_child(unit.named_children[0], "identifier") if unit.named_children else None
    sub = ws.xref.declared_at(spec_fu.pos(name)) if name is not None else None
    body = ws.xref.body_of(sub) if sub is not None else None
    if own is None or body is None or (body.file, body.line, body.col) != fu.pos(own):
        return None
    return decl


def local_or_constant(ws: Workspace, fu: FileUnit, unit: Node, ent: Entity) -> bool:
    """Is the object declared in the unit (its declarations, or its formals), or a
    constant: one no other task changes while the unit's loop runs?"""
    if declared_in(ws, fu, unit, ent) is not None:
        return True     # its declarations, or its formals
    decl = declaration_of(ws, ent)
    return decl is not None and (decl[1].type == "number_declaration" or any(
        c.type == "constant" for c in decl[1].children))


def shares(fu: FileUnit, unit: Node) -> bool:
    """May another task reach the unit's objects: does it take an address or an
    access value, mark something Atomic or Volatile (also in a pragma the parser
    left out), or declare a task or protected unit that sees them?"""
    if any(unit.start_byte <= s < unit.end_byte for s, _e in fu.hidden):
        return True
    for n in walk(unit):
        if n != unit and n.type in BESIDE:
            return True
        if n.type == "attribute_designator" and text(n).lower() in ADDRESSES:
            return True
        if n.type == "identifier" and text(n).lower() in MARKS and _marking(n, unit):
            return True
    return False


def _marking(ident: Node, unit: Node) -> bool:
    """Is the identifier a pragma's name or argument, or an aspect's?"""
    for a in ancestors(ident):
        if a.type in ("pragma_g", "aspect_specification", "aspect_mark"):
            return True
        if a == unit:
            return False
    return False
