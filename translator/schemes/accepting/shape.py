"""The shape of an accepting server's body, as the server scheme needs it.

The scheme handles this shape (paper Figure 5, generalised a little)::

    task body T is
       <variables>                  -- become private components
    begin
       <pre: statements and sync points>   -- run once, in order
       [Label :] loop
          <items: statements and sync points, in order>
          -- or one block "[declare <objects>] begin <items> [exception <handlers>] end;"
       end loop;
    [exception <handlers>]          -- task-level handlers
    end T;

(The statements may also be one block "declare <objects> begin ... end;" around
the server loop.)  A sync point is an ``accept`` or a ``select`` of accept alternatives
(guards allowed, ``terminate`` dropped) written directly in one of those
statement lists, or an ``if`` or ``case`` statement each of whose branches
begins with one, or with such an ``if`` or ``case`` statement (its alternatives
guarded by the branches' conditions; an outermost ``if`` may lack ``else``).  A
``while`` or ``for`` loop in the server loop's items whose body holds sync
points is an ``Inner`` region of its own; so is a loop of sync points after the
server loop (plain, ``while`` or ``for``, left by its exits too: loops one after
the other are stages one after the other, Figure 6).  Sync points are numbered in order; the number is the
protected object's stage.  Anything else is refused with the construct and
the reason: this module never guesses.  It reads the body's structure
(``body_structure.py``, made once per task), not the tree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...frontend.body_structure import (Accept, Block, BodyStructure, Branches, Loop, Select,
                                        Stmt, own_nodes, walk_sequence, walk_stmt)
from ...frontend.decls import formals
from ...frontend.syntax import Node, construct_name, defining_names, first_child, text, walk
from ..common import polling
from ..common.declarations import _declarations, _others
from ..common.refusals import ShapeError
from ..common.tree import is_selector
from .delays import _span

SYNC = ("accept_statement", "selective_accept")


@dataclass
class Alt:
    accept: Node
    entry: str                 # as written
    guard: Node | None
    index: Node | None         # family index expression
    after: list[Node]          # statements after the accept in its alternative
    stage: int
    in_block: bool
    nested: Node | None = None   # an accept directly in this accept's statements
    role: str = "accept"         # "accept", or "inner" for the nested accept's stage
    plan: object = None          # the nested-accept plan, for both roles
    # an accept written after ``after`` in the alternative's statements: its sync point
    then: "Sync | None" = None
    rest: list[Node] = field(default_factory=list)   # from that accept on
    # in a branch of an if or case statement: which, and the statements of that
    # branch after its accept or select (run after ``after``), then those of each
    # enclosing branch after the statement it begins with: one list each, innermost first
    branch: "Branch | None" = None
    arm_after: list[list[Node]] = field(default_factory=list)
    # the return statements of the accept body: each ends the rendezvous only
    returns: list[Node] = field(default_factory=list)


@dataclass(frozen=True)
class Branch:
    """The branch of an ``if`` or ``case`` statement whose first statement is an
    alternative's sync point: the task waits there when the branch is taken, so the
    branch's condition joins the alternative's guard (accepting/body.py)."""
    owner: Node                 # the if or case statement
    arm: int                    # which branch, from 0
    arms: int                   # how many
    tests: tuple[tuple[Node, bool], ...] = ()   # if: (condition, holds), up to this branch
    selector: Node | None = None                # case: the selector
    choices: tuple[Node, ...] = ()              # case: this branch's choices; () for others
    others: tuple[Node, ...] = ()               # case others: the other branches' choices
    # the branch of an enclosing if or case statement this statement begins, if any
    outer: "Branch | None" = None

    @property
    def path(self) -> tuple[tuple[int, int], ...]:
        """Which branch of each statement, outermost first: where the task waits."""
        mine = ((self.owner.start_byte, self.arm),)
        return (self.outer.path if self.outer is not None else ()) + mine

    @property
    def levels(self) -> list["Branch"]:
        """The branches taken, outermost first."""
        return (self.outer.levels if self.outer is not None else []) + [self]


@dataclass
class Sync:
    node: Node
    stage: int
    alts: list[Alt]
    # for an accept in a select alternative's statements: the select, whose place in
    # the body it continues from
    root: "Sync | None" = None
    # the select's delay alternative, as an Alt of role "delay" (timeouts.py)
    delay: "Alt | None" = None
    # the selects whose alternatives these are: the select itself, or for an if or
    # case statement of sync points, those in its branches
    selects: list[Node] = field(default_factory=list)
    # an if or case statement's conditions, or its selector, which choose the branch
    conditions: list[Node] = field(default_factory=list)
    # an if statement without else: where no condition holds the task goes on past it
    # without waiting (the conditions of its own branches, tested where it is reached)
    skip: list[Node] = field(default_factory=list)

    @property
    def guards(self) -> list[Node]:
        """The conditions of every guard of the select, a terminate's included."""
        return [c.named_children[0] for sel in self.selects for c in sel.named_children
                if c.type == "guard" and c.named_children]

    @property
    def all_guarded(self) -> bool:
        """A select whose every alternative has a guard: all may be closed."""
        if self.node.type != "selective_accept":
            return False
        guarded, prev = [], None
        for c in self.node.named_children:
            if c.type == "select_alternative":
                guarded.append(prev is not None and prev.type == "guard")
            prev = c
        return all(guarded)


