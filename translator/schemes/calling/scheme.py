"""Calling-server elimination (paper section 6.2, Figure 6).

A task that hands work out by calling its workers' entries becomes a
protected object whose entries the workers call instead: the data flow of
the parameters is inverted (``in`` on the worker's entry, ``out`` on the
object's), each worker accept becomes a call (calling/worker.py), and the
server's statements become a resumable procedure (calling/flow.py).

Who gets which message.  The original hands message k to the task it names;
a protected entry serves callers in arrival order.  For a task type, the
object therefore checks ``E'Caller`` against the task the original would
have called (``Pool (I)'Identity``) and parks other callers in a private
entry until the server reaches their call: identity is preserved.  The
paper's cheaper arrival order is used only where it cannot be observed: the
workers are the elements of one array, nothing but the server names that
array, the task type or the workers' identity, each worker accepts the
entry exactly once at the top of its body, and the server calls every
element once, from one call inside ``for`` loops over the indexes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...frontend.blocking import BlockingAnalysis
from ...frontend.calls import call_context
from ...frontend.decls import formals, is_spec_unit, unit_names
from ...write.edits import Edit
from ...model import Location, Model, Task
from ...frontend.structure import own_nodes
from ...frontend.syntax import (Node, ancestors, defining_names, entry_name, first_child,
    one_line, squeeze, text, walk)
from ...frontend.workspace import FileUnit, Workspace
from . import accepts as accepts
from . import worker as worker
from .task_type import sole_object
from ..common import components, finalizers, recursion, sizes
from ..common import hidden_calls
from ..common import startup
from ..common.initial import Initial
from ..common.quiet import Quiet
from ..base import Refusal, refusal, SchemeContext
from ..common.refusals import ShapeError, refusal_of
from ..common.site import Nodes
from ..common.tree import is_within, line_start
from ..common.refusals import ABORTED, attribute_reason
from ..common.tree import is_generic_formal
from .ending import EXCEPTIONS, Ending, handler_text, task_handlers
from .flow import DONE, NOT_STARTED, Flattener, Flow, stop_text, token
from ..common.fragments import STEP, Source, comment_lines, fresh_name, param_parts
from ..common.declarations import _declarations
from . import local_units
from . import loops
from . import after_call
from ...frontend.calls import bodies_reached

SCHEME = "calling-server"


@dataclass(eq=False)
class Target:
    """One worker entry the server calls, and what it becomes."""
    entry: object                      # model Entry
    task: Task
    nodes: Nodes
    decl: Node                         # the entry_declaration
    accepts: list[Node]
    formals: list[tuple[list[str], str]]    # worker's names and subtypes, in order
    po_formals: list[tuple[list[str], str]] = field(default_factory=list)
    po_entry: str = ""
    identity: bool = True
    wait: str = ""
    retry: str = ""
    checked: bool = False              # an accept body may raise: Resume or Abandon follows


def translate(ws: Workspace, model: Model, task: Task, nodes: Nodes,
              find_nodes, busy: set[str], ctx: SchemeContext) -> list[Edit]:
    """Edits for one calling server, or Refusal.  ``busy``: tasks another scheme rewrites;
    ``ctx`` gives the names in use and takes the with clauses the rewrite needs."""
    try:
        return _Translation(ws, model, task, nodes, find_nodes, busy, ctx).edits()
    except ShapeError as exc:
        raise refusal_of(exc, ws, nodes) from None


class _Translation:
    def __init__(self, ws, model, task, nodes, find_nodes, busy, ctx):
        self.ws, self.model, self.task, self.nd = ws, model, task, nodes
        self.find_nodes, self.busy = find_nodes, busy
        self.src = Source(nodes.body_fu)
        self.spec_src = Source(nodes.spec_fu)
        self.used = set(ctx.names)
        self.ctx = ctx
        self.origin = f"{SCHEME} {task.qualified_name}"

    def fresh(self, base: str) -> str:
        return fresh_name(base, self.used)

    # -- checks -------------------------------------------------------------

    def _preconditions(self) -> None:
        t = self.task
        if not t.resolved:
            raise Refusal(t.spec, t.name, "GNAT did not resolve this task's units, so its "
                                          "calls cannot be checked")
        self.obj = None
        if t.kind != "single":
            self.obj = sole_object(self.ws, t.name, self.nd.spec_fu, self.nd.decl,
                                   {e.name.lower() for e in t.entries})
        self.callee = self.obj.name if self.obj else t.name
        found = [Refusal(a.loc, a.text, "a pragma or aspect on the task: a protected object "
                                        "runs in its callers and cannot keep it")
                 for a in t.aspects]
        found += [Refusal(u.loc, u.text, ABORTED if u.kind == "abort"
                          else attribute_reason(u.kind.split(":")[-1])) for u in t.uses]
        if token(self.nd.decl, "new") is not None:
            found.append(Refusal(t.spec, t.name, "a task implementing interfaces ('is new ... "
                                                 "with'): the calling-server scheme does not "
                                                 "carry them to the protected object"))
        found += finalizers.refusals(self.ws, t)
        found += recursion.refusals(self.ws, self.ctx.model, t, "the object would run it "
                                    "inside a worker's call, where a poll waits for that "
                                    "worker in vain")
        if found:
            raise refusal(found)

    def _stops(self) -> dict[int, Target]:
        """Call statements of the server that become stops, by node id."""
        fu = self.nd.body_fu
        by_decl: dict[Location, Target] = {}
        stops: dict[int, Target | accepts.Accepted] = {}
        statements: list[Node] = []
        self.skip: set[Location] = set()
        for call in self.task.body.calls:
            if call.kind != "entry" or call.decl is None:
                continue
            ident = fu.ident_at(call.loc.line, call.loc.col)
            ctx = call_context(ident) if ident is not None else None
            if ctx is None or not is_within(ident, self.nd.body):
                continue          # through a subprogram: the blocking check refuses it
            if any(is_within(ident, h) for h in task_handlers(self.nd.body)):
                raise ShapeError(ctx[1], f"an entry call in {self.task.name}'s exception "
                                         "handler: the protected object cannot stop there to "
                                         "wait for the callee")
            if ctx[0] != "simple":
                raise ShapeError(ctx[1], f"a {ctx[0]} entry call: the protected object cannot "
                                         "offer a message only for a while")
            target = by_decl.get(call.decl) or self._target(call, ctx[1])
            by_decl[call.decl] = target
            stops[ctx[1].id] = target
            statements.append(ctx[1])
            self.skip.add(call.loc)
        if not stops:
            raise Refusal(self.task.spec, self.task.name, "no entry calls in the task body "
                                                          "itself")
        self.accepted = accepts.collect(self.model, self.task, self.nd.decl, self.nd.body, statements)
        for a in self.accepted:
            stops.update({acc.id: a for acc in a.accepts})
        return stops

    def _target(self, call, stmt: Node) -> Target:
        found = [(t, e) for t in self.model.tasks for e in t.entries if e.loc == call.decl]
        if not found:
            raise ShapeError(stmt, f"{call.name} is not an entry of a task in the sources")
        wtask, entry = found[0]
        if wtask.qualified_name in self.busy:
            raise ShapeError(stmt, f"its callee {wtask.name} becomes a protected object under "
                                   "the accepting-server scheme in this run; calls on it stay")
        if wtask.body is None or not wtask.resolved:
            raise ShapeError(stmt, f"the body of {wtask.name} is not in the resolved sources")
        if entry.family is not None:
            raise ShapeError(stmt, f"{entry.name} is an entry family")
        if sum(e.name.lower() == entry.name.lower() for e in wtask.entries) > 1:
            # the worker's accepts are found by the entry's name below
            raise ShapeError(stmt, f"{wtask.name}.{entry.name} is overloaded: the scheme "
                                   "finds the worker's accepts by name and could take "
                                   "another overload's accept")
        for p in entry.params:
            if p.mode != "in":
                raise ShapeError(stmt, f"parameter {', '.join(p.names)} of {entry.name} is "
                                       f"{p.mode}: the worker sends data back, and a protected "
                                       "entry cannot wait for it")
        body_span = (self.nd.body.start_byte, self.nd.body.end_byte)
        for site in entry.calls:
            if site.loc.path != self.nd.body_fu.display or not (
                    body_span[0] <= self.nd.body_fu.offset_of(site.loc) < body_span[1]):
                raise ShapeError(stmt, f"{wtask.name}.{entry.name} is also called at "
                                       f"{site.loc}: only {self.task.name}'s calls can become "
                                       "calls on the protected object")
        wnodes = self.find_nodes(wtask)
        accepts = [a for a in own_nodes(wnodes.body) if a.type == "accept_statement"
                   and text(a.named_children[0]).lower() == entry.name.lower()]
        decl = next(e for e in own_nodes(wnodes.decl) if e.type == "entry_declaration"
                    and text(entry_name(e)).lower() == entry.name.lower())
        locals_ = _locals(wnodes.body)
        call_offsets = [wnodes.body_fu.offset_of(c.loc) for c in wtask.body.calls]
        for a in accepts:
            worker.check_accept(a, wnodes.body, locals_, call_offsets, wtask.name)
            startup.check(self.ws, wnodes.body_fu, [(wnodes.spec_fu, wnodes.decl), (wnodes.body_fu, wnodes.body)], [a],
                          "after the server has moved on (its next statements may change "
                          "it)", then="in its accept body, while the server waits",
                          who="the rewritten worker", subject=f"worker {wtask.name}")
        for n in own_nodes(wnodes.body):
            if n.type == "attribute_designator" and text(n).lower() == "count":
                raise ShapeError(n.parent, f"'Count in {wtask.name}: the entry's queue moves "
                                           "to the protected object")
        formal = first_child(decl, "formal_part")
        profile = [tuple(param_parts(Source(wnodes.spec_fu), f)[0::2]) for f in formals(formal)]
        return Target(entry, wtask, wnodes, decl, accepts, [(list(n), t) for n, t in profile])

    # -- generation ---------------------------------------------------------

    def edits(self) -> list[Edit]:
        self._preconditions()
        decls, self.units = local_units.split(self.nd.structure.declarations)
        objects = _declarations(tuple(decls))   # objects only, or ShapeError
        sizes.check(self.ws, self.nd.body_fu, objects,
                    "in the protected object, declared where the task was")
        sizes.check_code(self.ws, self.nd.body_fu, self.nd.body)
        checker = local_units.Checker(self.ws, self.nd.body_fu, self.nd.body, objects,
                                      self.units, self.nd.spec_fu, self.nd.decl)
        checker.packages()
        stops = self._stops()
        blocking = BlockingAnalysis(self.model.subprograms,
                                    {t.name for t in self.model.tasks if t.kind == "type"},
                                    lambda loc: is_generic_formal(self.ws, loc))
        blockers = blocking.body_blockers(self.task.body.calls, self.task.body.constructs,
                                          self.skip)
        if blockers:
            b = blockers[0]
            raise Refusal(b.loc, b.what, f"would run inside a protected action: {b.describe()}")
        hidden_calls.check_task(self.ws, self.model, self.task, self.nd.body_fu, self.nd.body)
        loops.check(self.ws, self.nd.body_fu, [(self.nd.spec_fu, self.nd.decl),
                                               (self.nd.body_fu, self.nd.body)],
                    self.nd.body, lambda n: n.id in stops, self.model.subprograms,
                    self.task.body.calls)
        after_call.check(self.ws, self.nd.body_fu, [(self.nd.spec_fu, self.nd.decl),
                                                    (self.nd.body_fu, self.nd.body)],
                         self.nd.body, lambda n: stops.get(n.id), self._writers,
                         self.model.subprograms, self.task.body.calls)
        self.stage = self.fresh("Stage")
        self.advance = self.fresh("Advance")
        hss = first_child(self.nd.body, "handled_sequence_of_statements")
        stmts = list(first_child(hss, "sequence_of_statements").named_children)
        flow = Flattener(self.src, self.stage, lambda n: stops.get(n.id), self._loop_type,
                         self.fresh, lambda n: f"{self.nd.body_fu.display}:"
                         f"{self.nd.body_fu.loc(n).line}").run(stmts)
        part = first_child(self.nd.body, "non_empty_declarative_part")
        units = set(self.units.helpers) | set(self.units.dropped)
        comps = components.build(self.src, [d for d in (part.named_children if part else ())
                                            if d not in units], set(),
                                 self.task.name, self.fresh)
        self._check_moment(comps, stmts, stops)
        targets = [t for t in dict.fromkeys(stops.values()) if isinstance(t, Target)]
        self._name_entries(targets, flow)
        self._choose_order(targets, flow)
        checker.check(self._protected_names(targets, flow, objects))
        self._check_initial_values()
        self.is_target, self.wake = self.fresh("Is_Target"), self.fresh("Wake")
        for t in targets:
            t.checked = any(not self._cannot_raise(t, a) for a in t.accepts)
        self.abandon = self.resume = self.handing = None
        if any(t.checked for t in targets):
            self.abandon, self.resume = self.fresh("Abandon"), self.fresh("Resume")
            self.handing = self.fresh("Handing")
        self.ending = self._ending()
        edits = self._placement(targets, flow, comps)
        edits.append(Edit(self.nd.body_fu.src.path, self.nd.body.start_byte,
                          self.nd.body.end_byte, self._body(targets, flow, comps), self.origin))
        edits += self._worker_edits(targets)
        if any(t.identity for t in targets):
            self.ctx.need_with(self.nd.spec_fu, ["Ada.Task_Identification"], self.origin)
        if self.ending.handlers:
            self.ctx.need_with(self.nd.spec_fu, [EXCEPTIONS], self.origin)
        return edits

    def _writers(self, key) -> tuple[str, list[after_call.Span]]:
        """Who a stop waits for, and the code of theirs that runs beside the server
        after it: a worker's body and what it calls; for the server's own entry,
        anything outside the server (its callers are whoever calls)."""
        if isinstance(key, Target):
            spans = [after_call.Span(key.nodes.body_fu, key.nodes.body)]
            spans += [after_call.Span(f, n) for f, n in
                      bodies_reached(self.ws, self.model.subprograms, key.task.body.calls)]
            return key.task.name, spans
        return (f"whoever calls {key.name}",
                [after_call.Span(self.nd.body_fu, None, outside=self.nd.body)])

    def _protected_names(self, targets, flow, objects) -> set[str]:
        """What the protected object declares besides fresh names: components, loop
        variables, the workers' entries and the task's own."""
        names = {n.lower() for d in objects for n in defining_names(d)}
        names |= {v.name.lower() for v in flow.loop_vars}
        names |= {t.po_entry.lower() for t in targets} | {a.name.lower() for a in self.accepted}
        return names

    def _cannot_raise(self, t: Target, acc: Node) -> bool:
        src = Source(t.nodes.body_fu)
        params = [tuple(param_parts(src, f)[0::2]) for f in formals(first_child(acc, "formal_part"))]
        return worker.cannot_raise(src, acc, _locals(t.nodes.body),
                                   {n.lower(): st for ns, st in params for n in ns})

    def _ending(self) -> Ending:
        handlers = task_handlers(self.nd.body)
        for h in handlers:
            acc = next((n for n in walk(h) if n.type == "accept_statement"), None)
            if acc is not None:
                raise ShapeError(acc, f"an accept in {self.task.name}'s exception handler")
        if not handlers:
            return Ending(self.task.name, self.stage, ())
        return Ending(self.task.name, self.stage, handler_text(self.src, handlers),
                      self.fresh("Recover"), self.fresh("Error"))

    def _check_moment(self, comps, stmts: list[Node], stops: dict) -> None:
        """Initial values run when the object is declared, the statements before the
        first call at the first worker's call; the task ran both when activated."""
        inside = [(self.nd.spec_fu, self.nd.decl), (self.nd.body_fu, self.nd.body)]
        startup.check(self.ws, self.nd.body_fu, inside, list(comps.moved_out),
                      "when it is declared")
        startup.check_default_init(self.ws, self.nd.body_fu, list(comps.default_init),
                                   "when it is declared")
        first = next((i for i, s in enumerate(stmts)
                      if any(n.id in stops for n in walk(s))), len(stmts))
        startup.check(self.ws, self.nd.body_fu, inside,
                      list(comps.deferred_from) + stmts[:first],
                      "at the first call of one of its entries")

    def _check_initial_values(self) -> None:
        """The variables' initial values and default initialisations are evaluated
        where the object is declared (or, read from another variable, at the first
        worker's call), not at the activation, whose failure the activator saw as
        Tasking_Error (review10); what reads the moment or names a local subprogram
        was refused before, with that reason."""
        initial = Initial(self.ws, self.nd.body_fu, Quiet(self.ws, self.nd.body_fu, set()))
        part = first_child(self.nd.body, "non_empty_declarative_part")
        for d in (part.named_children if part is not None else ()):
            if d.type == "object_declaration":
                initial.check(d)

    def _loop_type(self, ident: Node) -> str:
        ent = self.ws.xref.declared_at(self.nd.body_fu.pos(ident))
        name = self._type_name(ent.type_ref if ent is not None else "")
        if name is None:
            name = self._index_type(ident)
        if name is None:
            raise ShapeError(ident, f"GNAT does not name the type of the loop parameter "
                                    f"{text(ident)}, which must become a component")
        return name

    def _type_name(self, ref: str) -> str | None:
        """A type GNAT refers to ('integer', or 'file:line:col'), as the object names it."""
        if ref and ":" not in ref:
            return "_".join(w.capitalize() for w in ref.split("_"))
        if not ref:
            return None
        base, line, col = ref.rsplit(":", 2)
        tent = self.ws.xref.declared_at((base, int(line), int(col)))
        fu = self.ws.by_base.get(base)
        if tent is None:
            return None
        if fu is None or fu is self.nd.body_fu or not tent.library_level:
            return tent.name
        unit = unit_names(fu.tree.root_node)
        return f"{unit[0]}.{tent.name}" if unit else tent.name

    def _index_type(self, ident: Node) -> str | None:
        """For ``for I in A'Range``, GNAT writes the parameter's type only by its
        representation; the type is A's index type, read from A's declaration (or
        its array type's) and named through the cross reference of its subtype mark."""
        index = self._array_index(ident.parent)
        if index is None:
            return None
        fu, mark = index
        ent = next((e for e, _k in self.ws.xref.at(fu.pos(mark))), None)
        if ent is None:
            return None
        return self._type_name(f"{ent.file}:{ent.line}:{ent.col}")

    def _array_index(self, spec: Node) -> tuple[FileUnit, Node] | None:
        """The subtype mark of A's index in ``for I in A'Range [(N)]``, where A is an
        array object declared with an array type definition or of a named array type."""
        rng = next((c for c in spec.named_children if c.type == "range_g"), None)
        attr = first_child(rng, "range_attribute_designator") if rng is not None else None
        if attr is None or rng.named_children[0].type != "identifier":
            return None
        dim = first_child(attr, "expression")
        if dim is not None and not text(dim).strip().isdigit():
            return None
        nth = int(text(dim).strip()) if dim is not None else 1
        fu = self.nd.body_fu
        ent = next((e for e, _k in self.ws.xref.at(fu.pos(rng.named_children[0]))), None)
        found = self._declared(ent) if ent is not None else None
        if found is None or found[1].type != "object_declaration":
            return None
        dfu, decl = found
        arr = first_child(decl, "array_type_definition")
        if arr is None and ent.type_ref and ":" in ent.type_ref:
            base, line, col = ent.type_ref.rsplit(":", 2)
            tent = self.ws.xref.declared_at((base, int(line), int(col)))
            found = self._declared(tent) if tent is not None else None
            if found is None or found[1].type != "full_type_declaration":
                return None
            dfu, arr = found[0], first_child(found[1], "array_type_definition")
        if arr is None:
            return None
        marks = _index_marks(arr)
        return (dfu, marks[nth - 1]) if 0 < nth <= len(marks) and marks[nth - 1] is not None \
            else None

    def _declared(self, ent) -> tuple[FileUnit, Node] | None:
        """The declaration (object or full type) of an entity GNAT cross-references."""
        loc = self.ws.loc_of(ent.file, ent.line, ent.col)
        dfu = self.ws.by_display.get(loc.path) if loc is not None else None
        ident = dfu.ident_at(loc.line, loc.col) if dfu is not None else None
        if ident is None or ident.parent is None:
            return None
        return dfu, ident.parent

    def _name_entries(self, targets: list[Target], flow: Flow) -> None:
        names = [t.entry.name.lower() for t in targets]
        server_ids = {text(n).lower() for n in own_nodes(self.nd.body)
                      if n.type == "identifier"} - set(names)
        own = {a.name.lower() for a in self.accepted}     # the server's own entries stay
        for t in targets:
            base = t.entry.name if names.count(t.entry.name.lower()) == 1 \
                and t.entry.name.lower() not in own else f"{t.task.name}_{t.entry.name}"
            t.po_entry = self.fresh(base) if base.lower() in server_ids else base
            self.used.add(t.po_entry.lower())
            t.po_formals = [([self.fresh(f"{n}_Out") if n.lower() in server_ids else n
                              for n in ns], st) for ns, st in t.formals]

    def _choose_order(self, targets: list[Target], flow: Flow) -> None:
        for t in targets:
            t.identity = t.task.kind == "type" and not self._interchangeable(t, flow)
            if t.identity:
                t.wait = self.fresh(f"{t.po_entry}_Wait")
                t.retry = self.fresh(f"{t.po_entry}_Retry")

    def _interchangeable(self, t: Target, flow: Flow) -> bool:
        """Arrival order cannot be observed (see the module docstring)."""
        mine = [s for s in flow.stops if s.entry is t]
        wt = t.task
        if t.task.discriminants or len(mine) != 1 or len(wt.entries) != 1:
            return False
        if any(n.type == "identifier" and text(n).lower() in ("current_task", "identity")
               for n in own_nodes(t.nodes.body)):
            return False
        top = first_child(first_child(t.nodes.body, "handled_sequence_of_statements"),
                          "sequence_of_statements")
        if len(t.accepts) != 1 or t.accepts[0].parent != top:
            return False
        call = mine[0].call
        prefix = call.named_children[0]          # Pool (I).Start
        if prefix.type != "selected_component":
            return False
        indexed = prefix.named_children[0]
        if indexed.type != "function_call" or indexed.named_children[0].type != "identifier":
            return False
        args = [one_line(a).lower() for a in indexed.named_children[1].named_children
                if a.type == "parameter_association"]
        loops = [a for a in ancestors(call) if a.type in ("loop_statement", "if_statement")
                 and is_within(a, self.nd.body)]
        fors = []
        for lp in loops:
            scheme = first_child(lp, "iteration_scheme")
            if lp.type != "loop_statement" or scheme is None or token(scheme, "for") is None:
                return False
            spec = first_child(scheme, "loop_parameter_specification")
            fors.append(text(first_child(spec, "identifier")).lower())
        if sorted(args) != sorted(fors) or len(set(args)) != len(args):
            return False
        return self._only_server_names(indexed.named_children[0], t)

    def _only_server_names(self, array_ident: Node, t: Target) -> bool:
        """The array, and the task type, are named nowhere but here and in the array's declaration."""
        fu = self.nd.body_fu
        ent = next((e for e, _k in self.ws.xref.at(fu.pos(array_ident))), None)
        if ent is None:
            return False
        decl = self.ws.loc_of(ent.file, ent.line, ent.col)
        dfu = self.ws.by_display.get(decl.path) if decl else None
        if dfu is None:
            return False
        decl_node = next((a for a in ancestors(dfu.ident_at(decl.line, decl.col))
                          if a.type == "object_declaration"), None)
        if decl_node is None:
            return False
        for r in ent.refs:
            loc = self.ws.loc_of(r.file, r.line, r.col)
            if loc is None or loc.path != fu.display or not (
                    self.nd.body.start_byte <= fu.offset_of(loc) < self.nd.body.end_byte):
                return False
        wfu = t.nodes.spec_fu
        tname = first_child(t.nodes.decl, "identifier")
        if tname is None:
            return False
        type_ent = self.ws.xref.declared_at(wfu.pos(tname))
        if type_ent is None:
            return False
        for r in type_ent.refs:
            if r.kind in ("b", "c", "e", "l", "t"):     # body, end names: not uses
                continue
            loc = self.ws.loc_of(r.file, r.line, r.col)
            if loc is None or loc.path != decl.path:
                return False
            off = dfu.offset_of(loc)
            if not decl_node.start_byte <= off < decl_node.end_byte:
                return False
        return True

    def _placement(self, targets, flow, comps) -> list[Edit]:
        """The protected spec goes where the task was, or before the first worker body."""
        decl, fu = self.nd.decl, self.nd.spec_fu
        if decl.parent is not None and decl.parent.type in ("object_declaration",
                                                             "full_type_declaration"):
            decl = decl.parent           # how tree-sitter-ada wraps a single task
        spec_text = self._spec(targets, flow, comps)
        first = min((t.nodes.body for t in targets if t.nodes.body_fu is fu),
                    key=lambda b: b.start_byte, default=None)
        for t in targets:
            if t.nodes.body_fu is not fu and not _body_of_spec(t.nodes.body_fu, fu):
                raise ShapeError(t.accepts[0] if t.accepts else t.nodes.body,
                                 f"{t.task.name}'s body is in {t.nodes.body_fu.display}, "
                                 f"where the protected object that replaces {self.task.name} "
                                 f"({self.task.spec}) cannot be named")
            b = t.nodes.body
            if b.start_byte > decl.start_byte and decl.parent not in list(ancestors(b)):
                raise ShapeError(b, f"{t.task.name}'s body is outside the scope of "
                                    f"{self.task.name}")
            if self.obj is not None:
                self._object_seen_from(t)
        indent = self.spec_src.line_indent(decl.start_byte)
        if first is not None and first.start_byte < decl.start_byte:
            if first.parent != decl.parent:
                raise ShapeError(first, f"{text(first_child(first, 'identifier'))}'s body comes "
                                        f"before {self.task.name} is declared, in another "
                                        "declarative part")
            start = line_start(fu.src.data, first.start_byte)
            dstart = line_start(fu.src.data, decl.start_byte)
            dend = fu.src.data.find(b"\n", decl.end_byte)
            dend = len(fu.src.data) if dend < 0 else dend + 1
            if fu.src.data[dend:dend + 1] in (b"\n", b"\r") and \
                    fu.src.data[:dstart].endswith((b"\n\n", b"\n\r\n")):
                dend = fu.src.data.find(b"\n", dend) + 1       # and one of two blank lines
            moved = _indented(spec_text, indent) + "\n\n"
            return [Edit(fu.src.path, start, start, moved, self.origin + " (moved before "
                                                                        "the workers)"),
                    Edit(fu.src.path, dstart, dend, "", self.origin)]
        return [Edit(fu.src.path, decl.start_byte, decl.end_byte,
                     _indented(spec_text, indent)[len(indent):], self.origin)]

    def _object_seen_from(self, t: Target) -> None:
        """The workers call the object by name: it must be declared before their bodies,
        in a declarative part around them (or in the spec of their package body)."""
        obj, b = self.obj, t.nodes.body
        if obj.fu is t.nodes.body_fu:
            if obj.decl.start_byte < b.start_byte and obj.decl.parent in list(ancestors(b)):
                return
        elif _body_of_spec(t.nodes.body_fu, obj.fu):
            return
        raise ShapeError(b, f"{t.task.name}'s body cannot name {obj.name}, the object of "
                            f"{self.task.name} it would call: {obj.name} is declared after it "
                            "or in another scope")

    def _formal_part(self, formals, mode: str) -> str:
        if not formals:
            return ""
        return " (" + "; ".join(f"{', '.join(ns)} : {mode}{st}" for ns, st in formals) + ")"

    def _head(self) -> str:
        """``Setup``, or ``type Boss (N : Positive)``: the discriminants as declared."""
        if self.obj is None:
            return self.task.name
        part = first_child(self.nd.decl, "known_discriminant_part")
        disc = f" {squeeze(self.spec_src.node(part))}" if part is not None else ""
        return f"type {self.task.name}{disc}"

    def _spec(self, targets, flow, comps) -> list[str]:
        name = self.task.name
        lines = [f"protected {self._head()} is"]
        for a in self.accepted:
            lines += [STEP + ln if ln.strip() else "" for ln in accepts.spec_lines(self.spec_src, a)]
        for t in targets:
            lines.append(STEP + f"entry {t.po_entry}{self._formal_part(t.po_formals, 'out ')};")
        if self.abandon:
            lines.append(STEP + f"procedure {self.resume};")
            lines.append(STEP + f"procedure {self.abandon}{self.ending.occurrence_formal()};")
        lines.append("private")
        stops = "; ".join(f"{s.stage} = {_short(s.call)}" for s in flow.stops)
        what = (f"task type {name}, a calling server whose one object is {self.obj.name}, "
                "became this protected type" if self.obj else
                f"task {name}, a calling server, became this protected object")
        note = (f"rdv2po: {what}; "
                f"its workers call it for what {name} handed them. {self.stage} is the call "
                f"{name} makes next: {stops}; {NOT_STARTED} = not started; {DONE} = done "
                + ("(calls wait for ever, as for a task that has ended)." if not self.accepted
                   else f"(the workers' calls wait for ever, as for a task that has ended; "
                        f"calls of {name}'s own entries raise Tasking_Error)."))
        lines += [STEP + ln for ln in comment_lines(note, 74)]
        lines.append(STEP + f"{self.stage} : Integer := {NOT_STARTED};")
        if self.handing:
            lines.append(STEP + f"{self.handing} : Boolean := False;  --  in a rendezvous")
        for c in comps.lines:
            lines += [STEP + ln if ln.strip() else "" for ln in c.split("\n")]
        for v in flow.loop_vars:
            lines.append(STEP + f"{v.name}, {v.bound} : {v.type}'Base;  --  loop at {v.where}")
        lines.append(STEP + f"procedure {self.advance};")
        lines += [STEP + ln for ln in self.ending.declarations()]
        if any(t.identity for t in targets):
            lines.append(STEP + f"function {self.is_target} (Caller : "
                                "Ada.Task_Identification.Task_Id) return Boolean;")
            lines.append(STEP + f"procedure {self.wake};")
            for t in (t for t in targets if t.identity):
                lines.append(STEP + f"{t.retry} : Natural := 0;")
                lines.append(STEP + f"entry {t.wait}{self._formal_part(t.po_formals, 'out ')};")
        lines.append(f"end {name};")
        return lines

    def _body(self, targets, flow, comps) -> str:
        name = self.task.name
        out = [f"protected body {name} is", ""]
        for h in self.units.helpers:
            out += [STEP + ln if ln.strip() else "" for ln in self._unit_lines(h)] + [""]
        adv = [f"procedure {self.advance} is", "begin", STEP + f"case {self.stage} is"]
        adv += [STEP * 2 + f"when {s.stage} => goto {s.label};" for s in flow.stops]
        adv += [STEP * 2 + "when others => null;", STEP + "end case;"]
        adv += [STEP + d for d in comps.deferred]
        adv += [STEP + ln if ln.strip() else "" for ln in flow.lines]
        adv += self.ending.advance_part(flow.copies)
        adv.append(f"end {self.advance};")
        out += [STEP + ln if ln.strip() else "" for ln in adv] + [""]
        out += [STEP + ln if ln.strip() else "" for ln in self.ending.subprograms()]
        if any(t.identity for t in targets):
            out += self._identity_subprograms(targets, flow)
        if self.abandon:
            wake = [f"{self.wake};"] if any(t.identity for t in targets) else []
            out += [STEP + ln if ln else "" for ln in self._hand_over(wake)]
        names = accepts.Names(self.stage, self.advance,
                              self.wake if any(t.identity for t in targets) else None,
                              self.fresh("Accepted"))
        locals_ = _locals(self.nd.body)
        for a in self.accepted:
            stages = [s.stage for s in flow.stops if s.entry is a]
            lines = accepts.body_lines(self.src, a, stages, names, self.ending, locals_)
            out += [STEP + ln if ln.strip() else "" for ln in lines] + [""]
        for t in targets:
            out += [STEP + ln if ln.strip() else "" for ln in self._entry(t, flow)] + [""]
        out.append(f"end {name};")
        indent = self.src.line_indent(self.nd.body.start_byte)
        return "\n".join(out[:1] + [indent + ln if ln else "" for ln in out[1:]])

    def _unit_lines(self, h: Node) -> list[str]:
        """A subprogram of the task body as written, its first line's indent removed."""
        indent = len(self.src.line_indent(h.start_byte))
        lines = self.src.node(h).split("\n")
        return lines[:1] + [ln[indent:] if ln[:indent].strip() == "" else ln.lstrip()
                            for ln in lines[1:]]

    def _identity_subprograms(self, targets, flow) -> list[str]:
        lines = [f"function {self.is_target} (Caller : Ada.Task_Identification.Task_Id) "
                 "return Boolean is", STEP + "use type Ada.Task_Identification.Task_Id;",
                 "begin", STEP + f"case {self.stage} is"]
        for s in flow.stops:
            if s.entry.identity:
                task_name = text(s.call.named_children[0].named_children[0])
                lines.append(STEP * 2 + f"when {s.stage} => return Caller = {task_name}'Identity;")
        lines += [STEP * 2 + "when others => return False;",
                  STEP + "end case;", f"end {self.is_target};", "",
                  f"procedure {self.wake} is", "begin"]
        lines += [STEP + f"{t.retry} := {t.wait}'Count;" for t in targets if t.identity]
        lines += [f"end {self.wake};", ""]
        for t in (t for t in targets if t.identity):
            lines += [f"entry {t.wait}{self._formal_part(t.po_formals, 'out ')}",
                      f"  when {t.retry} > 0", "is", "begin",
                      STEP + f"{t.retry} := {t.retry} - 1;",
                      STEP + f"requeue {t.po_entry} with abort;", f"end {t.wait};", ""]
        return [STEP + ln if ln.strip() else "" for ln in lines]

    def _hand_over(self, wake: list[str]) -> list[str]:
        """Resume and Abandon: a worker whose accept body may raise ends the rendezvous."""
        end = [f"{self.ending.recover} ({self.ending.error});"] if self.ending.handlers \
            else [f"{self.stage} := {DONE};"]
        return ([f"procedure {self.resume} is", "begin", STEP + f"{self.handing} := False;",
                 STEP + f"{self.advance};"] + [STEP + w for w in wake]
                + [f"end {self.resume};", "",
                   f"procedure {self.abandon}{self.ending.occurrence_formal()} is", "begin",
                   STEP + f"{self.handing} := False;",
                   STEP + f"--  {self.task.name} received the exception of the accept body "
                          "too (RM 9.5.2(24))"]
                + [STEP + ln for ln in end] + [f"end {self.abandon};", ""])

    def _entry(self, t: Target, flow: Flow) -> list[str]:
        mine = [s for s in flow.stops if s.entry is t]
        stages = " | ".join(str(k) for k in [NOT_STARTED] + [s.stage for s in mine])
        wake = [STEP * 2 + f"{self.wake};"] if any(x.identity for x in {s.entry for s in flow.stops}) \
            else []
        held = f" and not {self.handing}" if t.checked else ""
        lines = [f"entry {t.po_entry}{self._formal_part(t.po_formals, 'out ')}",
                 f"  when {self.stage} in {stages}{held}", "is", "begin",
                 STEP + f"if {self.stage} = {NOT_STARTED} then",
                 STEP * 2 + f"{self.advance};"] + wake + [
                 STEP * 2 + f"requeue {t.po_entry} with abort;", STEP + "end if;"]
        if t.identity:
            lines += [STEP + f"if not {self.is_target} ({t.po_entry}'Caller) then",
                      STEP * 2 + f"requeue {t.wait} with abort;", STEP + "end if;"]
        lines.append(STEP + f"case {self.stage} is")
        po_names = [n for ns, _s in t.po_formals for n in ns]
        for s in mine:
            lines.append(STEP * 2 + f"when {s.stage} =>")
            for formal, actual in zip(po_names, self._actuals(s.call, t)):
                lines.append(STEP * 3 + f"{formal} := {actual};")
        lines += [STEP * 2 + "when others =>", STEP * 3 + "null;", STEP + "end case;"]
        if t.checked:
            lines += [STEP + f"{self.handing} := True;",
                      STEP + f"--  {self.task.name} waits while {t.task.name} runs its accept "
                             f"body: its {self.resume} or {self.abandon} goes on"]
        else:
            lines += [STEP + f"{self.advance};"] + [w[len(STEP):] for w in wake]
        lines += self.ending.entry_part(t.po_entry) + [f"end {t.po_entry};"]
        return lines

    def _actuals(self, call: Node, t: Target) -> list[str]:
        names = [n.lower() for ns, _s in t.formals for n in ns]
        part = first_child(call, "actual_parameter_part")
        got: dict[str, str] = {}
        assocs = [a for a in (part.named_children if part else ())
                  if a.type == "parameter_association"]
        for i, a in enumerate(assocs):
            if any(c.type == "=>" for c in a.children):
                key = text(a.named_children[0]).lower()
                got[key] = self.src.one_line(a.named_children[-1])
            elif i < len(names):
                got[names[i]] = self.src.one_line(a)
        missing = [n for n in names if n not in got]
        if missing:
            raise ShapeError(call, f"the call leaves {', '.join(missing)} to its default, "
                                   "which is evaluated where the entry is declared")
        return [got[n] for n in names]

    def _worker_edits(self, targets: list[Target]) -> list[Edit]:
        edits = []
        for t in targets:
            src = Source(t.nodes.body_fu)
            for a in t.accepts:
                formal = first_child(a, "formal_part")
                params = [tuple(param_parts(src, f)[0::2]) for f in formals(formal)]
                params = [(list(n), st) for n, st in params]
                hand_over = None
                if t.checked:
                    hand_over = worker.HandOver(
                        f"{self.callee}.{self.resume}",
                        None if self._cannot_raise(t, a) else f"{self.callee}.{self.abandon}",
                        self.ending.error or None)
                new = worker.call_block(src, a, params, f"{self.callee}.{t.po_entry}",
                                        hand_over)
                edits.append(Edit(t.nodes.body_fu.src.path, a.start_byte, a.end_byte, new,
                                  self.origin + f" (worker {t.task.name})"))
        by_task: dict[int, list[Target]] = {}
        for t in targets:
            by_task.setdefault(t.nodes.decl.id, []).append(t)
        for group in by_task.values():
            edits += self._drop_entries(group)
        return edits

    def _drop_entries(self, group: list[Target]) -> list[Edit]:
        """The entries leave the worker's declaration; with nothing left, ``task type W;``."""
        decl = group[0].nodes.decl
        tdef = first_child(decl, "task_definition")
        gone = {t.decl.id for t in group}
        if tdef is not None and all(c.id in gone for c in tdef.children
                                    if c.type not in ("end", "identifier", ";")):
            is_kw = token(decl, "is")
            fu = group[0].nodes.spec_fu
            start = is_kw.start_byte
            while start > 0 and fu.src.data[start - 1:start] in (b" ", b"\t"):
                start -= 1
            end = next(c for c in reversed(tdef.children) if c.type != ";").end_byte
            return [Edit(fu.src.path, start, end, "", self.origin + f" ({group[0].task.name} "
                                                                   "keeps no entry)")]
        return [self._drop_entry(t) for t in group]

    def _drop_entry(self, t: Target) -> Edit:
        fu, d = t.nodes.spec_fu, t.decl
        start = line_start(fu.src.data, d.start_byte)
        if fu.src.data[start:d.start_byte].strip():
            start = d.start_byte
        end = fu.src.data.find(b"\n", d.end_byte)
        end = len(fu.src.data) if end < 0 else end + 1
        if fu.src.data[d.end_byte:end].strip():
            end = d.end_byte
        return Edit(fu.src.path, start, end, "", self.origin + f" (entry {t.task.name}."
                                                             f"{t.entry.name} goes)")


