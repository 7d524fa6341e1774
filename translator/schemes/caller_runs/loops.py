"""Loops of the server's code outside the accept body that cannot wait for another task.

A caller now runs that code, and may be the very task a loop waits for.  A loop can
only wait for another task through synchronisation (RM 9.10: reading a variable
another task writes, without it, is erroneous): a delay, an entry or protected call,
a call nothing proves safe, or an object another task can reach -- a global, an
Atomic or Volatile object, one reached through an access value or an address.  So a
loop whose every name read is an object of its own subprogram (or task body) that
no other task can reach, and whose calls may do nothing but compute and do I/O,
waits for nobody: it ends, or not, alike in whichever thread runs it.
"""

from __future__ import annotations

import re
from typing import Iterable

from ...frontend.ali import Entity
from ...frontend.blocking import unit_kind
from ...frontend.denotes import entity_kind, standard_name
from ...frontend.syntax import Node, ancestors, text, walk
from ...frontend.workspace import FileUnit, Workspace
from ..common import termination
from ..common.locals import MARKS, attribute_name, declared_in, entity_at, shares, unit_of
from ..common.termination import SUBPROGRAMS
from .reach import DELAY, UNKNOWN, WAIT, Reach

# GNAT's letters (lib-xref.ads) of objects holding plain values -- arrays, Booleans,
# decimal and ordinary fixed, enumerations, floats, signed and modular integers,
# strings -- not records (a component may designate what another task writes), access
# values, class-wide, task or protected objects
VALUE_OBJECTS = frozenset("abdefimos")
NOT_QUIET = {DELAY, UNKNOWN, WAIT}


def polled(ws: Workspace, fu: FileUnit, loop: Node) -> str | None:
    """What a bounded loop that may leave early (``termination.leaves_early``) reads through
    synchronisation -- the only way another task's writes reach it (RM 9.10): a
    protected operation, or, in a program that marks objects Atomic or Volatile, an
    object declared outside the loop's unit or a subprogram of the sources (which may
    read one).  Such a loop may be a poll with a limit; a search through a table
    (plain objects, read unsynchronised only erroneously) is not."""
    unit = unit_of(loop)
    marked = marked_anywhere(ws)
    for n in walk(loop):
        if n.type != "identifier" or attribute_name(n):
            continue
        ent = entity_at(ws, fu, n)
        if ent is None:
            continue
        if ent.kind in SUBPROGRAMS and _protected(ws, ent):
            return f"'{text(n)}' is a protected operation"
        if not marked:
            continue
        if ent.kind in SUBPROGRAMS and any(u.base == ent.file for u in ws.units()):
            return f"'{text(n)}' is a subprogram of the sources, which may read an " \
                "Atomic or Volatile object"
        if entity_kind(ent) is None and ent.kind not in SUBPROGRAMS and \
                (unit is None or declared_in(ws, fu, unit, ent) is None):
            return f"'{text(n)}' is an object declared outside the loop's subprogram, " \
                "in a program that marks objects Atomic or Volatile"
    return None


def _protected(ws: Workspace, ent: Entity) -> bool:
    """Is the subprogram declared in a protected unit?"""
    dfu = ws.by_base.get(ent.file)
    ident = dfu.ident_at_gnat(ent.line, ent.col) if dfu is not None else None
    return ident is not None and any(a.type in ("protected_definition", "protected_body")
                                     for a in ancestors(ident))


def obstacle(ws: Workspace, fu: FileUnit, loop: Node, reaches: Iterable[Reach]
             ) -> str | None:
    """Why the loop may wait for another task, or None when it cannot: ``reaches``
    are what the calls and constructs written in it may do."""
    for r in reaches:
        if r.kind in NOT_QUIET:
            return f"it may wait ({r.chain()})"
    unit = unit_of(loop)
    if unit is None:
        return "it is in no subprogram or task body whose objects it could keep to"
    if shares(fu, unit):
        return ("its subprogram names an address, an access value, Atomic or Volatile, "
                "or declares a task or protected unit: its objects may be another task's")
    for n in walk(loop):
        if n.type in ("explicit_dereference", "all"):
            return "it reads through an access value"
        if not n.is_named and n.child_count == 0:
            # an operator: GNAT lists a call of a user-defined one at its symbol
            found = ws.xref.at(fu.pos(n))
            if found and any(u.base == found[0][0].file for u in ws.units()):
                return f"'{text(n)}' is an operator of the sources, which may read what " \
                    "another task writes"
            continue
        if n.type != "identifier" or attribute_name(n):
            continue
        why = _read(ws, fu, unit, n, entity_at(ws, fu, n))
        if why:
            return f"'{text(n)}' {why}"
    if not termination.ends(ws, fu, loop):
        why = termination.unprovable(ws) or \
            "no counter of it steps towards a bound that stays put"
        return f"it may never end ({why}), and the caller went on while the task ran it"
    return None


def _read(ws: Workspace, fu: FileUnit, unit: Node, ident: Node, ent: Entity | None
          ) -> str | None:
    if ent is None:
        return None if fu.resolved and standard_name(text(ident).lower()) else \
            "is a name GNAT's cross references do not resolve"
    if ent.kind in SUBPROGRAMS:
        return _subprogram(ws, ent)
    if entity_kind(ent) is not None:
        return None            # a type, package, literal, label...
    decl = declared_in(ws, fu, unit, ent)
    if decl is None:
        return "is an object declared outside the loop's subprogram"
    if ent.kind not in VALUE_OBJECTS:
        return "is an object of a type that may lead to what another task writes"
    for a in ancestors(decl):
        if a.type == "object_renaming_declaration":
            return "renames an object, which may be another task's"
        if a.type in ("object_declaration", "parameter_specification"):
            if re.search(r"\baliased\b", text(a), re.IGNORECASE):
                return "is aliased: an access value may lead another task to it"
            break
    return None


def _subprogram(ws: Workspace, ent: Entity) -> str | None:
    """A subprogram the loop calls.  One of the sources may read what another task
    writes (a Volatile flag, a protected function) and hand it to the loop through
    its result or an out parameter: refused.  Of a language-defined unit, only the
    Text_IO family and the units that cannot block, but clocks (a loop on Clock is a
    delay the caller would wait out) and System or Interfaces (atomic operations)."""
    if any(u.base == ent.file for u in ws.units()):
        return "is a subprogram of the sources, which may read what another task writes"
    unit = ws.xref.unit_of_file(ent.file).lower()
    if unit_kind(unit) == "io" or unit_kind(unit) == "safe" and not unit.startswith(
            ("ada.calendar", "ada.real_time", "system", "interfaces")):
        return None
    return f"is a subprogram of {unit or ent.file}, which rdv2po does not know to wait for nothing"


def marked_anywhere(ws: Workspace) -> bool:
    """Does any unit mark an object or type Atomic, Volatile or the like (a pragma, an
    aspect, or a pragma the parser left out)?"""
    for fu in ws.units():
        if fu.hidden:
            return True
        for kind in ("pragma_g", "aspect_specification"):
            for n in fu.nodes_of_type(kind):
                if any(c.type == "identifier" and text(c).lower() in MARKS
                       for c in walk(n)):
                    return True
    return False