@dataclass
class Shape:
    pre: list             # Node | Sync
    loop: Node
    items: list           # Node | Sync, the loop body (inside the block, if any)
    block: Node | None
    block_handlers: list[Node]
    task_handlers: list[Node]
    syncs: list[Sync]
    objects: list[Node]   # object declarations of the body
    label: str | None
    cond: Node | None = None   # the condition of a 'while' server loop
    for_spec: Node | None = None   # the loop_parameter_specification of a 'for' server loop
    tail: list[Node] = field(default_factory=list)   # statements after the server loop
    # from the first sync point after the server loop on (Node | Sync), as ``pre``
    post: list = field(default_factory=list)
    # types, subtypes and named numbers of the body: moved before the object
    moved: list[Node] = field(default_factory=list)
    # subprograms of the body: operations of the protected body, in their order
    operations: list[Node] = field(default_factory=list)
    # while loops in the server loop's statements holding sync points (items' Inner)
    inner: list["Inner"] = field(default_factory=list)
    # the block around the server loop's body, when it declares objects: they are
    # components too (in ``objects``), given their initial values again wherever the
    # task entered the block (``scoped``, their declarations)
    scope: Node | None = None
    scoped: list[Node] = field(default_factory=list)


@dataclass(eq=False)
class Inner:
    """A ``while`` or ``for`` loop written in the server loop's statements whose body
    holds sync points (DESIGN 4.5): its body's items are a region of their own; the
    object tests its condition, or enters and steps its range, where the task did, and
    leaves it for what follows (accepting/body.py)."""
    node: Node          # the loop statement
    cond: Node | None   # a while loop's condition
    items: list         # Node | Sync, its body
    for_spec: Node | None = None   # a for loop's parameter specification
    for_loop: object = None        # its body.ForLoop, made by the scheme (accepting.py)

    @property
    def head(self) -> Node | None:
        """The node standing for entering the loop: its condition or specification
        (None for a plain loop, which is entered without a test)."""
        return self.cond if self.cond is not None else self.for_spec