def _body_of_spec(body_fu: FileUnit, spec_fu: FileUnit) -> bool:
    """A package body sees every declaration of its own spec."""
    return (is_spec_unit(spec_fu.tree.root_node) and not is_spec_unit(body_fu.tree.root_node)
            and spec_fu.main_unit.lower() == body_fu.main_unit.lower() != "")


def _short(call: Node) -> str:
    """The call as written, or its callee with (...) when that is long; ``accept E``."""
    if call.type == "accept_statement":
        return stop_text(None, call)
    whole = one_line(call).rstrip(";")
    return whole if len(whole) <= 50 else one_line(call.named_children[0]) + " (...)"


def _locals(body: Node) -> dict[str, str]:
    """Variables of a task body's declarative part and their subtypes, as written."""
    out = {}
    part = first_child(body, "non_empty_declarative_part")
    for d in (part.named_children if part else ()):
        if d.type != "object_declaration":
            continue
        kids = d.children
        colon = next((i for i, c in enumerate(kids) if c.type == ":"), None)
        if colon is None:
            continue
        stop = next((i for i, c in enumerate(kids) if c.type in (":=", ";")), len(kids))
        sub = " ".join(text(c) for c in kids[colon + 1:stop]
                       if c.type not in ("aliased", "constant", "comment"))
        for n in defining_names(d):
            out[n.lower()] = sub
    return out


def _indented(lines: list[str], indent: str) -> str:
    return "\n".join(indent + ln if ln.strip() else "" for ln in lines)


def _index_marks(arr: Node) -> list[Node | None]:
    """Each index of an array type definition: its subtype mark's last identifier, or
    None for an index given as a range of values."""
    marks: list[Node | None] = []
    for c in arr.named_children:
        if c.type == "component_definition":
            break
        if c.type == "identifier":
            marks.append(c)
        elif c.type == "selected_component":
            marks.append(c.named_children[-1])
        elif c.type == "index_subtype_definition":
            mark = c.named_children[0] if c.named_children else None
            marks.append(mark.named_children[-1] if mark is not None
                         and mark.type == "selected_component" else mark)
        elif c.type == "range_g":
            marks.append(None)
    return marks
