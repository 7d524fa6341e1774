"""Timeouts: a server's select with a delay alternative, driven by a timing event.

The task waits at its select for a call or for the delay to expire; the
protected object keeps one ``Ada.Real_Time.Timing_Events.Timing_Event``:

- *arming*: at the end of each protected action that brings the object to
  that select (an entry body, the handler itself, or ``Activate`` where the
  task was activated and reached it at once), when the delay alternative's
  guard is open, ``Wait`` computes the expiry from the delay expression, as
  the task did on reaching the select, and sets the timer;
- *a call first*: each entry accepted at that select first calls
  ``Stop_Waiting``;
- *the delay first*: the handler, a protected procedure of the object, runs
  the delay alternative's statements and what follows up to the next sync
  point (arming again when that is the same select).

The handler and the entries are protected actions: whichever gets the lock
first wins, and the other sees the new state, as in the task.

GNAT 12's run-time (``a-rttiev.adb``) dequeues an expired event, then copies
and clears its handler outside any lock, so setting or cancelling an event
that may have been dequeued could be undone by that clearing.  The object
therefore touches the timer only while it is certainly queued or idle: it
cancels it (``Stop_Waiting``) only when the clock, read before, says it is not
yet due; a due timer is left to fire, and its handler, finding no wait or a
later expiry, does nothing or sets it again.  A timer still set when a wait
begins is then due, so it fires before that wait's expiry.

The object's ceiling is ``Interrupt_Priority'Last`` (``pragma
Interrupt_Priority``): under ``Ceiling_Locking`` RM D.15 requires it of a
handler.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...frontend.structure import own_nodes
from ...frontend.syntax import Node, ancestors, first_child, text
from ..base import Refusal
from ..common.fragments import STEP, comment_lines
from ..common.refusals import ShapeError
from .delays import delay_statement, expression, is_until

WITH = "Ada.Real_Time.Timing_Events"
EVENT = f"{WITH}.Timing_Event"
# GNAT caps a relative delay at half a year (System.OS_Primitives.Max_Sensible_Delay);
# the object caps it the same way, so that the expiry cannot overflow
MAX_SPAN = "183.0 * 86_400.0"
# language-defined units whose answer depends on the task calling: the handler runs in
# GNAT's timer task
WHO = ("ada.task_identification", "ada.dispatching", "ada.execution_time",
       "ada.synchronous", "ada.task_attributes", "ada.task_termination")


def check_shape(shape, body: Node, cannot_raise) -> list[ShapeError]:
    """What the timeouts do not translate, given the shape: ``cannot_raise(expr)``
    says an expression only reads the task's objects and literals."""
    found = []
    delays = [s for s in shape.syncs if s.delay is not None]
    if not delays:
        return found
    in_loop = {id(i) for i in shape.items}
    for s in delays:
        if id(s) not in in_loop:
            found.append(ShapeError(s.delay.accept, "a delay alternative in a select before or "
                                                    "after the server loop: not translated"))
    for s in delays[1:]:
        found.append(ShapeError(s.delay.accept, "a second select with a delay alternative: "
                                                "the object keeps one timer"))
    alt = delays[0].delay
    expr = expression(alt)
    if is_until(alt) and (expr is None or not cannot_raise(expr)):
        found.append(ShapeError(delay_statement(alt), "a delay expression that can raise or "
                                "reads more than the task's objects and literals: the task "
                                "evaluates it on reaching the select, where an exception "
                                "ends it; write the expiry into a variable first"))
    for n in own_nodes(body):
        if n.type == "requeue_statement":
            found.append(ShapeError(n, "a requeue in a server with a delay alternative: "
                                       "not translated"))
    if shape.block_handlers:
        found.append(ShapeError(shape.block_handlers[0], "exception handlers around the "
                                "server loop's body, in a server with a delay alternative: "
                                "not translated"))
    for s in shape.syncs:
        for a in s.alts:
            if a.nested is not None:
                found.append(ShapeError(a.nested, "a nested accept in a server with a delay "
                                                  "alternative: not translated"))
    return found


def timeout_path(gen, alt) -> list[Node]:
    """What the handler runs: the delay alternative's statements, the statements up to
    the next sync point, and (on leaving the loop or on an exception) the statements
    after the loop and the handlers."""
    groups, _nxt = gen.after(alt)
    sh = gen.shape
    nodes = [n for g, _b in groups for n in g if n is not None]
    return nodes + list(sh.tail) + list(sh.block_handlers) + list(sh.task_handlers)


