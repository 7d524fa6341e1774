"""The server bodies the caller-runs scheme takes, read from the body's structure
(``body_structure``, made once per task).

    task body T is
       <objects; subprogram bodies>
    begin
       <start-up statements>
       accept Start (...) [do ... end Start;]   -- stages: accepts before the loop,
       <statements>                             -- each with what follows it
       [L :] loop | while [not] Flag loop
          select                           -- or a single accept
             [when Guard =>] accept E (...) [do ... end E;]
             <statements>                  -- after the accept
          or ...
          [or terminate;]
          end select;
          <statements>                     -- after the select
       end loop [L];                       -- or: loop begin <select ...> exception ... end;
       <statements>                        -- after the loop
    end T;

The loop's statements may be a block around the select (or accept) with
exception handlers (``block_handlers``): the server's handler when its code in
the loop raises, after which the loop goes on.
``exit`` of the server loop may appear as a statement of those after-accept
and after-select lists.  The body's exception handlers (``handlers``) are the
server's last work when its code raises.  A one-shot server has no loop: its accepts, one
after another, are all stages, and the task ends after the last
(``one_shot``).  Variables whose initial value is not a literal and
the start-up statements are what the task did at its activation and before
its loop (``deferred`` and ``start``): the plugin runs them where the task
was activated, or refuses them.  Anything else is an obstacle, collected (every one
found, not only the first) as ShapeError.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...frontend.body_structure import (Accept, Alternative, Block, BodyStructure, Loop, Select,
                                        walk_sequence)
from ...frontend.syntax import (Node, ancestors, construct_name, defining_names, first_child,
                                text, walk)
from ..common import polling
from ..common.refusals import ShapeError

# declarations that declare no object of the task (declared.py says which can stay)
DECLARED = ("full_type_declaration", "subtype_declaration", "number_declaration",
            "exception_declaration", "object_renaming_declaration")
LITERAL_TYPES = {"expression", "term", "factor", "primary", "numeric_literal", "string_literal",
                 "character_literal", "null", "unary_adding_operator", "aggregate",
                 "positional_array_aggregate", "named_array_aggregate",
                 "record_component_association_list", "array_component_association",
                 "discrete_choice_list", "discrete_choice", "comment", "others"}
CONSTRAINT_TYPES = LITERAL_TYPES | {"range_g", "range_constraint", "index_constraint",
                                    "discriminant_constraint"}
GUARD_TYPES = {"expression", "term", "factor", "primary", "relation", "relational_operator",
               "numeric_literal", "character_literal", "identifier", "comment",
               "unary_adding_operator", "factor_not", "parenthesized_expression"}


@dataclass
class Alt:
    accept: Node
    entry: str
    guard: Node | None
    after: list[Node]             # statements after the accept in its alternative


@dataclass
class Stage:
    """An accept before the server loop, taken once, in order."""
    accept: Node
    entry: str
    after: list[Node]             # the statements after it, to the next accept or the loop
    # a select of this one accept and a terminate alternative: a one-shot server
    # waiting there terminates with its master instead of holding it
    terminable: bool = False


@dataclass
class Body:
    objects: list[Node]           # object declarations
    others: list[Node]            # subprograms, use clauses, comments, in order
    # types, subtypes, named numbers, exceptions and object renamings (declared.py
    # checks them; a task type's types move out, the rest stays in the package body)
    declared: list[Node]
    decl_items: list[Node]        # every declarative item, in order (what moves)
    loop: Node | None             # None: a one-shot server (``one_shot``)
    label: str | None
    flag: str | None              # the while loop's Boolean variable
    negated: bool                 # "while not Flag"
    sync: Node | None
    alts: list[Alt]
    terminate: bool
    rest: list[Node]              # statements after the select in the loop
    tail: list[Node]              # statements after the loop
    exits: list[Node] = field(default_factory=list)   # exits of the server loop
    start: list[Node] = field(default_factory=list)   # statements before the loop
    deferred: list[Node] = field(default_factory=list)   # objects, initial value computed
    stages: list[Stage] = field(default_factory=list)    # accepts before the loop
    one_shot: bool = False        # no loop: the task ends after its last stage
    handlers: list[Node] = field(default_factory=list)   # the task body's exception handlers
    # the handlers of a block making the server loop's statements, around its select
    block_handlers: list[Node] = field(default_factory=list)
    # the select's delay alternatives and else part: refused here, not checked again
    untaken: list[Node] = field(default_factory=list)
    # a task type's types, subtypes and named numbers, moved out before its package
    moved_out: list[Node] = field(default_factory=list)

    def accepts(self) -> list[tuple[Node, str]]:
        """Every accept the server takes, the stages' first: (accept, entry)."""
        return [(s.accept, s.entry) for s in self.stages] + [(a.accept, a.entry)
                                                              for a in self.alts]

    def before_loop(self) -> list[Node]:
        """What runs before the loop: the start-up statements, the stages' accepts and
        the statements after them."""
        return self.start + [n for s in self.stages for n in [s.accept, *s.after]]

    def activated(self) -> bool:
        """Did the task do anything at its activation or before its loop that the
        package must do where the task was activated?"""
        return bool(self.start or self.deferred)

    def variables_declared(self) -> list[Node]:
        """The declarations of variables (not constants): a task type's components."""
        return [d for d in self.objects if not any(c.type == "constant" for c in d.children)]

    def variables_declared_names(self) -> set[str]:
        return {n.lower() for d in self.variables_declared() for n in defining_names(d)}

    @property
    def variables(self) -> set[str]:
        return {n.lower() for d in self.objects for n in defining_names(d)}

    def can_end(self) -> bool:
        return self.flag is not None or bool(self.exits) or self.one_shot


