"""Calls a generic outside the sources makes of the sources' subprograms.

An instance of a language-defined or run-time generic package (``package Vecs
is new Ada.Containers.Vectors (Positive, Integer, Eq)``) runs the actuals of its
formal subprograms from its own code: ``V.Contains (X)`` calls ``Eq``.  GNAT
refers the instance's subprograms to the generic's declarations, outside the
sources, whose unit the blocking analysis judges (Ada.Containers cannot block)
without seeing the actuals.  So a call of a subprogram declared in such a
generic's file counts as a call of every subprogram of the sources given as an
actual to an instance of a generic of that file, where the call is written (more
than runs, never less).  An instance of a generic subprogram outside the sources
is no concern here: a call of it is unknown already.
"""

from __future__ import annotations

import dataclasses

from ..model import Call
from .implicit import UNWRITTEN
from .instances import instance_parts
from .syntax import Node, one_line, text, walk
from .workspace import FileUnit, Workspace

SUBPROGRAMS = frozenset("UVuv")
GENERIC_PACKAGES = frozenset("k")
NOT_CALLS = frozenset("bcelktw<>=^pP")


@dataclasses.dataclass(frozen=True)
class Actual:
    fu: FileUnit
    ident: Node          # the actual's name in the instantiation
    entity: object       # its entity (a subprogram of the sources)
    instance: str        # "Vecs of Ada.Containers.Vectors"


def actual_calls(ws: Workspace, fu: FileUnit, nodes, make_call) -> list[Call]:
    """The calls of actuals made by the calls among ``nodes`` of subprograms declared
    in a generic's file outside the sources; ``make_call(fu, ident, entity)``."""
    index = _index(ws)
    if not index:
        return []
    found, seen = [], set()
    for n in nodes:
        if n.is_named and n.type != "identifier" or not n.is_named and n.child_count:
            continue
        for ent, kind in ws.xref.at(fu.pos(n)):
            if kind in NOT_CALLS or ent.kind not in SUBPROGRAMS or ent.file not in index:
                continue
            for a in index[ent.file]:
                key = (fu.pos(n), a.fu.pos(a.ident))
                if key in seen:
                    continue
                seen.add(key)
                call = make_call(a.fu, a.ident, a.entity)
                note = f" ({UNWRITTEN}{one_line(n)}, an operation of the " \
                       f"instance {a.instance}, whose actual {text(a.ident)} it may call)"
                found.append(dataclasses.replace(call, loc=fu.loc(n),
                                                 name=call.name + note))
    return found


def _index(ws: Workspace) -> dict[str, list[Actual]]:
    """Per workspace: a generic's file (outside the sources) -> the actuals of the
    sources' instances of generics declared there."""
    state = len(ws.xref.entities)
    memo = ws.__dict__.get("_generic_actuals")
    if memo is not None and memo[0] == state:
        return memo[1]
    index: dict[str, list[Actual]] = {}
    for fu in ws.resolved_units():
        for inst in fu.nodes_of_type("generic_instantiation"):
            _instance(ws, fu, inst, index)
    ws.__dict__["_generic_actuals"] = (state, index)
    return index


def _instance(ws: Workspace, fu: FileUnit, inst: Node, index: dict) -> None:
    parts = instance_parts(inst)
    if parts is None:
        return
    name, generic, last, actuals = parts
    gent = next((e for e, _k in ws.xref.at(fu.pos(last)) if e.kind in GENERIC_PACKAGES),
                None)
    if gent is None or ws.loc_of(gent.file, gent.line, gent.col) is not None:
        return
    what = f"{text(name)} of {one_line(generic)}"
    for part in actuals:
        for n in walk(part):
            if n.is_named and n.type != "identifier" or not n.is_named and n.child_count:
                continue
            for ent, _kind in ws.xref.at(fu.pos(n)):
                if ent.kind in SUBPROGRAMS and ws.loc_of(ent.file, ent.line, ent.col):
                    index.setdefault(gent.file, []).append(Actual(fu, n, ent, what))
