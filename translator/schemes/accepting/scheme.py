"""Accepting-server elimination (paper section 6.1, Figures 1 and 5).

A task that loops over accepts becomes a protected object with the same
entries; callers do not change.  ``translate`` returns the edits for one
task, across the files holding its declaration, body and body stub, or
raises ``Refusal`` with the construct, its place and the reason.
"""

from __future__ import annotations

from ...frontend.blocking import BlockingAnalysis
from ...frontend.body_structure import family_index
from ...frontend.calls import call_context
from ...frontend.decls import formals
from ...write.edits import Edit
from ...model import Location, Model, Task
from ...frontend.structure import own_nodes
from ...frontend.syntax import (Node, ancestors, defining_names, entry_name, first_child,
    one_line, text, walk)
from ...frontend.workspace import FileUnit, Workspace
from ..base import ACTIVATION_NOTE, Refusal, SchemeContext, refusal
from ..common import activation, finalizers, recursion
from ..common import components, sizes
from ..common import uses
from ..common import hidden_calls
from . import interfaces
from ..common import startup
from ..runtime.by_copy import is_by_copy
from ..runtime.conditional_requeue import conditional_requeue
from ..common.fragments import STEP, Source, comment_lines, fresh_name, param_parts
from ..common.refusals import ABORTED, ShapeError, attribute_reason, refusal_of
from ..common.site import Nodes
from ..common.tree import is_generic_formal, is_selector, is_within, line_start
from .body import CLOSED, NOT_STARTED, BodyGen, ForLoop, Names, NestedPlan
from ..common.obstacles import Sink, each
from ..common.quiet import SCALAR_TYPES, Quiet
from . import endless
from . import long_actions
from ..common import body_context, moved, polling, ranges, termination
from ..common.bounded import Bounded
from . import procedures
from . import task_uses
from . import timeouts
from ..common.initial import Initial
from .own_functions import OwnFunctions
from ..common.raising import cannot_raise, count_prefix
from .shape import Alt, Shape, Sync, analyse, exit_conditions, param_names

SCHEME = "accepting-server"


def translate(ws: Workspace, model: Model, task: Task, nodes: Nodes,
              ctx: SchemeContext) -> list[Edit]:
    """The edits, or Refusal naming every obstacle the independent checks find: the
    preconditions, the shape (primary obstacles first), potentially blocking
    operations, calls the analysis cannot follow, then the checks of the translation
    itself, which need the shape and run only when it fits.  ``ctx`` gives the names
    in use and takes the with clauses the rewrite needs."""
    if not task.resolved:
        raise Refusal(task.spec, task.name, "GNAT did not resolve this task's units (see the "
                                            "errors above), so its calls cannot be checked")
    model, task = interfaces.with_interface_calls(ws, model, task)   # calls through them
    found = _preconditions(ws, model, task, nodes)
    try:
        shape, errors = analyse(nodes.structure), []
        back = moved.unshown_constants(ws, nodes.body_fu, shape.moved)
        shape.moved = [d for d in shape.moved if d not in back]
        shape.objects = sorted(shape.objects + back, key=lambda d: d.start_byte)
    except ShapeError as exc:
        shape, errors = None, each(exc)
    found += [refusal_of(e, ws, nodes) for e in errors if e.primary]
    blockers = _blockers(ws, model, task, nodes)
    found += blockers
    found += [refusal_of(e, ws, nodes) for e in errors if not e.primary]
    sink = Sink()
    hidden_calls.check_task(ws, model, task, nodes.body_fu, nodes.body, sink)
    calls = [refusal_of(e, ws, nodes) for e in sink.errors]
    found += calls
    # what a handler no exception reaches would call (in_dead_handler)
    unreached = set(blockers) | set(calls)
    if shape is not None and any(s.delay is not None for s in shape.syncs):
        found += timeouts.protected_calls(model, ws, task)
    found += long_actions.refusals(ws, model, task, nodes,
                                   shape.loop if shape is not None else None)
    found += recursion.refusals(ws, model, task, "the object would run it inside its "
                                "caller's call, where a poll waits for that caller in vain")
    if shape is not None:
        generator = _Generator(ws, task, nodes, shape, ctx)
        try:
            es = generator.edits()
        except ShapeError as exc:
            found += [refusal_of(e, ws, nodes) for e in each(exc)]
        except Exception:
            if not found:
                raise
            # the task is refused for what was found; a translation it never gets
            # must not turn that refusal into an internal error
        else:
            found = [f for f in found
                     if f not in unreached or not generator.in_dead_handler(f.loc)]
            if not found:
                return es
    raise refusal(_distinct(found))


def _distinct(found: list[Refusal]) -> list[Refusal]:
    return list(dict.fromkeys(found))


def _preconditions(ws: Workspace, model: Model, task: Task, nodes: Nodes) -> list[Refusal]:
    """What stands in the way before the body is read: aspects and pragmas, the task's
    attributes and aborts, interfaces, and calls the run-time or activation order
    treats otherwise.  All of them, independent of each other."""
    found = []
    for a in task.aspects:
        found.append(Refusal(a.loc, a.text, f"{a.kind.split(':')[1].capitalize()} on the "
                             "task: a protected object runs in its callers and cannot "
                             "keep it"))
    found += interfaces.refusals(ws, task, nodes)
    for u in task.uses:
        if u.kind in task_uses.KEPT and task_uses.kept(task):
            continue          # kept: the object answers them (task_uses.py)
        if u.kind == "abort":
            found.append(Refusal(u.loc, u.text, ABORTED))
        else:                 # every attribute the object does not answer, 'Size too
            found.append(Refusal(u.loc, u.text, attribute_reason(u.kind.split(":")[-1])))
    # the uses of the task (of its objects) the object cannot answer (task_uses.py)
    found += [refusal_of(e, ws, nodes) for e in task_uses.errors(ws, task, nodes.body)]
    hit = conditional_requeue(ws, model, task, with_abort_too=True)
    if hit is not None:
        found.append(Refusal(*hit))
    hit = activation.early_start(ws, task, nodes.spec_fu, nodes.decl)
    if hit is not None:
        found.append(Refusal(*hit))
    found += polling.refusals(ws, task, nodes.body_fu, nodes.body, nodes.decl)
    found += finalizers.refusals(ws, task)
    return found


def _blockers(ws: Workspace, model: Model, task: Task, nodes: Nodes) -> list[Refusal]:
    """Every potentially blocking operation the task body would run inside a protected
    action, directly or through the subprograms it calls."""
    blocking = BlockingAnalysis(model.subprograms,
                                {t.name for t in model.tasks if t.kind == "type"},
                                lambda loc: is_generic_formal(ws, loc))
    skip = {nodes.body_fu.loc(i) for i in own_nodes(nodes.body) if i.type == "identifier"
            and (ctx := call_context(i)) is not None and ctx[0] == "requeue"}
    # a select's delay alternative is the shape's to refuse, by what it is
    skip |= {nodes.body_fu.loc(d) for d in own_nodes(nodes.body)
             if d.type in ("delay_relative_statement", "delay_until_statement")
             and d.parent is not None and d.parent.type == "delay_alternative"}
    delays = [(d.start_byte, d.end_byte) for d in own_nodes(nodes.body)
              if d.type == "delay_alternative"]
    fu = nodes.body_fu

    def where(loc: Location) -> str:
        off = fu.offset(loc.line, loc.col) if loc.path == fu.display else None
        if off is not None and any(a <= off < b for a, b in delays):
            return ("would run inside a protected action, the timer's handler, which runs "
                    "the delay alternative when the delay expires (no caller is there to run "
                    "it outside)")
        return "would run inside a protected action"
    inside = _protected_operation_calls(ws, task)
    return [Refusal(b.loc, b.what, f"{where(b.loc)}: {b.describe()}")
            for b in blocking.body_blockers(task.body.calls, task.body.constructs, skip)
            if b.loc not in inside]


