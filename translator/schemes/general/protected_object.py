"""The rendezvous object of the general scheme: declarations and protected body.

A task ``T`` becomes a protected type (object) ``T`` with T's entries, and
the task itself becomes ``T_Agent``, a component of that object: callers do
not change.  Each entry ``E`` gets the four operations of the paper's
Figure 3 -- ``E`` (Call), ``E_Accept_Begin``, ``E_Accept_End``, ``E_Queue`` --
and a select of accepts gets the Selector of Figure 4 (``Select_Arm``,
``Select_Wait``).  They live in one object per task, not one per entry,
because a selective accept must pick exactly one caller atomically: with one
object per entry the choice would need locks taken in opposite orders.

The protocol, for a caller of ``E`` and the agent at ``accept E``:

* The agent queues on ``E_Accept_Begin`` (or arms a select).  ``E``'s barrier
  opens only while the agent waits there or has armed ``E``: the caller is
  *accepted* exactly when ``E``'s body runs, so a conditional or timed call
  on ``E`` behaves as on the task's entry, and ``E'Count`` counts callers not
  yet accepted, as before.
* ``E``'s body stores the ``in`` parameters and requeues the caller, without
  abort (an accepted call can no longer be cancelled), on ``E_Queue``, whose
  barrier opens when the agent calls ``E_Accept_End`` with the ``out``
  parameters, or ``E_Failed`` with the exception of the accept body, which
  ``E_Queue`` re-raises in the caller.  An entry none of whose accepts has a
  body skips ``E_Queue``: the caller is released when accepted, as by an
  accept without body (the paper's optimisation).
* A select calls ``Select_Arm`` with its open alternatives in textual order.
  If one of them has a caller queued, the first such one is the only one
  armed (GNAT's choice for a select); otherwise all are, and the agent waits
  in ``Select_Wait`` (requeued with abort: a timed call for a delay
  alternative can expire, and an abort of the task is not held up), not at
  all for an else part (a poll).
* ``terminate``: a task can only select a terminate alternative in a real
  select, so there the agent waits in ``select accept Wake_k (1) ... or
  terminate; end select;``, one accept per alternative (``Wake_k`` is a family
  over the alternatives' positions, one per parameter profile).  While it
  does, ``E``'s body changes nothing and requeues the caller, with abort, on
  ``Wake_k (position)``; the accept there records the choice (``E_Woken``) and
  requeues the caller on ``E_Queue``.  Nothing may change before the agent
  has the caller: GNAT cancels a conditional call requeued to a task that is
  not yet waiting at its select (it was on its way there), and the object
  must then look as if nobody had called.  Callers that reach a Wake entry
  while the agent is not waiting there -- timed and simple calls are queued
  -- are turned back, with abort, to ``E_Held``, whose callers go before
  ``E``'s.  The agent thus terminates exactly when the task did.
* When the agent ends, a controlled object in its body closes the object:
  every later or pending call raises Tasking_Error, as on a completed task.
"""

from __future__ import annotations

from ...frontend.syntax import one_line, text
from ..common.fragments import STEP, procedure, step_in
from .names import EntryNames, Names
from .selector import SelectorGen
from .shape import EntryPlan


