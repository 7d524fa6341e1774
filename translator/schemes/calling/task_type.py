"""A task type taken for a calling server: its one object becomes what a single
task becomes.

The workers' accepts turn into calls on the object that called them, so the
translation must name that object in the workers' code.  With one object of
the type, declared as ``B : Boss;`` (or ``B : Boss (5);``), that is ``B``:
the task type becomes a protected type with the same discriminants, the
object declaration stays as written, and the workers call ``B.Start``.

With two objects, an array of them, an allocator or any other use of the
type, which object handed a worker its message is decided by the running
program, and a worker could not name the object to call: refused, naming
the use.  The object itself may be named only as the prefix of a call of
one of the task's own entries (a mixed task): an attribute, an ``abort``,
a renaming or a parameter would see a protected object where they saw a
task.  Both are followed through GNAT's cross references, as the single
task's name is (extract.uses_of).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...frontend.syntax import Node, ancestors, defining_names, first_child, text
from ...frontend.workspace import FileUnit, Workspace
from ..common.refusals import ShapeError
from ..common.refusals import ABORTED, attribute_reason

NOT_USES = ("b", "c", "d", "e", "l", "t")   # body, discriminants, end names: GNAT kinds


@dataclass(frozen=True)
class TheObject:
    name: str                # as declared: the workers call Name.Entry
    decl: Node               # its object_declaration
    fu: FileUnit


def sole_object(ws: Workspace, type_name: str, spec_fu: FileUnit, decl: Node,
                entries: set[str]) -> TheObject:
    """The one object of the task type declared by ``decl``, or ShapeError naming the use
    that stands in the way.  ``entries``: the type's own entry names, lower case."""
    ident = first_child(decl, "identifier")
    ent = ws.xref.declared_at(spec_fu.pos(ident)) if ident is not None else None
    if ent is None:
        raise ShapeError(decl, f"GNAT does not cross-reference the task type {type_name}, "
                               "so its objects cannot be found")
    objects: list[tuple[FileUnit, Node]] = []
    for r in ent.refs:
        if r.kind in NOT_USES:
            continue
        fu, node = _at(ws, r)
        if node is None:
            raise ShapeError(decl, f"{type_name} is named in {r.file}, outside the sources")
        obj = _declared_object(node)
        if obj is None:
            raise ShapeError(node.parent or node, _why(node, type_name))
        objects.append((fu, obj))
    if len(objects) != 1:
        where = objects[1][1] if objects else decl
        raise ShapeError(where, f"{len(objects)} objects of the task type {type_name}, taken "
                                "for a calling server: its workers could not name the object "
                                "that called them" if objects else
                                f"no object of the task type {type_name} is declared")
    fu, obj = objects[0]
    name = defining_names(obj)[0]
    _check_object_uses(ws, fu, obj, name, entries)
    return TheObject(name, obj, fu)


def _at(ws: Workspace, r) -> tuple[FileUnit | None, Node | None]:
    fu = ws.by_base.get(r.file)
    return fu, (fu.ident_at_gnat(r.line, r.col) if fu is not None else None)


def _declared_object(ident: Node) -> Node | None:
    """The declaration ``X : T [(discriminants)];`` whose subtype mark ``ident`` is."""
    mark = ident
    if mark.parent is not None and mark.parent.type == "selected_component" \
            and mark.parent.named_children[-1] == mark:
        mark = mark.parent                   # Pkg.Boss
    decl = mark.parent
    if decl is None or decl.type != "object_declaration" or len(defining_names(decl)) != 1:
        return None
    kids = [c for c in decl.children if c.type != "comment"]
    colon = next((i for i, c in enumerate(kids) if c.type == ":"), None)
    if colon is None or any(c.type in ("aliased", "constant") for c in kids[:colon + 2]):
        return None
    rest = [c for c in kids[colon + 1:] if c.type != ";"]
    # ``T (D'Access)`` parses as an index constraint: for a task type it is the discriminants
    if not rest or rest[0] != mark or any(c.type not in ("discriminant_constraint",
                                                         "index_constraint")
                                          for c in rest[1:]):
        return None
    return decl


def _why(ident: Node, type_name: str) -> str:
    kinds = {a.type for a in ancestors(ident)}
    if "array_type_definition" in kinds or "component_definition" in kinds:
        what = "an array or record of it"
    elif "allocator" in kinds:
        what = "an allocator of it"
    elif kinds & {"access_to_object_definition", "access_definition"}:
        what = "an access type to it"
    elif "object_declaration" in kinds:
        what = "an object declaration the scheme cannot keep (several names, aliased)"
    else:
        what = "a use other than one object declaration"
    return (f"{what}: {type_name} is taken for a calling server, and only one object "
            "declared as 'Name : Type;' can become a protected object its workers name")


def _check_object_uses(ws: Workspace, fu: FileUnit, obj: Node, name: str,
                       entries: set[str]) -> None:
    ident = next(c for c in obj.named_children if c.type == "identifier")
    ent = ws.xref.declared_at(fu.pos(ident))
    if ent is None:
        raise ShapeError(obj, f"GNAT does not cross-reference {name}, so its uses cannot be "
                              "checked")
    for r in ent.refs:
        if r.kind in NOT_USES:
            continue
        _ofu, node = _at(ws, r)
        if node is None:
            raise ShapeError(obj, f"{name} is named in {r.file}, outside the sources")
        sel = node.parent
        if sel is not None and sel.type == "selected_component" \
                and sel.named_children[0] == node \
                and text(sel.named_children[-1]).lower() in entries:
            continue                         # B.Start (...): a call of its own entry
        raise ShapeError(node, _use_reason(node, name))


def _use_reason(node: Node, name: str) -> str:
    """Why a use of the object stops it, in the words the accepting scheme uses."""
    tick = node.next_sibling
    if tick is not None and tick.type == "tick" and tick.next_sibling is not None:
        attr = text(tick.next_sibling)
        return f"{name}'{attr}: " + attribute_reason(attr.lower())
    if node.parent is not None and node.parent.type == "abort_statement":
        return ABORTED
    return (f"{name} is named here: as the object of a task type taken for a calling server "
            "it becomes a protected object, which only calls of its own entries may name")