def analyse(structure: BodyStructure) -> Shape:
    """The body's shape, or ShapeError naming every construct that does not fit (an
    ``Obstacles`` when there are several: checks that do not depend on an earlier
    obstacle still run, so a refusal lists them all)."""
    from ..common.obstacles import Sink
    sink = Sink()
    body = structure.node
    objects = _declarations(structure.declarations, sink, others=True)
    moved, operations = _others(structure.declarations)
    top = list(structure.statements.items)
    task_handlers = [h.node for h in structure.statements.handlers]
    loop_at = next((i for i, s in enumerate(top) if _server_loop(s)), None)
    if loop_at is None:
        top = _open_block(top, objects, moved, sink)
        loop_at = next((i for i, s in enumerate(top) if _server_loop(s)), None)
    if loop_at is None:
        sink.add(ShapeError(body, "no server loop: the accepts are not in a loop written "
                                  "directly in the task body's statements"))
        sink.close()
    loop = top[loop_at]
    tail, rest = _tail(top[loop_at + 1:], sink)
    cond, for_spec = sink.run(_iteration, loop) or (None, None)
    label = loop.label
    loop_body = list(loop.body.items)
    block, block_handlers, scoped = None, [], []
    inner = [i for i in loop_body if i.type != "comment"]
    if len(inner) == 1 and isinstance(inner[0], Block) and inner[0].sync:
        block = inner[0]
        if block.declarations:
            scoped = _scope(block, objects, moved, sink)
        block_handlers = [h.node for h in block.body.handlers]
        loop_body = list(block.body.items)
        if block_handlers and (cond is not None or for_spec is not None):
            sink.add(ShapeError(block_handlers[0], "exception handlers around the body of a "
                                "'while' or 'for' server loop: after a handler the pass "
                                "ends and the loop's test runs, which the scheme does not "
                                "translate"))
        if block_handlers and task_handlers:
            sink.add(ShapeError(task_handlers[0], "exception handlers both around the loop "
                                                  "body and at the end of the task body"))
    syncs: list[Sync] = []
    pre = _items(top[:loop_at], syncs, False, label, sink)
    before = len(sink.errors)
    inner: list[Inner] = []
    items = _items(loop_body, syncs, block is not None and bool(block_handlers), label, sink,
                   inner, polls_at=_polling(loop, loop_body, block))
    if not any(isinstance(i, Sync) for i in items) and len(sink.errors) == before:
        sink.add(ShapeError(loop.node, "the server loop's accepts are nested in other "
                                       "statements"))
    # loops holding accepts after the server loop: stages of their own (DESIGN 4.5,
    # Figure 6), entered when the loop before them is left
    post = _items(rest, syncs, False, label, sink, inner, sequential=True)
    timed = next((x.delay for x in syncs if x.delay is not None), None)
    if timed is not None and inner:
        # leaving an inner loop sets the stage in more places than the timer is set in
        sink.add(ShapeError(timed.accept, "a delay alternative in a server with inner loops "
                                          "holding accepts, or loops of them after the server "
                                          "loop: not translated"))
    if timed is not None and scoped:
        # entering the block again is code on the way back to the select
        sink.add(ShapeError(timed.accept, "a delay alternative in a server whose loop body "
                                          "is a block declaring objects: not translated"))
    skipped = next((x for x in syncs if x.skip), None)
    if timed is not None and skipped is not None:
        # going past the if statement sets the stage where the timer is not set
        sink.add(ShapeError(timed.accept, "a delay alternative in a server with an accept "
                                          "inside an if statement without else (line "
                                          f"{skipped.node.start_point[0] + 1}): not "
                                          "translated"))
    for h in block_handlers + task_handlers:
        sink.run(_check_plain, h, "an exception handler")
        for x in _exits(h, label, loop.node):
            sink.add(ShapeError(x, "an exit from the server loop inside an exception "
                                   "handler"))
    first = code_items(items)[:1] if block_handlers else []
    if first and isinstance(first[0], Sync) and first[0].skip:
        sink.add(ShapeError(first[0].node, "an if statement without else first in a loop body "
                                           "whose exceptions are handled: after a handler the "
                                           "task tests its conditions again, which the scheme "
                                           "does not translate"))
    if block_handlers and any(not isinstance(i, Sync) for i in code_items(items)[:1]):
        sink.add(ShapeError(block.node, "statements before the first accept of a loop body "
                                        "whose exceptions are handled: after a handler they "
                                        "would run again inside the protected object"))
    for sync in syncs:
        if sync.all_guarded:
            sink.run(_check_all_guarded, sync, block_handlers + task_handlers)
    for e in _guards_in_dispatch(syncs):
        sink.add(e)
    sink.close()
    return Shape(pre, loop.node, items, block.node if block_handlers else None,
                 block_handlers, task_handlers, syncs, objects, label, cond=cond,
                 for_spec=for_spec, tail=tail, moved=moved, operations=operations, post=post,
                 inner=inner, scope=block.node if scoped else None, scoped=scoped)


def _block_declarations(block: Block, objects: list[Node], moved: list[Node], sink,
                        where: str) -> list[Node]:
    """The object declarations of a block of the task body, which become components
    beside the task's own (added to ``objects``; its types, subtypes and named
    numbers move out, added to ``moved``).  A name the task declares too would be
    hidden inside the block, one component for both: refused."""
    found = _declarations(block.declarations, sink, others=True)
    more, operations = _others(block.declarations)
    for op in operations:
        sink.add(ShapeError(op, f"a subprogram declared in {where}: not translated; "
                                "declare it in the task body"))
    taken = {n.lower(): d for d in objects + moved for n in defining_names(d)}
    for d in found + more:
        for n in defining_names(d):
            if n.lower() in taken:
                other = taken[n.lower()]
                sink.add(ShapeError(d, f"{n}, declared in {where}, hides the {n} declared at "
                                       f"line {other.start_point[0] + 1}; both would be one "
                                       "component of the object: rename one"))
            taken[n.lower()] = d
    objects += found
    moved += more
    return found


def _scope(block: Block, objects: list[Node], moved: list[Node], sink) -> list[Node]:
    """The block around the server loop's body declares objects: created again at each
    pass, given their initial values where the task entered the block."""
    return _block_declarations(block, objects, moved, sink,
                               "the block around the server loop's body")


def _open_block(top: list[Stmt], objects: list[Node], moved: list[Node], sink) -> list[Stmt]:
    """``declare ... begin <pre> loop ... end loop; <after> end;`` as the task body's
    statements: the block is entered once, where the task reached it, so its objects
    are components as the task's own are (initial values that read the task's
    variables are given where it entered the block: the start-up code).  Its
    statements stand in its place.  Handlers of the block are refused (they would
    handle what the server loop raises, then the task goes on after the block)."""
    code = [i for i, x in enumerate(top) if x.type != "comment"]
    blocks = [i for i in code if isinstance(top[i], Block) and top[i].sync]
    if len(blocks) != 1:
        return top
    at = blocks[0]
    block = top[at]
    inside = list(block.body.items)
    if not any(_server_loop(x) for x in inside):
        return top
    if block.body.handlers:
        sink.add(ShapeError(block.body.handlers[0].node, "exception handlers of the block "
                            "around the server loop: the task goes on after the block once "
                            "they ran, which the scheme does not translate"))
        return top
    if any(i < at for i in code) and any(d.type == "object_declaration"
                                         for d in block.declarations):
        sink.add(ShapeError(block.node, "a block declaring objects around the server loop "
                                        "after other statements: its objects' initial values "
                                        "would be given before those statements ran; not "
                                        "translated"))
        return top
    _block_declarations(block, objects, moved, sink, "the block around the server loop")
    return top[:at] + inside + top[at + 1:]


