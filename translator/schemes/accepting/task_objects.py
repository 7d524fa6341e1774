"""Which names denote objects of a task type: GNAT's cross references followed
from a name to its type.

The prefix of ``X'Callable`` or a name an abort statement gives is an object
of the server's task type W when its type, followed through subtypes, the
components of arrays, the designated types of access types (``P``, ``P.all``)
and record components (``R.C``), is W.  It is certainly another task when
that type is another task type's own declaration, or when it names a single
task, or when it is a private type another task type's declaration
completes.  Everything else -- a function call, a derived type of W (GNAT's
cross references do not give the parent of a derived type), another private
view, a generic formal, a task interface's class, a name GNAT did not
resolve -- might be one of W's objects: the caller refuses it, saying what
it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...frontend.ali import Entity
from ...frontend.denotes import not_an_object
from ...frontend.syntax import Node, one_line, text
from ...frontend.workspace import FileUnit, Workspace

OURS, OTHER, UNKNOWN = "ours", "other", "unknown"


@dataclass(frozen=True)
class Verdict:
    kind: str            # OURS, OTHER or UNKNOWN
    why: str = ""        # for UNKNOWN: what the name is, for the refusal


@dataclass(frozen=True)
class _Type:
    """A type as the cross references give it: the key of a type entity, or an
    anonymous array or access type (``Pool : array (1 .. 2) of W``) by what its
    components or designated objects are."""
    key: str = ""                 # 'file:line:col', or a Standard type's name
    anonymous: str = ""           # "array" or "access", with the component's key
    component: str = ""


def classify(ws: Workspace, fu: FileUnit, name: Node, task_key: tuple) -> Verdict:
    """What ``name`` (the prefix of a task attribute, or a name an abort gives)
    denotes, against the task type declared at ``task_key`` (GNAT's position)."""
    key = f"{task_key[0]}:{task_key[1]}:{task_key[2]}"
    typ = _type_of(ws, fu, name, key)
    if isinstance(typ, Verdict):
        return typ
    return _task_verdict(ws, typ, key, 0)


def _type_of(ws: Workspace, fu: FileUnit, node: Node, key: str):
    """The type of the object ``node`` names, or a Verdict when that ends the question."""
    if node.type == "identifier":
        if not_an_object(ws, fu, node) is not None:
            return Verdict(OTHER)          # an exception, an access type: no task
        ents = [e for e, _k in ws.xref.at(fu.pos(node))]
        if not ents:
            return Verdict(UNKNOWN, f"GNAT did not say what {_short(node)} is")
        ent = ents[0]
        if f"{ent.file}:{ent.line}:{ent.col}" == key:
            return Verdict(OURS)           # the type's name: its current instance
        decl = _declaration(ws, ent)
        if decl is not None and decl.type == "single_task_declaration":
            return Verdict(OTHER)          # a single task: of an anonymous type of its own
        if _own_task_type(ws, ent, decl):
            return Verdict(OTHER)          # the current instance of another task type
        if ent.kind in "VU":
            return Verdict(UNKNOWN, f"{_short(node)} is a function call, whose result "
                                    "rdv2po does not follow")
        if not ent.kind.islower():
            return Verdict(UNKNOWN, f"{_short(node)} is not an object GNAT's cross "
                                    "references give a type for")
        return _object_type(ent, node)
    if node.type == "selected_component":
        parts = node.named_children
        sel = parts[-1] if parts else None
        if sel is None:
            return Verdict(UNKNOWN, f"{_short(node)} is not a name rdv2po can follow")
        if text(sel).lower() == "all":
            inner = _type_of(ws, fu, parts[0], key)
            return inner if isinstance(inner, Verdict) else _designated(ws, inner, node)
        return _type_of(ws, fu, sel, key)  # a component, or an expanded name
    if node.type == "function_call" and node.named_children:
        inner = _type_of(ws, fu, node.named_children[0], key)
        if isinstance(inner, Verdict):
            return inner
        return _component(ws, inner, node)
    if node.type == "parenthesized_expression":
        return Verdict(UNKNOWN, f"{_short(node)} is not a name rdv2po can follow")
    return Verdict(UNKNOWN, f"{_short(node)} is not a name rdv2po can follow")


def _object_type(ent: Entity, node: Node):
    if ent.type_ref:
        return _Type(key=ent.type_ref)
    if ent.component_ref:                  # an object of an anonymous array type
        kind = "access" if ent.kind == "p" else "array"
        return _Type(anonymous=kind, component=ent.component_ref)
    return Verdict(UNKNOWN, f"GNAT's cross references give no type for {_short(node)}")


def _entity(ws: Workspace, key: str) -> Entity | None:
    parts = key.rsplit(":", 2)
    if len(parts) != 3:
        return None
    return ws.xref.entities.get((parts[0], int(parts[1]), int(parts[2])))


def _resolved(ws: Workspace, typ: _Type, depth: int = 0) -> tuple[str, Entity | None]:
    """A named type followed through its subtypes: (key, entity)."""
    key = typ.key
    ent = _entity(ws, key)
    while ent is not None and ent.type_ref and depth < 20 and ent.kind in "AP":
        # ``subtype S is Arr (1 .. 2)``: the subtype's type is the array type
        if not ent.component_ref:
            key, ent = ent.type_ref, _entity(ws, ent.type_ref)
            depth += 1
        else:
            break
    return key, ent


def _component(ws: Workspace, typ: _Type, node: Node):
    if typ.anonymous == "array":
        return _Type(key=typ.component)
    if typ.anonymous == "access":          # ``P (I)``: an access to an array
        return _component(ws, _Type(key=typ.component), node)
    _key, ent = _resolved(ws, typ)
    if ent is not None and ent.kind == "A" and ent.component_ref:
        return _Type(key=ent.component_ref)
    if ent is not None and ent.kind == "P" and ent.component_ref:
        return _component(ws, _Type(key=ent.component_ref), node)
    return Verdict(UNKNOWN, f"{_short(node)} is not an element of an array whose component "
                            "type GNAT's cross references give")


def _designated(ws: Workspace, typ: _Type, node: Node):
    if typ.anonymous == "access":
        return _Type(key=typ.component)
    _key, ent = _resolved(ws, typ)
    if ent is not None and ent.kind == "P" and ent.component_ref:
        return _Type(key=ent.component_ref)
    return Verdict(UNKNOWN, f"{_short(node)}: GNAT's cross references do not give the type "
                            "it designates")


def _task_verdict(ws: Workspace, typ: _Type, key: str, depth: int) -> Verdict:
    """Is an object of ``typ`` an object of the task type ``key``?  An access value
    is dereferenced (``P'Callable`` is ``P.all'Callable``)."""
    if depth > 20:
        return Verdict(UNKNOWN, "a chain of types rdv2po cannot follow")
    if typ.anonymous == "access":
        return _task_verdict(ws, _Type(key=typ.component), key, depth + 1)
    if typ.anonymous:
        return Verdict(OTHER)              # an array is not a task
    if typ.key == key:
        return Verdict(OURS)
    if ":" not in typ.key:
        return Verdict(OTHER)              # a type of Standard
    ent = _entity(ws, typ.key)
    if ent is None:
        return Verdict(UNKNOWN, "its type is not in GNAT's cross references")
    if ent.kind == "P" and ent.component_ref:
        return _task_verdict(ws, _Type(key=ent.component_ref), key, depth + 1)
    if ent.type_ref:                       # a subtype: {parent} in the cross references
        return _task_verdict(ws, _Type(key=ent.type_ref), key, depth + 1)
    if ent.kind in NEVER_TASKS:
        return Verdict(OTHER)              # a scalar, array or record type
    decl = _declaration(ws, ent)
    if _own_task_type(ws, ent, decl):
        return Verdict(OTHER)              # another task type's own declaration
    return Verdict(UNKNOWN, f"its type {ent.name} is {_what_type(decl)}")


# GNAT's letters of types whose objects are never tasks: Boolean, enumeration, integer,
# modular, floating and fixed point, array and record types (a record holding a task
# is not one; a record's 'Image or 'Size is its own)
NEVER_TASKS = "BEIMFODAR"


def _own_task_type(ws: Workspace, ent: Entity, decl: Node | None) -> bool:
    """Is ``ent`` a task type's own declaration, or a private type such a declaration
    completes (GNAT lists the two as one entity, at the partial view)?"""
    if ent.kind != "T" or decl is None:
        return False
    return decl.type == "task_type_declaration" or \
        decl.type == "private_type_declaration" and ws.xref.completed(ent.key)


def _what_type(decl: Node | None) -> str:
    """What a type that is not a task type's own declaration is, for a refusal."""
    if decl is not None and any(c.type == "derived_type_definition" for c in decl.children):
        return "derived from another type, and GNAT's cross references do not give the parent"
    if decl is not None and decl.type in ("private_type_declaration",
                                          "private_extension_declaration"):
        return "a private type, whose full view rdv2po does not follow"
    if decl is not None and any(c.type == "interface_type_definition" for c in decl.children):
        return "an interface: an object of its class may be of any type implementing it"
    if decl is not None and decl.type.startswith("formal"):
        return "a generic formal type"
    return "not a task type's own declaration, nor one rdv2po can follow to one"


def _declaration(ws: Workspace, ent: Entity) -> Node | None:
    dfu = ws.by_base.get(ent.file)
    ident = dfu.ident_at_gnat(ent.line, ent.col) if dfu is not None else None
    return ident.parent if ident is not None else None


def _short(node: Node) -> str:
    return one_line(node, limit=40)
