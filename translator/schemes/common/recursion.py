"""Recursive calls in the code a translation moves: a loop without a loop statement.

Each scheme checks the loops of the code it runs where the task ran it on its own:
the accepting scheme's object runs the code after an accept inside the caller's
protected action, the caller-runs scheme's caller runs it before it returns, the
calling scheme's object runs the code between two calls inside the first worker's
call.  A loop there that polls a flag the caller (or worker) sets once released
would wait in vain; one not proved to end would hold that caller for ever
(accepting/scheme.py, caller_runs/loops.py, calling/loops.py).  A subprogram that
calls itself, directly or through others, loops the same way with no loop
statement to judge (review11: a recursive function polling a Volatile flag after
an accept, an Atomic one between calls).  So a call of the task's code outside its
accept bodies (where the caller waited in the original too) that reaches a cycle of
calls is refused, naming it, where a subprogram on the cycle, or one the cycle
reaches, may see another task: it names an object neither its own (its
declarations, its formals of elementary types) nor a constant, reads through an
access value, takes an address, renames an object, reads a composite formal (which
may be passed by reference), or calls what the sources do not hold (review12).  A cycle computing from its parameters only
(a recursive Fib, the ACATS support's Equal) waits for nobody, and ends where the
task's did.
"""

from __future__ import annotations

from ...frontend import implicit
from ...frontend.calls import body_node_at
from ...frontend.syntax import ancestors, first_child, text, walk
from ...frontend.workspace import Workspace
from ...model import Call, Model, Task
from ..base import Refusal
from .locals import (ADDRESSES, attribute_name, declared_in, defining_name, entity_at,
                     local_or_constant)

# GNAT's letters of objects: arrays, Booleans, class-wide, decimal, enumeration, float,
# interface, integer, modular, fixed, access, record, string, task, protected objects
OBJECTS = frozenset("abcdefhimoprstw")
ACCESS = frozenset("p")
# composite objects: a formal of one may be passed by reference (RM 6.2(11))
COMPOSITE = frozenset("achrstw")
QUIET_UNITS = ("ada.numerics", "ada.characters", "interfaces", "system.", "ada.calendar")

REASON = ("a recursive call (through {path}): a loop with no loop statement, which "
          "rdv2po cannot judge; {where}")


def refusals(ws: Workspace, model: Model, task: Task, where: str) -> list[Refusal]:
    """A refusal at the first call of the task's code outside its accept bodies that
    reaches a recursive subprogram; [] when there is none.  ``where``: what the
    translation does with that code."""
    if task.body is None:
        return []
    subs = {s.body: s for s in model.subprograms}
    follow = _followed
    for call in task.body.calls:
        if _in_accept_body(ws, call):
            continue
        for path, cycle in cycles([call], subs, follow=follow):
            seen = next((why for b in _around(cycle, subs, follow)
                         if (why := _sees_others(ws, subs[b]))), None)
            if seen is not None:
                return [Refusal(call.loc, call.name, REASON.format(
                    path=" -> ".join(path), where=where) + f" ({seen})")]
    return []


def _followed(call) -> bool:
    """Is the call one of the code's cycles may go through?  Written calls are, and a
    predicate's function (review12: a recursion whose back edge is a
    Dynamic_Predicate's call).  The front end lists the language's other unwritten
    calls wherever the type is named -- Finalize inside Finalize where its formal is
    named (36f8111), Put_Image inside Put_Image -- cycles that are not there."""
    via = implicit.via(call)
    return not via or "predicate" in via.lower()


def reached(calls, subs: dict, follow=lambda c: True):
    """Every call reachable from ``calls`` through the subprogram bodies of the sources
    (``subs``: the model's, by body), each body entered once, with the bodies on the
    way to it.  ``follow``: whether to go into a call's body."""
    todo = [(c, ()) for c in calls]
    done: set = set()
    while todo:
        c, path = todo.pop()
        yield c, path
        if c.kind != "subprogram" or c.body is None or c.body in path or \
                c.body in done or c.body not in subs or not follow(c):
            continue
        done.add(c.body)
        todo += [(d, (*path, c.body)) for d in subs[c.body].calls]