def _guards_in_dispatch(syncs: list[Sync]) -> list[ShapeError]:
    """An entry accepted at several places gets one entry body that tells them apart
    by their stage and guard (accepting/body.py): there a guard naming one of the
    accept's parameters would read the parameter, not the task's variable."""
    by_entry: dict[str, list[Alt]] = {}
    for sync in syncs:
        for a in sync.alts:
            by_entry.setdefault(a.entry.lower(), []).append(a)
    found = []
    for alts in (v for v in by_entry.values() if len(v) > 1):
        for a in (x for x in alts if x.guard is not None):
            names = param_names(a.accept)
            for n in [a.guard, *own_nodes(a.guard)]:
                if n.type == "identifier" and text(n).lower() in names and not is_selector(n):
                    found.append(ShapeError(n, f"'{text(n)}' in the guard of accept {a.entry} "
                                               f"would denote the parameter {text(n)} in the "
                                               "entry body, where the places accepting "
                                               f"{a.entry} are told apart: rename the "
                                               "parameter or the variable"))
                    break
    return found


def _server_loop(s: Stmt) -> bool:
    return isinstance(s, Loop) and s.sync


def _tail(after: list[Stmt], sink) -> tuple[list[Node], list[Stmt]]:
    """The statements after the server loop up to the first accept or select there
    (what the task ran on leaving the loop), and the rest, from that sync point on:
    straight-line sync points and statements, as before the loop."""
    stmts = [s for s in after if s.type != "comment"]
    at = next((i for i, s in enumerate(stmts) if isinstance(s, (Accept, Select))
               or _server_loop(s)), len(stmts))
    for s in stmts[:at]:
        if s.sync:
            sink.add(ShapeError(_first_sync(s), f"an accept inside {_what(s.node)} after the "
                                                "server loop: the scheme orders sync points "
                                                "as a straight sequence of statements",
                                primary=True))
        else:
            sink.run(_check_plain, s.node, "the statements after the server loop")
    return [s.node for s in stmts[:at] if s.type != "null_statement"], stmts[at:]


def _iteration(loop: Loop) -> tuple[Node | None, Node | None]:
    """The condition of a ``while`` server loop, or the parameter specification of a
    ``for`` server loop; (None, None) for a plain loop.

    ``while C loop S end loop`` is ``loop exit when not C; S end loop``: the
    generator tests C where the task did, on entering the loop and at the end
    of each pass (in the entry whose statements end it).  A ``for`` loop's
    parameter becomes a component, its bounds evaluated once on entering."""
    if loop.odd_scheme:
        raise ShapeError(loop.node, "the server loop's iteration scheme is neither 'while' "
                                    "nor 'for ... in': not translated")
    return loop.cond, loop.for_spec


def _check_all_guarded(sync: Sync, handlers: list[Node]) -> None:
    """Where every guard may be closed, the task raises Program_Error (RM 9.7.1(21))."""
    why = ("every alternative of this select has a guard: when all are closed the task "
           "raises Program_Error (RM 9.7.1(21))")
    if handlers:
        raise ShapeError(sync.node, f"{why} into its exception handlers, which the scheme "
                                    "does not translate")
    for guard in sync.guards:
        for n in own_nodes(guard):
            if n.type == "attribute_designator" and text(n).lower() == "count":
                raise ShapeError(guard, f"{why}; this guard reads 'Count, which changes "
                                        "while the task waits, so the moment it is read "
                                        "matters")


def code_items(items: list) -> list:
    return [i for i in items if isinstance(i, Sync) or i.type != "comment"]


def _polling(loop: Loop, items: list, block: Block | None) -> dict[int, str | None]:
    """The selects of the server loop's statements ending ``else null;`` (by start
    byte): None where the select is taken as if it waited (common/polling.py), else
    why not."""
    if block is not None:
        return {}
    return {s.node.start_byte: polling.shape_obstacle(loop, items, s) for s in items
            if isinstance(s, Select) and polling.polls(s)}


