"""What the server reads after a call, in the code the object runs inside that call.

The object runs the server's statements from a stop to the next inside the call
of the task the stop waited for: after ``Worker.Start`` the code up to the next
stop runs inside Worker's call, before Worker runs its accept body and what
follows it.  The task ran that code after the rendezvous, beside the worker,
which went on at once.  A variable the worker writes outside its accept body
(``Flag := True`` after ``accept Start``) was, in the original, written while the
server computed, and a read after a computation saw it; the object reads it
before the worker can write it (review: calling-read-after-computation-between-
calls, 'seen: TRUE' became 'seen: FALSE').  ``loops.py`` refuses the loops that
wait for such a write; this refuses the reads.

So a statement the object may run after a stop -- in the task's statements, a
condition or range of a loop or ``if`` made state, or a subprogram they call --
must not read a variable declared outside the task that the stop's task may
write: for a worker, anywhere in its body or the subprograms it calls; for an
accept of the server's own entry, whose callers are whoever calls it, anywhere
outside the server.  A variable whose access or address is taken may be written
through it by anyone.  Which stop may come last before a statement is followed
through the flattened ``if``s and loops (a loop's own stops may precede its head);
before the first stop is the start-up code, checked by ``common/startup.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...frontend.calls import bodies_reached
from ...frontend.structure import own_nodes
from ...frontend.syntax import Node, first_child, text, walk
from ...frontend.workspace import FileUnit, Workspace
from ..common import startup
from ..common.locals import ANOTHER_PATH
from ..common.refusals import ShapeError
from .flow import STOP_TYPES, if_parts

READ = ("the task reads {var} after {stop}, beside {who}, which writes it at {where}: "
        "the object would read it inside {whose} call, before {who} can write it")


@dataclass(frozen=True)
class Span:
    """Code of the task a stop waits for (a body, or a subprogram it calls)."""
    fu: FileUnit
    node: Node | None            # None: anywhere outside ``outside``
    outside: Node | None = None


def check(ws: Workspace, fu: FileUnit, inside, body: Node, stop_of, writers,
          subprograms, calls) -> None:
    """ShapeError at the first read, after a stop, of a variable the stop's task may
    write.  ``stop_of(node)``: the stop's key, or None; ``writers(key)``: (name of who
    calls, list of Span of their code)."""
    hss = first_child(body, "handled_sequence_of_statements")
    if hss is None:
        return
    stmts = list(first_child(hss, "sequence_of_statements").named_children)
    found: list[tuple[Node, frozenset]] = []
    _seq(stmts, frozenset(), found, stop_of)
    every = frozenset(k for n in walk(hss) if n.type in STOP_TYPES
                      and (k := stop_of(n)) is not None)
    for h in (c for c in hss.named_children if c.type == "exception_handler"):
        found.append((h, every))       # a handler runs after whichever stop came last
    cache: dict = {}
    for node, keys in found:
        for key in keys:
            if key not in cache:
                cache[key] = writers(key)
            who, spans = cache[key]
            _check_reads(ws, fu, inside, node, key, who, spans, subprograms, calls)


def _seq(stmts, state: frozenset, found, stop_of) -> frozenset:
    for s in stmts:
        if s.type == "comment":
            continue
        key = stop_of(s) if s.type in STOP_TYPES else None
        if key is not None:
            state = frozenset([key])
        elif not _has_stop(s, stop_of):
            if state:
                found.append((s, state))
        elif s.type == "loop_statement":
            inner = frozenset(k for n in walk(s) if n.type in STOP_TYPES
                              and (k := stop_of(n)) is not None)
            head = state | inner       # a stop of the loop precedes its next turn
            scheme = first_child(s, "iteration_scheme")
            if scheme is not None and head:
                found.append((scheme, head))
            seq = first_child(s, "sequence_of_statements")
            state = head | _seq(list(seq.named_children), head, found, stop_of)
        elif s.type == "if_statement":
            out, has_else = frozenset(), False
            for cond, branch in if_parts(s):
                if cond is not None and state:
                    found.append((cond, state))
                has_else = has_else or cond is None
                out |= _seq(branch, state, found, stop_of)
            state = out if has_else else out | state
        else:
            state = state | _seq(list(s.named_children), state, found, stop_of)
    return state


def _has_stop(node: Node, stop_of) -> bool:
    return any(n.type in STOP_TYPES and stop_of(n) is not None for n in walk(node))


def _check_reads(ws, fu, inside, node: Node, key, who: str, spans: list[Span],
                 subprograms, calls) -> None:
    places = [(fu, node)]
    lo, hi = node.start_byte, node.end_byte
    mine = [c for c in calls if c.loc.path == fu.display
            and lo <= fu.offset_of(c.loc) < hi]
    places += list(bodies_reached(ws, subprograms, mine))
    for pfu, top in places:
        for ident in [top, *own_nodes(top)]:
            if ident.type != "identifier":
                continue
            for ent, kind in startup.refs_at(ws, pfu, ident):
                if not startup.outside_variable(ws, inside, ent, kind):
                    continue
                where = _written(ws, ent, spans)
                if where:
                    stop = _stop_name(key)
                    whose = "its" if who.startswith("whoever") else f"{who}'s"
                    raise ShapeError(ident, READ.format(var=text(ident), stop=stop,
                                                        who=who, where=where,
                                                        whose=whose))


def _stop_name(key) -> str:
    entry = getattr(key, "entry", None)
    if entry is not None and hasattr(key, "task"):
        return f"its call of {key.task.name}.{entry.name}"
    return f"its accept of {key.name}"


def _written(ws: Workspace, ent, spans: list[Span]) -> str:
    """'file:line' of a write of ``ent`` in ``spans`` (or of its access or address
    taken anywhere), or ''."""
    for r in ent.refs:
        rfu = ws.by_base.get(r.file)
        if rfu is None:
            continue
        off = rfu.offset_of_gnat(r.line, r.col)
        if off is None:
            continue
        where = f"{rfu.display}:{r.line}"
        if r.kind == "r":
            if ANOTHER_PATH.match(_after_name(rfu, off)):
                return where + " (its access or address is taken there)"
            continue
        if any(_in(rfu, off, s) for s in spans):
            return where
    return ""


def _after_name(rfu: FileUnit, off: int) -> str:
    at = rfu.tree.root_node.descendant_for_byte_range(off, off + 1) if rfu.tree else None
    end = at.end_byte if at is not None else off
    return rfu.src.data[end:][:40].decode("latin-1")


def _in(rfu: FileUnit, off: int, span: Span) -> bool:
    if span.node is None:
        return not (span.fu is rfu and span.outside is not None
                    and span.outside.start_byte <= off < span.outside.end_byte)
    return span.fu is rfu and span.node.start_byte <= off < span.node.end_byte