def code(stmts):
    return [s for s in stmts if s.type != "comment"]


class _Errors:
    def __init__(self):
        self.found: list[ShapeError] = []

    def add(self, node: Node, reason: str) -> None:
        self.found.append(ShapeError(node, reason))


def analyse(structure: BodyStructure, static=lambda name: False,
            bounded=None) -> tuple[Body | None, list[ShapeError]]:
    """The body's parts, read from its structure, and every obstacle in it (the parts
    are None when the shape itself does not fit).  ``static(name)``: does the name
    denote a constant with a literal value or an enumeration literal, the same
    wherever it is read?  ``bounded``: a common.bounded.Bounded, which shows
    conversions and sums in guards within their types."""
    err = _Errors()
    items = list(structure.declarations)
    objects, others, declared, deferred = _declarations(items, err, static)
    handlers = [h.node for h in structure.statements.handlers]
    for h in structure.statements.handlers:
        _syncs_refused(h.body.items, err, "a sync point in the task body's exception handler")
    top = structure.statements.items
    at = next((i for i, s in enumerate(top) if isinstance(s, Loop) and s.sync), None)
    if at is None and any(isinstance(s, Accept) or select_stage(s) for s in top):
        shape, found = _one_shot(top, objects, others, declared, items, deferred, err)
        if shape is not None:
            shape.handlers = handlers
        return shape, found
    if at is None:
        err.add(structure.node, "no server loop: the accepts are not in a loop written "
                                "directly in the task body's statements")
        return None, err.found
    start, stages, before = _stages(top[:at], err)
    loop, tail = top[at], top[at + 1:]
    _syncs_refused(tail, err, "a sync point after the server loop")
    flag, negated = _while(loop, objects, err)
    seq = loop.body.items
    stmts = code(seq)
    block = _loop_block(stmts, err)
    if block is not None:
        seq = block.body.items
        stmts = code(seq)
    if not stmts or not isinstance(stmts[0], (Accept, Select)):
        err.add(stmts[0].node if stmts else loop.node,
                "code before the server loop's accept or select: the caller that ends one "
                "turn and the one that starts the next are different tasks")
        return None, err.found
    sync, rest = stmts[0], seq[seq.index(stmts[0]) + 1:]
    _syncs_refused(rest, err, "a second sync point in the server loop: the scheme takes a "
                              "loop over one accept or select")
    alts, terminate, accepts = _alternatives(sync, err, bounded, _polling(loop, seq, sync,
                                                                         block))
    shape = Body(objects, others, declared, items, loop.node, loop.label, flag, negated, sync.node,
                 alts, terminate, _nodes(rest), _nodes(tail), start=start,
                 deferred=deferred, stages=stages, handlers=handlers,
                 block_handlers=[h.node for h in block.body.handlers] if block else [])
    if flag is not None:
        for n in (n for st in shape.before_loop() for n in walk(st)):
            if n.type == "identifier" and text(n).lower() == flag.lower():
                err.add(n, f"the code before the server loop names {flag}, the loop's "
                           "condition: its first test must be known without running the task")
    for acc in before:
        _in_accept(acc, (), err)
    for a, (acc, after) in zip(alts, accepts):
        _exits(shape, a.after, err)
        _in_accept(acc, after, err)
    _exits(shape, shape.rest, err)
    if block is not None:
        _block_checks(shape, block, err)
    shape.untaken = _untaken(sync)
    # a loop that ends in its delay alternative or else part is refused for that part
    ends_untaken = any(n.type == "exit_statement" and _leaves_server_loop(shape, n)
                       for u in shape.untaken for n in walk(u))
    # a for loop ends after its last pass (refused above as the server loop, for
    # another reason)
    if not terminate and not shape.can_end() and not ends_untaken \
            and loop.for_spec is None:
        err.add(loop.node, "the server loop never ends and its select has no terminate "
                           "alternative: the original program waits for it forever")
    return shape, err.found