def _items(stmts: list[Stmt], syncs: list[Sync], in_block: bool, label, sink,
           inner: list | None = None, sequential: bool = False,
           polls_at: dict[int, str | None] | None = None) -> list:
    """The items of a statement list: statements, and Sync for its sync points; given
    ``inner`` (the server loop's own statements), an Inner for a while loop holding
    sync points, also added to ``inner``; ``polls_at``: as ``_polling`` says."""
    out = []
    for n in stmts:
        if inner is not None and isinstance(n, Loop) and n.sync:
            found = sink.run(_inner_loop, n, syncs, in_block, label, sink, sequential)
            if found is not None:
                inner.append(found)
            out.append(found or n.node)
            continue
        if isinstance(n, Accept):
            out.append(_sync(n.node, [_alt(n, None, [], len(syncs) + 1, in_block, sink)],
                             syncs))
        elif isinstance(n, Select):
            sel = _sync(n.node, _select_alts(n, len(syncs) + 1, in_block, sink,
                                             (polls_at or {}).get(n.node.start_byte, "")),
                        syncs)
            sel.delay = delay_alt(n, sel.stage, in_block, sink)
            sel.selects = [n.node]
            for a in sel.alts:
                _chain(a, sel, syncs, in_block, sink)
            out.append(sel)
        elif isinstance(n, Branches) and n.sync:
            out.append(sink.run(_branch_sync, n, syncs, in_block, sink) or n.node)
        elif n.type == "comment":
            out.append(n.node)
        else:
            if n.sync:
                sink.add(ShapeError(_first_sync(n), f"an accept inside {_what(n.node)}: the "
                                    "scheme orders sync points as a straight sequence of "
                                    "statements"))
            else:
                sink.run(_check_plain, n.node, "the task body")
            out.append(n.node)
    return out


def _sync(node: Node, alts: list[Alt], syncs: list[Sync]) -> Sync:
    s = Sync(node, len(syncs) + 1, alts)
    syncs.append(s)
    return s


def _select_alts(sel: Select, stage: int, in_block: bool, sink,
                 not_polling: str | None = "") -> list[Alt]:
    """``not_polling``: None where an ``else null;`` is taken as if the task waited
    (common/polling.py); else why it is not, "" when not asked."""
    alts = []
    for a in sel.alternatives:
        if a.kind == "accept":
            after, rest = _split_at_accept(list(a.after.items) if a.after else [], sink)
            alt = _alt(a.accept, a.guard, after, stage, in_block, sink)
            alt.rest = rest
            alts.append(alt)
    if sel.else_part is not None and not_polling is not None:
        at = next((k for k in sel.node.children if k.type == "else"), sel.else_part.node)
        why = f" ('else null;' is taken where the task would wait just as well, not here: " \
              f"{not_polling})" if not_polling else \
            " ('else null;' is taken as the whole body of a plain server loop only)" \
            if polling.polls(sel) else ""
        sink.add(ShapeError(at, "an else part in the server's select: the task polls "
                                "instead of waiting, which a protected object cannot do"
                                + why, primary=True))
    if not alts:
        sink.add(ShapeError(sel.node, "a select without accept alternatives"))
    return alts


def _inner_loop(loop: Loop, syncs: list[Sync], in_block: bool, label, sink,
                sequential: bool = False) -> Inner:
    """A while or for loop in the server loop's statements whose body is a list of
    statements and sync points (no exit of its own: the object leaves it where its
    condition is false or its range ends only).  ``sequential``: a loop after the
    server loop, which may also be a plain loop and be left by its exits (the object
    goes on with what follows it, accepting/body.py)."""
    if loop.odd_scheme:
        raise ShapeError(loop.node, "a loop holding accepts whose iteration scheme is "
                                    "neither 'while' nor 'for ... in': not translated")
    if sequential:
        items = _items(list(loop.body.items), syncs, in_block, label, sink)
        if not any(isinstance(i, Sync) for i in items):
            raise ShapeError(loop.node, "the accepts of the loop after the server loop are "
                                        "nested in other statements")
        return Inner(loop.node, loop.cond, items, loop.for_spec)
    if loop.cond is None and loop.for_spec is None:
        raise ShapeError(_first_sync(loop), "an accept inside an inner loop that is neither "
                                            "a while nor a for loop: the scheme leaves an "
                                            "inner loop where its condition or range ends "
                                            "only")
    for x in walk_stmt(loop):
        if x.type == "exit_statement" and exit_target(x.node) == loop.node:
            raise ShapeError(x.node, "an exit from an inner loop holding accepts: the scheme "
                                     "leaves an inner loop where its condition is false or "
                                     "its range ends only")
    items = _items(list(loop.body.items), syncs, in_block, label, sink)
    if not any(isinstance(i, Sync) for i in items):
        raise ShapeError(loop.node, "the inner loop's accepts are nested in other statements")
    return Inner(loop.node, loop.cond, items, loop.for_spec)


