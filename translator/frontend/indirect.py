"""Calls through access-to-subprogram values: calls the graph cannot follow.

``R.Act (1)``, ``Table (I) (1)``, ``Get.all (1)``: the subprogram called is
the one a value designates at run time.  Nothing proves it cannot block or wait
for a task, so each name of a value that designates a subprogram (an object or
component of an access-to-subprogram type, an array of such values, a function
returning one) counts as a call of an unknown subprogram where it is used: the
blocking analysis and the reach check then refuse what they refuse for any call
they cannot follow.  (Copying such a value counts too: more than runs, never less.)
"""

from __future__ import annotations

from ..model import Call
from .ali import Entity
from .syntax import Node, one_line, text
from .workspace import FileUnit, Workspace

INDIRECT = "a call through the access-to-subprogram value "
# lib-xref.ads: an object or component of an access type, of an array type; a function
VALUES = frozenset("pav") | frozenset("V")
READS = frozenset("rsR")
SUBPROGRAM_ACCESS = ("access procedure", "access function", "access protected")


def indirect_calls(ws: Workspace, fu: FileUnit, nodes) -> list[Call]:
    """An unknown call at each name among ``nodes`` whose value designates a
    subprogram."""
    found = []
    for n in nodes:
        if n.type != "identifier":
            continue
        for ent, kind in ws.xref.at(fu.pos(n)):
            if kind in READS and ent.kind in VALUES and not _attribute_prefix(n) \
                    and designates_subprogram(ws, ent):
                words = one_line(n)
                found.append(Call(name=f"{words} ({INDIRECT}{ent.name})", loc=fu.loc(n),
                                  kind="subprogram", target=INDIRECT + ent.name,
                                  decl=None, body=None, unit=""))
                break
    return found


def designates_subprogram(ws: Workspace, ent: Entity, depth: int = 8) -> bool:
    """Is ``ent``'s value (an array's component, a function's result) an
    access-to-subprogram value?"""
    typ = _entity(ws, ent.type_ref)
    if typ is None:
        return _declared_anonymous(ws, ent)
    for _ in range(depth):
        if typ.kind == "A":
            typ = _entity(ws, typ.component_ref)
        elif typ.kind == "P":
            return _declared_anonymous(ws, typ)
        else:
            return False
        if typ is None:
            return False
    return False


def _entity(ws: Workspace, ref: str) -> Entity | None:
    parts = ref.rsplit(":", 2)
    if len(parts) != 3 or not parts[1].isdigit():
        return None
    return ws.xref.entities.get((parts[0], int(parts[1]), int(parts[2])))


def _declared_anonymous(ws: Workspace, ent: Entity) -> bool:
    """Does the declaration of ``ent`` (a type, or an object of an anonymous type) say
    ``access procedure`` or ``access function``?"""
    fu = ws.by_base.get(ent.file)
    ident = fu.ident_at_gnat(ent.line, ent.col) if fu is not None and fu.tree is not None \
        else None
    decl = ident.parent if ident is not None else None
    if decl is None:
        return False
    if decl.type in ("function_specification", "procedure_specification"):
        return False          # a function's own profile: its result type was followed
    words = " ".join(text(decl).lower().split())
    return any(w in words for w in SUBPROGRAM_ACCESS)


def _attribute_prefix(n: Node) -> bool:
    """``X'Access``, ``R.Table'Length``: the name is an attribute's prefix, not called."""
    node = n
    while node.parent is not None and node.parent.type == "selected_component" and \
            node.parent.named_children[-1] == node:
        node = node.parent
    after = node.next_sibling
    return after is not None and after.type == "tick"