def cycles(calls, subs: dict, follow=lambda c: True):
    """Each cycle of calls reachable from ``calls``: the names along the path to it,
    and the bodies on the cycle."""
    for c, path in reached(calls, subs, follow):
        if c.kind == "subprogram" and c.body in path and follow(c):
            names = [subs[b].name for b in path if b in subs] + [c.name]
            yield names, path[path.index(c.body):]


def _around(cycle, subs: dict, follow) -> list:
    """The bodies on the cycle, then every body they reach (review12: the cycle's
    poll may be one call away, in a helper returning the flag)."""
    found = list(cycle)
    for c, _path in reached([d for b in cycle for d in subs[b].calls], subs, follow):
        if c.kind == "subprogram" and c.body in subs and c.body not in found:
            found.append(c.body)
    return found


def _sees_others(ws: Workspace, sub) -> str | None:
    """Why the subprogram may see another task's doing (None: it computes from its
    own objects, its formals of elementary types and constants only)."""
    hit = body_node_at(ws, sub.body)
    if hit is None:
        return f"the body of {sub.name} rdv2po cannot read"
    fu, body = hit
    if any(c.kind != "subprogram" or c.body is None and not _quiet_unit(c.unit)
           for c in sub.calls):
        return f"{sub.name} calls what the sources do not hold"
    for n in walk(body):
        why = _alias(n)
        if why is not None:
            return f"{sub.name} {why}"
        if n.type != "identifier" or attribute_name(n):
            continue
        ent = entity_at(ws, fu, n)
        if ent is not None and ent.kind.isupper() and _checked_by_expression(ws, ent):
            return (f"{sub.name} names {text(n)}, whose predicate or invariant may read what "
                    "another task writes")
        if ent is None or ent.kind not in OBJECTS:
            continue
        if ent.kind in ACCESS:
            return f"{sub.name} reads through {text(n)}, an access value"
        if not local_or_constant(ws, fu, body, ent):
            return f"{sub.name} reads {text(n)}, which another task may write"
        if ent.kind in COMPOSITE and _formal(ws, fu, body, ent):
            return (f"{sub.name} reads {text(n)}, a formal of a composite type, which may "
                    "be passed by reference to an object another task writes")
    return None


CHECKS = {"dynamic_predicate", "predicate", "type_invariant", "invariant"}


def _checked_by_expression(ws: Workspace, ent) -> bool:
    """Does the type or subtype's declaration carry a predicate or an invariant (an
    expression run at every membership test and conversion, which no body of the
    sources holds; review12: ``subtype Stopped is Natural with Dynamic_Predicate =>
    Flag``)?"""
    _fu, ident = defining_name(ws, ent)
    decl = next((a for a in ancestors(ident) if a.type.endswith("type_declaration")),
                None) if ident is not None else None
    aspects = first_child(decl, "aspect_specification") if decl is not None else None
    return aspects is not None and any(
        c.type == "identifier" and text(c).lower() in CHECKS for c in walk(aspects))


def _alias(n) -> str | None:
    """Own objects that are another's: a dereference, an address (an overlay), a
    renaming (``X : T renames Shared;`` is declared here, names what is not)."""
    if n.type == "explicit_dereference":
        return "reads through an access value"
    if n.type == "attribute_designator" and text(n).lower() in ADDRESSES:
        return f"takes '{text(n)}"
    if n.type == "identifier" and text(n).lower() == "address" and \
            any(a.type == "aspect_specification" for a in ancestors(n)):
        return "places an object at an address"
    if n.type == "object_renaming_declaration":
        return "renames an object"
    return None


def _formal(ws: Workspace, fu, body, ent) -> bool:
    decl = declared_in(ws, fu, body, ent)
    return decl is not None and any(a.type == "parameter_specification"
                                    for a in ancestors(decl))


def _quiet_unit(unit: str) -> bool:
    """A language-defined unit of numbers and characters (no I/O, no tasking)."""
    return unit.lower().startswith(QUIET_UNITS) or unit.lower() == "standard"


def _in_accept_body(ws: Workspace, call: Call) -> bool:
    fu = ws.by_display.get(call.loc.path)
    ident = fu.ident_at(call.loc.line, call.loc.col) if fu is not None else None
    return ident is not None and any(a.type == "accept_statement" for a in ancestors(ident))
