"""Types holding a task type: a record type with a component of it, an array type
of it (objects.py follows their objects as the task type's own).

An object of such a type makes the task object as one of its components, by its
default initialization.  If another component's initialization raised, the task
would never be activated and its master would not wait for it; the translated
record's component would be finalized (RM 7.6.1(20)), and its ``Finalize`` would
wait for a server nobody started.  So rdv2po follows a holder only when nothing
else in its objects' initialization can raise:

- a record type without discriminants (their defaults and the constraints that
  depend on them are evaluated for each object), the component outside any
  variant part and without an initial value;
- every other component of a type whose objects are made without evaluating
  anything (objects.py, ``_quietly_made``), its default, if any, a literal
  (``True``, ``0``, ``'x'``) of an unconstrained Standard subtype;
- an array type (a constraint of a component definition is evaluated when the
  type is elaborated, not for each object, RM 3.6(22)).

Aggregates make objects without naming their type: one with a box (``<>``) may
make a task component, so where a holder is followed, rdv2po refuses it.
"""

from __future__ import annotations

from ...frontend.syntax import Node, first_child, one_line, text, walk
from .kinds import QUIET_STANDARD, TYPE_KINDS, UNCONSTRAINED_SCALARS

LITERALS = {"numeric_literal", "character_literal"}


def holder_of(ctx: Node | None) -> Node | None:
    """The declaration of the type ``ctx`` (a component's declaration, or an array
    type's definition) is part of, if it is a record or array type."""
    if ctx is None:
        return None
    if ctx.type == "array_type_definition":
        parent = ctx.parent
        return parent if parent is not None and parent.type == "full_type_declaration" \
            else None
    if ctx.type != "component_declaration":
        return None
    node = ctx.parent
    while node is not None and node.type in ("component_list", "record_definition",
                                             "variant", "variant_list", "variant_part",
                                             "record_type_definition"):
        node = node.parent
    return node if node is not None and node.type == "full_type_declaration" else None


def holder_unsafe(objs, fu, decl: Node, comp: Node) -> str:
    """Why an object of the holder type ``decl`` might raise while it is made, after
    its component ``comp`` (the task's, a declaration or an array definition), or
    ""."""
    if first_child(decl, "array_type_definition") is not None:
        return ""
    if first_child(decl, "record_type_definition") is None:
        return "a type holding the task type that is neither a record nor an array type"
    if first_child(decl, "known_discriminant_part") is not None or \
            first_child(decl, "unknown_discriminant_part") is not None:
        return "a record type with discriminants holding the task type"
    if any(a.type == "variant" for a in _up(comp, decl)):
        return "a component of the task type in a variant part"
    if any(c.type == "expression" for c in comp.children):
        return "a component of the task type with an initial value"
    for other in (n for n in walk(decl) if n.type == "component_declaration"):
        if other == comp:
            continue
        why = component_unsafe(objs, fu, other)
        if why:
            return why
    return ""


def _up(node: Node, top: Node):
    node = node.parent
    while node is not None and node != top:
        yield node
        node = node.parent


def component_unsafe(objs, fu, comp: Node, depth: int = 0) -> str:
    """Why initializing the component ``comp`` by default might raise, or "": its
    default, if any, a literal of an unconstrained Standard subtype; without one,
    each type it names one whose objects are made without evaluating anything (a
    constraint is evaluated with the type, RM 3.8(18))."""
    definition = first_child(comp, "component_definition")
    default = first_child(comp, "expression")
    shown = one_line(comp, limit=40)
    marks = [n for n in walk(definition) if n.type == "identifier"] \
        if definition is not None else []
    if default is not None:
        value = default
        while len(value.named_children) == 1:
            value = value.named_children[0]
        plain = value.type in LITERALS or value.type == "identifier" and \
            text(value).lower() in ("true", "false")
        if not plain or len(marks) != 1 or text(marks[0]).lower() not in UNCONSTRAINED_SCALARS \
                or objs.ws.xref.at(fu.pos(marks[0])):
            return (f"a component {shown} whose default rdv2po does not show cannot "
                    "raise, beside a component of the task type")
        return ""
    for n in marks:
        ents = [e for e, _k in objs.ws.xref.at(fu.pos(n))]
        if not ents and text(n).lower() in QUIET_STANDARD:
            continue
        if not ents or not all(e.kind not in TYPE_KINDS or objs._quietly_made(e, depth)
                               for e in ents):
            return (f"a component {shown} whose default initialization rdv2po does not "
                    "know to evaluate nothing, beside a component of the task type")
    return ""


def boxed_aggregates(ws) -> list[tuple[object, Node]]:
    """Aggregates with a box: each may make an object of a type holding the task type
    without naming it."""
    return [(fu, agg) for fu in ws.units() for agg in _aggregates(fu)
            if any(n.type == "<>" for n in walk(agg))]


def _aggregates(fu) -> list[Node]:
    return [n for kind in ("record_aggregate", "extension_aggregate", "named_array_aggregate",
                           "positional_array_aggregate")
            for n in fu.nodes_of_type(kind)]
