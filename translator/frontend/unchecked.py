"""Calls of instances of Ada.Unchecked_Conversion and Ada.Unchecked_Deallocation.

A program can only call these generics through an instance of its own, whose
body GNAT makes and no source holds: the blocking analysis called every
``Free (X)`` a call into code outside the sources, that may block.  A
conversion copies bits; a deallocation of an object that holds only values
(no task, protected or controlled part: no finalization runs) frees storage,
from the default pool (a pool of the program's deallocates with its own code).
Neither is potentially blocking (RM 9.5.1), so such a call is given the
generic's unit, which the analysis knows cannot block.
"""

from __future__ import annotations

import re

from .syntax import Node, first_child, text
from .workspace import Workspace

CONVERSION, DEALLOCATION = "ada.unchecked_conversion", "ada.unchecked_deallocation"
# the generic's unit, as GNAT names it, also through the Ada 83 library renamings
GENERICS = {CONVERSION: CONVERSION, "unchecked_conversion": CONVERSION,
            DEALLOCATION: DEALLOCATION, "unchecked_deallocation": DEALLOCATION}
# predefined types that hold only values (Standard has no source to look into)
STANDARD_VALUES = {"integer", "natural", "positive", "boolean", "character", "float",
                   "long_integer", "long_long_integer", "short_integer", "short_short_integer",
                   "long_float", "long_long_float", "short_float", "duration", "string",
                   "wide_character", "wide_wide_character", "wide_string", "wide_wide_string"}
VALUE_DEFINITIONS = {"enumeration_type_definition", "signed_integer_type_definition",
                     "modular_type_definition", "floating_point_definition",
                     "ordinary_fixed_point_definition", "decimal_fixed_point_definition"}
DEPTH = 4            # types declared through types: deeper is taken as unknown


def instantiation_at(ws: Workspace, decl):
    """(file unit, the instantiation's ``function_call`` node, the identifier naming
    the generic) when ``decl`` is where an instance is declared; else None."""
    fu = ws.by_display.get(decl.path) if decl is not None else None
    ident = fu.ident_at(decl.line, decl.col) if fu is not None and fu.tree is not None else None
    inst = ident.parent if ident is not None else None
    if inst is None or inst.type != "generic_instantiation":
        return None
    call = first_child(inst, "function_call")
    name = call.named_children[0] if call is not None and call.named_children else None
    if name is None:
        return None
    return fu, call, name.named_children[-1] if name.type == "selected_component" else name


def unit_of_instance(ws: Workspace, decl) -> str | None:
    """The unit of the unchecked generic whose instance is declared at ``decl``,
    when a call of it cannot block; else None."""
    hit = instantiation_at(ws, decl)
    if hit is None:
        return None
    fu, call, last = hit
    generic = next((GENERICS.get(ws.xref.unit_of_file(ent.file).lower())
                    for ent, _kind in ws.xref.at(fu.pos(last))), None)
    if generic == CONVERSION:
        return generic
    if generic == DEALLOCATION and _values_only(ws, fu, _actual(call, 0, "object"), DEPTH) \
            and _default_pool(ws, fu, _actual(call, 1, "name")):
        return generic
    return None


def _actual(call: Node, position: int, formal: str) -> Node | None:
    """The name given for a formal, by position or named."""
    actuals = first_child(call, "actual_parameter_part")
    assocs = [a for a in (actuals.named_children if actuals is not None else ())
              if a.type == "parameter_association"]
    for i, a in enumerate(assocs):
        choice = first_child(a, "component_choice_list")
        if choice is None and i == position or choice is not None and text(choice).lower() == formal:
            expr = first_child(a, "expression")
            return _name_in(expr) if expr is not None else None
    return None