def _untaken(sync: Accept | Select) -> list[Node]:
    """The server select's delay alternatives and else part, which ``_alternatives``
    refuses."""
    if not isinstance(sync, Select):
        return []
    parts = [a.node for a in sync.alternatives if a.kind == "delay"]
    return parts + ([sync.else_part.node] if sync.else_part is not None else [])


def _loop_block(stmts, err: _Errors) -> Block | None:
    """The block making the server loop's statements, when they are one block with
    exception handlers and no declarations (``loop begin select ... exception ...
    end; end loop;``)."""
    if len(stmts) != 1 or not isinstance(stmts[0], Block) or stmts[0].body is None \
            or not stmts[0].body.handlers:
        return None
    block = stmts[0]
    if code(block.declarations):
        err.add(block.node, "a block with declarations around the server loop's select: "
                            "they would be elaborated by each caller")
    return block


def _block_checks(shape: Body, block: Block, err: _Errors) -> None:
    """The handlers around the select run in the caller that ran the code raising,
    and the loop goes on after them: no sync point and no exit of the loop there, and
    no exit of the loop inside the block (the loop's test follows the block)."""
    for h in block.body.handlers:
        _syncs_refused(h.body.items, err, "a sync point in the server loop's exception "
                                          "handler")
    inside = [n for a in shape.alts for n in a.after] + shape.rest + shape.block_handlers
    for s in inside:
        for n in walk(s):
            if n.type == "exit_statement" and _leaves_server_loop(shape, n):
                err.add(n, "an exit of the server loop inside the block with exception "
                           "handlers around its select: the scheme takes such an exit only "
                           "without that block")
    shape.exits = [e for e in shape.exits if e not in inside]


def _nodes(stmts) -> list[Node]:
    return [s.node for s in stmts]


def _one_shot(top, objects, others, declared, items, deferred,
              err: _Errors) -> tuple[Body | None, list[ShapeError]]:
    """A server without a loop: accepts written one after another, each taken once
    (stages), the task ending after the statements that follow the last."""
    start, stages, before = _stages(top, err)
    shape = Body(objects, others, declared, items, None, None, None, False, None, [], False, [], [],
                 start=start, deferred=deferred, stages=stages, one_shot=True)
    for acc in before:
        _in_accept(acc, (), err)
    return shape, err.found


