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
from ...frontend.syntax import Node, ancestors, first_child, text, walk
from ...frontend.workspace import FileUnit, Workspace
from . import ranking
from .reach import DELAY, UNKNOWN, WAIT, Reach

# the units whose local objects a loop may read: what a subprogram or task body
# declares lives on its own stack, reached by no other task unless handed over
UNITS = {"subprogram_body", "task_body"}
# GNAT's letters (lib-xref.ads) of objects holding plain values -- arrays, Booleans,
# decimal and ordinary fixed, enumerations, floats, signed and modular integers,
# strings -- not records (a component may designate what another task writes), access
# values, class-wide, task or protected objects
VALUE_OBJECTS = frozenset("abdefimos")
# a local another task may reach after all: through its address, an access value, an
# Atomic or Volatile declaration, a task or protected unit declared beside it
ADDRESSES = {"access", "unchecked_access", "unrestricted_access", "address"}
MARKS = {"atomic", "volatile", "independent", "atomic_components", "volatile_components",
         "independent_components", "shared"}
BESIDE = {"task_body", "single_task_declaration", "task_type_declaration", "protected_body",
          "single_protected_declaration", "protected_type_declaration"}
SPECS = {"procedure_specification", "function_specification"}
# procedures, functions (also generic and abstract ones) and entries
SUBPROGRAMS = frozenset("UVuvxyY")
NOT_QUIET = {DELAY, UNKNOWN, WAIT}


def unit_of(loop: Node) -> Node | None:
    """The subprogram or task body whose objects the loop may read."""
    for a in ancestors(loop):
        if a.type in ("protected_body", "entry_body"):
            return None
        if a.type in UNITS:
            return a
    return None


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
    if _shares(fu, unit):
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
        if n.type != "identifier" or _attribute_name(n):
            continue
        why = _read(ws, fu, unit, n, _entity(ws, fu, n))
        if why:
            return f"'{text(n)}' {why}"
    if not _ends(ws, fu, loop) and not ranking.ends(ws, fu, loop, unit):
        return ("it may never end (no counter of it steps towards a bound that stays "
                "put), and the caller went on while the task ran it")
    return None


def _ends(ws: Workspace, fu: FileUnit, loop: Node) -> bool:
    """Does the loop end for sure?  The task ran it while its caller went on; a caller
    running a loop that never ends would never go on (it printed, the program hung:
    now it hangs first).  Proved here for a while loop one of whose ``and`` conjuncts
    compares a signed integer local with a bound its statements do not change, the
    local stepped towards the bound by one unconditional statement of the loop (an
    overflow or range check failing ends it too); ranking.py proves plain loops left
    by an exit test."""
    scheme = first_child(loop, "iteration_scheme")
    cond = first_child(scheme, "expression") if scheme is not None else None
    body = first_child(loop, "sequence_of_statements")
    if cond is None or body is None or any(c.type in ("or", "xor") for c in cond.children):
        return False
    if any(n.type == "goto_statement" for n in walk(body)):
        return False
    parts: list[list[Node]] = [[]]
    for c in cond.children:
        if c.type in ("and", "then"):
            if parts[-1]:
                parts.append([])
        else:
            parts[-1].append(c)
    return any(_steps(ws, fu, body, p) for p in parts)


def _steps(ws: Workspace, fu: FileUnit, body: Node, part: list[Node]) -> bool:
    if len(part) != 3 or part[1].type != "relational_operator" or part[0].type != "term" \
            or [c.type for c in part[0].children] != ["identifier"]:
        return False
    var, op, bound = text(part[0]).lower(), text(part[1]), part[2]
    ent = _entity(ws, fu, part[0].children[0])
    if ent is None or ent.kind != "i" or op not in ("<", "<=", ">", ">="):
        return False
    names = {text(n).lower() for n in walk(bound) if n.type == "identifier"
             and not _attribute_name(n)}
    if var in names or any(_changed(body, n) for n in names):
        return False
    sets = [a for a in walk(body) if a.type == "assignment_statement"
            and text(a.named_children[0]).lower() == var]
    if len(sets) != 1 or sets[0].parent != body or _passed(body, var):
        return False
    rhs = " ".join(text(sets[0].named_children[1]).lower().split())
    step = re.fullmatch(re.escape(var) + r" ([-+/]) (\d+)", rhs)
    if step is None:
        return False
    sign, k = step.group(1), int(step.group(2))
    if sign == "/":
        low = text(bound).strip()
        return op in (">", ">=") and k >= 2 and low.isdigit() and int(low) >= (op == ">=")
    return k >= 1 and (sign == "+") == (op in ("<", "<="))