def _default_pool(ws: Workspace, fu, name: Node | None) -> bool:
    """Is the access type's storage the default pool's?  A pool of the program's
    (Storage_Pool, or a Default_Storage_Pool pragma) deallocates with code of its
    own, which may block; any mention of one is taken as such."""
    if name is None or any(b"default_storage_pool" in f.src.data.lower() for f in ws.files):
        return False
    last = name.named_children[-1] if name.type == "selected_component" else name
    ent = next((e for e, _k in ws.xref.at(fu.pos(last))), None)
    decl = ws.loc_of(ent.file, ent.line, ent.col) if ent is not None else None
    home = ws.by_display.get(decl.path) if decl is not None else None
    ident = home.ident_at(decl.line, decl.col) if home is not None and home.tree else None
    if ident is None or ident.parent is None:
        return False
    clause = re.compile(rb"for\s+" + re.escape(text(ident).encode()) + rb"\s*'\s*storage_pool",
                        re.IGNORECASE)
    return "storage_pool" not in text(ident.parent).lower() and not clause.search(home.src.data)


def _name_in(node: Node) -> Node | None:
    """The identifier or selected component an expression or subtype mark is."""
    while node.type in ("expression", "term") and len(node.named_children) == 1:
        node = node.named_children[0]
    return node if node.type in ("identifier", "selected_component") else None


def _values_only(ws: Workspace, fu, name: Node | None, depth: int) -> bool:
    """Does the type ``name`` denotes hold only values (scalars, strings, and arrays and
    records of them, declared in the sources or predefined)?"""
    if name is None or depth == 0:
        return False
    last = name.named_children[-1] if name.type == "selected_component" else name
    ents = [ent for ent, _kind in ws.xref.at(fu.pos(last))]
    if not ents:
        # a file GNAT did not compile (a spec the lint did not need): the name is a
        # type declared before it around it, or else one of Standard's, the only
        # other directly visible declarations (a use clause's are hidden by them)
        if name.type != "identifier":
            return False
        local = _declared_before(name)
        if local is not None:
            return _declared_values(ws, fu, local, depth - 1)
        return text(name).lower() in STANDARD_VALUES
    ent = ents[0]
    decl = ws.loc_of(ent.file, ent.line, ent.col)
    dfu = ws.by_display.get(decl.path) if decl is not None else None
    ident = dfu.ident_at(decl.line, decl.col) if dfu is not None and dfu.tree else None
    if ident is None or ident.parent is None:
        return False
    return _declared_values(ws, dfu, ident.parent, depth - 1)


TYPE_DECLS = ("full_type_declaration", "subtype_declaration", "private_type_declaration",
              "incomplete_type_declaration", "private_extension_declaration")


def _declared_before(name: Node) -> Node | None:
    """The type declaration of this simple name in the declarative parts around it,
    before it; None when there is none (any other declaration of the name is taken as
    one: the caller then finds no value definition)."""
    wanted = text(name).lower()
    node = name
    while node.parent is not None:
        for sib in node.parent.named_children:
            if sib.start_byte >= node.start_byte:
                break
            if sib.type in TYPE_DECLS and sib.named_children \
                    and text(sib.named_children[0]).lower() == wanted:
                return sib
        node = node.parent
    return None


def _declared_values(ws: Workspace, fu, d: Node, depth: int) -> bool:
    if d.type == "subtype_declaration":
        marks = [c for c in d.named_children[1:] if c.type in ("identifier", "selected_component")]
        return bool(marks) and _values_only(ws, fu, marks[0], depth)
    if d.type != "full_type_declaration" or first_child(d, "known_discriminant_part"):
        return False
    kinds = {c.type for c in d.named_children}
    if kinds & VALUE_DEFINITIONS:
        return True
    if "array_type_definition" in kinds:
        comp = first_child(first_child(d, "array_type_definition"), "component_definition")
        return comp is not None and _component(ws, fu, comp, depth)
    record = first_child(d, "record_type_definition")
    if record is None or " ".join(text(d).lower().split()).count("tagged") \
            or "limited" in text(record).lower().split():
        return False
    comps = [c for c in _walk(record) if c.type == "component_declaration"]
    if any(c.type == "variant_part" for c in _walk(record)):
        return False
    return all(_component(ws, fu, first_child(c, "component_definition"), depth)
               for c in comps)


def _component(ws: Workspace, fu, comp: Node | None, depth: int) -> bool:
    if comp is None or "access" in text(comp).lower().split():
        return False
    marks = [c for c in comp.named_children if c.type in ("identifier", "selected_component")]
    return bool(marks) and _values_only(ws, fu, marks[0], depth)


def _walk(node: Node):
    for c in node.named_children:
        yield c
        yield from _walk(c)