class ObjectGen:
    def __init__(self, names: Names, entries: list[EntryPlan], selects: bool, timed: bool,
                 wake: bool, max_alternatives: int = 0, attributes: set[str] = frozenset(),
                 fixed: dict[str, str] | None = None):
        self.n, self.entries = names, entries
        # Select_Arm's flags that every select passes alike ("poll", "timed_wait", "wake":
        # "True" or "False"): constants, not parameters.
        self.fixed = dict(fixed or {})
        self.attributes = set(attributes)       # task attributes asked of the object
        self.selects, self.timed, self.wake = selects, timed, wake
        self.max_alternatives = max_alternatives
        self.families = [e for e in entries if e.family is not None and e.in_select]

    def en(self, e: EntryPlan) -> EntryNames:
        return self.n.entries[e.key]

    @property
    def needs_exceptions(self) -> bool:
        return any(e.has_body for e in self.entries)

    @property
    def task_ids(self) -> bool:
        return bool(self.attributes & {"identity", "abort"}) or any(e.caller_used
                                                                   for e in self.entries)

    @property
    def heap(self) -> bool:
        return any(self.en(e).heap for e in self.entries)

    def _begin_formals(self, e: EntryPlan) -> str:
        """E_Accept_Begin's and E_Take's: the in values, then for each formal whose
        type has defaulted discriminants whether the caller's actual is constrained."""
        flags = [f"{m.flag} : out Boolean" for m in e.mutable if m.follows_actual]
        ins = _formals(self.definite_ins(e), "out")
        if not flags:
            return ins
        return f"{ins[:-1]}; {'; '.join(flags)})" if ins else f" ({'; '.join(flags)})"

    def definite_ins(self, e: EntryPlan) -> list:
        """The in parameters the agent receives as out parameters of Accept_Begin/Take."""
        if not e.has_body:
            return []
        return [p for p in e.ins if p.name.lower() not in self.en(e).heap]

    # -- declarations -------------------------------------------------------

    def types(self) -> list[str]:
        n = self.n
        lits = ", ".join([n.no_entry] + [self.en(e).literal for e in self.entries])
        out = [f"type {n.entry_type} is ({lits});"]
        out += [self.en(e).index_decl for e in self.entries if self.en(e).index_decl]
        for e in self.entries:
            for p in e.params:
                if p.name.lower() in self.en(e).heap:
                    acc, free, _get = self.en(e).heap[p.name.lower()]
                    out += [f"type {acc} is access {p.subtype};",
                            f"procedure {free} is new Ada.Unchecked_Deallocation ({p.subtype}, {acc});"]
        if self.selects:
            out += [f"type {n.alternative} is record",
                    STEP + f"Id : {n.entry_type} := {n.no_entry};",
                    STEP + "Index : Integer := 0;   --  'Pos of a family member's index",
                    "end record;",
                    f"type {n.entry_list} is array (Positive range <>) of {n.alternative};"]
            out += [f"type {self.en(e).armed_set} is array ({self.en(e).index_subtype}) of Boolean;"
                    for e in self.families]
        return out

    def flag(self, key: str) -> str:
        """A flag of Select_Arm: its formal's name, or its value when every select passes
        the same."""
        return self.fixed.get(key) or getattr(self.n, key)

    def arm_flags(self) -> list[str]:
        return [getattr(self.n, k) for k in ("poll", "timed_wait", "wake") if k not in self.fixed]

    def arm_profile(self) -> str:
        n = self.n
        flags = f"{', '.join(self.arm_flags())} : Boolean; " if self.arm_flags() else ""
        return f"({n.order} : {n.entry_list}; {flags}{n.chosen_entry} : out Natural)"

    def visible_ops(self) -> list[str]:
        """Protocol operations the agent calls (after the task's own entries)."""
        n, out = self.n, []
        if self.selects:
            out.append(f"entry {n.select_arm} {self.arm_profile()};")
        for e in self.entries:
            en = self.en(e)
            fam = f" ({en.index_subtype})" if e.family is not None else ""
            ins = self._begin_formals(e)
            if e.woken:
                out.append(f"entry {en.held}{fam}" + (f" {e.held_formal_text}"
                                                      if e.held_formal_text else "") + ";")
                out.append(f"procedure {en.woken}{self._woken_formals(e)};")
            if e.standalone:
                out.append(f"entry {en.accept_begin}{fam}{ins};")
            if e.in_select:
                out.append(f"procedure {en.take}{ins};")
            for p in e.params:
                if p.name.lower() in en.heap:
                    out.append(f"function {en.heap[p.name.lower()][2]} return {p.subtype};")
            if e.has_body:
                out.append(f"procedure {en.accept_end}{_formals(e.outs, 'in')};")
                out.append(f"procedure {en.failed} ({n.occurrence} : "
                           f"Ada.Exceptions.Exception_Occurrence{_more(e.ref_outs)});")
                # E_Queue is called only by requeue: from E, and from the agent's Wake accept.
                out.append(f"entry {en.queue}{_formals(e.params, None)};")
            for k, rq in enumerate(e.requeues):
                out.append(f"procedure {en.requeue[k]}{self._requeue_profile(e, rq)};")
            if e.count_used:
                arg = f" (Index : {en.index_subtype})" if e.family is not None else ""
                out.append(f"function {en.count}{arg} return Natural;")
            if e.caller_used:
                out.append(f"function {en.caller} return Ada.Task_Identification.Task_Id;")
        out += [f"{head};" for head, _ in self._attribute_functions()]
        out.append(f"procedure {n.close};")
        return out

    def _attribute_functions(self) -> list[tuple[str, str]]:
        """The agent component's attributes, for callers that named the task as a task."""
        n, out = self.n, []
        if "callable" in self.attributes:
            out.append((f"function {n.agent_callable} return Boolean",
                        f"return not {n.closed} and then {n.component}'Callable;"))
        if "terminated" in self.attributes:
            out.append((f"function {n.agent_terminated} return Boolean",
                        f"return {n.component}'Terminated;"))
        if self.attributes & {"identity", "abort"}:
            out.append((f"function {n.agent_identity} return Ada.Task_Identification.Task_Id",
                        f"return {n.component}'Identity;"))
        return out

    def attribute_forwards(self, target: str) -> list[tuple[str, str]]:
        """The same functions for the public type in front of the object, each asking
        ``target``, the object (its component)."""
        return [(head, f"return {target}.{head.split()[1]};")
                for head, _ in self._attribute_functions()]

    def private_decls(self) -> list[str]:
        n, out = self.n, []
        if self.selects:
            alt = f"{n.alt} : {n.alternative}"
            if SelectorGen(self).overloaded:
                out.append(f"entry {n.select_check} {self.arm_profile()};")
            out += [f"entry {n.select_wait} {self.arm_profile()};",
                    f"procedure {n.disarm};",
                    f"procedure {n.arm} ({alt});",
                    f"function {n.queued} ({alt}) return Boolean;",
                    f"function {n.position_of} ({alt}) return Natural;",
                    f"{n.armed_list} : {n.entry_list} (1 .. {self.max_alternatives});",
                    f"{n.armed_last} : Natural := 0;",
                    f"{n.position} : Natural := 0;"]
        out.append(f"{n.chosen} : {n.entry_type} := {n.no_entry};")
        if self.wake:
            out.append(f"{n.via_wake} : Boolean := False;")
        if self.timed:
            out.append(f"{n.timed} : Boolean := False;")
        out.append(f"{n.closed} : Boolean := False;")
        for e in self.entries:
            en = self.en(e)
            if e.in_select:
                out.append(f"{en.armed} : {en.armed_set} := (others => False);" if e.family
                           is not None else f"{en.armed} : Boolean := False;")
            if e.has_body:
                out += [f"{en.params[p.name.lower()]} : "
                        + (en.heap[p.name.lower()][0] if p.name.lower() in en.heap else p.component)
                        + ";" for p in e.params]
                out += [f"{m.component} : Boolean;" for m in e.mutable if m.follows_actual]
                out += [f"{en.done} : Boolean := False;", f"{en.failed_flag} : Boolean := False;",
                        f"{en.failure} : Ada.Exceptions.Exception_Occurrence;"]
            if e.requeues:
                out.append(f"{en.target} : Natural := 0;")
            if e.caller_used:
                out.append(f"{en.caller_id} : Ada.Task_Identification.Task_Id;")
            for k, rq in enumerate(e.requeues):
                if rq.index is not None and rq.internal is not None:
                    out.append(f"{en.requeue_index[k]} : {self.en(rq.internal).index_subtype};")
        return out

    # -- body -----------------------------------------------------------------

    def body(self) -> list[str]:
        out: list[str] = []
        for e in self.entries:
            out += self._call(e) + [""]
            if e.woken:
                out += self._call(e, held=True) + [""]
        if self.selects:
            sel = SelectorGen(self)
            out += sel.select_arm() + [""] + sel.select_check() + sel.select_wait() + [""]
            out += sel.disarm() + [""] + sel.arm() + [""] + sel.queued() + [""]
            out += sel.position_of() + [""]
        for e in self.entries:
            out += self._agent_side(e)
        for head, stmt in self._attribute_functions():
            out += procedure(head, [stmt]) + [""]
        out += procedure(f"procedure {self.n.close}", [f"{self.n.closed} := True;"])
        return out

    def _call(self, e: EntryPlan, held: bool = False) -> list[str]:
        """The caller's entry: accepted when its body runs -- or, while the agent waits
        at its terminate select, sent on to the agent's Wake entry (``_wake``).
        ``held``: the same for ``E_Held``, where callers the agent turned back queue."""
        n, en = self.n, self.en(e)
        ready = []
        j = n.member if e.family is not None else None
        if e.standalone:
            ready.append(f"{en.accept_begin} ({j})'Count > 0" if j else
                         f"{en.accept_begin}'Count > 0")
        if e.in_select:
            armed = en.armed + (f" ({j})" if j else "")
            if self.timed:
                armed += f" and then (not {n.timed} or else {n.select_wait}'Count > 0)"
            ready.append(f"({armed})" if " and then " in armed else armed)
        cond = " or else ".join(ready) if len(ready) > 1 else ready[0] if ready else "False"
        if " or else " in cond or " and then " in cond:
            cond = f"({cond})"
        if e.woken and not held:
            # callers turned back from the Wake entry were first: they go first
            cond += f" and then {en.held}{f' ({j})' if j else ''}'Count = 0"
        barrier = f"{n.closed} or else ({n.chosen} = {n.no_entry} and then {cond})"
        if held:
            fam = f" (for {j} in {en.index_subtype})" if j else ""
            name = en.held
        else:
            # the user's declaration stays: its body must repeat the index as written (RM 6.3.1)
            fam = f" (for {j} in {e.family_text})" if j else ""
            name = e.name
        formal = e.held_formal_text if held else e.formal_text
        head = f"entry {name}{fam}" + (f" {formal}" if formal else "")
        stmts = [f"if {n.closed} then", STEP + "raise Tasking_Error;", "end if;"]
        pos = f"{en.index_subtype}'Pos ({j})" if j else "0"
        alt = f"(Id => {en.literal}, Index => {pos})"
        if e.woken and not held:   # held callers are queued only while it does not wait there
            stmts += self._wake(e, alt)
        if e.in_select:
            stmts.append(f"{n.position} := {n.position_of} ({alt});")
        if e.woken:     # accepted here as at the agent's Wake accept: one copy of the code
            args = [p.name for p in self.woken_params(e)]
            args += [f"{m.name}'Constrained" for m in e.mutable if m.follows_actual]
            args += [f"{name}'Caller"] if e.caller_used else []
            stmts.append(f"{en.woken}" + (f" ({', '.join(args)})" if args else "") + ";")
        else:
            stmts += self._accepted(e, f"{name}'Caller")
        if e.has_body:
            stmts.append(f"requeue {en.queue};")
        return ([head, f"  when {barrier}", "is", "begin"] + step_in(stmts) + [f"end {name};"])

    def _wake(self, e: EntryPlan, alt: str) -> list[str]:
        """The agent waits at its terminate select: the caller goes on to its Wake entry,
        and nothing here changes until the agent has accepted it there.  GNAT cancels a
        conditional call requeued to a task not yet waiting at its select (s-tasren.adb,
        Task_Do_Or_Queue); the object must then look as if nobody had called."""
        n = self.n
        wake = n.wakes[e.profile_key()][0]
        # as cancellable as the call was: calls requeued here without abort are not
        abort = "" if e.sticky else " with abort"
        return [f"if {n.via_wake} then",
                STEP + f"requeue {n.component}.{wake}",
                STEP + f"  ({n.position_of} ({alt})){abort};",
                "end if;"]

    def _accepted(self, e: EntryPlan, caller: str, woken: bool = False) -> list[str]:
        """What acceptance records: the choice, the caller and the in values (the entry's
        formals, or E_Woken's of the same names, which has the actuals' 'Constrained
        passed, its own formals being constants)."""
        n, en = self.n, self.en(e)
        stmts = [f"{n.disarm};"] if self.selects else []
        stmts.append(f"{n.chosen} := {en.literal};")
        if e.caller_used:
            stmts.append(f"{en.caller_id} := {caller};")
        if e.has_body:
            stmts += [f"{en.params[p.name.lower()]} := {p.name};" for p in self.definite_ins(e)]
            stmts += [f"{en.params[p.name.lower()]} := new {p.subtype}'({p.name});"
                      for p in e.params if p.name.lower() in en.heap]
            stmts += [f"{m.component} := " + (m.flag if woken else f"{m.name}'Constrained")
                      + ";" for m in e.mutable if m.follows_actual]
            stmts.append(f"{en.done} := False;")
        return stmts

    def woken_params(self, e: EntryPlan) -> list:
        """The parameters acceptance records (``_accepted``): the in values, the
        indefinite ones (copied with their bounds)."""
        keep = {p.name.lower() for p in self.definite_ins(e)} | set(self.en(e).heap)
        return [p for p in e.params if e.has_body and p.name.lower() in keep]

    def _woken_formals(self, e: EntryPlan) -> str:
        parts = [f"{p.name} : in {p.subtype}" for p in self.woken_params(e)]
        parts += [f"{m.flag} : Boolean" for m in e.mutable if m.follows_actual]
        if e.caller_used:
            parts.append(f"{self.n.caller_task} : Ada.Task_Identification.Task_Id")
        return f" ({'; '.join(parts)})" if parts else ""

    def woken_proc(self, e: EntryPlan) -> list[str]:
        """Called by the agent's Wake accept: the caller it took there is accepted."""
        return procedure(f"procedure {self.en(e).woken}{self._woken_formals(e)}",
                     self._accepted(e, self.n.caller_task, woken=True))

    def _agent_side(self, e: EntryPlan) -> list[str]:
        n, en, out = self.n, self.en(e), []
        ins = self.definite_ins(e)
        take = [f"{p.name} := {en.params[p.name.lower()]};" for p in ins]
        take += [f"{m.flag} := {m.component};" for m in e.mutable if m.follows_actual]
        take.append(f"{n.chosen} := {n.no_entry};")
        if e.standalone:
            fam = f" (for {n.member} in {en.index_subtype})" if e.family is not None else ""
            out += ([f"entry {en.accept_begin}{fam}{self._begin_formals(e)}",
                     f"  when {n.chosen} = {en.literal} is", "begin"]
                    + step_in(take) + [f"end {en.accept_begin};", ""])
        if e.in_select:
            out += procedure(f"procedure {en.take}{self._begin_formals(e)}", take) + [""]
        if e.woken:
            out += self.woken_proc(e) + [""]
        for p in e.params:
            if p.name.lower() in en.heap:
                get = en.heap[p.name.lower()][2]
                out += procedure(f"function {get} return {p.subtype}",
                             [f"return {en.params[p.name.lower()]}.all;"]) + [""]
        if e.has_body:
            out += procedure(f"procedure {en.accept_end}{_formals(e.outs, 'in')}",
                         [f"{en.params[p.name.lower()]}" + (".all" if p.name.lower() in en.heap
                                                            else "") + f" := {p.name};"
                          for p in e.outs]
                         + [f"{en.done} := True;"]) + [""]
            out += procedure(f"procedure {en.failed} ({n.occurrence} : "
                         f"Ada.Exceptions.Exception_Occurrence{_more(e.ref_outs)})",
                         [f"{en.params[p.name.lower()]}" + (".all" if p.name.lower() in en.heap
                                                            else "") + f" := {p.name};"
                          for p in e.ref_outs] +
                         [f"Ada.Exceptions.Save_Occurrence ({en.failure}, {n.occurrence});",
                          f"{en.failed_flag} := True;", f"{en.done} := True;"]) + [""]
            out += self._queue(e) + [""]
        for k, rq in enumerate(e.requeues):
            stmts = [f"{en.params[p.name.lower()]}" + (".all" if p.name.lower() in en.heap
                                                       else "") + f" := {p.name};"
                     for p in e.outs]
            stmts += [f"{en.target} := {k + 1};", f"{en.done} := True;"]
            if rq.index is not None and rq.internal is not None:
                stmts.insert(0, f"{en.requeue_index[k]} := {n.member};")
            out += procedure(f"procedure {en.requeue[k]}{self._requeue_profile(e, rq)}", stmts) + [""]
        if e.count_used:
            arg = f" (Index : {en.index_subtype})" if e.family is not None else ""
            fam = " (Index)" if e.family is not None else ""
            count = f"{n.po_type}.{e.name}{fam}'Count"
            if e.woken:
                count += f" + {en.held}{fam}'Count"
            out += procedure(f"function {en.count}{arg} return Natural", [f"return {count};"])
            out.append("")
        if e.caller_used:
            out += procedure(f"function {en.caller} return Ada.Task_Identification.Task_Id",
                         [f"return {en.caller_id};"]) + [""]
        return out

    def _requeue_profile(self, e: EntryPlan, rq) -> str:
        """A requeue hands over the family index and the out parameters as they stand:
        the requeued call's formals are the same objects (RM 9.5.4(17))."""
        parts = []
        if rq.index is not None and rq.internal is not None:
            parts.append(f"{self.n.member} : {self.en(rq.internal).index_subtype}")
        parts += [f"{p.name} : in {p.subtype}" for p in e.outs]
        return f" ({'; '.join(parts)})" if parts else ""

    def _queue(self, e: EntryPlan) -> list[str]:
        n, en = self.n, self.en(e)
        free = [STEP + f"{f} ({en.params[p]});" for p, (_a, f, _g) in en.heap.items()]
        stmts = [f"if not {en.done} then"] + free + [
                 STEP + "raise Tasking_Error;   --  the task ended during the rendezvous",
                 "end if;",
                 f"{en.done} := False;",
                 f"if {en.failed_flag} then",
                 STEP + f"{en.failed_flag} := False;"] + [
                 STEP + f"{p.name} := {en.params[p.name.lower()]}"
                 + (".all" if p.name.lower() in en.heap else "") + ";"
                 for p in e.ref_outs] + free + [
                 STEP + f"Ada.Exceptions.Reraise_Occurrence ({en.failure});",
                 "end if;"]
        stmts += [f"{p.name} := {en.params[p.name.lower()]}"
                  + (".all" if p.name.lower() in en.heap else "") + ";" for p in e.outs]
        stmts += [ln[len(STEP):] for ln in free]
        for k, rq in enumerate(e.requeues):
            target = self.requeue_target(rq, en, k)
            # the agent makes the requeue as written; until then the call stays held
            abort = " with abort" if rq.with_abort and not rq.by_agent else ""
            stmts += [f"if {en.target} = {k + 1} then", STEP + f"{en.target} := 0;",
                      STEP + f"requeue {target}{abort};", "end if;"]
        return ([f"entry {en.queue}{_formals(e.params, None)}",
                 f"  when {en.done} or else {n.closed} is", "begin"]
                + step_in(stmts) + [f"end {en.queue};"])

    def requeue_target(self, rq, en: EntryNames, k: int) -> str:
        if rq.by_agent:
            return f"{self.n.component}.{en.forward[k]}"
        if rq.internal is not None:
            name = rq.internal.name
            if rq.index is not None:
                return f"{name} ({en.requeue_index[k]})"
            return name
        return one_line(rq.target)


def _more(params) -> str:
    """``; P : in T`` for each parameter, after a first formal."""
    return "".join(f"; {p.name} : in {p.subtype}" for p in params)


def _formals(params, mode: str | None) -> str:
    if not params:
        return ""
    parts = []
    for p in params:
        m = p.mode if mode is None else mode
        parts.append(f"{p.name} : {m} {p.subtype}")
    return " (" + "; ".join(parts) + ")"
