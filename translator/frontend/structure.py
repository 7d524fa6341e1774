"""The model's view of a task body (``model.TaskBody``): its server loop, sync
points, exits and handlers as locations, read from the body's structure
(``body_structure.py``, analysed once per task), and the constructs a
scheme must consider, found in the body's own nodes.
"""

from __future__ import annotations

from collections.abc import Callable

from .body_structure import (NESTED_UNITS, Accept as AcceptStmt, Alternative as AltStmt,
                             BodyStructure, Loop, Select, Sequence, own_nodes, walk_sequence,
                             walk_stmt)
from .decls import defining_name, params
from ..model import Accept, Alternative, Construct, Location, Requeue, Span, SyncPoint
from .syntax import Node, ancestors, defining_names, first_child, one_line, text

__all__ = ["NESTED_UNITS", "own_nodes"]     # where the rest of rdv2po finds them

LocFn = Callable[[Node], Location]


def requeues_in(do: Sequence | None, loc: LocFn) -> tuple[Requeue, ...]:
    found = []
    for s in walk_sequence(do) if do is not None else ():
        if s.type == "requeue_statement":
            n = s.node
            target = n.named_children[0] if n.named_children else n
            found.append(Requeue(one_line(target), loc(n),
                                 b"abort" in n.text.lower()))
    return tuple(found)


def accept_of(acc: AcceptStmt, loc: LocFn, span: Callable[[Node], Span]) -> Accept:
    entry = text(acc.entry) if acc.entry is not None else "?"
    family = one_line(acc.index) if acc.index is not None else None
    nested = [accept_of(a, loc, span) for a in _accepts_in(acc.do)] if acc.do else []
    return Accept(entry=entry, loc=loc(acc.node), span=span(acc.node), family_index=family,
                  params=params(acc.formal), has_body=acc.do is not None,
                  in_loop=acc.in_loop, nested=tuple(nested),
                  requeues=requeues_in(acc.do, loc))


def _accepts_in(do: Sequence) -> list[AcceptStmt]:
    """The accepts of an accept's do-part, not those in their own do-parts."""
    return [s for s in walk_sequence(do, into_accepts=False) if isinstance(s, AcceptStmt)]


def select_of(sel: Select, loc: LocFn, span) -> SyncPoint:
    alts = tuple(_alternative(a, loc, span) for a in sel.alternatives)
    return SyncPoint("select", loc(sel.node), sel.in_loop, None, alts,
                     sel.else_part is not None)


def _alternative(alt: AltStmt, loc, span) -> Alternative:
    cond = alt.guard if alt.guard is not None else alt.guard_clause
    guard = one_line(cond) if cond is not None else None
    n_stmts = len(alt.after.items) if alt.after is not None else 0
    if alt.kind == "accept":
        return Alternative("accept", loc(alt.node), guard, accept_of(alt.accept, loc, span),
                           n_stmts)
    if alt.kind == "delay":
        return Alternative("delay", loc(alt.node), guard, None, n_stmts)
    return Alternative("terminate", loc(alt.node), guard, None, 0)


def sync_points(body: BodyStructure, loc: LocFn, span) -> tuple[SyncPoint, ...]:
    """Sync points in source order, as the accept-server scheme numbers its stages:
    an ``accept`` or a ``select`` at any depth of the body, except accepts nested in
    another accept's body (those are that accept's ``nested``) and accepts that are
    alternatives of a select (those are the select's)."""
    found = []
    for s in body.walk():
        if isinstance(s, Select):
            found.append(select_of(s, loc, span))
        elif isinstance(s, AcceptStmt) and s.top:
            acc = accept_of(s, loc, span)
            found.append(SyncPoint("accept", acc.loc, acc.in_loop, acc, (), False))
    return tuple(found)


def main_loop(body: BodyStructure) -> tuple[Loop | None, int]:
    """The first top-level loop holding a sync point, and the statements before it."""
    stmts = [s for s in body.statements.items if s.type != "comment"]
    for i, stmt in enumerate(stmts):
        if isinstance(stmt, Loop) and stmt.sync:
            return stmt, i
    return None, len(stmts)


def exits_of(loop: Loop | None, loc: LocFn) -> tuple[Location, ...]:
    """Exit statements that leave ``loop`` (unlabelled ones in it, not in an inner loop)."""
    if loop is None:
        return ()
    found = []
    for s in walk_stmt(loop):
        if s.type != "exit_statement":
            continue
        target = first_child(s.node, "identifier")
        if target is not None:
            if loop.label and text(target).lower() == loop.label:
                found.append(loc(s.node))
        elif _innermost_loop(s.node) == loop.node:
            found.append(loc(s.node))
    return tuple(found)


def _innermost_loop(node: Node) -> Node | None:
    for a in ancestors(node):
        if a.type == "loop_statement":
            return a
    return None


def declarations(body: BodyStructure) -> tuple[str, ...]:
    names = []
    for d in body.declarations:
        if d.type == "object_declaration":
            names.extend(defining_names(d))
        elif d.type not in ("comment", "pragma_g", "use_clause") and defining_name(d):
            names.append(defining_name(d))
    return tuple(dict.fromkeys(names))   # a spec and a body declare one name


ATTRIBUTES = {"callable", "terminated", "identity", "count", "caller", "priority"}


def constructs(body: Node, loc: LocFn) -> tuple[Construct, ...]:
    """Constructs a scheme must consider: delays, aborts, task attributes, pragmas."""
    found = []
    for n in own_nodes(body):
        kind = None
        if n.type in ("delay_relative_statement", "delay_until_statement"):
            kind = "delay"
        elif n.type == "abort_statement":
            kind = "abort"
        elif n.type == "attribute_designator":
            attr = text(n).lower()
            if attr in ATTRIBUTES:
                kind = f"attribute:{attr}"
                n = n.parent
        elif n.type == "pragma_g":
            kind = f"pragma:{text(n.named_children[0]).lower()}" if n.named_children else None
        elif n.type in ("conditional_entry_call", "timed_entry_call"):
            kind = n.type
        elif n.type == "allocator":
            kind = "allocator"
        if kind:
            found.append(Construct(kind, loc(n), one_line(n)[:80]))
    return tuple(found)


def handlers(body: BodyStructure, loc: LocFn) -> tuple[Location, ...]:
    return tuple(loc(n) for n in body.handlers)