def effects(ws, fu, inside, nodes: list[Node]) -> list[ShapeError]:
    """Calls of subprograms outside the task (but language-defined ones) and changes of
    variables outside it, in the timeout path.  The task may run that path after its
    master has completed: the master waited for it, the object is finalised instead,
    so the path may change nothing but the object."""
    from ..common.startup import PREDEFINED, _moment_dependent
    found = []
    for node in nodes:
        for ident in [node, *own_nodes(node)]:
            if ident.type != "identifier":
                continue
            for ent, kind in ws.xref.at(fu.pos(ident)):
                what = _moment_dependent(ws, inside, ent, kind)
                if what == "calls":
                    unit = ws.xref.unit_of_file(ent.file).lower()
                    if ws.loc_of(ent.file, ent.line, ent.col) is None and \
                            unit.split(".")[0] in PREDEFINED and not unit.startswith(WHO):
                        continue
                elif what != "changes variable":
                    continue
                found.append(ShapeError(ident, f"the delay alternative's path {what} "
                                        f"{text(ident)}: the task may time out after its master "
                                        "has completed (the master waited for it, the object "
                                        "is finalised and its timer cancelled), so that path "
                                        "may change only the task's own state"))
                break
    return found


def captured(gen, alt, params) -> list[ShapeError]:
    """The delay alternative's guard and expression, evaluated where an entry's code
    leads back to the select (its body), must not name one of that entry's parameters."""
    from ..common.tree import is_selector
    found = []
    for expr in (alt.guard, expression(alt)):
        for i in [expr, *own_nodes(expr)] if expr is not None else []:
            if i.type == "identifier" and text(i).lower() in params and not is_selector(i):
                found.append(ShapeError(i, f"'{text(i)}' would denote a parameter of the "
                                           "entry whose code leads back to the select, where "
                                           "the delay alternative's guard and expression "
                                           "are evaluated"))
                break
    return found


def protected_calls(model, ws, task) -> list[Refusal]:
    """Calls of another protected object's operations from what the object runs:
    under Ceiling_Locking, a call from the object's ceiling (Interrupt_Priority'Last,
    which RM D.15 requires of the handler) to a lower ceiling raises Program_Error."""
    subs = {s.body: s for s in model.subprograms}
    todo, seen, found = list(task.body.calls), set(), []
    while todo:
        c = todo.pop()
        if (c.loc, c.target) in seen:
            continue
        seen.add((c.loc, c.target))
        if c.kind == "subprogram" and c.decl is not None and _in_protected(ws, c.decl):
            found.append(Refusal(c.loc, c.name, f"calls {c.target}, an operation of a "
                                 "protected object: with a delay alternative the object "
                                 "gets the ceiling Interrupt_Priority'Last that RM D.15 "
                                 "requires of a timing event's handler, and under "
                                 "Ceiling_Locking a call to a lower ceiling raises "
                                 "Program_Error (RM D.3(13))"))
        if c.body is not None and c.body in subs:
            todo.extend(subs[c.body].calls)
    return found


def _in_protected(ws, loc) -> bool:
    fu = ws.by_display.get(loc.path)
    ident = fu.ident_at(loc.line, loc.col) if fu is not None else None
    return ident is not None and any(
        a.type in ("single_protected_declaration", "protected_type_declaration",
                   "protected_body") for a in ancestors(ident))


@dataclass(frozen=True)
class Names:
    timer: str
    timer_set: str
    timer_at: str
    expiry: str
    waiting: str
    wait: str
    stop: str
    expired: str
    event: str
    activate: str


