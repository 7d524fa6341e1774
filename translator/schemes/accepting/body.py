"""Generating the protected body of an eliminated accepting server.

Each entry's barrier is ``Stage = k [and then Index = I] [and then (Guard)]``
for every sync point that accepts it, plus the closed stage (0: the task
has ended, so every entry raises Tasking_Error, as a call on a completed
task does) and the not-started stage (-1: the first call runs the code the
task ran before its first accept, then requeues itself with abort).

An entry body runs the accept body, then -- what the task would have done
next -- the statements up to the following sync point, and sets Stage to
that sync point.  Exceptions are routed as in the task: one raised in the
accept body reaches the caller *and* the server's handlers (``fate``); one
raised in the statements after it reaches only the server's handlers.  A
``requeue`` in an accept body is carried out after those statements, since
the task ran them before the requeued call could be served again.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...frontend.syntax import (Node, defining_names, entry_name, first_child, named_children,
    squeeze, text, walk)
from ..common.fragments import STEP, Source, Sub, reindent
from ..common.raising import cannot_raise
from ..common.refusals import ShapeError
from ..common.tree import is_selector
from .shape import Alt, Branch, Inner, Shape, Sync, exit_target, leaves

CLOSED, NOT_STARTED = 0, -1


@dataclass
class Names:
    stage: str
    start_up: str
    index: str
    requeue: str
    label: str
    ended: str = "Ended"


@dataclass
class ForLoop:
    """A for server loop: its parameter and last value become components."""
    param: str              # the loop parameter, as written: a component of that name
    last: str               # component holding the last value
    type_name: str          # the parameter's type (for 'Succ / 'Pred)
    component_type: str     # the components' subtype: the type's base range
    low: str
    high: str
    subtype: str | None     # T of 'T range L .. H', whose range check the loop made
    reverse: bool


@dataclass
class NestedPlan:
    """An accept nested in another: the outer caller waits in ``resume``."""
    outer: Alt
    inner: Node
    inner_stage: int
    resume_stage: int
    resume: str                             # private entry, the outer entry's profile
    params: list[tuple[str, str, str, str]]  # (parameter, mode, subtype, component)
    failure: str                            # Exception_Occurrence component
    failed: str
    occurrence: str


class BodyGen:
    def __init__(self, src: Source, spec: Source, shape: Shape, names: Names,
                 entries: list[Node], deferred: tuple[str, ...], quiet=None,
                 aborted: bool = False, is_value=None, scope=(False, True)):
        """``quiet(nodes)``: the statements cannot raise (quiet.Quiet.statements); they
        then need no handler, and a task of only such code never ends.  ``aborted``: the
        program aborts the task, which then ends too.  ``is_value(choice)``: a case
        choice is one value (quiet.Quiet.is_value), tested with ``=``, not ``in``.
        ``scope``: for the objects of the block around the loop body (``shape.scoped``),
        whether their component defaults stand for entering the block the first time,
        and whether their initial values cannot raise."""
        self.src, self.spec, self.shape, self.n = src, spec, shape, names
        self.scope_first, self.scope_quiet = scope
        self.quiet = quiet or (lambda nodes, exit_ok=None: False)
        self.is_value = is_value or (lambda node: False)
        self.entries = entries
        self.deferred = deferred
        self.first_loop = next(i.stage for i in shape.items if isinstance(i, Sync))
        self.place = {}
        self._exits: dict[Inner, tuple[list, int]] = {}    # Inner -> what follows it
        self._exiting: set[Inner] = set()
        self._skips: dict[int, tuple[list, int]] = {}      # stage -> past its if statement
        self._passing: set[int] = set()      # the if statements being gone past
        for region in ["pre", "loop", "post"] + [("inner", i) for i in range(len(shape.inner))]:
            for k, it in enumerate(self._items_of(region)):
                if isinstance(it, Sync):
                    self.place[it.stage] = (region, k)
        for s in shape.syncs:
            if s.root is not None:     # an accept in an alternative: then on from its select
                self.place[s.stage] = self.place[s.root.stage]
        self.start_groups, self.start_next = self._walk("pre", -1)
        self.needs_start = bool(deferred) or any(g for g, _ in self.start_groups)
        self.dead = self._all_closed()
        self.can_end = aborted or self.needs_start or bool(self.dead) or self._can_end()
        # One sync point, reached at once: the task stands there until it ends.  Then
        # the object needs no Stage: only a flag that it has ended ("flag"), or nothing
        # when it cannot end ("none"); its barriers are the guards alone.
        single = len(shape.syncs) == 1 and not self.needs_start and not self.dead and \
            not any(a.nested is not None for a in shape.syncs[0].alts)
        self.state = "staged" if not single else "flag" if self.can_end else "none"
        self.staged = self.state == "staged"
        self._labels = 0
        self.for_loop: ForLoop | None = None   # set by the scheme for a for server loop
        self.timeout = None     # timeouts.Plan, set by the scheme for a delay alternative
        # entries (lower-case names) no caller can tell from procedures (procedures.py),
        # set by the scheme; those generated as procedures, for the spec
        self.callable_as_procedure: set[str] = set()
        self.procedures: list[Node] = []

    def _all_closed(self) -> str:
        """True when the task stands at a select whose alternatives are all closed.

        There the task raised Program_Error (RM 9.7.1(21)) and, with no handler
        (accepting/shape.py refuses one), ended: the object closes at the next call.
        The guards read only the task's variables, constant while it waits."""
        terms = []
        for sync in self.shape.syncs:
            if sync.all_guarded:
                guards = " or else ".join(f"({_flat(self.src, g)})" for g in sync.guards)
                terms.append(f"({self.n.stage} = {sync.stage} and then not ({guards}))")
        return " or else ".join(terms)

    def _can_end(self) -> bool:
        """Can the task end at all?  Not if its loop is a plain one and all its code
        (accept bodies, statements between them) is quiet: no exception, no exit."""
        if self.shape.cond is not None or self.shape.for_spec is not None:
            return True
        for s in self.shape.syncs:
            for a in s.alts + ([s.delay] if s.delay is not None else []):
                hss = first_child(a.accept, "handled_sequence_of_statements")
                if hss is not None and not self._quiet_body(hss):
                    return True
                groups, _ = self.after(a)
                if not self._quiet_groups(groups):
                    return True
        return False

    def _quiet_groups(self, groups) -> bool:
        """The groups cannot raise nor leave the loop (going past an if statement
        without else: where its path cannot)."""
        for g, _b in groups:
            skip = self._skip_of(g)
            if g == [self.shape.scope]:
                if not self.scope_quiet:
                    return False
            elif skip is None:
                if not self.quiet(g):
                    return False
                continue
            if skip.stage in self._passing:
                return False        # a spin: refused when it is written
            with self._passing_by(skip):
                if not self._quiet_groups(self.skip_path(skip)[0]):
                    return False
        return True

    def _quiet_body(self, hss: Node) -> bool:
        """An accept body without handlers whose statements cannot raise."""
        return not named_children(hss, "exception_handler") and \
            self.quiet(list(first_child(hss, "sequence_of_statements").named_children))

    # -- control flow between sync points ---------------------------------
    def _items_of(self, region) -> list:
        if isinstance(region, tuple):         # ("inner", i): an inner while loop's body
            return self.shape.inner[region[1]].items
        return {"pre": self.shape.pre, "loop": self.shape.items, "post": self.shape.post}[region]

    def _walk(self, region, k: int) -> tuple[list[tuple[list[Node], bool]], int]:
        """Statements after position k up to the next sync point, and its stage.  An
        inner while loop is a group of its own, ``[loop]``: the test of its condition,
        whose other way out (``inner_exit``) is written where the group is."""
        groups: list[tuple[list[Node], bool]] = []
        items = self._items_of(region)
        in_block = self._in_block(region)
        wrapped = False
        cur: list[Node] = []
        while True:
            k += 1
            if k >= len(items):
                if cur:
                    groups.append((cur, in_block))
                cur = []
                if region == "post":
                    return groups, CLOSED     # the task's last statements: then it ended
                if isinstance(region, tuple):      # the end of a pass of an inner loop
                    if wrapped:
                        raise AssertionError("inner loop without a sync point")
                    wrapped, k = True, -1
                    if self.shape.inner[region[1]].head is not None:   # its test or step
                        groups.append(([self.shape.inner[region[1]].node], in_block))
                    continue
                if region == "pre":
                    region, items, k = "loop", self.shape.items, -1
                    in_block = self.shape.block is not None
                    self._test(groups, entering=True)
                    if self.shape.scope is not None and not self.scope_first:
                        groups.append(([self.shape.scope], False))
                    continue
                if wrapped:
                    raise AssertionError("server loop without a sync point")
                wrapped, k = True, -1
                self._test(groups, entering=False)
                if self.shape.scope is not None:      # the next pass enters the block
                    groups.append(([self.shape.scope], False))
                continue
            it = items[k]
            if isinstance(it, Sync):
                if cur:
                    groups.append((cur, in_block))
                if it.skip:       # an if without else: its test, the way past it last
                    groups.append(([it.node], in_block))
                return groups, it.stage
            if isinstance(it, Inner):      # entering an inner while loop: its test first
                if it in self._exiting:
                    raise ShapeError(it.node, "after this inner loop the task comes back "
                                              "into it without waiting at an accept: not "
                                              "translated")
                if cur:
                    groups.append((cur, in_block))
                cur = []
                if it.head is not None:       # a plain loop is entered without a test
                    groups.append(([it.head], in_block))
                region, items, k = ("inner", self.shape.inner.index(it)), it.items, -1
                wrapped = False
                continue
            cur.append(it)

    def _in_block(self, region) -> bool:
        """Does code of this region run inside the block around the loop body?"""
        if isinstance(region, tuple):
            return self.shape.inner[region[1]] in self.shape.items and \
                self.shape.block is not None
        return region == "loop" and self.shape.block is not None

    def inner_exit(self, inner: Inner) -> tuple[list[tuple[list[Node], bool]], int]:
        """What the task ran on leaving an inner loop, up to the next sync point: in the
        server loop, or after it for a loop following the server loop."""
        if inner not in self._exits:
            self._exiting.add(inner)
            try:
                region = "loop" if inner in self.shape.items else "post"
                self._exits[inner] = self._walk(region, self._items_of(region).index(inner))
            finally:
                self._exiting.discard(inner)
        return self._exits[inner]

    def skip_path(self, sync: Sync) -> tuple[list[tuple[list[Node], bool]], int]:
        """What the task ran when no condition of an if statement without else held
        (``sync.skip``): the statements after it, up to the next sync point."""
        if sync.stage not in self._skips:
            self._skips[sync.stage] = self._walk(*self.place[sync.stage])
        return self._skips[sync.stage]

    def _skip_of(self, nodes: list[Node]) -> Sync | None:
        """The if statement without else a group going past it (``[if]``) stands for."""
        if len(nodes) == 1 and nodes[0].type == "if_statement":
            return next((s for s in self.shape.syncs if s.skip and s.node == nodes[0]), None)
        return None

    def _passing_by(self, sync: Sync):
        """Guards going past ``sync`` again while going past it: the task would test the
        same conditions again and again without waiting anywhere."""
        if sync.stage in self._passing:
            raise ShapeError(sync.node, "where no condition of this if statement holds the "
                                        "task comes back to it without waiting at an accept "
                                        "(it would test the same variables forever): not "
                                        "translated")
        return _Passing(self._passing, sync.stage)

    def _exit_paths(self, nodes: list[Node]) -> list[list]:
        """The groups the exits among ``nodes`` lead to, where those are not the
        statements after the server loop (``shape.tail``): entering a loop after the
        server loop, or what follows a loop after it that an exit leaves."""
        paths = []
        for n in nodes:
            for e in ([n] if n.type == "exit_statement" else []) + _exits_in(n):
                inner = self._loop_left(e)
                if inner is not None:
                    paths.append(self.inner_exit(inner)[0])
                elif leaves(e, self.shape.label, self.shape.loop) and \
                        isinstance(next((i for i in self.shape.post
                                         if isinstance(i, (Sync, Inner))), None), Inner):
                    paths.append(self._walk("post", -1)[0])
        return paths

    def _inner_of(self, nodes: list[Node]) -> Inner | None:
        """The inner loop a group entering it (``[head]``) or ending its pass
        (``[loop]``) stands for."""
        if len(nodes) == 1:
            return next((i for i in self.shape.inner if nodes[0] in (i.node, i.head)), None)
        return None

    def moved_nodes(self, groups) -> list[Node]:
        """The nodes whose code the groups run, an inner loop's condition and what
        follows the loop included."""
        out: list[Node] = []
        for nodes, _b in groups:
            inner = self._inner_of(nodes)
            skip = self._skip_of(nodes)
            for path in self._exit_paths(nodes):
                out += self.moved_nodes(path)
            if skip is not None:
                with self._passing_by(skip):
                    out += skip.skip + self.moved_nodes(self.skip_path(skip)[0])
            elif nodes == [self.shape.scope]:
                out += [e for _n, e in self._initial_values()]
            elif inner is None:
                out += nodes
            else:
                out += [inner.head] + self.moved_nodes(self.inner_exit(inner)[0])
        return out

    def _test(self, groups: list[tuple[list[Node], bool]], entering: bool) -> None:
        """A while server loop tests its condition on entering the loop and after each pass;
        a for loop evaluates its range on entering and steps its index after each pass.
        Both outside the block around the loop body (its handlers do not see them).
        The group holds a node of the iteration scheme standing for that code:
        the condition; the parameter specification (enter) or the scheme (step)."""
        if self.shape.cond is not None:
            groups.append(([self.shape.cond], False))
        elif self.shape.for_spec is not None:
            groups.append(([self.shape.for_spec if entering else self.shape.for_spec.parent],
                           False))

    def after(self, alt: Alt) -> tuple[list[tuple[list[Node], bool]], int]:
        if alt.then is not None:       # the alternative goes on to an accept
            return ([(alt.after, alt.in_block)] if alt.after else []), alt.then.stage
        region, k = self.place[alt.stage]
        groups, nxt = self._walk(region, k)
        lead = [(nodes, alt.in_block) for nodes in [alt.after, *alt.arm_after] if nodes]
        return lead + groups, nxt

    # -- rendering -----------------------------------------------------------
    def stmts(self, nodes: list[Node], on_exit: list[str]) -> str:
        """The statements' text, exits of the server loop replaced by ``on_exit``."""
        subs = []
        for n in nodes:
            for e in ([n] if n.type == "exit_statement" else []) + _exits_in(n):
                if leaves(e, self.shape.label, self.shape.loop):
                    subs.append(Sub(e.start_byte, e.end_byte, self._exit(e, on_exit)))
                elif self._loop_left(e) is not None:
                    subs.append(Sub(e.start_byte, e.end_byte,
                                    self._exit(e, on_exit, self._loop_left(e))))
        return self.src.block(nodes[0].start_byte, nodes[-1].end_byte, "", subs)

    def _quiet_exit(self, e: Node) -> bool:
        """An exit of the server loop whose code here cannot raise: its condition cannot,
        and leaving sets the closed state or the stage of a sync point after the loop;
        the statements after the loop route their own exceptions (``tail``).  Not one
        into a loop after it (entering that loop evaluates its test or range)."""
        cond = first_child(e, "expression")
        return leaves(e, self.shape.label, self.shape.loop) and \
            not any(isinstance(i, Inner) for i in self.shape.post) and \
            (cond is None or self._cannot_raise(cond))

    def _loop_left(self, e: Node) -> Inner | None:
        """The loop after the server loop an exit statement leaves, if it leaves one."""
        target = exit_target(e)
        return next((i for i in self.shape.inner if i.node == target), None)

    def _exit(self, e: Node, on_exit: list[str], inner: Inner | None = None) -> str:
        if inner is None:
            body = self.leave("the task left its loop", on_exit) + on_exit
        else:      # a loop after the server loop: on with what follows it
            groups, nxt = self.inner_exit(inner)
            line = inner.node.start_point[0] + 1
            body = [f"{self.n.stage} := {nxt};  --  the task left its loop (line {line})"]
            body += self.groups(groups, on_exit[:-1]) + on_exit
        cond = first_child(e, "expression")
        if cond is None:
            return "\n".join(body)
        inner = "\n".join(STEP + ln for ln in "\n".join(body).split("\n"))
        return f"if {self.src.node(cond)} then\n{inner}\nend if;"

    def fate(self, in_block: bool) -> list[str]:
        """Server-side handling of the exception being handled (inside a handler)."""
        sh = self.shape
        closed = self.set_closed()
        if in_block and sh.block_handlers:
            resume = f"{self.n.stage} := {self.first_loop};" if self.staged else \
                f"{self.n.ended} := False;"
            if self.shape.scope is not None:     # the next pass enters the block again
                resume = "\n".join([resume] + self.scope_lines())
            handlers = sh.block_handlers
            note = "  --  as the task's handlers around its loop body do"
        elif sh.task_handlers:
            handlers, resume, note = sh.task_handlers, None, "  --  the task's handlers, then it ends"
        else:
            return [closed + "  --  the exception would end the task"]
        out = [closed + note, "begin", STEP + "begin", STEP * 2 + "raise;", STEP + "exception"]
        for h in handlers:
            rendered = self.src.block(h.start_byte, h.end_byte, "")
            if resume:
                seq = first_child(h, "sequence_of_statements")
                rel = self.src.column(seq.start_byte) - self.src.column(h.start_byte)
                rendered += "".join("\n" + " " * rel + ln for ln in resume.split("\n"))
            out += [STEP * 2 + ln if ln.strip() else "" for ln in rendered.split("\n")]
        out += [STEP + "end;", "exception", STEP + "when others =>",
                STEP * 2 + closed + "  --  raised by a handler: the task ends", "end;"]
        return out

    def groups(self, groups, rq: list[str]) -> list[str]:
        out: list[str] = []
        on_exit = rq + ["return;"]
        left = False      # the previous group ends with an exit of the server loop
        for nodes, in_block in groups:
            if left:
                continue      # never reached: the task left its loop before (its test,
                #               the next pass, what follows an inner loop)
            kept = [n for n in nodes if n.type != "comment"]
            left = bool(kept) and kept[-1].type == "exit_statement" and \
                first_child(kept[-1], "expression") is None and \
                (leaves(kept[-1], self.shape.label, self.shape.loop)
                 or self._loop_left(kept[-1]) is not None)
            if nodes == [self.shape.cond]:
                out += self._while_test(on_exit)
                continue
            inner = self._inner_of(nodes)
            if inner is not None:
                out += self._inner_test(inner, nodes[0] == inner.head, in_block, rq, on_exit)
                continue
            skip = self._skip_of(nodes)
            if skip is not None:
                out += self._skip_test(skip, rq)
                continue
            if nodes == [self.shape.scope]:
                out += self._enter_scope(on_exit)
                continue
            if self.shape.for_spec is not None and nodes == [self.shape.for_spec]:
                out += self._for_enter(on_exit)
                continue
            if self.shape.for_spec is not None and nodes == [self.shape.for_spec.parent]:
                out += self._for_step(on_exit)
                continue
            if not [n for n in nodes if n.type != "comment"] or self.quiet(nodes) or \
                    (not rq and self.quiet(nodes, exit_ok=self._quiet_exit)):
                out += self.stmts(nodes, on_exit).split("\n")   # cannot raise: no handler
                continue
            out += ["begin"] + _ind(self.stmts(nodes, on_exit).split("\n"))
            out += ["exception", STEP + "when others =>"]
            out += _ind(self.fate(in_block) + on_exit, 2) + ["end;"]
        return out

    def _while_test(self, on_exit: list[str]) -> list[str]:
        """``while C loop``: leaving the loop when C is False is an exit of the server loop.
        An exception raised by C is one outside the loop body's block."""
        cond = self.src.node(self.shape.cond)
        if "\n" not in cond:
            cond = squeeze(cond)
        leave = self.leave("the task left its while loop", on_exit) + on_exit
        test = [f"if not ({cond}) then"] + _ind(leave) + ["end if;"]
        if self._cannot_raise(self.shape.cond):
            return test
        out = ["begin"] + _ind(test) + ["exception", STEP + "when others =>"]
        return out + _ind(self.fate(False) + on_exit, 2) + ["end;"]

    def _inner_test(self, inner: Inner, entering: bool, in_block: bool, rq: list[str],
                    on_exit: list[str]) -> list[str]:
        """``while C loop`` inside the server loop: where C is False the task left it, and
        ran what follows up to its next sync point, here before the call returns.  An
        exception raised by C is one inside the server loop's body.  A ``for`` loop is
        entered and stepped as a for server loop is, leaving it the same way."""
        groups, nxt = self.inner_exit(inner)
        line = inner.node.start_point[0] + 1
        what = "while" if inner.cond is not None else "for"
        leave = [f"{self.n.stage} := {nxt};  --  the task left its {what} loop (line {line})"]
        leave += self.groups(groups, rq) + on_exit
        if inner.cond is None:
            if entering:
                return self._for_enter(on_exit, inner.for_loop, leave, in_block)
            return self._for_step(on_exit, inner.for_loop, leave)
        test = [f"if {self._negated(inner.cond)} then"] + _ind(leave) + ["end if;"]
        if self._cannot_raise(inner.cond):
            return test
        out = ["begin"] + _ind(test) + ["exception", STEP + "when others =>"]
        return out + _ind(self.fate(in_block) + on_exit, 2) + ["end;"]

    def _skip_test(self, sync: Sync, rq: list[str]) -> list[str]:
        """``if C then accept ...; end if;``: where no condition holds the task goes on
        past the statement, up to its next sync point.  The last thing a group list
        does (it ends at that sync point), so no return is needed after it.  The
        conditions cannot raise (checked as for every if statement of sync points)."""
        with self._passing_by(sync):
            groups, nxt = self.skip_path(sync)
            line = sync.node.start_point[0] + 1
            past = [f"{self.n.stage} := {nxt};  --  no condition held: the task went past "
                    f"its if statement (line {line})"]
            past += self.groups(groups, rq)
        none = " and then ".join(self._negated(c) for c in sync.skip)
        return [f"if {none} then"] + _ind(past) + ["end if;"]

    def _initial_values(self) -> list[tuple[str, Node]]:
        """The objects of the block around the loop body with an initial value, each
        name with its expression (evaluated for each name, RM 3.3.1(7))."""
        out = []
        for d in self.shape.scoped:
            kids = d.children
            at = next((i for i, c in enumerate(kids) if c.type == ":="), None)
            if at is None:
                continue
            colon = next(c for c in kids if c.type == ":")
            out += [(text(n), kids[at + 1]) for n in d.named_children
                    if n.type == "identifier" and n.start_byte < colon.start_byte]
        return out

    def scope_lines(self) -> list[str]:
        """Entering the block around the loop body: its objects' initial values."""
        return [f"{n} := {_flat(self.src, e)};" for n, e in self._initial_values()]

    def _enter_scope(self, on_exit: list[str]) -> list[str]:
        """The task entered the block around its loop body, creating its objects: they
        get their initial values.  An exception there is raised outside the block."""
        lines = self.scope_lines()
        if not lines:
            return []
        line = self.shape.scope.start_point[0] + 1
        lines[0] += f"  --  the task entered its block (line {line})"
        if self.scope_quiet:
            return lines
        out = ["begin"] + _ind(lines) + ["exception", STEP + "when others =>"]
        return out + _ind(self.fate(False) + on_exit, 2) + ["end;"]

    def _negated(self, cond: Node) -> str:
        """``not (C)``, written as an engineer would: ``X`` for ``not X``, ``not X``."""
        inner = cond
        while inner.type in ("expression", "relation", "term") and \
                len([c for c in inner.children if c.type != "comment"]) == 1:
            inner = inner.named_children[0]
        kids = [c for c in inner.children if c.type != "comment"]
        if inner.type == "factor_not" and len(kids) == 2 and _name_only(kids[1]):
            return _flat(self.src, kids[1])
        text_ = _flat(self.src, cond)
        return f"not {text_}" if _name_only(cond) else f"not ({text_})"

    def _for_enter(self, on_exit: list[str], f: ForLoop | None = None,
                   leave: list[str] | None = None, in_block: bool = False) -> list[str]:
        """``for I in [reverse] L .. H loop``: the range is evaluated once, on entering;
        an empty range leaves the loop at once; with a subtype mark (``T range L .. H``)
        a non-empty range must lie in T (RM 3.6.1, 5.5), else Constraint_Error.  The
        server loop's by default; an inner loop's ``f`` with its way out, ``leave``."""
        f = f or self.for_loop
        if leave is None:
            leave = self.leave("an empty range: the task left its for loop", on_exit) + on_exit
        first, last = (f.high, f.low) if f.reverse else (f.low, f.high)
        body = [f"{f.param} := {first};", f"{f.last} := {last};",
                f"if {f.param} {'<' if f.reverse else '>'} {f.last} then"]
        body += _ind(leave) + ["end if;"]
        if f.subtype is not None:
            body += [f"if {f.param} not in {f.subtype} or else {f.last} not in {f.subtype} then",
                     STEP + "raise Constraint_Error;  --  the range is not in the subtype",
                     "end if;"]
        out = ["begin"] + _ind(body) + ["exception", STEP + "when others =>"]
        return out + _ind(self.fate(in_block) + on_exit, 2) + ["end;"]

    def _for_step(self, on_exit: list[str], f: ForLoop | None = None,
                  leave: list[str] | None = None) -> list[str]:
        f = f or self.for_loop
        if leave is None:
            leave = self.leave("the task's for loop ended", on_exit) + on_exit
        step = "Pred" if f.reverse else "Succ"
        return ([f"if {f.param} = {f.last} then"] + _ind(leave)
                + ["end if;", f"{f.param} := {f.type_name}'{step} ({f.param});"])

    def _cannot_raise(self, cond: Node) -> bool:
        """Only the task's own variables and constants, literals, relational and logical
        operators: nothing that can raise (a user-defined operator is refused before)."""
        own = {n.lower() for d in self.shape.objects for n in defining_names(d)}
        entries = {text(entry_name(e)).lower() for e in self.entries}
        return cannot_raise(cond, lambda n: text(n).lower() in own, entries)

    def start_up(self) -> list[str]:
        if not self.needs_start:
            return []
        out = [f"procedure {self.n.start_up} is", "begin"]
        body = [f"{self.n.stage} := {self.start_next};"]
        if self.deferred:
            body += ["begin"] + _ind("\n".join(self.deferred).split("\n")) + [
                "exception", STEP + "when others =>",
                STEP * 2 + f"{self.n.stage} := {CLOSED};  --  the task's declarations failed",
                STEP * 2 + "return;", "end;"]
        body += self.groups(self.start_groups, [])
        if self.timeout is not None:
            body = self.timeout.after_start(self, body)
        return out + _ind(body) + [f"end {self.n.start_up};", ""]

    def alt_code(self, alt: Alt, rq_count: list[int], rq_targets: list[str]):
        if alt.role == "inner":
            return self._inner_code(alt.plan), None
        if alt.nested is not None:
            return self._outer_code(alt, rq_count, rq_targets)
        out: list[str] = []
        hss = first_child(alt.accept, "handled_sequence_of_statements")
        label = None
        if hss is not None:
            seq = first_child(hss, "sequence_of_statements")
            subs = self._requeues(hss, seq, rq_count, rq_targets)
            label = subs[-1].text.split("goto ")[-1].rstrip(";") if subs and "goto" in subs[-1].text else None
            if alt.returns:
                # a return ends the rendezvous: on to what follows the accept body
                label = label or self._new_label()
                subs += [Sub(r.start_byte, r.end_byte, f"goto {label};") for r in alt.returns]
                subs.sort(key=lambda x: x.start)
            has_handlers = bool(named_children(hss, "exception_handler"))
            inner = self.src.block(hss.start_byte, hss.end_byte, "", subs).split("\n")
            if not subs and self._quiet_body(hss):
                out += inner          # cannot raise: no handler
            else:
                if has_handlers:
                    inner = ["begin"] + _ind(inner) + ["end;"]
                out += ["begin"] + _ind(inner) + ["exception", STEP + "when others =>"]
                out += _ind(self.fate(alt.in_block) + ["raise;  --  and the caller gets it"], 2)
                out += ["end;"]
        if label is not None:
            out.append(f"<<{label}>>")
        groups, nxt = self.after(alt)
        if self.staged:
            out.append(f"{self.n.stage} := {nxt};" + ("  --  the task's last accept: it ends"
                                                       if nxt == CLOSED else ""))
        return out, groups

    def _requeues(self, hss: Node, seq: Node, rq_count, rq_targets, stop: int | None = None):
        """Requeues of an accept body become a note of the target and a jump past it."""
        subs, label = [], None
        for r in [n for n in walk(hss) if n.type == "requeue_statement"]:
            if stop is not None and r.start_byte >= stop:
                continue
            rq_count[0] += 1
            rq_targets.append(self.src.node(r))
            repl = f"{self.n.requeue} := {rq_count[0]};"
            if stop is not None or not _is_tail(r, seq):
                if label is None:
                    label = self._new_label()
                repl += f"\ngoto {label};"
            subs.append(Sub(r.start_byte, r.end_byte, repl))
        if label is not None and subs and "goto" not in subs[-1].text:
            subs[-1] = Sub(subs[-1].start, subs[-1].end, subs[-1].text + f"\ngoto {label};")
        return subs

    def _new_label(self) -> str:
        self._labels += 1
        return f"{self.n.label}_{self._labels}"

    def _outer_code(self, alt: Alt, rq_count, rq_targets):
        plan: NestedPlan = alt.plan
        hss = first_child(alt.accept, "handled_sequence_of_statements")
        seq = first_child(hss, "sequence_of_statements")
        kids = seq.named_children
        before = kids[:kids.index(plan.inner)]
        subs = self._requeues(hss, seq, rq_count, rq_targets, stop=plan.inner.start_byte)
        label = next((x.text.split("goto ")[-1].rstrip(";") for x in subs if "goto" in x.text), None)
        body = self.src.block(before[0].start_byte, before[-1].end_byte, "", subs).split("\n") \
            if before else []
        body += [f"{c} := {p};" for p, mode, _t, c in plan.params if "in" in mode.split()]
        body += [f"{self.n.stage} := {plan.inner_stage};  --  to accept {text(plan.inner.named_children[0])}",
                 f"requeue {plan.resume};  --  until the nested accept has completed"]
        out = ["begin"] + _ind(body) + ["exception", STEP + "when others =>"]
        out += _ind(self.fate(alt.in_block) + ["raise;  --  and the caller gets it"], 2) + ["end;"]
        if label is None:
            return out, None
        groups, nxt = self.after(alt)
        return out + [f"<<{label}>>", f"{self.n.stage} := {nxt};"], groups

    def _inner_code(self, plan: NestedPlan) -> list[str]:
        done = f"{self.n.stage} := {plan.resume_stage};"
        hss = first_child(plan.inner, "handled_sequence_of_statements")
        if hss is None:
            return [done]
        names = {p.lower(): c for p, _m, _t, c in plan.params}
        subs = [Sub(i.start_byte, i.end_byte, names[text(i).lower()])
                for i in walk(hss) if i.type == "identifier"
                and text(i).lower() in names and not is_selector(i)]
        inner = self.src.block(hss.start_byte, hss.end_byte, "", subs).split("\n")
        if named_children(hss, "exception_handler"):
            inner = ["begin"] + _ind(inner) + ["end;"]
        handler = [f"Ada.Exceptions.Save_Occurrence ({plan.failure}, {plan.occurrence});",
                   f"{plan.failed} := True;", done,
                   "raise;  --  this caller gets it, and the outer caller when it resumes"]
        return (["begin"] + _ind(inner) + ["exception", STEP + f"when {plan.occurrence} : others =>"]
                + _ind(handler, 2) + ["end;", done])

    def resume_entry(self, plan: NestedPlan, decl: Node) -> list[str]:
        formal = first_child(decl, "formal_part")
        head = f"entry {plan.resume}"
        if formal is not None:
            head += " " + reindent(self.spec.node(formal), self.spec.column(formal.start_byte),
                                   len(head) + 1).lstrip()
        out = [head, f"  when {self.n.stage} = {plan.resume_stage}", "is", "begin"]
        hss = first_child(plan.outer.accept, "handled_sequence_of_statements")
        kids = first_child(hss, "sequence_of_statements").named_children
        after = kids[kids.index(plan.inner) + 1:]
        body = [f"if {plan.failed} then", STEP + f"{plan.failed} := False;",
                STEP + f"Ada.Exceptions.Reraise_Occurrence ({plan.failure});", "end if;"]
        body += [f"{p} := {c};" for p, mode, _t, c in plan.params if "out" in mode.split()]
        if after:
            body += self.src.block(after[0].start_byte, after[-1].end_byte, "").split("\n")
        inner = ["begin"] + _ind(body) + ["exception", STEP + "when others =>"]
        inner += _ind(self.fate(plan.outer.in_block) + ["raise;  --  and the caller gets it"], 2)
        inner += ["end;"]
        groups, nxt = self.after(plan.outer)
        inner += [f"{self.n.stage} := {nxt};"] + self.groups(groups, [])
        return out + _ind(inner) + [f"end {plan.resume};"]

    def entry(self, decl: Node, alts: list[Alt]) -> list[str]:
        name = text(entry_name(decl))
        family = _family(decl)
        formal = first_child(decl, "formal_part")
        head = f"entry {name}"
        if family is not None:
            head += f" (for {self.n.index} in {self.spec.node(family)})"
        if formal is not None:
            head += " " + reindent(self.spec.node(formal), self.spec.column(formal.start_byte),
                                   len(head) + 1).lstrip()
        closed = self.closed_test() if not self.needs_start else f"{self.n.stage} <= {CLOSED}"
        terms = ([closed] if self.can_end else []) + ([self.dead] if self.dead else []) + \
            self._terms(alts, family is not None)
        if not terms:
            terms = ["False"]   # never accepted, and the task never ends: callers wait
        if "True" in terms:
            terms = ["True"]    # an alternative without a guard: always open
        barrier = " or else ".join(terms) if len(terms) > 1 else _unwrap(terms[0])
        out = []
        if len(head) + len(barrier) + 10 <= 72 and "\n" not in head:
            out.append(f"{head} when {barrier} is")
        else:
            out += [head, f"  when {barrier}", "is"]
        rq_count, rq_targets, codes = [0], [], []
        for a in alts:
            code, groups = self.alt_code(a, rq_count, rq_targets)
            codes.append((a, code, groups))
        rq = self._rq_dispatch(rq_targets)
        if self._as_procedure(decl, barrier, rq_targets, alts):
            head = f"procedure {name}"
            if formal is not None:
                head += " " + reindent(self.spec.node(formal),
                                       self.spec.column(formal.start_byte),
                                       len(head) + 1).lstrip()
            out = [f"{head} is"]
            self.procedures.append(decl)
        if rq_targets:
            out.append(STEP + f"{self.n.requeue} : Natural := 0;")
        out.append("begin")
        dead = [f"if {self.dead} then",
                STEP + f"{self.n.stage} := {CLOSED};  --  no open alternative: Program_Error "
                "ended the task", "end if;"] if self.dead else []
        prologue = dead + [f"if {self.closed_test()} then",
                    STEP + "raise Tasking_Error;  --  the task has ended"]
        if self.needs_start:
            again = f"requeue {name}" + (f" ({self.n.index})" if family is not None else "")
            prologue += [f"elsif {self.n.stage} = {NOT_STARTED} then",
                         STEP + f"{self.n.start_up};", STEP + f"{again} with abort;"]
        if self.can_end:
            out += _ind(prologue + ["end if;"])
        bodies = []
        for a, code, groups in codes:
            body = code + (self.groups(groups, rq) + rq if groups is not None else [])
            if self.timeout is not None:
                body = self.timeout.around(self, a, body)
            body = _return_at_end(body)
            if not self.can_end and \
                    not [ln for ln in body if ln.strip() and not ln.strip().startswith("--")]:
                body.append("null;  --  an accept without statements")
            bodies.append(body)
        if not bodies:
            pass      # never accepted: only the closed object lets a call in
        elif len(bodies) == 1 or self._one_body(alts, bodies):
            out += _ind(bodies[0])
        else:
            for i, ((a, _c, _g), b) in enumerate(zip(codes, bodies)):
                out += _ind([("if " if i == 0 else "elsif ") + self._cond(a, family is not None,
                                                                          guard=True) + " then"])
                out += _ind(b, 2)
            out += _ind(["end if;"])
        out.append(f"end {name};")
        return out

    def _as_procedure(self, decl: Node, barrier: str, rq_targets: list[str],
                      alts: list[Alt]) -> bool:
        """An entry always open, whose body neither requeues nor waits for a timer or a
        nested accept, and which no caller can tell from a procedure: a procedure
        (RM 9.5.3(8): an open entry never queues its call)."""
        return (barrier == "True" and not self.needs_start and not rq_targets
                and self.timeout is None and _family(decl) is None
                and not any(a.plan is not None or a.nested is not None for a in alts)
                and text(entry_name(decl)).lower() in self.callable_as_procedure)

    def leave(self, note: str, on_exit: list[str] = ()) -> list[str]:
        """Leaving the server loop: to the first sync point after it, or the end; into
        a loop of accepts after it, entering that loop (its test) too.  ``on_exit``:
        what ends the entry body after that (for an exception there)."""
        post = next((i for i in self.shape.post if isinstance(i, (Sync, Inner))), None)
        if post is None:
            return [f"{self.set_closed()}  --  {note}"] + self.tail()
        if isinstance(post, Sync):
            return [f"{self.n.stage} := {post.stage};  --  {note}"] + self.tail()
        groups, nxt = self._walk("post", -1)
        return ([f"{self.n.stage} := {nxt};  --  {note}"] + self.tail(list(on_exit))
                + self.groups(groups, list(on_exit[:-1])))

    def tail(self, on_exit: list[str] = ()) -> list[str]:
        """What the task ran after its server loop, up to the next sync point or its
        end.  An exception there goes to the task's handlers, and it ends (``on_exit``
        then ends the entry body)."""
        nodes = self.shape.tail
        if not nodes:
            return []
        lines = self.stmts(nodes, []).split("\n")
        lines = ["--  the statements after the task's loop"] + lines
        if self.quiet(nodes):
            return lines
        ending = not any(isinstance(i, (Sync, Inner)) for i in self.shape.post)
        fate = self.fate(False) + list(on_exit) if self.shape.task_handlers or not ending \
            else ["null;  --  it ended the task, which was ending anyway"]
        return (["begin"] + _ind(lines) + ["exception", STEP + "when others =>"]
                + _ind(fate, 2) + ["end;"])

    def set_closed(self) -> str:
        """The statement that closes the object: the task has ended."""
        return f"{self.n.ended} := True;" if self.state == "flag" else f"{self.n.stage} := {CLOSED};"

    def closed_test(self) -> str:
        return self.n.ended if self.state == "flag" else f"{self.n.stage} = {CLOSED}"

    def _terms(self, alts: list[Alt], family: bool) -> list[str]:
        """The barrier's term for each alternative.  An entry accepted unguarded in
        every branch of an if or case statement is open whichever is taken: one term,
        without the branch conditions."""
        terms = []
        for a in alts:
            if a.branch is not None and self._every_branch(a, alts, family):
                terms.append(self._cond(a, family, branch=False))
            elif a.branch is not None:
                terms.append(self._cond(a, family, levels=self._levels(a, alts, family)))
            else:
                terms.append(self._cond(a, family))
        return list(dict.fromkeys(terms))

    def _levels(self, alt: Alt, alts: list[Alt], family: bool) -> int:
        """How many of the branches leading to ``alt`` its barrier must name: fewer
        when its entry is accepted unguarded in every branch nested in one of them
        (``Flag and then Count > 0`` and ``Flag and then not (Count > 0)`` are
        ``Flag``)."""
        levels = alt.branch.levels
        if alt.guard is not None or (family and alt.index is not None):
            return len(levels)
        sync = next(s for s in self.shape.syncs if s.stage == alt.stage)
        leaves = {a.branch.path for a in sync.alts}
        mates = {a.branch.path for a in alts if a.stage == alt.stage and a.branch is not None
                 and a.guard is None and not (family and a.index is not None)}
        for k in range(1, len(levels)):
            prefix = alt.branch.path[:k]
            if {p for p in leaves if p[:k] == prefix} <= mates:
                return k
        return len(levels)

    def _one_leaf(self, stage: int) -> bool:
        """The sync point is an if without else of one branch: the object is at its
        stage only when the task took that branch, whose condition is then implied."""
        sync = next(s for s in self.shape.syncs if s.stage == stage)
        return bool(sync.skip) and len({a.branch.path for a in sync.alts}) == 1

    def _every_branch(self, alt: Alt, alts: list[Alt], family: bool) -> bool:
        """Is ``alt``'s entry accepted unguarded wherever the task may wait at its sync
        point?  (Or has the sync point one such place: an if without else of one
        branch, the object at its stage only when its condition held.)"""
        if self._one_leaf(alt.stage):
            return True
        sync = next(s for s in self.shape.syncs if s.stage == alt.stage)
        leaves = {a.branch.path for a in sync.alts}
        mates = [a for a in alts if a.stage == alt.stage and a.branch is not None
                 and a.guard is None and not (family and a.index is not None)]
        return alt in mates and {a.branch.path for a in mates} == leaves

    def _one_body(self, alts: list[Alt], bodies: list[list[str]]) -> bool:
        """The alternatives of one sync point, in branches of an if or case statement,
        whose code reads the same: one body, without telling them apart.  The barrier
        lets a call in only when one of them is open (the closed and dead stages are
        handled before)."""
        return all(a.branch is not None and a.stage == alts[0].stage for a in alts) and \
            all(b == bodies[0] for b in bodies)

    def _branch(self, b: Branch, levels: int | None = None) -> tuple[str, bool]:
        """The condition under which the task takes branch ``b`` (and the branches of
        the statements around it; ``levels``: the outermost ones only), in Ada, and
        whether it is one relation (it can stand beside ``and then`` or ``or else``)."""
        parts = [p for level in b.levels[:levels] for p in self._level(level)]
        return " and then ".join(parts), len(parts) == 1

    def _level(self, b: Branch) -> list[str]:
        """The terms of taking branch ``b`` of its own statement, each one relation or
        parenthesised, to be joined by ``and then``."""
        if b.selector is not None:
            sel = _flat(self.src, b.selector)
            if b.choices:
                if len(b.choices) == 1 and self.is_value(b.choices[0]):
                    return [f"{sel} = {_flat(self.src, b.choices[0])}"]
                return [f"{sel} in {' | '.join(_flat(self.src, c) for c in b.choices)}"]
            return [f"{sel} not in {' | '.join(_flat(self.src, c) for c in b.others)}"]
        parts = []
        for cond, holds in b.tests:
            t = _flat(self.src, cond)
            if holds:
                parts.append(t if _one_relation(cond) else f"({t})")
            else:
                parts.append(f"not {t}" if _name_only(cond) else f"not ({t})")
        return parts

    def _cond(self, alt: Alt, family: bool, guard: bool = True, branch: bool = True,
              levels: int | None = None) -> str:
        """``levels``: name only the outermost ones of the branches leading to it."""
        parts = [f"{self.n.stage} = {alt.stage}"] if self.staged else []
        if family and alt.index is not None:
            parts.append(f"{self.n.index} = {_flat(self.src, alt.index)}")
        if branch and alt.branch is not None and not self._one_leaf(alt.stage):
            b, simple = self._branch(alt.branch, levels)
            parts.append(b if simple else f"({b})")
        if guard and alt.guard is not None:
            g = _flat(self.src, alt.guard)
            parts.append(g if not parts and _one_relation(alt.guard) else f"({g})")
        if not parts:
            return "True"     # the one sync point, no guard: always open
        return "(" + " and then ".join(parts) + ")" if len(parts) > 1 else parts[0]

    def _rq_dispatch(self, targets: list[str]) -> list[str]:
        if not targets:
            return []
        out = [f"case {self.n.requeue} is"]
        for i, t in enumerate(targets, 1):
            out += [STEP + f"when {i} =>", STEP * 2 + squeeze(t)]
        return out + [STEP + "when others =>", STEP * 2 + "null;", "end case;"]