def exit_target(exit_stmt: Node) -> Node | None:
    """The loop an exit statement leaves: the innermost, or the one its label names."""
    target = first_child(exit_stmt, "identifier")
    name = text(target).lower() if target is not None else None
    p = exit_stmt.parent
    while p is not None:
        if p.type == "loop_statement" and (name is None or _loop_name(p) == name):
            return p
        p = p.parent
    return None


def exit_conditions(loop: Node) -> list[Node]:
    """The conditions deciding whether an exit leaves ``loop``: its own (``exit [L]
    when C``) and those of the ``if`` and ``case`` statements around it in the loop."""
    found = {}
    for x in walk(loop):
        if x.type != "exit_statement" or exit_target(x) != loop:
            continue
        kids = x.children
        at = next((i for i, c in enumerate(kids) if c.type == "when"), None)
        conds = [kids[at + 1]] if at is not None else []
        a = x.parent
        while a is not None and a != loop:
            if a.type in ("if_statement", "case_statement"):
                conds += [c for c in a.children if c.type == "expression"]
            if a.type == "if_statement":
                conds += [c for e in a.children if e.type == "elsif_statement_item"
                          for c in e.children if c.type == "expression"]
            a = a.parent
        found.update((c.id, c) for c in conds)
    return list(found.values())


def _loop_name(loop: Node) -> str | None:
    lab = first_child(loop, "loop_label")
    ident = first_child(lab, "identifier") if lab is not None else None
    return text(ident).lower() if ident is not None else None


def _branch_sync(stmt: Branches, syncs: list[Sync], in_block: bool, sink) -> Sync:
    """An ``if`` or ``case`` statement each of whose branches begins with an accept, a
    select, or such an ``if`` or ``case`` statement of its own (DESIGN 4.5, control
    flow as state): one sync point, whose alternatives are those of every branch, each
    guarded by the conditions of the branches that lead to it.

    The task evaluates the conditions on reaching the statement and then waits at the
    branch's sync point; a barrier evaluates them again, and gets the same value: they
    read only the task's own variables, which nothing changes while it waits (checked
    as guards are: accepting.py), and cannot raise.  After the accept the rest of the
    branch runs (and of the enclosing branches), then what follows the statement.

    An ``if`` without ``else`` (outermost only): where no condition holds the task goes
    on without waiting; the object tests that where the task reached the statement
    (``Sync.skip``, accepting/body.py) and goes on to the next sync point."""
    what = _what(stmt.node)
    if stmt.has_else and len(stmt.arms) < 2:
        raise ShapeError(stmt.node, f"an accept inside {what} of one branch: write the "
                                    "accept without it")
    stage = len(syncs) + 1
    alts: list[Alt] = []
    selects: list[Node] = []
    conditions: list[Node] = []
    _arms(stmt, None, what, stage, in_block, sink, [], (alts, selects, conditions))
    _check_conditions(stmt, conditions, selects, alts)
    sync = _sync(stmt.node, alts, syncs)
    sync.selects, sync.conditions = selects, conditions
    if not stmt.has_else:
        sync.skip = [a.condition for a in stmt.arms]
    return sync


def _arms(stmt: Branches, outer: Branch | None, what: str, stage: int, in_block: bool,
          sink, after: list[list[Node]], found: tuple[list, list, list]) -> None:
    """The alternatives of each branch of ``stmt`` (``outer``: the branch it begins),
    into ``found`` (alternatives, selects, conditions); ``after``: the statements the
    enclosing branches run after it."""
    alts, selects, conditions = found
    conditions += [a.condition for a in stmt.arms if a.condition is not None] \
        if stmt.selector is None else [stmt.selector]
    for i, arm in enumerate(stmt.arms):
        items = list(arm.body.items)
        at = next((k for k, x in enumerate(items) if x.type != "comment"), None)
        head = items[at] if at is not None else None
        nested = isinstance(head, Branches) and head.sync
        if not isinstance(head, (Accept, Select)) and not nested:
            where = head.node if head is not None else (arm.condition or stmt.node)
            raise ShapeError(where, f"a branch of {what} that does not begin with an "
                                    "accept or a select (or an if or case statement whose "
                                    "branches do): the task runs it before it waits (or "
                                    "goes on without waiting), which the scheme does not "
                                    "translate")
        for x in items[at + 1:]:
            if x.sync:
                raise ShapeError(_first_sync(x), f"a second accept or select in a branch "
                                                 f"of {what}: not translated")
            _check_plain(x.node, "the task body")
        branch = _branch(stmt, i, outer)
        arm_after = [[x.node for x in items[at + 1:]]] + after
        if nested:
            if not head.has_else:
                raise ShapeError(head.node, f"an accept inside {_what(head.node)} without "
                                            f"else in a branch of {what}: where no condition "
                                            "holds the task goes on without waiting; the "
                                            "scheme translates that for an outermost if "
                                            "statement only")
            if len(head.arms) < 2:
                raise ShapeError(head.node, f"an accept inside {_what(head.node)} of one "
                                            "branch: write the accept without it")
            _arms(head, branch, what, stage, in_block, sink, arm_after, found)
            continue
        if isinstance(head, Accept):
            arm_alts = [_alt(head, None, [], stage, in_block, sink)]
        else:
            if all(a.guard is not None for a in head.alternatives):
                raise ShapeError(head.node, f"a select in a branch of {what} whose every "
                                            "alternative has a guard: where all are closed "
                                            "the task raises Program_Error (RM 9.7.1(21))")
            delay = next((a for a in head.alternatives if a.kind == "delay"), None)
            if delay is not None:
                raise ShapeError(delay.node, f"a delay alternative in a select in a branch of "
                                             f"{what}: not translated")
            arm_alts = _select_alts(head, stage, in_block, sink)
            selects.append(head.node)
        for a in arm_alts:
            if a.nested is not None or a.rest:
                raise ShapeError(a.nested or a.rest[0].node, f"an accept nested in an accept "
                                 f"or in a select alternative's statements, in a branch of "
                                 f"{what}: not translated")
            a.branch = branch
            a.arm_after = arm_after
        alts += arm_alts