class Plan:
    """The timer's components and procedures for one select's delay alternative."""

    def __init__(self, alt, names: Names, src, activate: bool):
        self.alt, self.n, self.src = alt, names, src
        self.activate = activate      # the task reached the select when activated
        self.stage = alt.stage

    # -- the object's declaration ---------------------------------------------
    def visible_lines(self) -> list[str]:
        if not self.activate:
            return []
        return [f"procedure {self.n.activate};  --  rdv2po: called where the task was "
                "activated"]

    def private_lines(self) -> list[str]:
        n = self.n
        param = f"{'At_Time : Ada.Real_Time.Time' if is_until(self.alt) else 'Span : Duration'}"
        note = (f"the delay alternative (stage {self.stage}): {n.timer} is set for "
                f"{n.timer_at} while {n.timer_set}; the task waits until {n.expiry} while "
                f"{n.waiting}.")
        return comment_lines(note, 70) + [
                "pragma Interrupt_Priority;  --  a timing event handler's ceiling (RM D.15)",
                f"{n.timer} : {EVENT};",
                f"{n.timer_set} : Boolean := False;",
                f"{n.timer_at} : Ada.Real_Time.Time;",
                f"{n.expiry} : Ada.Real_Time.Time;",
                f"{n.waiting} : Boolean := False;",
                f"procedure {n.wait} ({param});",
                f"procedure {n.stop};",
                f"procedure {n.expired} ({n.event} : in out {EVENT});"]

    # -- the protected body ----------------------------------------------------
    def sections(self, gen) -> list[list[str]]:
        out = [self._wait(), self._stop(), self._handler(gen)]
        if self.activate:
            from .body import NOT_STARTED
            if gen.needs_start:     # the start-up code, unless a call ran it first; it arms
                code = [f"if {gen.n.stage} = {NOT_STARTED} then", STEP + f"{gen.n.start_up};",
                        "end if;"]
            else:
                code = self.arm(gen, first=True)
            out.append([f"procedure {self.n.activate} is", "begin"]
                       + [STEP + ln for ln in code] + [f"end {self.n.activate};", ""])
        return out

    def _set_timer(self) -> list[str]:
        n = self.n
        return [f"{WITH}.Set_Handler",
                f"  ({n.timer}, {n.expiry}, {n.expired}'Unrestricted_Access);",
                f"{n.timer_at} := {n.expiry};", f"{n.timer_set} := True;"]

    def _wait(self) -> list[str]:
        n = self.n
        if is_until(self.alt):
            head, expiry = f"procedure {n.wait} (At_Time : Ada.Real_Time.Time) is", "At_Time"
        else:
            head = f"procedure {n.wait} (Span : Duration) is"
            expiry = ["Ada.Real_Time.Clock",
                      f"  + Ada.Real_Time.To_Time_Span (Duration'Min (Span, {MAX_SPAN}));"]
        if isinstance(expiry, str):
            expiry = [f"{expiry};"]
        using = [] if is_until(self.alt) else [STEP + "use type Ada.Real_Time.Time;"]
        return ([head] + using + ["begin",
                 STEP + f"{n.expiry} := {expiry[0]}"] + [STEP + ln for ln in expiry[1:]]
                + [STEP + f"{n.waiting} := True;",
                 STEP + f"if not {n.timer_set} then  --  (one still set is due: it fires first)"]
                + [STEP * 2 + ln for ln in self._set_timer()]
                + [STEP + "end if;", f"end {n.wait};", ""])

    def _stop(self) -> list[str]:
        n = self.n
        return [f"procedure {n.stop} is",
                STEP + "use type Ada.Real_Time.Time;",
                STEP + "Cancelled : Boolean;",
                "begin",
                STEP + f"{n.waiting} := False;",
                STEP + "--  cancelled only when not yet due: a due timer may be in its handler's",
                STEP + "--  call already; left alone, it finds no wait and does nothing",
                STEP + f"if {n.timer_set} and then Ada.Real_Time.Clock < {n.timer_at} then",
                STEP * 2 + f"{WITH}.Cancel_Handler ({n.timer}, Cancelled);",
                STEP * 2 + f"{n.timer_set} := False;",
                STEP + "end if;",
                f"end {n.stop};", ""]

    def _handler(self, gen) -> list[str]:
        n = self.n
        groups, nxt = gen.after(self.alt)
        body = [f"{n.timer_set} := False;",
                f"if not {n.waiting} then",
                STEP + "return;  --  a call was accepted first",
                f"elsif Ada.Real_Time.\"<\" (Ada.Real_Time.Clock, {n.expiry}) then",
                STEP + "--  set for an earlier wait: on to this one's expiry"]
        body += [STEP + ln for ln in self._set_timer()] + [STEP + "return;", "end if;",
                                                            f"{n.waiting} := False;  --  "
                                                            "the delay alternative is selected"]
        if gen.staged:
            body.append(f"{gen.n.stage} := {nxt};")
        body += gen.groups(groups, [])
        body = self.after(gen, body, self.alt)
        return ([f"procedure {n.expired} ({n.event} : in out {EVENT}) is",
                 STEP + f"pragma Unreferenced ({n.event});  --  it is {n.timer}", "begin"]
                + [STEP + ln if ln.strip() else "" for ln in body]
                + [f"end {n.expired};", ""])

    # -- around the entries ----------------------------------------------------
    def arm(self, gen, first: bool = False) -> list[str]:
        """Arriving at the select: wait, when its delay alternative is open.  ``first``:
        where the task was activated, unless a call came first."""
        call = f"{self.n.wait} ({_flat(self.src, expression(self.alt))});"
        conds = []
        if first:       # else at the end of the code leading to the select: it stands there
            conds.append(f"not {self.n.waiting}")
            if gen.staged:
                conds.append(f"{gen.n.stage} = {self.stage}")
            elif gen.state == "flag":
                conds.append(f"not {gen.n.ended}")
        if self.alt.guard is not None:
            from .body import _one_relation
            g = _flat(self.src, self.alt.guard)
            conds.append(f"({g})" if conds and not _one_relation(self.alt.guard) else g)
        if not conds:
            return [call]
        return [f"if {' and then '.join(conds)} then", STEP + call, "end if;"]

    def around(self, gen, alt, body: list[str]) -> list[str]:
        """An entry's statements for ``alt``: it stops the wait when accepted at the select,
        and arms the timer when its code leads back there."""
        if alt.stage == self.stage:
            body = [f"{self.n.stop};  --  this call ends the wait at the select"] + body
        return self.after(gen, body, alt)

    def after_start(self, gen, body: list[str]) -> list[str]:
        """The start-up code, arming the timer when it leads to the select."""
        if gen.start_next != self.stage or _leaves(gen, gen.start_groups):
            return body
        return body + self.arm(gen)

    def after(self, gen, body: list[str], alt) -> list[str]:
        """``body`` and, when the code after ``alt`` leads back to the select, the arming.
        The end of ``body`` is reached only there: an exception or an exit returns."""
        groups, nxt = gen.after(alt)
        if nxt != self.stage or _leaves(gen, groups):
            return body
        return body + self.arm(gen)