def _protected_operation_calls(ws: Workspace, task: Task) -> set[Location]:
    """The task's calls of protected procedures and functions.  Such a call is not
    potentially blocking (RM 9.5.1(8) names entry calls only); what its body does
    runs inside that object's protected action whoever calls it, in the original as
    in the translation: a Put_Line there is the same bounded error at the same place
    (Program_Error there under Detect_Blocking in both), not an obstacle of the
    server.  Below an ordinary subprogram the blocking analysis gives one path only,
    and is left alone."""
    from ...frontend.calls import body_node_at
    found = set()
    for call in task.body.calls:
        if call.kind != "subprogram" or call.body is None:
            continue
        hit = body_node_at(ws, call.body)
        if hit is not None and any(a.type == "protected_body" for a in ancestors(hit[1])):
            found.add(call.loc)
    return found


class _Generator:
    def __init__(self, ws: Workspace, task: Task, nodes: Nodes, shape: Shape,
                 ctx: SchemeContext):
        self.ws, self.task, self.nd, self.shape = ws, task, nodes, shape
        self.spec = Source(nodes.spec_fu)
        self.body = Source(nodes.body_fu)
        self.used = _identifiers([nodes.spec_fu, nodes.body_fu])   # in the object
        self.used |= interfaces.names(ws, nodes)   # none may implement an interface's procedure
        self.outer_used = set(ctx.names)                           # where it is declared
        self.ctx = ctx
        self.origin = f"{SCHEME} {task.qualified_name}"
        self.gen: BodyGen | None = None

    def in_dead_handler(self, loc: Location) -> bool:
        """Is ``loc`` in a handler of the task no exception can reach?  Where no code of
        the task can raise or end it (BodyGen.can_end: guards and family indexes that
        raise are refused) and no delay alternative evaluates a duration, its handlers
        never run: the translation leaves them out, and what they call is no obstacle
        (a Put_Line of the exception's information, say)."""
        gen = self.gen
        if gen is None or gen.can_end or any(s.delay is not None for s in self.shape.syncs):
            return False
        fu = self.nd.body_fu
        at = fu.offset(loc.line, loc.col) if loc.path == fu.display else None
        return at is not None and any(
            h.start_byte <= at < h.end_byte
            for h in self.shape.task_handlers + self.shape.block_handlers)

    def fresh(self, base: str, outer: bool = False) -> str:
        """A new name in the object; ``outer``: also new where the object is declared."""
        return fresh_name(base, self.used, self.outer_used if outer else self.used)

    def edits(self) -> list[Edit]:
        tdef = first_child(self.nd.decl, "task_definition")
        entries = [e for e in tdef.named_children if e.type == "entry_declaration"]
        part = first_child(self.nd.body, "non_empty_declarative_part")
        specs = [d for d in own_nodes(self.nd.decl) if d.type == "discriminant_specification"]
        discs = {n.lower() for d in specs for n in defining_names(d)}
        defaulted = {n.lower() for d in specs if any(c.type == ":=" for c in d.children)
                     for n in defining_names(d)}
        sink = Sink()
        self.moved_keys: set[tuple] = set()
        if self.shape.moved:
            found = sink.run(moved.renames, self.ws, self.nd.body_fu, self.nd.body,
                             self.shape.moved, self.task.name,
                             lambda b: self.fresh(b, outer=True))
            sink.run(moved.check_literals, self.ws, self.nd.body_fu, self.nd.body,
                     self.shape.moved)
            if found is not None:
                self.body = moved.Renamed(self.nd.body_fu, found[0])
                self.moved_keys = found[1]
        self._qualify_body_context(sink)
        objects = [d for d in (part.named_children if part else ())
                   if d.type in ("object_declaration", "comment")
                   and d not in self.shape.moved]      # a static constant moves
        own = {d.start_byte for d in objects}
        objects += [d for d in self.shape.objects if d.start_byte not in own]   # of blocks
        quiet = Quiet(self.ws, self.nd.body_fu, {text(entry_name(e)).lower()
                                                 for e in entries})
        self.scope_first, self.scope_quiet = self._scope(quiet, sink)
        self.objects_moved = objects      # their sizes are checked last (common/sizes.py)
        comps = sink.run(components.build, self.body, objects, discs, self.task.name,
                         lambda b: self.fresh(b, outer=True), defaulted,
                         set() if self.scope_first
                         else {d.start_byte for d in self.shape.scoped})
        inside = [(self.nd.spec_fu, self.nd.decl), (self.nd.body_fu, self.nd.body)]
        check = lambda nodes, when, **kw: startup.check(   # noqa: E731
            self.ws, self.nd.body_fu, inside, nodes, when, sink=sink, **kw)
        sink.run(self._check_visible, tuple(self.shape.moved), outside=True)
        # elaborated before the object, not at the task's activation (common/ranges.py)
        for d in [*self.shape.moved, *objects]:
            sink.run(ranges.check, self.ws, self.nd.body_fu, d)
            if d.type == "object_declaration":      # a default, given when it is declared
                sink.run(ranges.check_value, self.ws, self.nd.body_fu, d, integers_only=True)
        # evaluated where the object is declared, not at the task's activation; one
        # refused for what it reads or calls (startup.py, below) is not refused again
        initial = Initial(self.ws, self.nd.body_fu, quiet)
        for d in objects:
            if d.type == "object_declaration" and not self._reads_moment(d, inside):
                sink.run(initial.check, d)
        # a use clause, a package or subprogram renaming evaluates nothing; an object
        # renaming evaluates its name (indexes, calls) where it is declared
        check([d for d in self.shape.moved if d.type not in (
            "use_clause", "package_renaming_declaration", "subprogram_renaming_declaration")],
            "when it is declared")
        if comps is not None:
            sink.run(self._check_visible, comps.moved_out)
            check(list(comps.moved_out), "when it is declared")
            sink.run(startup.check_default_init, self.ws, self.nd.body_fu,
                     list(comps.default_init), "when it is declared")
        check((list(comps.deferred_from) if comps is not None else [])
              + _start_statements(self.shape) + self._scope_at_start(),
              "at the first call of one of its entries")
        quiet_loops = []
        for loop in _open_loops(self.nd.body, self.shape):
            before = len(sink.errors)
            check([loop],
                  "inside a caller's call, where a loop that waits for that caller "
                  + ("waits in vain up to its bound" if termination.ranged(loop)
                     else "never ends"),
                  then="in a loop of its own, after an accept")
            if len(sink.errors) == before and not termination.ranged(loop):
                quiet_loops.append(loop)        # one obstacle a loop is enough; a for ends
        endless.check(self.ws, self.ctx.model.subprograms, self.task.body.calls, self.nd,
                      quiet_loops, sink)
        read_outside = set()
        for g in (g for sync in self.shape.syncs for g in sync.guards + sync.conditions):
            before = len(sink.errors)
            check([g], "each time it evaluates the barrier",
                  then="once, when it reaches the select")
            if len(sink.errors) > before:
                read_outside.add((g.start_byte, g.end_byte))
        # a family index of an accept becomes part of its entry's barrier too
        for i in (a.index for sync in self.shape.syncs for a in sync.alts
                  if a.index is not None):
            before = len(sink.errors)
            check([i], "each time it evaluates the barrier",
                  then="once, when it reaches the accept")
            if len(sink.errors) > before:
                read_outside.add((i.start_byte, i.end_byte))
        self._check_guards(sink, read_outside)
        self._check_counts(sink)
        check([self.shape.cond] if self.shape.cond is not None else [],
              "inside the call that ends each pass, its caller still waiting",
              then="when it tests its while loop's condition, its caller released")
        # an exit of the server loop decides, as a while condition does, whether the
        # task ends; it ran with its caller released (review10: an Atomic Shutdown the
        # caller sets once its call returns was read before the caller could set it)
        check(exit_conditions(self.shape.loop),
              "inside the call of one of its entries, that caller still waiting",
              then="when it tests the condition of an exit of its server loop, its "
                   "caller released")
        for_loop = sink.run(self._for_loop, inside) if self.shape.for_spec is not None else None
        for inner in (i for i in self.shape.inner if i.for_spec is not None):
            inner.for_loop = sink.run(self._for_loop, inside, inner)
        if comps is None:
            sink.close()
        names = Names(self.fresh("Stage"), self.fresh("Start_Up"), self.fresh("Index"),
                      self.fresh("Requeue_To"), self.fresh("Accepted"), self.fresh("Ended"))
        sites = sink.run(task_uses.sites, self.ws, self.task, self.nd.body_fu,
                         self.nd.body) if task_uses.kept(self.task) else []
        self.sites = sites or []
        kinds = {s.kind for s in self.sites}
        gen = BodyGen(self.body, self.spec, self.shape, names, entries, comps.deferred,
                      quiet.statements, aborted="abort" in kinds, is_value=quiet.is_value,
                      scope=(self.scope_first, self.scope_quiet))
        self.gen = gen
        self.ops = task_uses.Operations(self.fresh("Is_Callable"), self.fresh("Is_Terminated"),
                                        self.fresh("Abort_Task"))
        gen.for_loop = self.for_loop = for_loop
        gen.callable_as_procedure = self._callable_as_procedures(entries)
        self.plans = self._nested_plans(entries)
        self.timeout = gen.timeout = self._timeout(gen, entries, kinds, sink)
        self._check_sites(gen, sink)
        sink.run(self._check_capture, gen, entries)
        sink.run(sizes.check, self.ws, self.nd.body_fu, self.objects_moved,
                 "in the protected object, declared where the task was")
        sink.run(sizes.check_code, self.ws, self.nd.body_fu, self.nd.body)
        sink.close()
        body_text = self._body_text(gen, entries)
        edits = [self._keyword_edit(self.nd.spec_fu, self.nd.decl),
                 self._private_part(tdef, names, comps, gen)]
        edits += [self._procedure_edit(d) for d in gen.procedures]
        if self.plans:
            self.ctx.need_with(self.nd.spec_fu, ["Ada.Exceptions"],
                               self.origin + " (nested accept)", self.nd.decl)
        if self.timeout is not None:
            edits += self._timeout_edits()
        outside = [self.body.block(d.start_byte, d.end_byte, "") for d in self.shape.moved]
        outside += list(comps.types)
        if outside:
            start = line_start(self.spec.data, self.nd.decl.start_byte)
            indent = self.spec.line_indent(self.nd.decl.start_byte)
            lines = [ln for t in outside for ln in t.split("\n")]
            edits.append(Edit(self.nd.spec_fu.src.path, start, start,
                              "".join(f"{indent}{ln}\n" if ln.strip() else "\n"
                                      for ln in lines), self.origin))
        edits.append(Edit(self.nd.body_fu.src.path, self.nd.body.start_byte,
                          self.nd.body.end_byte, body_text, self.origin))
        if self.nd.stub is not None:
            edits.append(self._keyword_edit(*self.nd.stub))
        edits += task_uses.edits(self.sites, self.ops, self.origin)
        if self.task.kind == "type":
            aborted = task_uses.aborted(self.ws, self.sites)   # Abort_Task needs a variable
            edits += uses.in_out_edits(self.ws, self.task, self.origin, aborted)
            edits += uses.constant_edits(self.ws, self.task, self.origin, aborted)
        return edits

    def _scope(self, quiet: Quiet, sink: Sink) -> tuple[bool, bool]:
        """Objects of blocks become components (shape.py).  Those of the block around
        the server loop's body (``scoped``) get their initial values again where the
        task entered the block: at each pass, and on entering the loop unless their
        component defaults give the same (``first``: nothing runs before the loop and
        they read no variable of the task); ``quiet``: none of those can raise.  Those
        of a block around the loop itself are the task's own, given once: their
        initial values must not raise (the task's handlers would get the exception,
        the object's declaration would raise it instead)."""
        local = {n.lower() for d in self.shape.objects for n in defining_names(d)}
        scoped = {d.start_byte for d in self.shape.scoped}
        own = {o.start_byte for o in _own_objects(self.nd.body)}
        for d in self.shape.objects:
            if d.start_byte not in own:
                sink.run(self._check_hiding, d)
            if d.start_byte in scoped:
                sink.run(self._scoped_type, d)
            elif d.start_byte not in own and not quiet.initial_values(d):
                sink.add(ShapeError(d, "an initial value, in a block around the server loop, "
                                       "that can raise: the task's exception handlers would "
                                       "get the exception, the object's declaration would "
                                       "raise it instead; not translated"))
        inits = [_initial(d) for d in self.shape.scoped]
        reads = any(components.identifiers(e) & local for e in inits if e is not None)
        calm = all(quiet.initial_values(d) for d in self.shape.scoped)
        if not calm and self.shape.block_handlers:
            sink.add(ShapeError(self.shape.scope, "the block around the server loop's body "
                                "handles exceptions and gives its objects initial values "
                                "that can raise: after a handler the object would give them "
                                "again inside it; not translated"))
        return not reads and calm and not _start_statements(self.shape, True), calm

    def _check_hiding(self, d: Node) -> None:
        """An object of a block becomes a component, visible in the whole object: a use
        of its name outside the block, which denoted something else, would denote it."""
        block = next(a for a in ancestors(d) if a.type == "block_statement")
        names = {n.lower() for n in defining_names(d)}
        for n in list(own_nodes(self.nd.body)) + list(own_nodes(self.nd.decl)):
            if n.type == "identifier" and text(n).lower() in names and not is_selector(n) \
                    and not is_within(n, block) and not _names_parameter(n):
                raise ShapeError(n, f"'{text(n)}' outside the block declaring {text(n)} "
                                    f"(line {d.start_point[0] + 1}) would denote it once it "
                                    "becomes a component of the object: rename one")

    def _scope_at_start(self) -> list[Node]:
        """The initial values of the block around the loop body the start-up code gives:
        the task entered the block the first time when it was activated, before any
        accept (not when the component defaults stand for that)."""
        if self.scope_first or any(isinstance(i, Sync) and not i.skip for i in self.shape.pre):
            return []
        return [e for e in map(_initial, self.shape.scoped) if e is not None]

    def _scoped_type(self, d: Node) -> None:
        """An object created again at each pass must need no finalization and no default
        initialization, which the component, created once, would not repeat: a scalar
        type or a type of Standard (GNAT's cross-references tell)."""
        colon = next(c for c in d.children if c.type == ":")
        for ident in (c for c in d.named_children if c.type == "identifier"
                      and c.start_byte < colon.start_byte):
            ent = self.ws.xref.declared_at(self.nd.body_fu.pos(ident))
            if ent is None or not ent.type_ref:
                raise ShapeError(ident, f"GNAT's cross-references give no type for "
                                        f"{text(ident)}, declared in the block around the "
                                        "server loop's body")
            if ":" not in ent.type_ref:
                continue      # a type of Standard: no finalization, no default value
            base, line, col = ent.type_ref.rsplit(":", 2)
            tent = self.ws.xref.entities.get((base, int(line), int(col)))
            if tent is None or tent.kind not in SCALAR_TYPES:
                raise ShapeError(ident, f"{text(ident)}, declared in the block around the "
                                        "server loop's body, is created again at each pass; "
                                        "rdv2po translates that for objects of scalar types "
                                        "and types of Standard only (no default value, no "
                                        "finalization a component would not repeat)")

    def _callable_as_procedures(self, entries: list[Node]) -> set[str]:
        """The entries (lower-case names) no caller can tell from protected procedures
        (procedures.py); none of a task with progenitors (a dispatching call may be
        timed or conditional, and names the interface's procedure), nor overloaded."""
        if interfaces.written(self.nd.decl):
            return set()
        names = [text(entry_name(e)).lower() for e in entries]
        callers = procedures.Callers(self.ws)
        return {n for n, e in zip(names, entries) if names.count(n) == 1
                and all(self._by_copy(f) for f in formals(first_child(e, "formal_part")))
                and callers.plain_calls_only(self.nd.spec_fu.pos(entry_name(e)))}

    def _by_copy(self, f) -> bool:
        """Passed by copy to an entry and a procedure alike (RM 6.2(3)): an elementary
        parameter.  A composite one GNAT passes to an entry by reference, to a
        procedure as it chooses (an out array by copy: the caller's other components
        would be lost, ext_byref_out_partial)."""
        return f.mark is not None and not f.is_access and not f.aliased and \
            is_by_copy(self.ws, self.nd.spec_fu, f.mark)

    def _procedure_edit(self, decl: Node) -> Edit:
        kw = next(c for c in decl.children if c.type == "entry")
        return Edit(self.nd.spec_fu.src.path, kw.start_byte, kw.end_byte, "procedure",
                    self.origin)

    def _keyword_edit(self, fu: FileUnit, node: Node) -> Edit:
        kw = node.children[0]
        assert kw.type == "task", kw.type
        return Edit(fu.src.path, kw.start_byte, kw.end_byte, "protected", self.origin)

    def _private_part(self, tdef: Node, names: Names, comps, gen: BodyGen) -> Edit:
        end = next(c for c in tdef.children if c.type == "end")
        has_private = any(c.type == "private" for c in tdef.children)
        indent = self.spec.line_indent(self.nd.decl.start_byte)
        stages = "; ".join(f"{s.stage} = {_describe(s)}" for s in self.shape.syncs)
        lines = [] if has_private else ["private"]
        note = f"--  rdv2po: task {self.task.name} became this protected object"
        if gen.staged:
            note += f". {names.stage} is where the task stood: {stages}"
            if gen.can_end:
                note += f"; {CLOSED} = ended (calls raise Tasking_Error)"
        elif gen.state == "flag":
            note += f". {names.ended}: the task has ended (calls raise Tasking_Error)"
        if gen.needs_start:
            note += f"; {NOT_STARTED} = not started ({names.start_up} runs at the first call)"
        noted = [STEP + ln for ln in comment_lines(" ".join((note + ".").split()[1:]),
                                                   76 - len(indent) - len(STEP))]
        lines += noted
        if gen.staged:
            first = NOT_STARTED if gen.needs_start else self.shape.syncs[0].stage
            lines.append(STEP + f"{names.stage} : Integer := {first};")
        elif gen.state == "flag":
            lines.append(STEP + f"{names.ended} : Boolean := False;")
        for c in comps.lines:
            lines += [STEP + ln if ln.strip() else "" for ln in c.split("\n")]
        declared = set()
        for f in [self.for_loop] + [i.for_loop for i in self.shape.inner]:
            if f is None:
                continue
            if f.param.lower() not in declared:   # for loops with one parameter name share it
                declared.add(f.param.lower())
                lines.append(STEP + f"{f.param} : {f.component_type};  --  the for loop's index")
            lines.append(STEP + f"{f.last} : {f.component_type};  --  and its last value")
        if gen.needs_start:
            lines.append(STEP + f"procedure {names.start_up};")
        if self.timeout is not None:
            lines += [STEP + ln for ln in self.timeout.private_lines()]
        for plan in self.plans:
            lines.append(STEP + f"--  {plan.outer.entry}'s caller waits in {plan.resume} while "
                         f"{text(plan.inner.named_children[0])} is accepted")
            lines += [STEP + f"{c} : {t};" for _p, _m, t, c in plan.params]
            lines += [STEP + f"{plan.failure} : Ada.Exceptions.Exception_Occurrence;",
                      STEP + f"{plan.failed} : Boolean := False;"]
            decl = self._entry_decl(plan.outer.entry)
            formal = first_child(decl, "formal_part")
            head = f"entry {plan.resume}"
            if formal is not None:
                head += " " + self.spec.one_line(formal)
            lines.append(STEP + head + ";")
        if not has_private and lines == ["private"] + noted:
            lines = noted             # nothing private: the note only, after the entries
        visible = [STEP + d for d in task_uses.declarations(
            self.ops, {s.kind for s in self.sites}, self.task.name)]
        if self.timeout is not None:
            visible += [STEP + d for d in self.timeout.visible_lines()]
        if visible and has_private:
            raise ShapeError(tdef, "the task's declaration has a private part, before which "
                                   "the object's Is_Callable/Is_Terminated/Abort_Task "
                                   "would be declared: not translated")
        lines = visible + lines
        block = "".join(f"{indent}{ln}\n" if ln else "\n" for ln in lines)
        start = line_start(self.spec.data, end.start_byte)
        if self.spec.data[start:end.start_byte].strip():
            return Edit(self.nd.spec_fu.src.path, end.start_byte, end.start_byte,
                        "\n" + block + indent, self.origin)
        return Edit(self.nd.spec_fu.src.path, start, start, block, self.origin)

    def _body_text(self, gen: BodyGen, entries: list[Node]) -> str:
        name = text(first_child(self.nd.body, "identifier"))
        out = [f"protected body {name} is", ""]
        # the task body's subprograms: operations only the object calls, in their order
        sections = [self.body.block(op.start_byte, op.end_byte, "").split("\n") + [""]
                    for op in self.shape.operations]
        kinds = {s.kind for s in self.sites}
        if kinds:
            closed = gen.closed_test() if gen.can_end else "False"
            sections.append(task_uses.bodies(self.ops, kinds, closed, gen.set_closed()))
        sections += [gen.start_up()] if gen.needs_start else []
        sections += self.timeout.sections(gen) if self.timeout is not None else []
        by_entry: dict[int, list] = {}
        for s in self.shape.syncs:
            for a in s.alts:
                by_entry.setdefault(self._decl_of(a.accept).id, []).append(a)
        for plan in self.plans:
            by_entry.setdefault(self._decl_of(plan.inner).id, []).append(
                Alt(plan.inner, text(plan.inner.named_children[0]), None,
                    family_index(plan.inner), [], plan.inner_stage, plan.outer.in_block,
                    role="inner", plan=plan))
        for e in entries:
            sections.append(gen.entry(e, by_entry.get(e.id, [])) + [""])
        for plan in self.plans:
            sections.append(gen.resume_entry(plan, self._entry_decl(plan.outer.entry)) + [""])
        for sec in sections:
            out += [STEP + ln if ln.strip() else "" for ln in sec]
        out.append(f"end {name};")
        generated = "\n".join(out)
        lost = [self.body.node(c) for c in own_nodes(self.nd.body)
                if c.type == "comment" and self.body.node(c) not in generated]
        if lost:
            keep = [STEP + "--  rdv2po: comments of the task body, kept:"] + [STEP + c for c in lost]
            out[2:2] = keep + [""]
        indent = self.body.line_indent(self.nd.body.start_byte)
        return "\n".join(out[:1] + [indent + ln if ln else "" for ln in out[1:]])

    def _timeout(self, gen: BodyGen, entries: list[Node], kinds: set[str],
                 sink: Sink) -> timeouts.Plan | None:
        """The timer of the select with a delay alternative, or None; obstacles to ``sink``."""
        sync = next((s for s in self.shape.syncs if s.delay is not None), None)
        if sync is None:
            return None
        names = {text(entry_name(e)).lower() for e in entries}
        for e in timeouts.check_shape(self.shape, self.nd.body, lambda x: cannot_raise(
                x, self._cannot_raise_name, names)):
            sink.add(e)
        at = sync.delay.accept
        if "abort" in kinds:
            sink.add(ShapeError(at, "an abort of a task with a delay alternative: not "
                                    "translated"))
        for s in self.shape.syncs:
            for a in s.alts:
                if gen.after(a)[1] == sync.stage:
                    for e in timeouts.captured(gen, sync.delay,
                                               param_names(self._decl_of(a.accept))):
                        sink.add(e)
        inside = [(self.nd.spec_fu, self.nd.decl), (self.nd.body_fu, self.nd.body)]
        for e in timeouts.effects(self.ws, self.nd.body_fu, inside,
                                  timeouts.timeout_path(gen, sync.delay)):
            sink.add(e)
        # the task reaches the select from its activation (after its start-up code, which
        # the object then runs there too: Activate)
        activate = gen.start_next == sync.stage
        self.activations: list[tuple] = []     # (file unit, first statement, objects)
        if activate and self.task.kind == "type":
            found, refused = timeouts.object_activations(self.ws, self.nd)
            for r in refused[:1]:
                sink.add(ShapeError(r, f"an object of task type {self.task.name} may be "
                                       "created here; its tasks wait at the select with a "
                                       "delay alternative from their activation, where the "
                                       "object's timer must be set: rdv2po places that call "
                                       "only before the first statement of the body whose "
                                       "declarations declare the objects (stand-alone or in "
                                       "an anonymous array)"))
            self.activations = [(fu, site, [(name, is_array) for name in defining_names(d)])
                                for fu, site, d, is_array in found]
        elif activate:
            site = timeouts.activation_site(self.nd)
            if site is None:
                sink.add(ShapeError(at, "the task waits at this select from its activation, "
                                        "where the object's timer must be set: rdv2po places "
                                        "that call only before the first statement of the "
                                        "body whose declarations declare the task, not for "
                                        "a task declared elsewhere"))
            else:
                self.activations = [(self.nd.spec_fu, site, [(self.task.name, False)])]
        n = timeouts.Names(self.fresh("Timer"), self.fresh("Timer_Set"), self.fresh("Timer_At"),
                           self.fresh("Expiry"), self.fresh("Waiting"), self.fresh("Wait"),
                           self.fresh("Stop_Waiting"), self.fresh("Expired"),
                           self.fresh("Event"), self.fresh("Activate", outer=True))
        return timeouts.Plan(sync.delay, n, self.body, activate)

    def _timeout_edits(self) -> list[Edit]:
        """The with clause of the timing events, and the call that sets the first timer
        where the task was activated."""
        places = [(self.nd.spec_fu, self.nd.decl)]
        if self.nd.body_fu is not self.nd.spec_fu:
            places.append((self.nd.body_fu, self.nd.body))
        for fu, at in places:
            self.ctx.need_with(fu, [timeouts.WITH], self.origin + " (delay alternative)", at)
        by_site: dict[tuple, list[str]] = {}
        activate = self.timeout.n.activate
        note = f"  {ACTIVATION_NOTE}, waiting at its select"
        for fu, site, objects in self.activations:
            calls = by_site.setdefault((fu.src.path, site.start_byte), [])
            for name, is_array in objects:
                if is_array:
                    each = self.fresh("Each", outer=True)
                    calls.append(f"for {each} of {name} loop {each}.{activate}; end loop;{note}")
                else:
                    calls.append(f"{name}.{activate};{note}")
        edits = []
        for fu, site, _objects in self.activations:
            calls = by_site.pop((fu.src.path, site.start_byte), None)
            if calls:
                indent = Source(fu).line_indent(site.start_byte)
                edits.append(Edit(fu.src.path, site.start_byte, site.start_byte,
                                  "".join(f"{c}\n{indent}" for c in calls), self.origin))
        return edits

    def _for_loop(self, inside, inner=None) -> ForLoop:
        """The for server loop's parameter, type and range (or an ``inner`` for loop's),
        or ShapeError.  Inner for loops whose parameters have one name and type share
        its component (their lives do not overlap)."""
        spec = self.shape.for_spec if inner is None else inner.for_spec
        param = spec.named_children[0]
        name = text(param)
        taken = {n.lower() for d in self.shape.objects for n in defining_names(d)}
        taken |= {n.lower() for d in own_nodes(self.nd.decl)
                  if d.type == "discriminant_specification" for n in defining_names(d)}
        if name.lower() in taken:
            raise ShapeError(param, f"the for loop's parameter {name} has the name of a "
                                    "variable or discriminant of the task; it becomes a "
                                    "component of the object: rename it")
        loop = self.shape.loop if inner is None else inner.node
        mates = [i.node for i in self.shape.inner if i.for_spec is not None and i is not inner
                 and text(i.for_spec.named_children[0]).lower() == name.lower()] \
            if inner is not None else []
        for n in list(own_nodes(self.nd.body)) + list(own_nodes(self.nd.decl)):
            if n.type == "identifier" and text(n).lower() == name.lower() \
                    and not is_selector(n) and not is_within(n, loop) \
                    and not any(is_within(n, m) for m in mates):
                raise ShapeError(n, f"'{text(n)}' outside the for server loop would denote "
                                    f"the loop's parameter {name} once that becomes a "
                                    "component of the object: rename the parameter")
        ent = self.ws.xref.declared_at(self.nd.body_fu.pos(param))
        if ent is None or not ent.type_ref:
            raise ShapeError(param, f"GNAT's cross-references give no type for the for "
                                    f"loop's parameter {name}")
        if ":" not in ent.type_ref:       # a type of Standard
            type_name = "_".join(w.capitalize() for w in ent.type_ref.split("_"))
            component_type = type_name
        else:
            base, line, col = ent.type_ref.rsplit(":", 2)
            tent = self.ws.xref.entities.get((base, int(line), int(col)))
            decl = self.ws.loc_of(base, int(line), int(col))
            spec_loc = self.nd.spec_fu.loc(self.nd.decl)
            if tent is None or decl is None or decl.path != spec_loc.path or decl > spec_loc:
                where = f"declared at {decl}" if decl is not None else "declared elsewhere"
                raise ShapeError(param, f"the for loop's parameter {name} is of a type "
                                        f"{where}, not before the task's declaration in its "
                                        "file, where its index component is declared")
            type_name, component_type = tent.name, f"{tent.name}'Base"
        rng = spec.named_children[-1]
        subtype = None
        if rng.type == "range_constraint":
            mark = [c for c in spec.named_children[1:-1] if c.type != "comment"]
            subtype = self.body.node(mark[-1]) if mark else None
            rng = first_child(rng, "range_g")
        if rng is not None and rng.type in ("identifier", "selected_component"):
            mark = self.body.node(rng)
            low, high = f"{mark}'First", f"{mark}'Last"
        elif rng is not None and rng.type == "range_g" and \
                [c.type for c in rng.children] == ["term", "..", "term"]:
            low, high = (self.body.one_line(t) for t in rng.named_children)
        else:
            raise ShapeError(spec, "the for server loop's range is not 'L .. H', a subtype "
                                   "mark, or 'T range L .. H': not translated")
        startup.check(self.ws, self.nd.body_fu, inside, spec.named_children[1:],
                      "inside the entry call before the loop (or its first call), that "
                      "caller still waiting",
                      then="when it entered its for loop, its caller released")
        reverse = any(c.type == "reverse" for c in spec.children)
        for other in (i for i in self.shape.inner if i is not inner and i.for_loop):
            if other.for_loop.param.lower() == name.lower() and \
                    other.for_loop.component_type != component_type:
                raise ShapeError(param, f"the for loop's parameter {name} is of another type "
                                        "than the one of the loop at line "
                                        f"{other.node.start_point[0] + 1}, with which it "
                                        "would share its component: rename one")
        return ForLoop(name, self.fresh(f"{name}_Last"), type_name, component_type,
                       low, high, subtype, reverse)

    def _check_sites(self, gen: BodyGen, sink: Sink) -> None:
        """'Callable, 'Terminated and abort are kept only where the object closes
        when the task completed, and an abort releases every caller."""
        for s in self.sites:
            what = "an abort of the task" if s.kind == "abort" else \
                f"the task attribute '{s.kind.split(':')[1].capitalize()}"
            if gen.needs_start:
                sink.add(ShapeError(s.node, f"{what}: the task ran its start-up code when "
                                            "it was activated (and may have ended there); "
                                            "the object runs it at the first call, so "
                                            "before that call they would differ"))
            elif gen.dead:
                sink.add(ShapeError(s.node, f"{what}: where all the guards of its select are "
                                            "closed the task ends at once, the object only "
                                            "at the next call"))
            elif s.kind == "abort" and self.plans:
                sink.add(ShapeError(s.node, f"{what}: a caller of an accept holding a nested "
                                            "accept waits in a private entry an abort would "
                                            "not release"))

    def _check_guards(self, sink: Sink, refused: set[tuple[int, int]]) -> None:
        """The task evaluates its guards once, when it reaches the select (RM 9.7.1(15));
        a barrier is evaluated again whenever a call is queued or the object changes.

        ``X'Count`` in a guard is refused, also where X is an unguarded alternative of
        the same select: the task reaches the select with the calls of X queued during
        its last rendezvous counted, where the object, whose X is always open, never
        queues one (review10: ``when Y'Count > 0 => accept Z`` served Z in the task,
        never in the object).  A guard that
        can raise is refused: the exception ends the task at its select, every later
        call raising Tasking_Error, where a barrier that raises gives Program_Error to
        that entry's callers only and the other entries keep working.

        Each guard's obstacle goes to ``sink``, once; ``refused``: the guards (by byte
        range) already refused for what they read, not refused again."""
        tdef = first_child(self.nd.decl, "task_definition")
        entries = {text(entry_name(e)).lower() for e in tdef.named_children
                   if e.type == "entry_declaration"}
        kind_of = Quiet(self.ws, self.nd.body_fu, entries).kind_of
        bounded = Bounded(self.ws, self.nd.body_fu, self._cannot_raise_name)
        for sync in self.shape.syncs:
            self._check_conditions(sync, sink, refused, entries, (kind_of, bounded))
            self._check_indexes(sync, sink, refused, entries, (kind_of, bounded))
            if not sync.selects:
                continue
            for a in sync.alts:
                if a.guard is None:
                    continue
                for n in walk(a.guard):
                    prefix = count_prefix(n) if n.type == "attribute_designator" else None
                    if prefix is None:
                        continue
                    name = one_line(prefix)
                    entry = name.split("(")[0].strip()
                    sink.add(ShapeError(a.guard, f"`{name}'Count` in the guard of accept "
                                        f"{_accepted(a)}: the task reads it once when it "
                                        f"reaches the select, counting the calls of {entry} "
                                        "that came meanwhile (during its last rendezvous); a "
                                        "protected barrier reads it whenever the object "
                                        f"changes, and counts only calls queued on a closed "
                                        f"{entry}: a call could be refused or served in "
                                        "another order"))
                    refused.add((a.guard.start_byte, a.guard.end_byte))
                    break
            alt_of = {(a.guard.start_byte, a.guard.end_byte): a for a in sync.alts
                      if a.guard is not None}
            for guard in sync.guards:
                if (guard.start_byte, guard.end_byte) in refused or \
                        cannot_raise(guard, self._cannot_raise_name, entries, kind_of,
                                     bounded):
                    continue
                a = alt_of.get((guard.start_byte, guard.end_byte))
                what = f"accept {_accepted(a)}" if a is not None else "terminate"
                found = self._own_functions().called(guard)
                if found is not None:
                    sink.add(ShapeError(guard, f"the guard of {what} calls {found[0]}, a "
                                        "function of the task, and rdv2po does not take the "
                                        f"call as its expression: {found[1]}"))
                    continue
                sink.add(ShapeError(guard, f"the guard of {what} can raise (it does more "
                                    "than compare and test the task's variables, constants, "
                                    "literals and 'Count): the task evaluates it when it "
                                    "reaches the select, where an exception ends the task "
                                    "and every later call raises Tasking_Error; a barrier "
                                    "that raises would give Program_Error to that entry's "
                                    "callers only, the other entries working on"))

    def _check_counts(self, sink: Sink) -> None:
        """``E'Count`` in the task's code (a guard's is ``_check_guards``'): the task
        counts the calls of E that came while it was busy -- in a rendezvous, in its
        code after an accept -- queued on E; the object runs that code holding its
        lock, and a call coming meanwhile waits for the lock, queued on no entry, so
        the count misses it (review10: a count read after a long rendezvous was 1 in
        the task, 0 in the object)."""
        guards = [(g.start_byte, g.end_byte) for sync in self.shape.syncs
                  for g in sync.guards]
        for n in own_nodes(self.nd.body):
            prefix = count_prefix(n) if n.type == "attribute_designator" else None
            if prefix is None or any(lo <= n.start_byte < hi for lo, hi in guards):
                continue
            name = one_line(prefix)
            # the object requeues when the whole action ends, after the code that
            # follows the accept: there the count is read before the requeue
            entry = name.split("(")[0].strip().lower()
            if self._requeued_only(entry) and not self._after_own_requeue(n, entry):
                continue
            sink.add(ShapeError(prefix, f"`{name}'Count` in the task's code: the task "
                                "counts the calls that came while it was busy (in a "
                                "rendezvous, in its code after an accept), queued on the "
                                "entry; the object runs that code holding its lock, and a "
                                "call coming meanwhile waits for the lock, queued nowhere, "
                                "so the count would miss it"))

    def _after_own_requeue(self, n: Node, entry: str) -> bool:
        """May ``n``, outside the accept bodies, run in the object before a requeue it
        postpones?  The object requeues when the whole protected action ends: after
        the code following the accept, and the next pass's code up to its select
        (review12: a read at the loop's head).  Only code after the accept of a
        select alternative whose accept body requeues nowhere is sure to run with no
        requeue pending (any requeue counts: ``requeue Wait (1)``, ``requeue
        Srv.Wait`` name the entry in other words)."""
        if any(a.type == "accept_statement" for a in ancestors(n)):
            return False
        alt = next((a for a in ancestors(n) if a.type == "select_alternative"), None)
        accept = next((c for c in walk(alt) if c.type == "accept_statement"), None) \
            if alt is not None else None
        if accept is None or accept.start_byte > n.start_byte:
            return True
        return any(r.type == "requeue_statement" for r in walk(accept))

    def _requeued_only(self, entry: str) -> bool:
        """Does every call of the entry come by a requeue without abort in the task's
        own code?  Its queue then changes only inside the task's rendezvous, in the
        object only inside its protected actions: the count is the same in both (a
        call requeued with abort may time out and leave it at any moment), except in
        the code after an accept that requeues there, which the object runs before
        the requeue (``_after_own_requeue``)."""
        found = next((e for e in self.task.entries if e.name.lower() == entry), None)
        return found is not None and bool(found.calls) and all(
            c.kind == "requeue" and c.caller_task == self.task.qualified_name
            and self._internal(c.loc) and not polling.with_abort(self.ws, c.loc)
            for c in found.calls)

    def _internal(self, loc) -> bool:
        """Is the requeue at ``loc`` to the task's own entry: its target named bare
        (``Wait``, ``Wait (1)``) or through the task's name (the current instance)?
        In a task type, ``requeue Pool (2).Wait`` is to another object, whose queue
        changes while this one is busy (review12)."""
        fu = self.ws.by_display.get(loc.path)
        ident = fu.ident_at(loc.line, loc.col) if fu is not None else None
        stmt = next((a for a in ancestors(ident) if a.type == "requeue_statement"), None) \
            if ident is not None else None
        target = stmt.named_children[0] if stmt is not None and stmt.named_children else None
        while target is not None and target.type in ("function_call", "indexed_component"):
            target = target.named_children[0] if target.named_children else None
        if target is None:
            return False
        if target.type == "identifier":
            return True
        prefix = target.named_children[0] if target.type == "selected_component" else None
        return prefix is not None and prefix.type == "identifier" and \
            text(prefix).lower() == self.task.name.lower()

    def _check_indexes(self, sync: Sync, sink: Sink, refused, entries, kinds) -> None:
        """A family index joins its entry's barrier, evaluated again and again, before
        the guard: the task evaluates it once, and only when the alternative's guard is
        open (RM 9.7.1(15)).  It must not raise."""
        for a in sync.alts:
            i = a.index
            if i is None or (i.start_byte, i.end_byte) in refused or \
                    cannot_raise(i, self._cannot_raise_name, entries, *kinds):
                continue
            sink.add(ShapeError(i, f"the family index of accept {_accepted(a)} can raise (it "
                                "does more than read the task's variables, constants and "
                                "literals): the task evaluates it once, when it reaches the "
                                "accept and the guard is open, where an exception ends the "
                                "task; in a barrier it would be evaluated again and again, "
                                "also while the guard is closed, and give Program_Error to "
                                "that entry's callers"))

    def _check_conditions(self, sync: Sync, sink: Sink, refused, entries, kinds) -> None:
        """The conditions choosing a branch of an if or case statement of sync points
        become parts of barriers, as guards do: they must not raise."""
        for cond in sync.conditions:
            if (cond.start_byte, cond.end_byte) not in refused and \
                    not cannot_raise(cond, self._cannot_raise_name, set(), *kinds):
                sink.add(ShapeError(cond, "this condition chooses where the task waits and "
                                          "can raise: the object evaluates it in barriers, "
                                          "where an exception would reach the callers "
                                          "instead of ending the task"))

    def _reads_moment(self, decl: Node, inside) -> bool:
        """Does ``decl`` read or call what startup.check refuses (its own obstacle)?"""
        try:
            startup.check(self.ws, self.nd.body_fu, inside, [decl], "when it is declared")
            mark = startup.subtype_mark(decl)
            if mark is not None:
                startup.check_default_init(self.ws, self.nd.body_fu, [mark],
                                           "when it is declared")
        except ShapeError:
            return True
        return False

    def _cannot_raise_name(self, ident: Node) -> bool:
        """Reading it cannot raise: an object (variables outside the task are refused
        before), an enumeration literal, a named number, True or False, a call of the
        task's own expression function that reads the task's state (own_functions.py)."""
        found = self.ws.xref.at(self.nd.body_fu.pos(ident))
        if not found:
            own = {n.lower() for d in self.shape.objects for n in defining_names(d)}
            return text(ident).lower() in own | {"true", "false"}
        return all(startup.is_object(ent) or ent.kind in ("n", "N")
                   or self._own_functions().quiet(ent) for ent, _ in found)

    def _qualify_body_context(self, sink: Sink) -> None:
        """Names made visible by the package body's context clause, read by what moves
        into the spec: written expanded, their unit withed there (body_context.py)."""
        part = first_child(self.nd.body, "non_empty_declarative_part")
        moving = [d for d in (part.named_children if part else ())
                  if d.type not in ("comment",) and d not in self.shape.operations]
        found = sink.run(body_context.qualified, self.ws, self.nd.spec_fu, self.nd.decl,
                         self.nd.body_fu, self.nd.body, moving)
        if not found or not found[0]:
            return
        renames = dict(self.body.renames) if isinstance(self.body, moved.Renamed) else {}
        renames.update(found[0])
        self.body = moved.Renamed(self.nd.body_fu, renames)
        self.ctx.need_with(self.nd.spec_fu, found[1], self.origin + " (body's context)",
                           self.nd.decl)

    def _own_functions(self) -> OwnFunctions:
        """The task body's expression functions a guard may call (own_functions.py)."""
        if getattr(self, "_functions", None) is None:
            self._functions = OwnFunctions(self.ws, self.nd.body_fu, self.nd.body,
                                           self.shape.operations, self._cannot_raise_name)
        return self._functions

    def _entry_decl(self, name: str) -> Node:
        tdef = first_child(self.nd.decl, "task_definition")
        found = [e for e in tdef.named_children if e.type == "entry_declaration"
                 and text(entry_name(e)).lower() == name.lower()]
        if len(found) > 1:
            raise ShapeError(found[1], f"entry {name} is overloaded and has an accept nested "
                                       "in an accept: not translated")
        return found[0]

    def _decl_of(self, accept: Node) -> Node:
        """The entry declaration an accept is for.  Entries may be overloaded (same name,
        other parameter profile): then the accept's formal part, which must fully conform
        to its entry's (RM 6.3.1), picks the one whose formal part reads the same."""
        name = text(accept.named_children[0]).lower()
        tdef = first_child(self.nd.decl, "task_definition")
        found = [e for e in tdef.named_children if e.type == "entry_declaration"
                 and text(entry_name(e)).lower() == name]
        if len(found) > 1:
            key = _profile(first_child(accept, "formal_part"))
            found = [e for e in found if _profile(first_child(e, "formal_part")) == key]
            if len(found) != 1:
                raise ShapeError(accept, f"entry {text(accept.named_children[0])} is "
                                         "overloaded, and this accept's "
                                         "parameters are not written as in exactly one of "
                                         "its declarations: rdv2po cannot tell which it is for")
        return found[0]

    def _nested_plans(self, entries: list[Node]) -> list[NestedPlan]:
        plans = []
        stage = len(self.shape.syncs)
        for s in self.shape.syncs:
            for a in s.alts:
                if a.nested is None:
                    continue
                formal = first_child(self._entry_decl(a.entry), "formal_part")
                used = {text(i).lower() for i in own_nodes(a.nested) if i.type == "identifier"}
                params = []
                for f in formals(formal):
                    names, mode, subtype = param_parts(self.spec, f)
                    for p in names:
                        if p.lower() in used:
                            params.append((p, mode, subtype, self.fresh(f"{a.entry}_{p}")))
                plan = NestedPlan(a, a.nested, stage + 1, stage + 2,
                                  self.fresh(f"{a.entry}_Resume"), params,
                                  self.fresh(f"{a.entry}_Failure"), self.fresh(f"{a.entry}_Failed"),
                                  self.fresh("Occurrence"))
                stage += 2
                a.plan = plan
                plans.append(plan)
        return plans

    def _check_visible(self, moved: tuple[Node, ...], outside: bool = False) -> None:
        """Expressions moved to the spec must denote what they denoted in the body:
        what they name in the spec's or the body's file must be declared before the
        task's declaration (or be a discriminant, for the object's components; not for
        declarations moved ``outside`` the object, where discriminants are not seen)."""
        spec_loc = self.nd.spec_fu.loc(self.nd.decl)
        files = (self.nd.body_fu.display, self.nd.spec_fu.display)
        for expr in moved:
            for ident in [expr] + [n for n in own_nodes(expr)]:
                if ident.type != "identifier":
                    continue
                for ent, _kind in self.ws.xref.at(self.nd.body_fu.pos(ident)):
                    if ent.key in self.moved_keys:
                        continue      # moves out too, before the object, in its order
                    decl = self.ws.loc_of(ent.file, ent.line, ent.col)
                    if decl is None or decl.path not in files:
                        continue
                    if decl.path == self.nd.spec_fu.display and \
                            self.nd.decl.start_point[0] < decl.line <= self.nd.decl.end_point[0] + 1:
                        if not outside:
                            continue  # a discriminant: visible in the protected type too
                        raise ShapeError(ident, f"{text(ident)}, declared at {decl} in the "
                                         "task's declaration, is not visible before the "
                                         "object, where this declaration moves")
                    if decl.path != spec_loc.path or decl > spec_loc:
                        raise ShapeError(ident, f"{text(ident)} is declared at {decl}, after "
                                         "the task's declaration, where the protected "
                                         "object's components are declared")

    def _check_capture(self, gen: BodyGen, entries: list[Node]) -> None:
        """Statements moved into an entry body must not see its parameters instead."""
        params = {e.id: param_names(e) for e in entries}
        handlers = self.shape.block_handlers + self.shape.task_handlers + self.shape.tail
        for s in self.shape.syncs:
            for a in s.alts:
                groups, _ = gen.after(a)
                moved = gen.moved_nodes(groups) + handlers
                names = params.get(self._decl_of(a.accept).id, set())
                for n in moved:
                    for i in [n] + list(own_nodes(n)):
                        if i.type == "identifier" and text(i).lower() in names \
                                and not is_selector(i):
                            what = ("the while loop's condition" if n == self.shape.cond
                                    else "the for loop's index and range"
                                    if n.type in ("loop_parameter_specification",
                                                  "iteration_scheme")
                                    else "this statement")
                            raise ShapeError(i, f"'{text(i)}' would denote the parameter "
                                             f"{text(i)} of entry {a.entry} once {what} "
                                             "moves into that entry's body")