def _branch(stmt: Branches, i: int, outer: Branch | None = None) -> Branch:
    arms = stmt.arms
    if stmt.selector is None:
        tests = tuple((a.condition, False) for a in arms[:i])
        if arms[i].condition is not None:
            tests += ((arms[i].condition, True),)
        return Branch(stmt.node, i, len(arms), tests=tests, outer=outer)
    mine = _choices(arms[i].condition)
    others = () if mine else tuple(c for k, a in enumerate(arms) if k != i
                                   for c in _choices(a.condition))
    return Branch(stmt.node, i, len(arms), selector=stmt.selector, choices=mine,
                  others=others, outer=outer)


def _choices(choice_list: Node | None) -> tuple[Node, ...]:
    """A case alternative's choices; () for ``others``."""
    found = tuple(c for c in choice_list.named_children if c.type == "discrete_choice") \
        if choice_list is not None else ()
    return () if any(not c.named_children for c in found) else found


def _check_conditions(stmt: Branches, conditions: list[Node], selects: list[Node],
                      alts: list[Alt]) -> None:
    """The branch conditions, and the guards beside them, are evaluated in barriers
    and in the entry bodies: they must not read 'Count (callers change it while the
    task waits) nor a name an entry's parameter would hide there."""
    guards = [c.named_children[0] for sel in selects for c in sel.named_children
              if c.type == "guard" and c.named_children]
    params = {n: a.entry for a in alts for n in param_names(a.accept)}
    for cond in conditions + guards:
        for n in own_nodes(cond) if cond.type != "identifier" else [cond]:
            if n.type == "attribute_designator" and text(n).lower() == "count":
                raise ShapeError(cond, f"'Count read where a branch of {_what(stmt.node)} "
                                       "is chosen: the task reads it once, a barrier again "
                                       "whenever a call is queued")
            if n.type == "identifier" and text(n).lower() in params and not is_selector(n):
                raise ShapeError(n, f"'{text(n)}' would denote the parameter {text(n)} of "
                                    f"entry {params[text(n).lower()]} in that entry's body, "
                                    "where the branches are told apart")


def _split_at_accept(stmts: list[Stmt], sink) -> tuple[list[Node], list[Stmt]]:
    """A select alternative's statements up to its first accept written directly
    among them, and the rest from that accept on (``Wait; Signal`` pairs)."""
    at = next((i for i, s in enumerate(stmts) if isinstance(s, Accept)), len(stmts))
    for s in stmts[:at]:
        if s.sync:
            what = "a select" if isinstance(s, Select) else _what(s.node)
            sink.add(ShapeError(_first_sync(s), f"an accept inside {what} in the statements "
                                                "of a select alternative"))
        else:
            sink.run(_check_plain, s.node, "the task body")
    return [s.node for s in stmts[:at]], stmts[at:]


def _chain(alt: Alt, root: Sync, syncs: list[Sync], in_block: bool, sink) -> None:
    """The accepts in an alternative's statements: sync points of their own, one after
    the other; after the last, the task goes on from the end of the select."""
    if not alt.rest:
        return
    acc, rest = alt.rest[0], alt.rest[1:]
    after, more = _split_at_accept(rest, sink)
    nxt = _alt(acc, None, after, len(syncs) + 1, in_block, sink)
    nxt.rest = more
    alt.then = _sync(acc.node, [nxt], syncs)
    alt.then.root = root
    alt.rest = []
    _chain(nxt, root, syncs, in_block, sink)


def param_names(node: Node) -> set[str]:
    """Lower-case parameter names of an accept or entry declaration."""
    formal = first_child(node, "formal_part")
    return {n.lower() for f in formals(formal) for n in f.names}