def _leaves(gen, groups) -> bool:
    """Does a group end with an unconditional exit of the server loop (then the rest,
    and the arming after it, is never reached)?"""
    from .shape import leaves
    for nodes, _b in groups:
        kept = [n for n in nodes if n is not None and n.type != "comment"]
        if kept and kept[-1].type == "exit_statement" and \
                first_child(kept[-1], "expression") is None and \
                leaves(kept[-1], gen.shape.label, gen.shape.loop):
            return True
    return False


def _flat(src, node: Node) -> str:
    return src.one_line(node)


def object_activations(ws, nodes) -> tuple[list[tuple], list[Node]]:
    """Where each object of a task type is activated: ``([(file unit, first statement,
    object node, is_array)], [])``, or the references through which objects may be
    created elsewhere (``([], refused)``).

    Every reference GNAT records to the type must be the subtype mark of a
    stand-alone object declaration, or the component subtype of its anonymous array,
    in the declarative part of a subprogram body or block with statements (the
    objects are activated just before the first one), or a formal parameter's
    subtype mark (no object is created); anything else (a component, an array or
    derived type, a subtype, an allocator, a return object, a generic actual) may
    create objects this does not follow."""
    name = first_child(nodes.decl, "identifier")
    ent = ws.xref.declared_at(nodes.spec_fu.pos(name)) if name is not None else None
    if ent is None:
        return [], [nodes.decl]
    inside = [(nodes.spec_fu, nodes.decl), (nodes.body_fu, nodes.body)]
    found, refused = [], []
    for r in ent.refs:
        loc = ws.loc_of(r.file, r.line, r.col)
        fu = ws.by_display.get(loc.path) if loc is not None else None
        off = fu.offset(loc.line, loc.col) if fu is not None else None
        if off is not None and any(f is fu and n.start_byte <= off < n.end_byte
                                   for f, n in inside):
            continue              # the task's own declaration and body
        ident = fu.ident_at(loc.line, loc.col) if off is not None else None
        if ident is None:
            refused.append(nodes.decl)
            continue
        kind = _reference(ident)
        if kind == "formal":
            continue
        site = activation_site_of(kind[1]) if kind is not None else None
        if site is None:
            refused.append(ident)
        else:
            found.append((fu, site, kind[1], kind[0] == "array"))
    return (found, []) if not refused else ([], refused)


def _reference(ident: Node):
    """("object" | "array", the object declaration) or "formal" or None."""
    p = ident.parent
    while p is not None and p.type in ("subtype_indication", "selected_component"):
        p = p.parent
    if p is not None and p.type == "parameter_specification":
        return "formal"
    if p is not None and p.type == "object_declaration":
        return "object", p
    if p is not None and p.type == "component_definition":
        arr = p.parent
        if arr is not None and arr.type == "array_type_definition" and \
                arr.parent is not None and arr.parent.type == "object_declaration":
            return "array", arr.parent
    return None


def activation_site(nodes) -> Node | None:
    """The first statement before which a single task is activated, or None."""
    return activation_site_of(nodes.decl)


def activation_site_of(decl: Node) -> Node | None:
    """The first statement of the body whose declarative part holds ``decl`` (a task
    declared there is activated just before it), or None when it is elsewhere."""
    part = decl.parent
    if part is not None and part.type == "object_declaration":
        part = part.parent
    if part is None or part.type != "non_empty_declarative_part":
        return None
    owner = part.parent
    if owner is None or owner.type not in ("subprogram_body", "block_statement"):
        return None
    hss = first_child(owner, "handled_sequence_of_statements")
    seq = first_child(hss, "sequence_of_statements") if hss is not None else None
    return seq.named_children[0] if seq is not None and seq.named_children else None
