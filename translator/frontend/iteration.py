"""Calls a generalized loop makes: an iterator's operations (RM 5.5.2).

``for C in Iterate loop`` and ``for E of Container loop`` call the iterator's
First and Next (Last and Previous in reverse), dispatching operations of an
``Ada.Iterator_Interfaces`` type, chosen at run time and written nowhere; ``of``
a container also calls its Default_Iterator and indexing.  Nothing proves a
user's iterator cannot block, so such a loop counts as one call of an unknown
subprogram at the loop, unless the iterator function or the container type
comes from a unit outside the sources (its unit then says, as for any call,
whether it may block: ``Ada.Containers`` does not).  A loop over a discrete
subtype or range, or ``of`` an array, calls nothing.
"""

from __future__ import annotations

from ..model import Call
from .ali import Entity
from .syntax import Node, one_line, text
from .workspace import FileUnit, Workspace

ITERATION = "the iterator operations of the loop "
SUBPROGRAMS = frozenset("UVuv")


def iteration_calls(ws: Workspace, fu: FileUnit, nodes) -> list[Call]:
    found = []
    for n in nodes:
        if n.type not in ("loop_parameter_specification", "iterator_specification"):
            continue
        named = n.named_children
        if len(named) < 2:
            continue
        target = named[1]
        ident = target if target.type == "identifier" else \
            target.named_children[-1] if target.type == "selected_component" and \
            target.named_children else None
        ent = _entity(ws, fu, ident) if ident is not None else None
        unit = _iterates(ws, ent, n.type == "iterator_specification") \
            if ent is not None else None
        if unit is None:
            continue
        words = one_line(n.parent if n.parent is not None else n)[:60]
        found.append(Call(name=f"'{words}'", loc=fu.loc(target), kind="subprogram",
                          target=ITERATION + f"'{words}'", decl=None, body=None,
                          unit=unit))
    return found


def _entity(ws: Workspace, fu: FileUnit, ident: Node) -> Entity | None:
    return next((e for e, _k in ws.xref.at(fu.pos(ident))), None)


def _iterates(ws: Workspace, ent: Entity, of: bool) -> str | None:
    """The unit whose code the loop runs ("" in the sources), or None: no iterator."""
    if not of:
        # ``in`` a function's result or an iterator object: a generalized iterator
        if ent.kind in SUBPROGRAMS or ent.kind.islower():
            return _unit(ws, ent)
        return None
    # ``of`` an array runs nothing; of a container, its type's operations
    typ = _type(ws, ent)
    if ent.kind == "a" or typ is None or typ.kind in ("A", "S"):
        return None
    return _unit(ws, typ)


def _type(ws: Workspace, ent: Entity) -> Entity | None:
    parts = ent.type_ref.rsplit(":", 2)
    if len(parts) != 3 or not parts[1].isdigit():
        return None
    return ws.xref.entities.get((parts[0], int(parts[1]), int(parts[2])))


def _unit(ws: Workspace, ent: Entity) -> str:
    in_sources = ws.loc_of(ent.file, ent.line, ent.col) is not None
    return "" if in_sources else ws.xref.unit_of_file(ent.file)