def one_shot_server(structure: BodyStructure) -> bool:
    """Is the body a server without a loop: plain accepts written one after another in
    its statements, and no other sync point?"""
    top = structure.statements.items
    return any(isinstance(s, Accept) or select_stage(s) for s in top) and \
        all(isinstance(s, Accept) or select_stage(s) or not s.sync for s in top)


def select_stage(s) -> Alternative | None:
    """A select a one-shot server waits at as at its one accept: ``select accept E
    ...; end select;`` (RM 9.7.1: with one open alternative it waits for a call), or
    ``select accept E ...; or terminate; end select;`` (a task waiting there terminates
    with its master, RM 9.7.1(16): the translation's master does not wait for that
    stage).  The accept alternative's, where it has no guard and its statements after
    the accept no sync point, and the select no other alternative and no else part;
    None otherwise."""
    if not isinstance(s, Select) or s.else_part is not None or \
            not 1 <= len(s.alternatives) <= 2:
        return None
    acc = next((a for a in s.alternatives if a.kind == "accept"), None)
    rest = [a for a in s.alternatives if a is not acc]
    if acc is None or acc.guard is not None or any(a.kind != "terminate" for a in rest) or \
            (acc.after is not None and acc.after.has_sync):
        return None
    return acc


def terminable(s) -> bool:
    """Is ``s`` a select_stage with a terminate alternative?"""
    return select_stage(s) is not None and len(s.alternatives) == 2


def _stages(stmts, err: _Errors) -> tuple[list[Node], list[Stage], list[Accept]]:
    """The start-up statements (to the first sync point), the stages (each accept with
    the statements after it) and the stages' accepts, from the statements before the
    loop.  A select, or a sync point inside another statement, is refused there."""
    start, stages, accepts = [], [], []
    for s in stmts:
        alt = select_stage(s)
        if isinstance(s, Accept):
            stages.append(Stage(s.node, _entry(s.node), []))
            accepts.append(s)
        elif alt is not None:
            after = alt.after.nodes if alt.after is not None else []
            stages.append(Stage(alt.accept.node, _entry(alt.accept.node), after,
                                terminable(s)))
            accepts.append(alt.accept)
        elif s.sync:
            err.add(s.node, "a select, or an accept inside another statement, before the "
                            "server loop: the scheme takes accepts written one after another "
                            "there")
        elif stages:
            stages[-1].after.append(s.node)
        elif s.type != "comment":
            start.append(s.node)
    return start, stages, accepts


def _syncs_refused(stmts, err: _Errors, reason: str) -> None:
    for s in stmts:
        if s.sync:
            err.add(s.node, reason)


def literal(e: Node, static) -> bool:
    """Literals, aggregates of them, and names ``static`` knows: the same value at
    the task's activation as where the package body is elaborated."""
    return _is_boolean_literal(e) or all(
        n.type in LITERAL_TYPES or n.type == "identifier" and static(text(n).lower())
        for n in walk(e) if n.is_named)