def _changed(body: Node, name: str) -> bool:
    """Is the object named assigned, or handed to a call, in the loop's statements?"""
    for a in walk(body):
        if a.type == "assignment_statement":
            target = next((n for n in walk(a.named_children[0]) if n.type == "identifier"),
                          None)
            if target is not None and text(target).lower() == name:
                return True
    return _passed(body, name)


def _passed(body: Node, name: str) -> bool:
    return any(n.type == "identifier" and text(n).lower() == name
               for c in walk(body) if c.type == "procedure_call_statement"
               for n in walk(c))


def _read(ws: Workspace, fu: FileUnit, unit: Node, ident: Node, ent: Entity | None
          ) -> str | None:
    if ent is None:
        return None if fu.resolved and standard_name(text(ident).lower()) else \
            "is a name GNAT's cross references do not resolve"
    if ent.kind in SUBPROGRAMS:
        return _subprogram(ws, ent)
    if entity_kind(ent) is not None:
        return None            # a type, package, literal, label...
    decl = _declaration(ws, fu, unit, ent)
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


def _declaration(ws: Workspace, fu: FileUnit, unit: Node, ent: Entity) -> Node | None:
    """The identifier declaring ``ent`` in ``unit``, or a formal of the unit's separate
    declaration (its parameters are the body's); None when declared elsewhere."""
    if ent.file == fu.base:
        decl = fu.ident_at_gnat(ent.line, ent.col)
        if decl is not None and unit.start_byte <= decl.start_byte < unit.end_byte:
            return decl
    spec_fu = next((u for u in ws.units() if u.base == ent.file), None)
    decl = spec_fu.ident_at_gnat(ent.line, ent.col) if spec_fu is not None else None
    formal = next((a for a in ancestors(decl) if a.type == "parameter_specification"),
                  None) if decl is not None else None
    if formal is None or unit.type != "subprogram_body":
        return None
    spec = next((a for a in ancestors(formal) if a.type in SPECS), None)
    name = first_child(spec, "identifier") if spec is not None else None
    own = first_child(unit.named_children[0], "identifier") if unit.named_children else None
    sub = ws.xref.declared_at(spec_fu.pos(name)) if name is not None else None
    body = ws.xref.body_of(sub) if sub is not None else None
    if own is None or body is None or (body.file, body.line, body.col) != fu.pos(own):
        return None
    return decl


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


def _entity(ws: Workspace, fu: FileUnit, ident: Node) -> Entity | None:
    pos = fu.pos(ident)
    found = ws.xref.at(pos)
    return found[0][0] if found else ws.xref.declared_at(pos)


def _attribute_name(ident: Node) -> bool:
    p = ident.parent
    return p is not None and p.type == "attribute_designator"


def _shares(fu: FileUnit, unit: Node) -> bool:
    """May another task reach the unit's objects: does it take an address or an
    access value, mark something Atomic or Volatile (also in a pragma the parser
    left out), or declare a task or protected unit that sees them?"""
    if any(unit.start_byte <= s < unit.end_byte for s, _e in fu.hidden):
        return True
    for n in walk(unit):
        if n != unit and n.type in BESIDE:
            return True
        if n.type == "attribute_designator" and text(n).lower() in ADDRESSES:
            return True
        if n.type == "identifier" and text(n).lower() in MARKS and _marking(n, unit):
            return True
    return False


def _marking(ident: Node, unit: Node) -> bool:
    """Is the identifier a pragma's name or argument, or an aspect's?"""
    for a in ancestors(ident):
        if a.type in ("pragma_g", "aspect_specification", "aspect_mark"):
            return True
        if a == unit:
            return False
    return False


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
