"""Composite formals the agent holds as copies, where the rendezvous passed them by
reference.

GNAT passes every composite entry parameter by reference (runtime/by_copy.py): the
accept body works on the caller's object itself.  The agent runs the accept body on
copies, handed back when it ends.  The two differ where the accept body reaches the
caller's object by another name while it runs:

- another formal of the entry, the caller passing one object for both (``Add (Q,
  Q)``), where a composite formal is written: ``Sum.B := Sum.B + X.A`` reads the
  ``X.A`` just written through ``Sum`` in the original, the old one in the copy;
- an object declared outside the task body that may be the actual or hold it (of a
  composite or access type): read or written where a formal is written, written
  where the formals are only read (``G.A`` printed after ``P.A := P.A + 10`` on
  ``Bump (G)``);

Such an accept is refused, naming what reaches the object.  Not followed: the
subprograms the accept body calls, which could name a variable a caller passes as the
actual (the accept body's own names are judged).
"""

from __future__ import annotations

from ...frontend.decls import formals
from ...frontend.syntax import Node, text, walk
from ...frontend.workspace import Workspace
from ..common.refusals import ShapeError
from ..runtime.by_copy import is_by_copy

# GNAT's letters of scalar objects (lib-xref.ads): Boolean, decimal, enumeration,
# float, signed and modular integer, ordinary fixed -- none can be a composite actual
SCALARS = frozenset("bdefimo")
SUBPROGRAMS = frozenset("UVuvxyY")
WRITTEN = ("out", "in out")


def check(ws: Workspace, task, nodes, shape) -> None:
    """Raise on the first accept whose composite formals another name may reach."""
    for site in shape.accepts.values():
        composite = [f for f in formals(site.entry.formal)
                     if f.mark is not None and not is_by_copy(ws, nodes.spec_fu, f.mark)]
        if composite and site.hss is not None:
            _check_accept(ws, task, nodes, site, composite)


def _check_accept(ws: Workspace, task, nodes, site, composite) -> None:
    entry = site.entry.name
    written = any(f.mode in WRITTEN for f in composite)
    # an elementary in formal is a copy made at the call; an elementary one copied
    # back may be a component of the composite actual
    every = [(name, f) for f in formals(site.entry.formal) for name in f.names]
    others = [i for i, (_n, f) in enumerate(every) if f in composite or f.mode in WRITTEN]
    if written and len(others) > 1:
        why = _shared_actual(ws, task, entry, {every[i][0].lower() for i in others}, others)
        if why is not None:
            raise ShapeError(site.node, f"{entry} has a composite {'/'.join(WRITTEN)} "
                             f"formal beside others, and {why}: the accept body sees what "
                             "it writes through one formal in the other (GNAT passes "
                             "composite parameters by reference), the agent works on copies")
    fu, body = nodes.body_fu, nodes.body
    types = _types(ws, nodes.spec_fu, composite)
    for n in walk(site.hss):
        if n.type != "identifier":
            continue
        for ent, kind in ws.xref.at(fu.pos(n)):
            if ent.kind in SUBPROGRAMS:
                continue        # not followed (the module's doc)
            if not ent.kind.islower() or ent.kind in SCALARS or \
                    _inside(ws, body, fu, ent) or _inside(ws, nodes.decl, nodes.spec_fu, ent):
                continue
            if (written or kind == "m") and _may_hold(ws, ent, types):
                why = _passed(ws, task, entry, ent, composite)
                if why is not None:
                    raise ShapeError(n, f"the accept body of {entry} names {text(n)}, an "
                                     "object declared outside the task, and " + why +
                                     ": GNAT passes it by reference, so the body sees each "
                                     "write through either name, and the agent works on a "
                                     "copy")


def _shared_actual(ws: Workspace, task, entry: str, names: set[str], positions: list[int],
                   seen: frozenset = frozenset()) -> str | None:
    """Why a call may pass one object (or parts of it) for two of the formals
    ``names`` (at ``positions``), or None when every call passes distinct objects or
    values.  A requeue from another accept of the task passes that accept's formals
    (the profiles conform): its entry's calls are judged instead."""
    for e in task.entries:
        if e.name.lower() != entry.lower():
            continue
        for call in e.calls:
            source = _requeued_from(ws, call) if call.kind == "requeue" else None
            if source is not None and source.lower() not in seen:
                why = _shared_actual(ws, task, source, names, positions,
                                     seen | {entry.lower()})
                if why is not None:
                    return why
                continue
            if call.kind == "requeue" or call.via:
                return f"a call at {call.loc} reaches it by requeue or renaming"
            actuals = _actuals(ws, call, names, positions)
            if actuals is None:
                return f"rdv2po cannot read the call at {call.loc}"
            bases = [b for b in actuals if b is not None]
            if any(b == "?" for b in bases) or len(set(bases)) < len(bases):
                return f"the call at {call.loc} may pass one object for two of them"
    return None


def _requeued_from(ws: Workspace, call) -> str | None:
    """The entry of the accept whose body holds the requeue ``call``, if any."""
    fu = ws.by_display.get(call.loc.path)
    n = fu.ident_at(call.loc.line, call.loc.col) if fu is not None else None
    while n is not None and n.type != "accept_statement":
        n = n.parent
    return text(n.named_children[0]) if n is not None and n.named_children else None