class _Passing:
    """The context in which an if statement without else is being gone past."""
    def __init__(self, passing: set[int], stage: int):
        self.passing, self.stage = passing, stage

    def __enter__(self):
        self.passing.add(self.stage)

    def __exit__(self, *exc):
        self.passing.discard(self.stage)


def _one_relation(expr: Node) -> bool:
    """No logical operator at the top of ``expr``: it can stand beside ``or else``."""
    return not any(c.type in ("and", "or", "xor") for c in expr.children)


def _name_only(expr: Node) -> bool:
    """``Lit`` or ``(...)``: ``not`` applies to it without parentheses."""
    inner = expr
    while inner.type in ("expression", "relation", "term", "factor", "primary") \
            and len([c for c in inner.children if c.type != "comment"]) == 1:
        inner = inner.named_children[0]
    return inner.type in ("identifier", "selected_component", "parenthesized_expression")


def _unwrap(cond: str) -> str:
    """``(C)`` as ``C`` when those parentheses enclose all of it: a barrier of one term."""
    if not (cond.startswith("(") and cond.endswith(")")) or '"' in cond \
            or "'('" in cond or "')'" in cond:
        return cond
    depth = 0
    for i, ch in enumerate(cond):
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0 and i < len(cond) - 1:
            return cond            # "(A) and then (B)": not one pair
    return cond[1:-1]


