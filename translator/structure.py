"""The shape of a task body: its server loop and synchronization points.

Sync points are listed in source order, as the accept-server scheme numbers
its stages: an ``accept`` or a ``select`` at any depth of the body, except
accepts nested in another accept's body (those are that accept's ``nested``)
and accepts that are alternatives of a select (those are the select's).
"""

from __future__ import annotations

from collections.abc import Callable

from .decls import defining_name, params
from .model import Accept, Alternative, Construct, Location, Requeue, Span, SyncPoint
from .syntax import Node, ancestors, defining_names, first_child, text, walk

LocFn = Callable[[Node], Location]
STATEMENT_SEQ = "sequence_of_statements"
# Nodes below which a body's own statements stop: nested units have their own.
NESTED_UNITS = {"subprogram_body", "task_body", "protected_body", "package_body",
                "task_type_declaration", "single_task_declaration"}


def own_nodes(body: Node):
    """Every node of ``body`` that belongs to it, not to a nested unit."""
    stack = list(reversed(body.children))
    while stack:
        node = stack.pop()
        yield node
        if node.type not in NESTED_UNITS:
            stack.extend(reversed(node.children))


def in_loop(node: Node, body: Node) -> bool:
    for a in ancestors(node):
        if a == body:
            return False
        if a.type == "loop_statement":
            return True
    return False


def requeues_in(acc_body: Node | None, loc: LocFn) -> tuple[Requeue, ...]:
    if acc_body is None:
        return ()
    found = []
    for n in own_nodes(acc_body):
        if n.type == "requeue_statement":
            target = n.named_children[0] if n.named_children else n
            found.append(Requeue(" ".join(text(target).split()), loc(n),
                                 b"abort" in n.text.lower()))
    return tuple(found)


def accept_of(node: Node, body: Node, loc: LocFn, span: Callable[[Node], Span]) -> Accept:
    named = node.named_children
    entry = text(named[0]) if named else "?"
    family = None
    for c in named[1:]:
        if c.type == "expression":
            family = " ".join(text(c).split())
        if c.type in ("formal_part", "handled_sequence_of_statements"):
            break
    acc_body = first_child(node, "handled_sequence_of_statements")
    nested = []
    if acc_body is not None:
        for n in walk(acc_body):
            if n.type == "accept_statement" and _enclosing_accept(n) == node:
                nested.append(accept_of(n, body, loc, span))
    return Accept(entry=entry, loc=loc(node), span=span(node), family_index=family,
                  params=params(first_child(node, "formal_part")),
                  has_body=acc_body is not None, in_loop=in_loop(node, body),
                  nested=tuple(nested), requeues=requeues_in(acc_body, loc))


def _enclosing_accept(node: Node) -> Node | None:
    for a in ancestors(node):
        if a.type == "accept_statement":
            return a
    return None


def select_of(node: Node, body: Node, loc: LocFn, span) -> SyncPoint:
    alts, guard = [], None
    has_else = False
    for c in node.named_children:
        if c.type == "guard":
            cond = c.named_children[0] if c.named_children else c
            guard = " ".join(text(cond).split())
        elif c.type == "select_alternative":
            alts.append(_alternative(c, guard, body, loc, span))
            guard = None
        elif c.type == STATEMENT_SEQ:
            has_else = True
    return SyncPoint("select", loc(node), in_loop(node, body), None, tuple(alts), has_else)


def _alternative(alt: Node, guard, body, loc, span) -> Alternative:
    inner = alt.named_children[0]
    stmts = first_child(inner, STATEMENT_SEQ)
    n_stmts = len(stmts.named_children) if stmts is not None else 0
    if inner.type == "accept_alternative":
        acc = accept_of(first_child(inner, "accept_statement"), body, loc, span)
        return Alternative("accept", loc(inner), guard, acc, n_stmts)
    if inner.type == "delay_alternative":
        return Alternative("delay", loc(inner), guard, None, n_stmts)
    return Alternative("terminate", loc(inner), guard, None, 0)


def sync_points(body: Node, loc: LocFn, span) -> tuple[SyncPoint, ...]:
    found = []
    for n in own_nodes(body):
        if n.type == "selective_accept":
            found.append(select_of(n, body, loc, span))
        elif n.type == "accept_statement" and _is_top_accept(n):
            acc = accept_of(n, body, loc, span)
            found.append(SyncPoint("accept", acc.loc, acc.in_loop, acc, (), False))
    return tuple(found)


def _is_top_accept(node: Node) -> bool:
    for a in ancestors(node):
        if a.type in ("accept_statement", "accept_alternative"):
            return False
        if a.type in NESTED_UNITS:
            return True
    return True


def main_loop(body: Node) -> tuple[Node | None, int]:
    """The first top-level loop holding a sync point, and the statements before it."""
    hss = first_child(body, "handled_sequence_of_statements")
    seq = first_child(hss, STATEMENT_SEQ) if hss is not None else None
    if seq is None:
        return None, 0
    stmts = [c for c in seq.named_children if c.type != "comment"]
    for i, stmt in enumerate(stmts):
        if stmt.type == "loop_statement" and any(
                n.type in ("accept_statement", "selective_accept") for n in own_nodes(stmt)):
            return stmt, i
    return None, len(stmts)


def exits_of(loop: Node | None, loc: LocFn) -> tuple[Location, ...]:
    """Exit statements that leave ``loop`` (unlabelled ones in it, not in an inner loop)."""
    if loop is None:
        return ()
    label = _loop_label(loop)
    found = []
    for n in own_nodes(loop):
        if n.type != "exit_statement":
            continue
        target = first_child(n, "identifier")
        if target is not None:
            if label and text(target).lower() == label:
                found.append(loc(n))
        elif _innermost_loop(n) == loop:
            found.append(loc(n))
    return tuple(found)


def _loop_label(loop: Node) -> str | None:
    label = first_child(loop, "loop_label")
    if label is None:
        return None
    ident = first_child(label, "identifier")
    return text(ident).lower() if ident is not None else None


def _innermost_loop(node: Node) -> Node | None:
    for a in ancestors(node):
        if a.type == "loop_statement":
            return a
    return None


def declarations(body: Node) -> tuple[str, ...]:
    part = first_child(body, "non_empty_declarative_part")
    if part is None:
        return ()
    names = []
    for d in part.named_children:
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
            found.append(Construct(kind, loc(n), " ".join(text(n).split())[:80]))
    return tuple(found)


def handlers(body: Node, loc: LocFn) -> tuple[Location, ...]:
    return tuple(loc(n) for n in own_nodes(body) if n.type == "exception_handler")