def _passed(ws: Workspace, task, entry: str, ent, composite) -> str | None:
    """Why a call may pass the object ``ent`` (or what holds it) for a composite
    formal, or None when every call passes other objects or values."""
    if ent.kind == "p" or _renaming(ws, ent):
        return f"{ent.name} may lead to the object a caller passes"
    names = {n.lower() for f in composite for n in f.names}
    for e in task.entries:
        if e.name.lower() != entry.lower():
            continue
        for call in e.calls:
            if call.kind == "requeue" or call.via:
                return f"a call at {call.loc} reaches the entry by requeue or renaming"
            bases = _actuals(ws, call, names, _positions(e, names))
            if bases is None or "?" in bases or ent.key in bases:
                return f"the call at {call.loc} may pass it for one"
    return None


def _positions(entry, names: set[str]) -> list[int]:
    flat = [n.lower() for p in entry.params for n in p.names]
    return [i for i, n in enumerate(flat) if n in names]


def _renaming(ws: Workspace, ent) -> bool:
    fu = next((u for u in ws.units() if u.base == ent.file), None)
    ident = fu.ident_at_gnat(ent.line, ent.col) if fu is not None else None
    return ident is None or any(a.type == "object_renaming_declaration"
                                for a in [ident.parent, getattr(ident.parent, "parent", None)]
                                if a is not None)


def _actuals(ws: Workspace, call, names: set[str], positions: list[int]) -> list | None:
    """The object each of the chosen formals gets at ``call`` (an entity key), None
    for a value (a literal, an aggregate, an expression), "?" when unknown."""
    fu = ws.by_display.get(call.loc.path)
    ident = fu.ident_at(call.loc.line, call.loc.col) if fu is not None else None
    stmt = ident
    while stmt is not None and stmt.type not in ("procedure_call_statement",
                                                 "entry_call_statement"):
        stmt = stmt.parent
    if stmt is None:
        return None
    part = next((n for n in walk(stmt) if n.type == "actual_parameter_part"), None)
    assocs = [c for c in part.named_children if c.type == "parameter_association"] \
        if part is not None else []
    out = []
    for i, a in enumerate(assocs):
        kids = [c for c in a.named_children if c.type != "comment"]
        if len(kids) == 2 and kids[0].type == "identifier":      # Formal => Actual
            chosen = text(kids[0]).lower() in names
        else:
            chosen = i in positions
        if chosen:
            out.append(_base(ws, fu, kids[-1]))
    return out


def _base(ws: Workspace, fu, actual: Node):
    """The object an actual names (the prefix of its components and slices)."""
    n = actual
    while n.type in ("expression", "term") and len(n.named_children) == 1:
        n = n.named_children[0]
    while n.type in ("selected_component", "function_call", "slice", "indexed_component"):
        n = n.named_children[0]
    if n.type != "identifier":
        return None if actual.type in ("expression", "term") and not any(
            m.type in ("explicit_dereference", "all") for m in walk(actual)) else "?"
    found = ws.xref.at(fu.pos(n))
    if not found:
        return "?"
    ent = found[0][0]
    if ent.kind in SUBPROGRAMS or not ent.kind.islower():
        return None             # a function's result, a type conversion: a new object
    return "?" if ent.kind == "p" or _renaming(ws, ent) else ent.key


def _types(ws: Workspace, spec_fu, composite) -> tuple[set[str], set[str]]:
    """The composite formals' types: GNAT's references ('file:line:col', or a
    Standard type's name) and their names, lower case."""
    refs, names = set(), set()
    for f in composite:
        last = f.mark.named_children[-1] if f.mark.type == "selected_component" else f.mark
        names.add(text(last).lower())
        found = ws.xref.at(spec_fu.pos(last))
        refs.add(f"{found[0][0].file}:{found[0][0].line}:{found[0][0].col}".lower()
                 if found else text(last).lower())
    return refs, names


def _may_hold(ws: Workspace, ent, types: tuple[set[str], set[str]]) -> bool:
    """May the object be, or hold, an object of one of the formals' types: of that
    type, of an access type, of a type whose declaration names one of them, or of a
    type GNAT does not give?"""
    refs, names = types
    ref = ent.type_ref.lower()
    if ent.kind == "p" or not ref or ref in refs:
        return True
    parts = ref.split(":")
    if len(parts) != 3 or not parts[1].isdigit() or not parts[2].isdigit():
        return True
    fu = next((u for u in ws.units() if u.base.lower() == parts[0]), None)
    ident = fu.ident_at_gnat(int(parts[1]), int(parts[2])) if fu is not None else None
    decl = ident.parent if ident is not None else None
    if decl is None:
        return True
    words = {text(n).lower() for n in walk(decl) if n.type == "identifier"}
    return bool(words & names)


def _inside(ws: Workspace, node: Node, fu, ent) -> bool:
    """Is the object declared in ``node`` (the task body: its locals; the task's
    declaration: the entries' formals, which GNAT gives the accepts' formals)?"""
    if ent.file != fu.base:
        return False
    ident = fu.ident_at_gnat(ent.line, ent.col)
    return ident is not None and node.start_byte <= ident.start_byte < node.end_byte