def _return_at_end(body: list[str]) -> list[str]:
    """A jump to a label that ends the entry body is a return, as one writes it."""
    last = body[-1].strip() if body else ""
    if not (last.startswith("<<") and last.endswith(">>")):
        return body
    jump = f"goto {last[2:-2]};"
    return [ln.replace(jump, "return;") if ln.strip() == jump else ln for ln in body[:-1]]


def _ind(lines: list[str], n: int = 1) -> list[str]:
    return [STEP * n + ln if ln.strip() else "" for ln in lines]


def _family(decl: Node) -> Node | None:
    name = entry_name(decl)
    kids = decl.named_children
    for c in kids[kids.index(name) + 1:] if name is not None else ():
        if c.type in ("formal_part", "aspect_specification"):
            return None
        if c.type != "comment":
            return c
    return None


def _flat(src: Source, node: Node) -> str:
    raw = src.node(node)
    if any(n.type in ("comment", "string_literal", "character_literal") for n in walk(node)):
        return raw
    return " ".join(raw.split())


def _exits_in(node: Node) -> list[Node]:
    return [n for n in walk(node) if n.type == "exit_statement" and n != node]


def _is_tail(stmt: Node, top: Node) -> bool:
    """Is nothing executed after ``stmt`` in the sequence ``top``?"""
    node = stmt
    while node != top:
        seq = node.parent
        if seq is None or seq.type != "sequence_of_statements":
            return False
        rest = [c for c in seq.named_children if c.type != "comment"]
        if rest[-1] != node:
            return False
        if seq == top:
            return True
        owner = seq.parent
        while owner is not None and owner.type not in ("if_statement", "case_statement"):
            if owner.type in ("loop_statement", "block_statement", "handled_sequence_of_statements"):
                return False
            owner = owner.parent
        if owner is None:
            return False
        node = owner
    return True