def _member(entry: str, index: Node | None) -> str:
    """An entry or family member, as written, without spaces or case: ``request(high)``."""
    key = "".join(entry.split()).lower()
    return key + (f"({''.join(text(index).split()).lower()})" if index is not None else "")


def _accepted(a: Alt) -> str:
    return a.entry + (f" ({one_line(a.index)})" if a.index is not None else "")


def _profile(formal: Node | None) -> tuple:
    """A formal part's profile, case and layout ignored (decls.Formal.key)."""
    return tuple(k for f in formals(formal) for k in f.key())


def _describe(s: Sync) -> str:
    if s.node.type == "accept_statement":
        return f"accept {s.alts[0].entry}"
    return "select of " + "/".join(dict.fromkeys(a.entry for a in s.alts))


def _identifiers(fus) -> set[str]:
    return set().union(*(fu.identifier_names() for fu in fus))


def _open_loops(body: Node, shape: Shape) -> list[Node]:
    """``while`` and plain loops the task runs outside accept bodies (not the server
    loop), and ``for`` loops there that may leave early (an exit, a return, a goto).

    The task ran them on its own, its caller already released; the object runs them
    in the entry body, the caller still waiting.  One that waits for something outside
    the task (a flag, a protected function) may wait for that very caller; a ``for``
    loop polling a flag waits so up to its bound (review10: ``exit when Shared = 99``
    after ``accept Go`` never saw the caller's 99)."""
    hss = first_child(body, "handled_sequence_of_statements")
    found = []
    staged = {i.node: i for i in shape.inner}
    for n in own_nodes(hss) if hss is not None else ():
        if n.type != "loop_statement" or n == shape.loop:
            continue
        if n in staged:
            # a loop of accepts is stages, not run inside a call: only its test is
            found += [staged[n].cond] if staged[n].cond is not None else []
            continue
        if termination.ranged(n) and not termination.leaves_early(n):
            continue                  # a for loop that runs its course: bounded, waits for nobody
        if any(a.type == "accept_statement" for a in ancestors(n)):
            continue                  # in an accept body the caller waited in the original too
        found.append(n)
    return found


