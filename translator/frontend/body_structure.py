"""The structure of a task body, analysed once per task by the front end.

A tree of the body's statements as the schemes and ``inspect`` need them:
every statement list written in the body (``Sequence``), each statement with
the lists written in it, and typed views of the statements that matter to
a translation -- sync points (``Accept``, ``Select`` with its
``Alternative``\\ s), loops, blocks, ``if``/``case`` (``Branches``) -- and
the exception handlers of every handled sequence.  Nested units
(subprogram, package, task and protected bodies) are not entered: their
statements are their own.

``extract.task_site`` makes one per task body (``TaskSite.structure``);
``structure.py`` derives the model's location view from it, and the server
and general schemes read it instead of walking the tree for the body's
shape.  The nodes stay tree-sitter nodes: the generators copy source text.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .syntax import Node, first_child, named_children, text

# Nodes below which a body's own statements stop: nested units have their own.
NESTED_UNITS = {"subprogram_body", "task_body", "protected_body", "package_body",
                "task_type_declaration", "single_task_declaration"}
SYNC = ("accept_statement", "selective_accept")


def own_nodes(body: Node) -> Iterator[Node]:
    """Every node of ``body`` that belongs to it, not to a nested unit (for questions
    about names and expressions; the statements are in the structure)."""
    stack = list(reversed(body.children))
    while stack:
        node = stack.pop()
        yield node
        if node.type not in NESTED_UNITS:
            stack.extend(reversed(node.children))


@dataclass(frozen=True, eq=False)
class Handler:
    node: Node                     # exception_handler
    body: "Sequence"


@dataclass(frozen=True, eq=False)
class Sequence:
    """A statement list; for a handled sequence, also its handlers."""
    node: Node | None              # sequence_of_statements (None: empty)
    items: tuple["Stmt", ...]      # every named child in order, comments and labels too
    handlers: tuple[Handler, ...] = ()

    @property
    def nodes(self) -> list[Node]:
        return [i.node for i in self.items]

    @property
    def has_sync(self) -> bool:
        return any(i.sync for i in self.items) or any(h.body.has_sync for h in self.handlers)


@dataclass(frozen=True, eq=False)
class Stmt:
    """A statement (or comment, label, pragma) and the statement lists written in it,
    in source order.  ``sync``: it is or holds an accept or a select."""
    node: Node
    parts: tuple[Sequence, ...] = ()
    sync: bool = False

    @property
    def type(self) -> str:
        return self.node.type


@dataclass(frozen=True, eq=False)
class Accept(Stmt):
    entry: Node | None = None      # the entry's name as written
    index: Node | None = None      # a family member's index expression
    formal: Node | None = None     # formal_part
    do: Sequence | None = None     # the do-part with its handlers, if any
    hss: Node | None = None        # its handled_sequence_of_statements node
    in_select: bool = False        # an alternative of a select
    in_loop: bool = False          # inside a loop of the body
    top: bool = True               # a sync point of its own: not in an accept or alternative


@dataclass(frozen=True, eq=False)
class Alternative:
    kind: str                      # "accept", "delay", "terminate"
    node: Node                     # accept_alternative, delay_alternative, terminate_alternative
    guard: Node | None             # the guard's condition
    guard_clause: Node | None      # the guard node itself
    accept: Accept | None = None
    delay: Node | None = None      # the delay statement of a delay alternative
    after: Sequence | None = None  # the statements after the accept or delay


@dataclass(frozen=True, eq=False)
class Select(Stmt):
    alternatives: tuple[Alternative, ...] = ()
    else_part: Sequence | None = None
    in_loop: bool = False


@dataclass(frozen=True, eq=False)
class Loop(Stmt):
    label: str | None = None       # lower case
    cond: Node | None = None       # the condition of a while loop
    for_spec: Node | None = None   # the loop_parameter_specification of a for loop
    odd_scheme: bool = False       # an iteration scheme neither while nor for ... in
    body: Sequence | None = None


@dataclass(frozen=True, eq=False)
class Block(Stmt):
    declarations: tuple[Node, ...] = ()   # the declarative items, comments too
    body: Sequence | None = None          # handled: the block's handlers


@dataclass(frozen=True, eq=False)
class Arm:
    condition: Node | None         # an if's condition, a case alternative's choices; None: else
    body: Sequence


@dataclass(frozen=True, eq=False)
class Branches(Stmt):
    """An ``if`` or ``case`` statement: its arms in order."""
    selector: Node | None = None   # the case's expression
    arms: tuple[Arm, ...] = ()

    @property
    def has_else(self) -> bool:
        return any(a.condition is None for a in self.arms) or \
            self.node.type == "case_statement"


@dataclass(frozen=True, eq=False)
class BodyStructure:
    node: Node                         # the task_body
    declarations: tuple[Node, ...]     # its declarative items, comments too
    statements: Sequence               # handled: the task-level handlers

    def walk(self) -> Iterator[Stmt]:
        """Every statement of the body in source order (pre-order)."""
        return walk_sequence(self.statements)

    @property
    def syncs(self) -> list[Stmt]:
        """Every accept and select of the body, at any depth, in source order."""
        return [s for s in self.walk() if isinstance(s, (Accept, Select))]

    @property
    def handlers(self) -> list[Node]:
        """Every exception handler of the body, at any depth, in source order."""
        return list(_handlers(self.statements))


def walk_sequence(seq: Sequence, into_accepts: bool = True) -> Iterator[Stmt]:
    """The statements of ``seq`` in source order (pre-order), its handlers' too;
    ``into_accepts=False``: not those of an accept's do-part.  Without recursion:
    bodies nest statements hundreds deep."""
    stack: list = [seq]
    while stack:
        item = stack.pop()
        if isinstance(item, Sequence):
            stack.extend(reversed([*item.items, *(h.body for h in item.handlers)]))
            continue
        yield item
        stack.extend(reversed(_inner(item, into_accepts)))


def walk_stmt(stmt: Stmt, into_accepts: bool = True) -> Iterator[Stmt]:
    yield stmt
    for part in _inner(stmt, into_accepts):
        yield from (walk_sequence(part, into_accepts) if isinstance(part, Sequence)
                    else walk_stmt(part, into_accepts))


def _inner(stmt: Stmt, into_accepts: bool) -> list:
    """What a statement holds, in source order: statement lists, and a select's
    accepts (statements of their own)."""
    if isinstance(stmt, Accept) and not into_accepts:
        return []
    if isinstance(stmt, Select):
        out: list = []
        for alt in stmt.alternatives:
            out += [x for x in (alt.accept, alt.after) if x is not None]
        return out + ([stmt.else_part] if stmt.else_part is not None else [])
    return list(stmt.parts)


def _handlers(seq: Sequence) -> Iterator[Node]:
    """Every exception handler in ``seq``, at any depth, in source order."""
    stack: list = [seq]
    while stack:
        item = stack.pop()
        if isinstance(item, Sequence):
            stack.extend(reversed([*item.items, *item.handlers]))
        elif isinstance(item, Handler):
            yield item.node
            stack.append(item.body)
        else:
            stack.extend(reversed(_inner(item, True)))


# -- building ---------------------------------------------------------------

def body_structure(body: Node) -> BodyStructure:
    part = first_child(body, "non_empty_declarative_part")
    hss = first_child(body, "handled_sequence_of_statements")
    return BodyStructure(body, tuple(part.named_children) if part is not None else (),
                         _handled(hss, _Where()))


@dataclass(frozen=True)
class _Where:
    in_loop: bool = False
    in_accept: bool = False        # in an accept's do-part or an accept alternative

    def but(self, **kw) -> "_Where":
        return _Where(**{**self.__dict__, **kw})


def _handled(hss: Node | None, where: _Where) -> Sequence:
    if hss is None:
        return Sequence(None, ())
    seq = _sequence(first_child(hss, "sequence_of_statements"), where)
    handlers = tuple(Handler(h, _sequence(first_child(h, "sequence_of_statements"), where))
                     for h in named_children(hss, "exception_handler"))
    return Sequence(seq.node, seq.items, handlers)


def _sequence(node: Node | None, where: _Where) -> Sequence:
    if node is None:
        return Sequence(None, ())
    return Sequence(node, tuple(_stmt(c, where) for c in node.named_children))


def _stmt(node: Node, where: _Where) -> Stmt:
    kind = node.type
    if kind == "accept_statement":
        return _accept(node, where, in_select=False)
    if kind == "selective_accept":
        return _select(node, where)
    if kind == "loop_statement":
        return _loop(node, where)
    if kind == "block_statement":
        part = first_child(node, "non_empty_declarative_part")
        body = _handled(first_child(node, "handled_sequence_of_statements"), where)
        return Block(node, (body,), body.has_sync,
                     declarations=tuple(part.named_children) if part is not None else (),
                     body=body)
    if kind in ("if_statement", "case_statement"):
        return _branches(node, where)
    parts = tuple(_parts(node, where))
    return Stmt(node, parts, any(p.has_sync for p in parts))


def _parts(node: Node, where: _Where) -> Iterator[Sequence]:
    """The statement lists written in a statement of no particular interest (an
    extended return, a timed or conditional entry call, an asynchronous select)."""
    for c in node.named_children:
        if c.type in NESTED_UNITS:
            continue
        if c.type == "handled_sequence_of_statements":
            yield _handled(c, where)
        elif c.type == "sequence_of_statements":
            yield _sequence(c, where)
        else:
            yield from _parts(c, where)


def _accept(node: Node, where: _Where, in_select: bool) -> Accept:
    named = node.named_children
    hss = first_child(node, "handled_sequence_of_statements")
    inner = where.but(in_accept=True)
    do = _handled(hss, inner) if hss is not None else None
    return Accept(node, (do,) if do is not None else (), True,
                  entry=named[0] if named else None, index=family_index(node),
                  formal=first_child(node, "formal_part"), do=do, hss=hss,
                  in_select=in_select, in_loop=where.in_loop,
                  top=not (in_select or where.in_accept))


def family_index(acc: Node) -> Node | None:
    """The family index of ``accept E (I) (...)``: an expression before the formal part."""
    for c in acc.named_children[1:]:
        if c.type == "expression":
            return c
        if c.type in ("formal_part", "handled_sequence_of_statements"):
            break
    return None


def _select(node: Node, where: _Where) -> Select:
    alts, guard = [], None
    else_part = None
    for c in node.named_children:
        if c.type == "guard":
            guard = c
        elif c.type == "select_alternative":
            alts.append(_alternative(c.named_children[0], guard, where))
            guard = None
        elif c.type == "sequence_of_statements":
            else_part = _sequence(c, where)
    return Select(node, (), True, alternatives=tuple(alts), else_part=else_part,
                  in_loop=where.in_loop)


def _alternative(inner: Node, guard: Node | None, where: _Where) -> Alternative:
    cond = guard.named_children[0] if guard is not None and guard.named_children else None
    stmts = first_child(inner, "sequence_of_statements")
    if inner.type == "accept_alternative":
        acc = _accept(first_child(inner, "accept_statement"), where.but(in_accept=True),
                      in_select=True)
        after = _sequence(stmts, where.but(in_accept=True)) if stmts is not None else None
        return Alternative("accept", inner, cond, guard, accept=acc, after=after)
    if inner.type == "delay_alternative":
        delay = next((x for x in inner.named_children if x.type.startswith("delay_")), None)
        after = _sequence(stmts, where) if stmts is not None else None
        return Alternative("delay", inner, cond, guard, delay=delay, after=after)
    return Alternative("terminate", inner, cond, guard)


def _loop(node: Node, where: _Where) -> Loop:
    inside = where.but(in_loop=True)
    body = _sequence(first_child(node, "sequence_of_statements"), inside)
    scheme = first_child(node, "iteration_scheme")
    cond = for_spec = None
    odd = False
    if scheme is not None:
        for_spec = first_child(scheme, "loop_parameter_specification")
        if for_spec is None:
            cond = first_child(scheme, "expression")
            odd = cond is None
    label = first_child(node, "loop_label")
    ident = first_child(label, "identifier") if label is not None else None
    return Loop(node, (body,), body.has_sync,
                label=text(ident).lower() if ident is not None else None,
                cond=cond, for_spec=for_spec, odd_scheme=odd, body=body)


def _branches(node: Node, where: _Where) -> Branches:
    arms = []
    selector = None
    if node.type == "case_statement":
        selector = first_child(node, "expression")
        for alt in named_children(node, "case_statement_alternative"):
            arms.append(Arm(first_child(alt, "discrete_choice_list"),
                            _sequence(first_child(alt, "sequence_of_statements"), where)))
    else:
        cond = None
        for c in node.named_children:
            if c.type == "expression":
                cond = c
            elif c.type == "sequence_of_statements":      # then-part, or else-part
                arms.append(Arm(cond, _sequence(c, where)))
                cond = None
            elif c.type == "elsif_statement_item":
                arms.append(Arm(first_child(c, "expression"),
                                _sequence(first_child(c, "sequence_of_statements"), where)))
    parts = tuple(a.body for a in arms)
    return Branches(node, parts, any(p.has_sync for p in parts), selector=selector,
                    arms=tuple(arms))
