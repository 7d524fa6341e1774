"""Calls of instances of generic subprograms whose body is in the sources.

GNAT's cross references give an instance (``function Twice_Int is new Twice
(Integer)``) no body: the blocking analysis called it a call into code outside
the sources.  What runs is the generic's body with the actuals in place of the
formals; its calls of formal subprograms the analysis already takes as unknown
(nothing proves the actual cannot block), so reading that body instead is as
safe as reading any other.  (An instance of a generic package needs nothing:
GNAT refers its subprograms to the generic's.)
"""

from __future__ import annotations

from .syntax import Node
from .unchecked import instantiation_at
from .workspace import Workspace

GENERIC_SUBPROGRAMS = set("uv")      # lib-xref.ads: generic procedure, generic function


def _generic(ws: Workspace, decl):
    """GNAT's entity of the generic subprogram instantiated at ``decl``, or None."""
    hit = instantiation_at(ws, decl)
    if hit is None:
        return None
    fu, _call, last = hit
    return next((ent for ent, _kind in ws.xref.at(fu.pos(last))
                 if ent.kind in GENERIC_SUBPROGRAMS), None)


def generic_decl(ws: Workspace, decl):
    """Where the generic subprogram instantiated at ``decl`` is declared (its body is
    compiled with that unit), or None."""
    ent = _generic(ws, decl)
    return ws.loc_of(ent.file, ent.line, ent.col) if ent is not None else None


def generic_body(ws: Workspace, decl):
    """The body of the generic subprogram instantiated at ``decl``, when GNAT knows
    it (a Location), else None."""
    ent = _generic(ws, decl)
    ref = ws.xref.body_of(ent) if ent is not None else None
    return ws.loc_of(ref.file, ref.line, ref.col) if ref is not None else None


def instance_parts(inst: Node) -> tuple[Node, Node, Node, list[Node]] | None:
    """(the instance's name, the generic's name, its last identifier, the actual
    parts) of ``package I is new G (...)``; the grammar reads ``G (...)`` as a call."""
    named = inst.named_children
    if len(named) < 2:
        return None
    generic, actuals = named[1], list(named[2:])
    if generic.type == "function_call" and generic.named_children:
        actuals = list(generic.named_children[1:]) + actuals
        generic = generic.named_children[0]
    if generic.type == "selected_component" and generic.named_children:
        last = generic.named_children[-1]
    elif generic.type == "identifier":
        last = generic
    else:
        return None
    return named[0], generic, last, actuals