def _names_parameter(ident: Node) -> bool:
    """A parameter's defining name, or a name an accept's parameter gives its meaning
    (which an entry's parameter gives in the object, as well)."""
    p = ident.parent
    if p is not None and p.type == "parameter_specification":
        return True
    name = text(ident).lower()
    return any(a.type == "accept_statement" and name in param_names(a)
               for a in ancestors(ident))


def _own_objects(body: Node) -> list[Node]:
    """The object declarations of the task body's own declarative part."""
    part = first_child(body, "non_empty_declarative_part")
    return [d for d in (part.named_children if part else ()) if d.type == "object_declaration"]


def _initial(d: Node) -> Node | None:
    kids = d.children
    at = next((i for i, c in enumerate(kids) if c.type == ":="), None)
    return kids[at + 1] if at is not None else None


def _start_statements(shape: Shape, pre_only: bool = False) -> list[Node]:
    """What the task ran before its first sync point (into the loop, if none before it);
    ``pre_only``: before the server loop, its sync points too."""
    if pre_only:
        return [i for i in shape.pre if isinstance(i, Sync) or i.type != "comment"]
    found = []
    for it in shape.pre + shape.items:
        if isinstance(it, Sync) and it.skip:
            continue          # an if without else: the task may go on past it
        if isinstance(it, Sync):
            break
        found.append(it)
    return found