def _alt(acc: Accept, guard, after, stage, in_block, sink) -> Alt:
    """The alternative of an accept.  A return statement in its body ends the
    rendezvous, the task going on after the accept: the entry body jumps past the
    accept body's code instead (accepting/body.py), to what the task ran next."""
    entry = text(acc.entry)
    nested = sink.run(_nested, acc, entry) if acc.do is not None else None
    returns = [n.node for n in walk_stmt(acc)
               if n.type in ("simple_return_statement", "extended_return_statement")]
    if returns and nested is not None:
        sink.add(ShapeError(returns[0], "a return statement in an accept body holding a "
                                        "nested accept: not translated"))
    alt = Alt(acc.node, entry, guard, acc.index, after, stage, in_block, nested)
    alt.returns = returns
    return alt


def _nested(acc: Accept, outer: str) -> Node | None:
    """The one accept nested directly in an accept's statements, if any."""
    inner = [s for s in walk_sequence(acc.do) if isinstance(s, (Accept, Select))]
    if not inner:
        return None
    tops = [s for s in acc.do.items if isinstance(s, Accept)]
    if len(inner) != 1 or len(tops) != 1 or tops[0] is not inner[0]:
        raise ShapeError(inner[0].node, f"an accept nested in the body of accept {outer} "
                                        "other than one accept written directly in its "
                                        "statements")
    if acc.do.handlers:
        raise ShapeError(acc.hss, f"exception handlers in accept {outer}, which holds a "
                                  "nested accept")
    rest = acc.do.items[acc.do.items.index(tops[0]):]
    for r in (s for c in rest for s in walk_stmt(c) if s.type == "requeue_statement"):
        raise ShapeError(r.node, f"a requeue in or after the accept nested in accept {outer}")
    clash = param_names(acc.node) & param_names(tops[0].node)
    if clash:
        raise ShapeError(tops[0].node, f"the nested accept reuses parameter names of accept "
                                       f"{outer}: {', '.join(sorted(clash))}")
    return tops[0].node


PLAIN_REFUSED = {
    "goto_statement": "a goto statement",
    "label": "a statement label",
    "simple_return_statement": "a return statement",
    "extended_return_statement": "a return statement",
}


def _check_plain(node: Node, where: str) -> None:
    for n in own_nodes(node) if node.type != "comment" else ():
        if n.type in PLAIN_REFUSED:
            raise ShapeError(n, f"{PLAIN_REFUSED[n.type]} in {where}: control could jump "
                                "across synchronization points")
        if n.type in ("single_task_declaration", "task_type_declaration", "task_body",
                      "subprogram_body", "package_body", "protected_body"):
            raise ShapeError(n, f"a nested unit in {where}")
    if node.type in PLAIN_REFUSED:
        raise ShapeError(node, f"{PLAIN_REFUSED[node.type]} in {where}")


def _first_sync(n: Stmt) -> Node:
    """The first accept or select in ``n`` (itself, if it is one)."""
    return next(s.node for s in walk_stmt(n) if isinstance(s, (Accept, Select)))


def _what(n: Node) -> str:
    """The statement ``n`` as an Ada engineer names it."""
    return {"if_statement": "an if statement", "case_statement": "a case statement",
            "loop_statement": "an inner loop", "block_statement": "a block"}.get(
        n.type, construct_name(n.type))


def _exits(node: Node, label: str | None, loop: Node) -> list[Node]:
    return [n for n in own_nodes(node) if n.type == "exit_statement" and leaves(n, label, loop)]


def leaves(exit_stmt: Node, label: str | None, loop: Node) -> bool:
    """Does this exit statement leave the server loop?"""
    target = first_child(exit_stmt, "identifier")
    if target is not None:
        return label is not None and text(target).lower() == label
    p = exit_stmt.parent
    while p is not None and p.type != "loop_statement":
        p = p.parent
    return p == loop


def delay_alt(select, stage: int, in_block: bool, sink):
    """The select's (a body_structure.Select) delay alternative as an Alt of role
    "delay" (its ``after``: the statements following the delay statement), or None.
    More than one, an accept among its statements, or a relative delay the timer
    cannot keep (``_span``) goes to ``sink``."""
    found = [a for a in select.alternatives if a.kind == "delay"]
    if not found:
        return None
    for extra in found[1:]:
        sink.add(ShapeError(extra.node, "a second delay alternative in the select: the "
                                        "object keeps one timer"))
    first = found[0]
    items = list(first.after.items) if first.after is not None else []
    for s in items:
        if s.sync:
            sink.add(ShapeError(_first_sync(s), "an accept in the statements of a delay "
                                                "alternative"))
        else:
            sink.run(_check_plain, s.node, "the delay alternative")
    alt = Alt(first.node, "delay", first.guard, None, [s.node for s in items], stage,
              in_block, role="delay")
    alt.plan = first.delay
    for e in _span(alt):
        sink.add(e)
    return alt