def _declarations(items: list[Node], err: _Errors,
                  static) -> tuple[list[Node], list[Node], list[Node], list[Node]]:
    objects, others, declared, deferred = [], [], [], []
    for d in items:
        if d.type == "full_type_declaration" and any(c.type in (
                "task_type_declaration", "protected_type_declaration") for c in d.children):
            err.add(d, f"{construct_name(d.named_children[0].type)} in the task body: its "
                       "tasks or protected actions depended on the server task, whose code "
                       "its callers now run; declare it before the task")
        elif d.type in DECLARED or d.type == "object_declaration" and renaming(d):
            declared.append(d)
        elif d.type == "object_declaration":
            objects.append(d)
            init = initial_value(d)
            if init is None or literal(init, static):
                pass
            elif any(c.type == "constant" for c in d.children):
                err.add(d, "a constant whose value is computed when the task is activated: "
                           "the package cannot compute it there (only a variable's initial "
                           "value is moved to where the task was activated)")
            else:
                deferred.append(d)
            for e in _constraints(d):
                if not all(n.type in CONSTRAINT_TYPES or n.type == "identifier" and
                           static(text(n).lower()) for n in walk(e) if n.is_named):
                    err.add(e, "a constraint not known to be static: the task computed it "
                               "when activated, the package would compute it earlier")
        elif d.type in ("subprogram_body", "subprogram_declaration",
                        "null_procedure_declaration", "use_clause", "comment"):
            # a use clause moves with the code it is written before, in the same order,
            # where the package it names is as visible as it was
            others.append(d)
        elif d.type in ("task_type_declaration", "single_task_declaration", "task_body",
                        "protected_type_declaration", "single_protected_declaration",
                        "protected_body"):
            err.add(d, f"{construct_name(d.type)} in the task body: its tasks or protected "
                       "actions depended on the server task, whose code its callers now "
                       "run; declare it before the task")
        else:
            err.add(d, f"{construct_name(d.type)} in the task body: of its declarations "
                       "the scheme translates variables, constants, subprograms, use "
                       "clauses, types, subtypes, named numbers, exceptions and object "
                       "renamings")
    return objects, others, declared, deferred


def renaming(d: Node) -> bool:
    """``X : T renames Y;`` (parsed as an object declaration)."""
    return any(c.type == "renames" for c in d.children)


def _constraints(d: Node) -> list[Node]:
    """The constraints of an object declaration's subtype: a range or index constraint,
    or the parenthesised part of ``String (1 .. 10)`` (a slice to the parser)."""
    found = []
    for c in d.named_children:
        if c.type in ("range_constraint", "index_constraint", "discriminant_constraint"):
            found.append(c)
        elif c.type == "slice":
            found += c.named_children[1:]
    return found


def initial_value(d: Node) -> Node | None:
    """The expression after ``:=`` (not one of a constraint), or None."""
    at = next((i for i, c in enumerate(d.children) if c.type == ":="), None)
    if at is None:
        return None
    return next((c for c in d.children[at + 1:] if c.type == "expression"), None)


def _is_boolean_literal(e: Node) -> bool:
    return text(e).strip().lower() in ("true", "false")


def _while(loop: Loop, objects: list[Node], err: _Errors) -> tuple[str | None, bool]:
    if loop.for_spec is not None:
        err.add(first_child(loop.node, "iteration_scheme"), "a for loop as the server loop")
        return None, False
    cond = loop.cond
    if cond is None:
        return None, False
    words = text(cond).split()
    negated = len(words) == 2 and words[0].lower() == "not"
    name = words[-1] if len(words) in (1, 2) and (len(words) == 1 or negated) else None
    start = "false" if negated else "true"
    inits = {n.lower(): initial_value(d) for d in objects for n in defining_names(d)}
    if name is not None and name.lower() == start and start not in inits:
        return None, False       # 'while True loop' is 'loop': every test is known
    init = inits.get(name.lower()) if name else None
    if name is None or init is None or text(init).strip().lower() != start:
        err.add(cond, "the while loop's condition must be a Boolean variable of the task "
                      f"body initialised to {start.capitalize()} (or 'not' one initialised "
                      "to False): the first test is then known without running the task")
        return None, False
    return name, negated


def _polling(loop: Loop, seq, sync, block: Block | None) -> str | None:
    """None where the server's select ends ``else null;`` and is taken as if the task
    waited (common/polling.py); else why not, "" when it has no such else part."""
    if not isinstance(sync, Select) or sync.else_part is None or not polling.polls(sync):
        return ""
    if block is not None:
        return "the select is inside a block with exception handlers"
    return polling.shape_obstacle(loop, list(seq), sync)


