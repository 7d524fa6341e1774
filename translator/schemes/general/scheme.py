"""The general scheme (paper section 5, Figures 2-4): tasks stay, rendezvous go.

Every task with entries becomes a protected type (a protected object, for a
single task) holding its rendezvous state, with the task inside it as a
component: ``task type W`` becomes ``protected type W`` plus ``task type
W_Agent``, which runs W's body.  Callers keep their code -- ``W.E (X)``,
``Pool (I).E (X)``, conditional and timed calls, renamings, requeues -- since
W's entries are now the object's entries.  protected_object.py explains the
protocol, agent.py what becomes of the task body.

``translate`` returns the edits for one task (its declaration, its body, and
the context clauses they need) or raises ``Refusal`` naming the construct,
its place and why.
"""

from __future__ import annotations

import re

from ...frontend.decls import discriminant_formals, formals
from ...write.edits import Edit
from ...model import Model, Task
from ...frontend.structure import own_nodes
from ...frontend.syntax import (Node, ancestors, entry_name, first_child, named_children,
    one_line, squeeze, text, walk)
from ...frontend.workspace import Workspace
from ..base import Refusal, SchemeContext, refusal
from ..common.refusals import ShapeError, refusal_of
from ..common.site import TASK_USES, Nodes
from ..common.tree import is_within
from . import aliasing, defaults, function_prefixes, interfaces, mutable, priorities, separate
from .interfaces import progenitor_names
from ..runtime.conditional_requeue import conditional_requeue, requeue_statement_at, with_abort
from ..common import activation
from ..common import uses
from ..common.context import withs_of
from ..runtime import handoff_race
from ..common import triggers
from ..common.fragments import STEP, Source, fresh_name, reindent
from .agent import AgentBody
from .names import Names, make_names
from .protected_object import ObjectGen
from .shape import GeneralShape, analyse, entry_plans
from ..runtime.by_copy import is_by_copy
from .type_facts import is_indefinite, is_limited, mutable_discriminants, range_type, stored_mark
from .partial_views import PARTIAL_VIEWS, declares as _declares, specs_of as _specs_of
from ..common.layout import LIMIT, wrap

SCHEME = "general"
# what _type_use_edits makes of ``abort X``: the object is closed on the next line
_GENERATED_ABORT = re.compile(r"\.agent_identity(_\d+)?\s*\)\s*;?$", re.IGNORECASE)
MARK = "--  rdv2po: general scheme agent of"


def translate(ws: Workspace, model: Model, task: Task, nodes: Nodes,
              ctx: SchemeContext) -> list[Edit]:
    """Edits for one task, or Refusal.  ``ctx`` gives the names in use and takes the
    with clauses the rewrite needs."""
    _preconditions(ws, task, nodes)
    found = conditional_requeue(ws, model, task, with_abort_too=False)
    if found is not None:
        raise Refusal(*found)
    try:
        return _Translation(ws, task, nodes, ctx).edits()
    except ShapeError as exc:
        raise refusal_of(exc, ws, nodes) from None


_WITHIN_SPEC = ("object_declaration", "full_type_declaration", "generic_package_declaration")


def shown_to_clients(decl: Node) -> bool:
    """Is ``decl`` in the visible part of a library package specification (through
    visible parts of nested package specifications only)?"""
    node, in_package = decl, False
    for a in ancestors(decl):
        if a.type == "package_declaration":
            if any(c.type == "private" and c.start_byte < node.start_byte for c in a.children):
                return False
            in_package = True
        elif a.type in ("compilation_unit", "compilation"):
            return in_package
        elif a.type not in _WITHIN_SPEC:
            return False
        node = a
    return in_package


def is_agent(decl: Node) -> bool:
    """A task type this scheme generated: never translated again."""
    return MARK.encode() in decl.text


def _preconditions(ws: Workspace, task: Task, nodes: Nodes) -> None:
    if not task.resolved:
        raise Refusal(task.spec, task.name, "GNAT did not resolve this task's units (see the "
                                            "errors above), so its entries cannot be followed")
    if not task.entries:
        raise Refusal(task.spec, task.name, "the task has no entries: nothing to translate")
    if task.kind == "single":
        for u in task.uses:
            if u.kind not in TASK_USES:
                raise Refusal(u.loc, u.text, "names the task in a way rdv2po does not follow")
    found = (activation.early_start(ws, task, nodes.spec_fu, nodes.decl,
                                    lambda fu, part, ident: _early_try(fu, part, ident, nodes))
             or triggers.atc_trigger(ws, task))
    if found is not None:
        raise Refusal(*found)
    lent = priorities.refusals(ws)
    if lent:
        raise refusal(lent)


def _early_try(fu, part: Node, ident: Node, nodes: Nodes) -> bool:
    """A conditional or timed call of the task's entry made while ``part`` is elaborated
    (a package body's statements), by the task elaborating it, after the task body.

    That task activates the server at the end of the part, so the server cannot accept
    the call: a conditional call takes its else part, a timed call times out.  The
    object does the same: its agent is activated at the same place, and until it waits
    in an accept nothing opens the entry.  The protected body stands where the task
    body was, before the call, so the call finds it elaborated (RM 3.11(14))."""
    body = nodes.stub if nodes.stub is not None else nodes.body
    if body is None or nodes.body_fu is not fu or body.parent is None \
            or body.parent.id != part.id or body.end_byte > ident.start_byte:
        return False
    node = ident
    while node.parent is not None and node.parent.type in ("selected_component",
                                                           "function_call"):
        node = node.parent
    stmt = node.parent
    alt = stmt.parent if stmt is not None and stmt.type == "procedure_call_statement" else None
    return (alt is not None and alt.type == "entry_call_alternative"
            and stmt.named_children[0] == node and alt.parent is not None
            and alt.parent.type in ("conditional_entry_call", "timed_entry_call"))


class _Translation:
    def __init__(self, ws: Workspace, task: Task, nodes: Nodes, ctx: SchemeContext):
        self.ws, self.task, self.nd = ws, task, nodes
        self.spec = Source(nodes.spec_fu)
        self.src = Source(nodes.body_fu)
        self.ctx = ctx
        self.program_names = ctx.names
        self.used = set(self.program_names)
        self.origin = f"{SCHEME} {task.qualified_name}"

    def fresh(self, base: str) -> str:
        return fresh_name(base, self.used)

    def edits(self) -> list[Edit]:
        entries = entry_plans(self.nd.decl, self.spec.node,
                              lambda mark: is_indefinite(self.ws, self.nd.spec_fu, mark),
                              lambda mark: is_limited(self.ws, self.nd.spec_fu, mark),
                              lambda mark: is_by_copy(self.ws, self.nd.spec_fu, mark),
                              lambda rng: range_type(self.ws, self.nd.spec_fu, rng),
                              lambda mark: stored_mark(self.ws, self.nd.spec_fu, mark))
        self._check_families(entries)
        by_key = {self.nd.spec_fu.pos(entry_name(e.decl)): e for e in entries.values()}
        task_key = self.nd.spec_fu.pos(first_child(self.nd.decl, "identifier"))
        formals = {self.nd.spec_fu.pos(name): e for e in entries.values()
                   for name in _formal_names(e)}
        shape = analyse(self.nd.structure, entries, lambda i: self._entity(i, by_key),
                        lambda i: self._entity(i, {task_key: True}) is not None,
                        lambda i: self._entity(i, formals))
        self._check_requeues(shape)
        self._mark_sticky(shape)
        self._check_mutable(shape)
        aliasing.check(self.ws, self.task, self.nd, shape)
        handoff_race.check(self.ws, self.task, self.nd, shape, self._aborts())
        self.callable_inside = False
        self.type_uses = [] if self.task.kind == "single" else uses.uses_of_type(
            self.ws, ":".join(map(str, task_key)), self.nd.body)
        # I'Class objects: their task attributes are the protected type's to answer
        self.ifaces = interfaces.implemented(self.ws, self.task, self.nd)
        if self.ifaces is not None:
            self.type_uses += self.ifaces.uses
        self._check_abort_task()
        self.hidden = self._hides_protocol(shape)
        self.wrapped = not self.hidden and self._wraps_protocol(shape, task_key)
        if self.ifaces is not None and (self.hidden or self.wrapped):
            raise ShapeError(progenitor_names(self.nd.decl)[0], "a task type implementing "
                             "interfaces, declared where its clients would see the rendezvous "
                             "protocol: the public type would have to implement them")
        if not self.hidden and not self.wrapped:
            self._check_protocol_not_shown(shape)
        names = make_names(self.task.name, self.task.kind == "single", shape.entry_list(),
                           self.fresh, hidden=self.hidden or self.wrapped)
        sels = shape.selects.values()
        self.max_alternatives = max((len(s.accepts) for s in sels), default=0)
        obj = ObjectGen(names, shape.entry_list(), selects=bool(shape.selects),
                        timed=any(s.delay is not None for s in sels),
                        wake=any(s.terminate is not None for s in sels),
                        max_alternatives=max((len(s.accepts) for s in sels), default=0),
                        attributes={u.kind for u in self.type_uses},
                        fixed=_fixed_flags(sels))
        refs = self._self_refs(task_key, by_key, names)
        if self.task.kind == "type":
            refs += self._peer_attributes(":".join(map(str, task_key)), names, obj)
        if self.callable_inside or self.callable_used():
            obj.attributes.add("callable")
        if self.hidden:
            obj.attributes |= {u.kind.split(":")[1] for u in self.task.uses
                               if u.kind in _ANSWERED}
        agent = AgentBody(self.src, self.nd.body, shape, obj, refs, self.fresh)
        out = [self._spec_edit(names, obj)]
        if self.nd.stub is None:
            out += [self._po_body_edit(obj)] + self._body_edits(names, agent)
        else:
            out += self._swap(obj, names, agent)
        out += self._interface_edits(names)
        out += self._task_uses(names) + self._type_use_edits(names) + defaults.in_out_edits(self.ws, self.task, self.origin, self._aborted())
        out += uses.constant_edits(self.ws, self.task, self.origin, self._aborted())
        out += function_prefixes.edits(self.ws, self.task, self.origin, self.fresh)
        self._need_withs(obj, shape)
        return out

    def _interface_edits(self, n: Names) -> list[Edit]:
        """A task interface becomes a synchronized one, with the functions its
        class-wide objects' task attributes now call (interfaces.py)."""
        out = []
        if self.ifaces is None:
            return out
        for iface in self.ifaces.interfaces:
            path = iface.fu.src.path
            if iface.kind is not None:
                out.append(Edit(path, iface.kind.start_byte, iface.kind.end_byte,
                                "synchronized", self.origin))
            indent = Source(iface.fu).line_indent(iface.decl.start_byte)
            extra = wrap(interfaces.declarations(iface, n), len(indent))
            if extra:
                out.append(Edit(path, iface.decl.end_byte, iface.decl.end_byte,
                                "".join("\n" + indent + ln for ln in extra), self.origin))
                if any("Ada.Task_Identification" in ln for ln in extra):
                    self.ctx.need_with(iface.fu, ["Ada.Task_Identification"], self.origin)
        return out

    def _aborted(self) -> list:
        """The entities ``abort X`` names, X an object of the task type: ``X.Close``
        follows the abort, and a protected procedure needs a variable."""
        return [e for u in self.type_uses if u.kind == "abort" for m, ours in u.names
                if ours and m.type == "identifier" for e, _k in self.ws.xref.at(u.fu.pos(m))]

    def _check_families(self, entries: dict) -> None:
        """A family index is declared as a subtype before the object, where the task's
        discriminants are not visible."""
        discs = {d.split(":")[0].strip().lower() for d in self._discriminants()}
        discs = {n.strip() for d in discs for n in d.split(",")}
        for e in entries.values():
            words = {w.lower() for w in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", e.family_text)}
            if e.family is not None and words & discs:
                raise ShapeError(e.family, f"the entry family {e.name} has bounds that depend "
                                           "on the task's discriminants, which rdv2po cannot "
                                           "name outside the protected type")

    def _check_mutable(self, shape: GeneralShape) -> None:
        """Formals whose type has defaulted discriminants: the agent hands them to the
        accept body constrained as in the rendezvous (mutable.py).  An ``in`` one is a
        constant: only 'Constrained can tell, so it is handled only where an accept of
        its entry asks (its formals are seen nowhere else)."""
        asking = {a.entry.key for a in shape.accepts.values()
                  if b"'constrained" in a.node.text.lower()}
        mutable.plan(shape.entries, lambda e: e.key in asking,
                     lambda f: mutable_discriminants(self.ws, self.nd.spec_fu, f.mark)
                     if f.mark is not None else (), self.fresh)

    def _task_uses(self, n: Names) -> list[Edit]:
        """``T'Terminated``, ``abort T``...: a single task's agent is the task now;
        ``T'Callable`` asks the object (below)."""
        out = []
        for u in self.task.uses:
            fu = self.ws.by_display.get(u.loc.path)
            ident = fu.ident_at(u.loc.line, u.loc.col) if fu is not None else None
            if ident is None:
                raise Refusal(u.loc, u.text, "cannot find this use of the task again")
            if fu is self.nd.body_fu and is_within(ident, self.nd.body):
                continue            # inside the task body: the agent renames it (self_refs)
            if self.hidden:     # the agent is in the package body: the public object answers
                found = _attribute_use(ident, n)
                if found is None:
                    raise Refusal(u.loc, u.text, "cannot find this use of the task again")
                start, end, new = found
            else:
                start, end, new = _callable_use(ident, n) or (ident.start_byte, ident.end_byte,
                                                              n.component)
            out.append(Edit(fu.src.path, start, end, new, self.origin))
            if u.kind == "abort":
                out.append(self._close_after_abort(fu, ident, n.po_type, n))
        return out

    def _close_after_abort(self, fu, inside: Node, obj: str, n: Names) -> Edit:
        """``abort T`` makes T abnormal at once, and a call of T.E after it must raise
        Tasking_Error (RM 9.5.3, 9.8); the agent closes the object only when it gets round
        to finalizing, so the aborting task closes it itself, right after the abort."""
        stmt = inside
        while stmt.type != "abort_statement":
            stmt = stmt.parent
        col = Source(fu).column(stmt.start_byte)
        return Edit(fu.src.path, stmt.end_byte, stmt.end_byte,
                    f"\n{' ' * col}{obj}.{n.close};  --  rdv2po: abnormal now", self.origin)

    def callable_used(self) -> bool:
        """'Callable of the task, anywhere: the object answers it (see _callable_use)."""
        uses = [u for u in self.task.uses if u.kind == "attribute:callable"]
        return bool(uses) or any(u.kind == "callable" for u in self.type_uses)

    def _type_use_edits(self, n: Names) -> list[Edit]:
        """X'Terminated -> X.Agent_Terminated; abort X -> Abort_Task (X.Agent_Identity)."""
        out = []
        fn = {"callable": n.agent_callable, "terminated": n.agent_terminated,
              "identity": n.agent_identity}
        for u in self.type_uses:
            if u.kind != "abort":
                tick = u.node.prev_sibling
                out.append(Edit(u.fu.src.path, tick.start_byte, u.node.end_byte, f".{fn[u.kind]}",
                                self.origin))
                continue
            theirs = [one_line(m) for m, ours in u.names if not ours]
            calls = [f"Ada.Task_Identification.Abort_Task ({one_line(m)}."
                     f"{n.agent_identity});" for m, ours in u.names if ours]
            # abnormal now: later calls raise Tasking_Error (see _close_after_abort)
            calls += [f"{one_line(m)}.{n.close};" for m, ours in u.names if ours]
            col = Source(u.fu).column(u.node.start_byte)
            stmts = ([f"abort {', '.join(theirs)};"] if theirs else []) + calls
            out.append(Edit(u.fu.src.path, u.node.start_byte, u.node.end_byte,
                            ("\n" + " " * col).join(stmts), self.origin))
            self.ctx.need_with(u.fu, ["Ada.Task_Identification"], self.origin)
        return out

    def _entity(self, ident: Node, table: dict):
        for ent, _kind in self.ws.xref.at(self.nd.body_fu.pos(ident)):
            if ent.key in table:
                return table[ent.key]
        return None

    def _self_refs(self, task_key, entries: dict, n: Names) -> list[tuple[int, int, str]]:
        """The task named inside its body, units nested in it included: now the agent --
        except as the prefix of a call of its entries (``T1.E`` from a nested task), which
        now names the object."""
        own = {c.id for c in self.nd.body.children}
        out = []
        for i in walk(self.nd.body):
            if i.type != "identifier" or i.id in own or \
                    self._entity(i, {task_key: True}) is None:
                continue
            sel = i.parent
            calls_entry = (sel is not None and sel.type == "selected_component"
                           and sel.named_children[0] == i
                           and self._entity(sel.named_children[-1], entries) is not None)
            callable_ = _callable_use(i, n)
            if callable_ is not None:
                self.callable_inside = True
                out.append(callable_)
            elif self.task.kind == "type" and _as_object(i):
                out.append((i.start_byte, i.end_byte, f"{n.self_}.all"))
            else:
                out.append((i.start_byte, i.end_byte, n.self_ if calls_entry else n.agent))
        return out

    def _peer_attributes(self, task_key: str, n: Names, obj: ObjectGen) -> list[tuple]:
        """``Peer'Terminated`` in the body, of another object of the type: that object's
        function, as outside the body (_type_use_edits)."""
        fn = {"callable": n.agent_callable, "terminated": n.agent_terminated,
              "identity": n.agent_identity}
        out = []
        for u in uses.attributes_in_body(self.ws, self.nd.body_fu, task_key,
                                                 self.nd.body):
            obj.attributes.add(u.kind)
            out.append((u.node.prev_sibling.start_byte, u.node.end_byte, f".{fn[u.kind]}"))
        return out

    def _check_requeues(self, shape: GeneralShape) -> None:
        """An external requeue target is named in the protected body, which cannot see
        the task's locals.  A plain name of them (``Ledger.Post``, ``Helper.Start``) is
        handed to the agent, which makes the requeue in an accept of its own entry.  An
        index, a call or a dereference could raise there, after the object let the
        caller go, and the agent's handler would report it to the object, which has
        nobody left to tell (and has freed the caller's indefinite parameters)."""
        self.forwarded = []
        for rq in shape.requeues.values():
            if rq.internal is not None:
                continue
            local = self._task_local(rq.target)
            if local is None:
                continue
            if not _plain_name(rq.target) or not self._cannot_raise(rq.target):
                raise ShapeError(rq.node, f"the requeue target {one_line(rq.target)} "
                                 f"names {text(local)}, declared in the task body, and its "
                                 "evaluation could raise (an index, a call, a dereference or "
                                 "a component), and translated the task would evaluate it "
                                 "after the rendezvous object has let the caller go: only a "
                                 "plain name of a task or protected object declared there "
                                 "can be handed to the task")
            rq.by_agent = True
            self.forwarded.append(rq)

    def _cannot_raise(self, target: Node) -> bool:
        """Every name in ``target`` is a task or protected object, a package or an entry
        (GNAT's entity letters): no implicit dereference, no discriminant check."""
        for ident in [target] + list(own_nodes(target)):
            if ident.type == "identifier" and any(
                    ent.kind not in _SAFE_IN_TARGET
                    for ent, _k in self.ws.xref.at(self.nd.body_fu.pos(ident))):
                return False
        return True

    def _task_local(self, target: Node) -> Node | None:
        """The first identifier of ``target`` that the task body declares."""
        body_loc = self.nd.body_fu.loc(self.nd.body)
        for ident in [target] + list(own_nodes(target)):
            if ident.type != "identifier":
                continue
            for ent, _k in self.ws.xref.at(self.nd.body_fu.pos(ident)):
                decl = self.ws.loc_of(ent.file, ent.line, ent.col)
                if decl is not None and decl.path == body_loc.path and \
                        self.nd.body.start_point[0] < decl.line <= self.nd.body.end_point[0] + 1:
                    return ident
        return None

    def _mark_sticky(self, shape: GeneralShape) -> None:
        """Entries of a select with a terminate alternative that calls reach by a requeue
        without abort from outside the task.  At that wait the object sends its callers on
        to the agent by requeue (protected_object.py); the requeue must keep a call as
        cancellable as it was: with abort for calls made to the entry, without abort
        (``sticky``) for calls requeued there without abort.  The object cannot tell the
        two apart; an entry reached both ways where the difference can be seen (a timed
        call, or an abort of the caller) is refused by handoff_race.  Requeues in the
        task's own accept bodies arrive while the agent is busy, never at that wait."""
        own = {rq.node.id for rq in shape.requeues.values()}
        woken = {self.nd.spec_fu.loc(e.decl.named_children[0]): e
                 for e in shape.entry_list() if e.woken}
        for entry in self.task.entries:
            plan = woken.get(entry.loc)
            for call in entry.calls if plan is not None else ():
                stmt = requeue_statement_at(self.ws, call.loc) if call.kind == "requeue" else None
                if stmt is not None and stmt.id not in own and not with_abort(stmt):
                    plan.sticky = True

    def _check_abort_task(self) -> None:
        """``Abort_Task`` of an identity the program holds: if it can be the agent's (the
        task's 'Identity, or Current_Task anywhere), a call after it must raise
        Tasking_Error, but nothing closes the object until the agent finalizes (``abort``
        statements close it themselves: _close_after_abort)."""
        ids = [u for u in self.task.uses if u.kind == "attribute:identity"]
        ids += [u for u in self.type_uses if u.kind == "identity"]
        if "abort_task" not in self.program_names:
            return
        if not ids and "current_task" not in self.program_names:
            return
        for fu in self.ws.units():
            for i in fu.nodes_of_type("identifier"):
                call = i.parent.parent if i.parent is not None and \
                    i.parent.type == "selected_component" else i.parent
                if text(i).lower() != "abort_task" or call is None or \
                        _GENERATED_ABORT.search(one_line(call)):
                    continue
                raise Refusal(fu.loc(i), one_line(call, limit=40),
                              "Abort_Task of a task identity the program holds (the task's "
                              "'Identity, or Current_Task): a call of the task's entries right "
                              "after it must raise Tasking_Error, but the protected object "
                              "learns of the abort only when the aborted agent finalizes")

    def _aborts(self) -> bool:
        """Can the program abort a task: an abort statement, an asynchronous select,
        or Abort_Task?"""
        return any(fu.nodes_of_type("abort_statement") or fu.nodes_of_type("asynchronous_select")
                   for fu in self.ws.units()) or "abort_task" in self.program_names

    # -- the declaration --------------------------------------------------------

    def _hides_protocol(self, shape: GeneralShape) -> bool:
        """Does the object go to the package body, behind a public object with the task's
        entries only?  For a single task declared in a package specification, where
        every client could call the protocol.  Not done: a task type (its rendezvous
        object must be a component of the public type, declared before it; a limited
        private type completed later by the object makes GNAT 12 build the public type
        without the task master its agent component needs: "missing argument for
        parameter _Master"), entries declared in the task's private part, an entry that
        requeues without abort reach (the public object cannot tell such calls from
        conditional ones), and a task whose name is used outside its body ('Terminated,
        abort, 'Priority...: the agent is not visible there; 'Callable, 'Terminated and
        'Identity are functions of the public object)."""
        if self.task.kind != "single":
            return False
        if not any(a.type == "package_declaration" for a in ancestors(self.nd.decl)):
            return False
        if not self._entries_can_go_on(shape):
            return False
        for u in self.task.uses:
            fu = self.ws.by_display.get(u.loc.path)
            ident = fu.ident_at(u.loc.line, u.loc.col) if fu is not None else None
            inside = fu is self.nd.body_fu and ident is not None and is_within(ident, self.nd.body)
            if not inside and u.kind not in _ANSWERED:
                return False
        return True

    def _entries_can_go_on(self, shape: GeneralShape) -> bool:
        """Can a public object with the task's entries send every call on, with abort?
        Not for entries in the task's private part, nor for an entry a requeue without
        abort reaches (the public object cannot tell such calls from conditional ones)."""
        tdef = first_child(self.nd.decl, "task_definition")
        if tdef is not None and any(c.type == "private" for c in tdef.children):
            return False
        return not any(e.sticky for e in shape.entry_list())

    def _wraps_protocol(self, shape: GeneralShape, task_key) -> bool:
        """A task type in the visible part of a package specification: the public
        protected type, named as the task type was, has the task's entries and nothing
        else, and holds the rendezvous object (the one-object form, renamed, its agent a
        component of it) as a private component, which no client can reach.  Not done:
        a separate body; what _entries_can_go_on excludes; and ``abort`` of an object of
        the type, which must close the object after it (the public type would show
        Close).  'Callable, 'Terminated and 'Identity of its objects are functions of the
        public type, asking the rendezvous object."""
        if self.task.kind != "type" or self.nd.stub is not None or \
                not shown_to_clients(self.nd.decl) or not self._entries_can_go_on(shape):
            return False
        return not any(u.kind == "abort" for u in self.type_uses)

    def _check_protocol_not_shown(self, shape: GeneralShape) -> None:
        """A task that keeps the one-object form must not be where clients see it: they
        could call the protocol (Select_Arm, the *_Accept_Begin/_End operations...) and
        break the object.  Refused in the visible part of a library package."""
        if not shown_to_clients(self.nd.decl):
            return
        if self.task.kind != "single":
            what, why = "a task type", ("with entries in its private part, an entry a requeue "
                                        "without abort reaches, a separate body, or an "
                                        "abort of its objects, the protocol stays in the "
                                        "type clients use")
        elif any(e.sticky for e in shape.entry_list()):
            what, why = "a task", ("an entry a requeue without abort reaches keeps the "
                                   "protocol in the object clients call")
        else:
            what, why = "a task", ("with entries in its private part or its name used "
                                   "outside its body, the protocol stays in the object "
                                   "clients call")
        raise Refusal(self.task.spec, self.task.name,
                      f"{what} in the visible part of a package specification: {why}; "
                      "declare it in the private part or the package body to have it "
                      "translated (docs/general-scheme.md, \"Hidden from clients\")")

    def _spec_edit(self, n: Names, obj: ObjectGen) -> Edit:
        decl = self.nd.decl
        if self.hidden:
            return self._public_edit(n, obj)
        col = len(self.spec.line_indent(decl.start_byte))
        partial = self._has_partial_view() and not self.wrapped
        lines = [] if n.single or partial else [f"type {n.po_type};"]
        lines += wrap(obj.types() + ([] if n.single else self._agent_decl(n)), col)
        what = ("task {0} became this protected object; its code runs in the task {1}, "
                "declared after it" if n.single else
                "task type {0} became this protected type; its code runs in {1}, a component "
                "of it").format(self.task.name, n.agent)
        if self.wrapped:
            what = (f"the rendezvous of task type {self.task.name}, whose code runs in "
                    f"{n.agent}, a component of it; clients call {self.task.name}, below")
        lines += wrap([f"--  rdv2po: {what} (general scheme: each rendezvous goes through the "
                       "object)"], col)
        discs = first_child(decl, "known_discriminant_part")
        head = ("protected " + ("" if n.single else "type ") + n.po_type
                + (f" {self.spec.node(discs)}" if discs else "") + " is"
                + (f" new {self.ifaces.progenitors} with" if self.ifaces else ""))
        tdef = first_child(decl, "task_definition")
        vis, priv = self._parts(tdef)
        lines += [head] + vis + [STEP + "--  rdv2po: the rendezvous protocol, for " + n.agent]
        lines += wrap([STEP + ln for ln in obj.visible_ops()], col)
        lines += ["private"] + priv + wrap([STEP + ln for ln in obj.private_decls()], col)
        if not n.single:
            lines.append(STEP + f"{n.component} : {n.agent} {self._agent_constraint(n)};")
        lines.append(f"end {n.po_type};")
        if self.wrapped:
            lines += self._wrapper_decl(n, obj, vis, discs, col)
        if n.single:
            # Beside the object, not in it: a protected type with a task component pays for
            # a task master in every protected operation (GNAT's expansion).
            lines += wrap(self._agent_decl(n), col)
        indent = self.spec.line_indent(decl.start_byte)
        body = "\n".join(lines[:1] + [indent + ln if ln else "" for ln in lines[1:]])
        return Edit(self.nd.spec_fu.src.path, decl.start_byte, decl.end_byte, body, self.origin)

    def _public_edit(self, n: Names, obj: ObjectGen) -> Edit:
        """The task's declaration becomes a protected object with the task's entries, and
        nothing else: clients see what they saw."""
        decl = self.nd.decl
        col = len(self.spec.line_indent(decl.start_byte))
        vis, _priv = self._parts(first_child(decl, "task_definition"))
        lines = wrap([f"--  rdv2po: task {self.task.name} became this protected object; its "
                      f"calls go on to {n.po_type} and its code runs in the task {n.agent}, "
                      "both in the package body (general scheme)"], col)
        forwards = obj.attribute_forwards(n.po_type)
        if forwards:
            vis = vis + wrap([STEP + f"--  rdv2po: the task's attributes ('Callable...), asked "
                              f"of {n.po_type}"] + [STEP + f"{h};" for h, _ in forwards], col)
        lines += [f"protected {self.task.name} is"] + vis + [f"end {self.task.name};"]
        indent = self.spec.line_indent(decl.start_byte)
        body = "\n".join(lines[:1] + [indent + ln if ln else "" for ln in lines[1:]])
        return Edit(self.nd.spec_fu.src.path, decl.start_byte, decl.end_byte, body, self.origin)

    def _wrapper_decl(self, n: Names, obj: ObjectGen, vis: list[str], discs: Node | None,
                      col: int) -> list[str]:
        """The public type of a task type in a visible part: the task's entries, and the
        rendezvous object as a private component."""
        names = [d for f in discriminant_formals(self.nd.decl) for d in f.names]
        constraint = f" ({', '.join(f'{d} => {d}' for d in names)})" if names else ""
        lines = wrap([f"--  rdv2po: task type {self.task.name} became this protected type; "
                      f"each call goes on to its {n.po_type} (general scheme)"], col)
        lines += [f"protected type {self.task.name}"
                  + (f" {self.spec.node(discs)}" if discs else "") + " is"] + vis
        forwards = obj.attribute_forwards(n.rendezvous)
        if forwards:
            lines += wrap([STEP + "--  rdv2po: the task's attributes ('Callable...), asked "
                           f"of {n.rendezvous}"] + [STEP + f"{head};" for head, _ in forwards],
                          col)
        lines += ["private", STEP + f"{n.rendezvous} : {n.po_type}{constraint};"]
        lines += wrap([STEP + f"--  the barrier of every entry: GNAT 12 crashes on 'when True' "
                       "in a protected type holding a task (gnat_to_gnu_entity)"], col)
        lines += [STEP + f"{n.passing} : Boolean := True;", f"end {self.task.name};"]
        return lines

    def _swap(self, obj: ObjectGen, n: Names, agent: AgentBody) -> list[Edit]:
        """A separate body: the subunit receives the protected body of the task's name."""
        if not self.hidden:
            return separate.swap(self.nd, self._po_body_lines(obj), self._body_edits(n, agent),
                                 n, self.origin)
        stub_fu, stub = self.nd.stub
        decls, public = self._hidden_decl_lines(n, obj, Source(stub_fu).column(stub.start_byte))
        return separate.swap(self.nd, public, self._body_edits(n, agent), n, self.origin,
                             hidden=(self.task.name, decls, self._po_body_lines(obj)))

    def _hidden_decl_lines(self, n: Names, obj: ObjectGen,
                           col: int) -> tuple[list[str], list[str]]:
        """The rendezvous object and the agent, declared where the task body was (only
        the package body sees them); and the public object's body."""
        vis, _priv = self._parts(first_child(self.nd.decl, "task_definition"))
        lines = wrap(obj.types(), col)
        lines += wrap([f"--  rdv2po: the rendezvous of task {self.task.name}, for {n.agent}"],
                      col)
        lines += [f"protected {n.po_type} is"] + vis
        lines += wrap([STEP + ln for ln in obj.visible_ops()], col)
        lines += ["private"] + wrap([STEP + ln for ln in obj.private_decls()], col)
        lines.append(f"end {n.po_type};")
        lines += wrap(self._agent_decl(n), col) + [""]
        return lines, self._public_body(n, obj, n.po_type, col)

    def _public_body(self, n: Names, obj: ObjectGen, target: str, col: int,
                     barrier: str = "True") -> list[str]:
        """The public object's entries send every call on to the rendezvous object, with
        abort: a call stays cancellable until the agent accepts it there.  A task type's
        public type also answers the task's attributes, asking its component."""
        public = [f"protected body {self.task.name} is"]
        public += wrap([STEP + f"--  rdv2po: each call goes on to {target}, as cancellable "
                       "as it was"], col)
        for e in obj.entries:
            j = n.member if e.family is not None else None
            fam = f" (for {j} in {e.family_text})" if j else ""
            head = f"entry {e.name}{fam}" + (f" {e.formal_text}" if e.formal_text else "")
            when = f" when {barrier} is"
            fits = col + len(STEP + head + when) <= LIMIT
            public += wrap(([STEP + head + when] if fits else
                            [STEP + head, STEP + " " + when]) + [STEP + "begin",
                           STEP * 2 + f"requeue {target}.{e.name}"
                           + (f" ({j})" if j else "") + " with abort;",
                           STEP + f"end {e.name};", ""], col)
        if self.wrapped or self.hidden:
            for head, stmt in obj.attribute_forwards(target):
                name = head.split()[1]
                public += wrap([STEP + head + " is", STEP + "begin", STEP * 2 + stmt,
                                STEP + f"end {name};", ""], col)
        return public[:-1] + [f"end {self.task.name};"]


    def _has_partial_view(self) -> bool:
        """A private or incomplete declaration of the task type already stands before
        it: in the same declarative region, or (the task declared in a package body)
        in that package's spec, which is not a second declaration to add."""
        name = self.task.name.lower()
        region = self.nd.decl.parent
        while region is not None and region.type not in ("package_declaration",
                                                            "non_empty_declarative_part"):
            region = region.parent
        if any(first_child(p, "identifier") is not None
               and text(first_child(p, "identifier")).lower() == name
               and p.start_byte < self.nd.decl.start_byte
               and (region is None or is_within(p, region))
               for kind in PARTIAL_VIEWS for p in self.nd.spec_fu.nodes_of_type(kind)):
            return True
        body = region.parent if region is not None else None
        return body is not None and body.type == "package_body" and any(
            _declares(spec, name) for spec in _specs_of(self.ws, self.nd.spec_fu, body))

    def _agent_decl(self, n: Names) -> list[str]:
        decl = self.nd.decl
        discs = [] if n.single else [f"{n.self_} : not null access {n.po_type}"]
        named = []
        if self.ifaces is not None and not n.single:
            # GNAT 12 finds no entry of a protected type with interfaces through an
            # access discriminant to its incomplete view ("no selector ... for type
            # derived from"); through a named access type it does
            access = self.fresh(f"{n.po_type}_Access")
            named = [f"type {access} is access all {n.po_type};"]
            discs = [f"{n.self_} : not null {access}"]
        for spec in self._discriminants():
            discs.append(spec)
        aspects = first_child(decl, "aspect_specification")
        asp = f" {self.spec.node(aspects)}" if aspects is not None else ""
        tdef = first_child(decl, "task_definition")
        pragmas = [STEP + self.spec.one_line(p)
                   for p in (named_children(tdef, "pragma_g") if tdef else ())]
        wakes = []
        # one member per position of a select's alternatives: its accept knows which it took
        family = f" (Positive range 1 .. {self.max_alternatives})"
        for key, (wake, formals) in n.wakes.items():
            fp = "; ".join(f"{f} : {mode} {sub}" for f, (mode, sub) in zip(formals, self._profile(key)))
            line = STEP + f"entry {wake}{family}" + (f" ({fp})" if fp else "") + ";"
            if fp and len(line) + len(self.spec.line_indent(self.nd.decl.start_byte)) > LIMIT:
                line = STEP + f"entry {wake}{family}\n" + STEP + f"  ({fp});"
                if len(line.split("\n")[1]) + len(self.spec.line_indent(self.nd.decl.start_byte)) > LIMIT:
                    # one formal a line, as wrap would lay out a single parenthesis
                    line = STEP + f"entry {wake}{family}\n" + STEP + "  (" + (
                        ";\n" + STEP + "   ").join(fp.split("; ")) + ");"
            wakes += line.split("\n")
        wakes += self._forward_entries(n)
        head = (f"task {n.agent}{asp} is" if n.single else
                f"task type {n.agent} ({'; '.join(discs)}){asp} is")
        return named + [head, STEP + f"{MARK} {n.po_type}"] + pragmas + wakes + [f"end {n.agent};"]

    def _forward_entries(self, n: Names) -> list[str]:
        """The agent's entries where the object hands back a caller to requeue."""
        out = []
        for rq in self.forwarded:
            fp = "; ".join(f"{p.name} : {p.mode} {p.subtype}" for p in rq.entry.params)
            fwd = n.entries[rq.entry.key].forward[rq.number - 1]
            out.append(STEP + f"entry {fwd}" + (f" ({fp})" if fp else "") + ";")
        if out:
            out.insert(0, STEP + "--  rdv2po: for the requeues whose target only this body sees")
        return out

    def _profile(self, key: tuple) -> list[tuple[str, str]]:
        # The key holds normalised subtypes; use the written ones of an entry with that profile.
        plans = entry_plans(self.nd.decl, self.spec.node)
        return next([(p.mode, p.subtype) for p in e.params]
                    for e in plans.values() if e.profile_key() == key)

    def _discriminants(self) -> list[str]:
        """The task's discriminant specifications, without default expressions."""
        part = first_child(self.nd.decl, "known_discriminant_part")
        lst = first_child(part, "discriminant_specification_list") if part else None
        out = []
        for spec in (named_children(lst, "discriminant_specification") if lst else ()):
            kids = spec.children
            stop = next((i for i, c in enumerate(kids) if c.type == ":="), len(kids))
            out.append(squeeze(self.spec.text(kids[0].start_byte, kids[stop - 1].end_byte)))
        return out

    def _agent_constraint(self, n: Names) -> str:
        parts = [f"{n.self_} => {n.po_type}'Unchecked_Access"]
        parts += [f"{d} => {d}" for f in discriminant_formals(self.nd.decl) for d in f.names]
        return "(" + ", ".join(parts) + ")"

    def _parts(self, tdef: Node | None) -> tuple[list[str], list[str]]:
        """The task definition's visible and private items, pragmas left out."""
        if tdef is None:
            return [], []
        kids = [c for c in tdef.children if c.type not in ("end", "identifier", ";")
                or c.parent != tdef]
        split = next((i for i, c in enumerate(kids) if c.type == "private"), len(kids))
        return self._items(kids[:split]), self._items(kids[split + 1:])

    def _items(self, kids: list[Node]) -> list[str]:
        keep = [k for k in kids if k.type not in ("pragma_g", "end") and k.type != "identifier"]
        keep = [k for k in keep if k.is_named]
        if not keep:
            return []
        out = []
        for k in keep:
            block = self.spec.block(k.start_byte, k.end_byte, STEP)
            out += block.split("\n")
        return out

    # -- the body ---------------------------------------------------------------

    def _po_body_lines(self, obj: ObjectGen, col: int | None = None) -> list[str]:
        n = obj.n
        col = len(self.src.line_indent(self.nd.body.start_byte)) if col is None else col
        return ([f"protected body {n.po_type} is", ""]
                + wrap([STEP + ln if ln else "" for ln in obj.body()], col)
                + [f"end {n.po_type};"])

    def _po_body_edit(self, obj: ObjectGen) -> Edit:
        body = self.nd.body
        indent = self.src.line_indent(body.start_byte)
        lines = self._po_body_lines(obj) + [""]
        if self.hidden:
            decls, public = self._hidden_decl_lines(obj.n, obj, len(indent))
            lines = decls + public + [""] + lines
        elif self.wrapped:
            n = obj.n
            lines += self._public_body(n, obj, n.rendezvous, len(indent), n.passing) + [""]
        start = self.src.data.rfind(b"\n", 0, body.start_byte) + 1
        txt = "".join((indent + ln if ln else "") + "\n" for ln in lines)
        return Edit(self.nd.body_fu.src.path, start, start, txt, self.origin)

    def _body_edits(self, n: Names, agent: AgentBody) -> list[Edit]:
        body, fu = self.nd.body, self.nd.body_fu
        out = []
        for ident in [c for c in body.children if c.type == "identifier"]:
            out.append(Edit(fu.src.path, ident.start_byte, ident.end_byte, n.agent, self.origin))
        hss = first_child(body, "handled_sequence_of_statements")
        wrap_body = self._declares_tasks() and hss is not None
        out.append(self._closer(n, with_object=not wrap_body))
        subs = agent.top_level()
        if wrap_body:
            out.append(self._closing_block(n, agent, hss))
            subs = [sub for sub in subs if sub.end <= hss.start_byte or sub.start >= hss.end_byte]
        for sub in subs:
            col = self.src.column(sub.start)
            lines = sub.text.split("\n")
            txt = "\n".join(lines[:1] + [" " * col + ln if ln else "" for ln in lines[1:]])
            out.append(Edit(fu.src.path, sub.start, sub.end, txt, self.origin))
        return out

    def _declares_tasks(self) -> bool:
        """Does the task body itself declare tasks (its dependents)?  Then the task
        completes -- and its entries must start raising Tasking_Error -- before they
        terminate, while the body's own objects are finalized only after."""
        part = first_child(self.nd.body, "non_empty_declarative_part")
        for d in (part.named_children if part is not None else ()):
            if d.type == "single_task_declaration" or any(
                    c.type == "single_task_declaration" for c in d.children):
                return True
            for ident in (c for c in d.children if c.type == "identifier"):
                ent = self.ws.xref.declared_at(self.nd.body_fu.pos(ident))
                if ent is None:
                    continue
                typ = self.ws.xref.entities.get(uses._key(ent.type_ref))
                refs = [ent.component_ref] + ([typ.component_ref] if typ else [])
                if ent.kind == "t" or any(
                        (t := self.ws.xref.entities.get(uses._key(r))) is not None
                        and t.kind == "T" for r in refs if r):
                    return True
        return False

    def _closing_block(self, n: Names, agent: AgentBody, hss: Node) -> Edit:
        """The body's statements in a block whose object closes the rendezvous object
        when they are done (handlers included), before dependents are awaited."""
        start, end = hss.start_byte, hss.end_byte
        col = self.src.column(start)
        inner = reindent(self.src.render(start, end, agent.subs(start, end)), col, col + len(STEP))
        pad = " " * col
        txt = (f"declare\n{pad}{STEP}{n.closer} : {n.closer_type};   --  closes on completion\n"
               f"{pad}begin\n{inner}\n{pad}end;")
        return Edit(self.nd.body_fu.src.path, start, end, txt, self.origin)

    def _closer(self, n: Names, with_object: bool = True) -> Edit:
        body = self.nd.body
        part = first_child(body, "non_empty_declarative_part")
        base = self.src.line_indent(body.start_byte) + STEP
        lines = ["--  rdv2po: when this task ends, calls of its entries raise Tasking_Error",
                 f"type {n.closer_type} is new Ada.Finalization.Limited_Controlled with null record;",
                 f"overriding procedure Finalize (Object : in out {n.closer_type});",
                 f"overriding procedure Finalize (Object : in out {n.closer_type}) is",
                 "begin", STEP + f"{n.self_}.{n.close};", "end Finalize;"]
        if with_object:
            lines.append(f"{n.closer} : {n.closer_type};")
        txt = "".join(base + ln + "\n" for ln in lines)
        if part is not None and part.named_children:
            first = part.named_children[0]
            start = self.src.data.rfind(b"\n", 0, first.start_byte) + 1
            return Edit(self.nd.body_fu.src.path, start, start, txt, self.origin)
        is_kw = next(c for c in body.children if c.type == "is")
        return Edit(self.nd.body_fu.src.path, is_kw.end_byte, is_kw.end_byte, "\n" + txt.rstrip("\n"),
                    self.origin)

    def _need_withs(self, obj: ObjectGen, shape) -> None:
        units = {}
        # the units the object's declaration needs: where it stands
        agent_fu = self.nd.stub[0] if self.nd.stub is not None else self.nd.body_fu
        obj_fu = (agent_fu if self.hidden else self.nd.spec_fu).display
        if obj.needs_exceptions:
            units.setdefault(obj_fu, []).append("Ada.Exceptions")
        if obj.heap:
            units.setdefault(obj_fu, []).append("Ada.Unchecked_Deallocation")
        if obj.task_ids:
            units.setdefault(obj_fu, []).append("Ada.Task_Identification")
        units.setdefault(agent_fu.display, []).append("Ada.Finalization")
        if any(len(s.delays) > 1 and s.delays[0].node.type == "delay_until_statement"
               for s in shape.selects.values()):
            # the agent's choice among delay alternatives: Agent._expiry
            units[agent_fu.display] += ["Ada.Calendar", "Ada.Real_Time"]
        if self.hidden and "identity" in obj.attributes and self.nd.spec_fu.display != obj_fu:
            # the public object's Agent_Identity, in the specification (its with serves
            # the body too)
            units.setdefault(self.nd.spec_fu.display, []).append("Ada.Task_Identification")
            units[obj_fu] = [u for u in units.get(obj_fu, []) if u != "Ada.Task_Identification"]
        if self.hidden and self.nd.spec_fu.display != obj_fu:
            # the package's specification withs them for its body too
            have = withs_of(self.nd.spec_fu, self.nd.decl)
            units = {d: [u for u in us if d != obj_fu or u.lower() not in have]
                     for d, us in units.items()}
        private = _in_private_part(self.nd.decl)
        for display, wanted in units.items():
            # a spec's private part (a Remote_Types package's, say) takes a private with
            self.ctx.need_with(self.ws.by_display[display], wanted, self.origin,
                               private=private and display == self.nd.spec_fu.display)


def _in_private_part(decl: Node) -> bool:
    """Is ``decl`` in the private part of a library package's specification?"""
    spec = next((a for a in ancestors(decl) if a.type == "package_declaration"
                 and a.parent is not None and a.parent.type == "compilation_unit"), None)
    kw = next((c for c in spec.children if c.type == "private"), None) if spec else None
    return kw is not None and kw.start_byte < decl.start_byte


def _fixed_flags(sites) -> dict[str, str]:
    """Select_Arm's flags that every call passes alike: a select's else part (poll), a
    delay alternative open (timed_wait), a terminate alternative open (wake)."""
    seen: dict[str, set[str]] = {"poll": set(), "timed_wait": set(), "wake": set()}
    for site in sites:
        seen["poll"].add("True" if site.else_part is not None else "False")
        d, t = site.delay, site.terminate
        seen["timed_wait"] |= ({"False"} if d is None
                               else {"True"} if d.guard is None and len(site.delays) == 1
                               else {"True", "False"})
        seen["wake"].add("False" if t is None else "True" if t.guard is None else "guard")
    return {k: v.pop() for k, v in seen.items() if len(v) == 1 and v != {"guard"}}


# a single task's attributes that the public object in front of it answers
_ANSWERED = ("attribute:callable", "attribute:terminated", "attribute:identity")


def _attribute_use(ident: Node, n: Names) -> tuple[int, int, str] | None:
    """``T'Terminated`` (``P.T'Terminated``) outside the body of a single task hidden
    behind a public object: ``T.Agent_Terminated`` (likewise 'Callable, 'Identity)."""
    prefix = ident
    while prefix.parent is not None and prefix.parent.type == "selected_component" \
            and prefix.parent.named_children[-1] == prefix:
        prefix = prefix.parent
    tick = prefix.next_sibling
    attr = tick.next_sibling if tick is not None and tick.type == "tick" else None
    fn = {"callable": n.agent_callable, "terminated": n.agent_terminated,
          "identity": n.agent_identity}.get(text(attr).lower()) if attr is not None else None
    if fn is None:
        return None
    return ident.start_byte, attr.end_byte, f"{text(ident)}.{fn}"


def _as_object(ident: Node) -> bool:
    """The current instance named as an object of its type (``W not in Sub_W``, an
    actual parameter): now the object the agent belongs to.  As a prefix (``W'Terminated``,
    ``W.D``) or in an abort statement it still names the task, the agent."""
    parent = ident.parent
    nxt = ident.next_sibling
    return not ((parent is not None and parent.type in ("selected_component", "abort_statement",
                                                        "access_definition"))
                or (nxt is not None and nxt.type == "tick"))


def _callable_use(ident: Node, n: Names) -> tuple[int, int, str] | None:
    """``T'Callable`` becomes a function of the object, ``not Closed and then
    Agent'Callable``: once a call has raised Tasking_Error the task must not look
    callable, though the agent closes the object just before it completes."""
    tick = ident.next_sibling
    attr = tick.next_sibling if tick is not None and tick.type == "tick" else None
    if attr is None or text(attr).lower() != "callable":
        return None
    return ident.start_byte, attr.end_byte, f"{n.self_}.{n.agent_callable}"


def _formal_names(e) -> list[Node]:
    """The defining identifiers of an entry declaration's formals."""
    return [n for f in formals(e.formal) for n in f.name_nodes]


# task object, protected object, package, generic package instance's name, entry
_SAFE_IN_TARGET = frozenset("twKkY")


def _plain_name(target: Node) -> bool:
    """``A.B.C``: identifiers and selections only, whose evaluation cannot raise."""
    if target.type == "identifier":
        return True
    return target.type == "selected_component" and all(
        _plain_name(c) for c in target.named_children)