def _alternatives(sync: Accept | Select, err: _Errors, bounded=None,
                  not_polling: str | None = "") -> tuple[list[Alt], bool, list]:
    """The accept alternatives, whether there is a terminate one, and each accept with
    the statements after it (for the checks inside).  ``not_polling``: None where an
    ``else null;`` is taken as if the task waited, else why not."""
    if isinstance(sync, Accept):
        return [Alt(sync.node, _entry(sync.node), None, [])], False, [(sync, ())]
    alts, terminate, accepts = [], False, []
    for a in sync.alternatives:
        if a.kind == "accept":
            after = a.after.items if a.after is not None else ()
            alts.append(Alt(a.accept.node, _entry(a.accept.node), a.guard, _nodes(after)))
            if a.guard is not None:
                _guard(a.guard, err, bounded)
            accepts.append((a.accept, after))
        elif a.kind == "terminate":
            terminate = True
            if a.guard is not None:
                err.add(a.guard, "a guarded terminate alternative")
        else:
            err.add(a.node, "a delay alternative: the caller-runs scheme has no timer")
    if sync.else_part is not None and not_polling is not None:
        err.add(sync.else_part.node, "an else part in the server's select (polling)"
                + (f": 'else null;' is taken where the task would wait just as well, not "
                   f"here: {not_polling}" if not_polling else ""))
    return alts, terminate, accepts


def _entry(acc: Node) -> str:
    return text(acc.named_children[0])


def _guard(g: Node, err: _Errors, bounded=None) -> None:
    shown = {(n.start_byte, n.end_byte) for c in (bounded.covered(g) if bounded else ())
             for n in walk(c)}
    odd = [n for n in walk(g) if n.is_named and n.type not in GUARD_TYPES
           and (n.start_byte, n.end_byte) not in shown
           and type_bound(n) is None and type_bound(n.next_sibling) is None
           and type_bound(n.parent) is None]
    if odd:
        err.add(g, "a guard other than comparisons of the task's variables, literals, "
                   "bounds of types (T'First, T'Last), and conversions and sums shown "
                   "within their types: it becomes a barrier, which must not call or "
                   "raise")


def type_bound(n: Node | None) -> Node | None:
    """The prefix of ``P'First`` or ``P'Last`` when ``n`` is that attribute's designator
    and its prefix is a simple name (the plugin makes sure it names a type: a type's
    bounds were fixed when it was elaborated, and reading them calls nothing and cannot
    raise); None otherwise."""
    if n is None or n.type != "attribute_designator" or \
            text(n).strip().lower() not in ("first", "last"):
        return None
    tick = n.prev_sibling
    prefix = tick.prev_sibling if tick is not None and tick.type == "tick" else None
    return prefix if prefix is not None and prefix.type == "identifier" else None


def _in_accept(acc: Accept, after, err: _Errors) -> None:
    if acc.index is not None and any(n.is_named and n.type not in GUARD_TYPES
                                     for n in walk(acc.index)):
        err.add(acc.index, "an accept's family index other than literals and the task's "
                           "variables: the server evaluated it when it reached the accept, "
                           "the barrier that stands for it evaluates it at other moments")
    if acc.do is not None:
        for s in walk_sequence(acc.do):
            if isinstance(s, (Accept, Select)):
                err.add(s.node, "an accept inside an accept body")
    _syncs_refused(after, err, "a sync point in the statements of a select alternative")


def _exits(shape: Body, stmts: list[Node], err: _Errors) -> None:
    """Exits of the server loop: allowed as statements of ``stmts`` themselves."""
    for s in stmts:
        for n in walk(s):
            if n.type != "exit_statement" or not _leaves_server_loop(shape, n):
                continue
            if n == s:
                shape.exits.append(n)
            else:
                err.add(n, "an exit of the server loop inside another statement: the scheme "
                           "takes such an exit only as a statement of the alternative's or "
                           "the loop's own list")


def _leaves_server_loop(shape: Body, ex: Node) -> bool:
    target = first_child(ex, "identifier")
    if target is not None:
        return shape.label is not None and text(target).lower() == shape.label.lower()
    inner = next((a for a in ancestors(ex) if a.type == "loop_statement"), None)
    return inner == shape.loop
