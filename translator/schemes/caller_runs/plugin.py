"""The caller-runs scheme as the registry lists it: a fallback of the server
selection for accepting servers whose code may block (docs/caller-runs-scheme.md)."""

from __future__ import annotations

import re

from typing import Callable

from ...frontend.body_structure import family_index
from ...frontend.calls import bodies_reached
from ...frontend.classify import entry_calls
from ...frontend.decls import formals
from ...write.edits import Edit
from ...model import Location, Task
from ...frontend.syntax import (Node, ancestors, defining_names, entry_name, first_child,
    named_children, one_line, squeeze, text, walk)
from ..base import ACTIVATION_NOTE, MASTER_NOTE, Declined, Refusal, SchemeContext, refusal
from ..common import activation, finalizers, moved, polling, ranges, recursion, sizes, termination
from ..common.bounded import Bounded, conversion_marks
from ..common.config import config_pragmas
from ..common.fragments import Source, Sub, fresh_name
from ..common.locals import declared_in
from ..common.refusals import ShapeError, refusal_of
from ..common.server_order import ORDER
from ..common.site import Nodes
from ..common.tree import is_selector, pragmas_and_aspects
from ..runtime.by_copy import is_by_copy
from . import (aborts, attributes, awaited, by_copy_params, families, loops,
               start_up_calls, tries, triggers)
from .abortable import abortable_of
from .declared import MOVED, Declared
from .generate import Names, Tries, Writer
from .objects import Objects, discriminant_marks
from .reach import DELAY, IO, OUTPUT, SAFE, UNKNOWN, Reaches
from .shape import DECLARED, Body, analyse, initial_value, one_shot_server, type_bound
from .typed import FINALIZATION, TypeNames, expanded_names, with_self

SCHEME = "caller-runs-server"

# what the server's code may do where: the accept body ran while its caller waited
# anyway, so an unknown call or a delay there waits no differently in the caller
IN_ACCEPT_BODY = (SAFE, OUTPUT, IO, UNKNOWN, DELAY)
# after the server loop the task does its last work, which the caller ending the loop
# now does before it returns (the master waited for it before) -- but not input or
# files: the caller went on meanwhile, and may be the one the server waits for there
# (opening a named pipe's reading end, whose writer is that caller)
AFTER_LOOP = (SAFE, OUTPUT)
# in the loop, after the accept, the task works while its caller goes on.  The caller
# running that work before it returns is one schedule of the original (the caller is
# just slower to go on) as long as the work waits for nothing the caller does next:
# computation and text output, not input (a prompt the caller prints after its call
# would wait for the answer the server's Get_Line waits for), delays or entry calls
ELSEWHERE = (SAFE, OUTPUT)
# parameter types GNAT never passes by copy where an entry takes them by reference:
# language-defined scalars and by-reference (tagged) types
NOT_BY_COPY = {"time", "time_span", "unbounded_string", "unbounded_wide_string",
               "unbounded_wide_wide_string", "wide_wide_character", "wide_wide_string"}
# type definitions of elementary types (passed by copy to entries too) and of tasks
# and protected types (by reference to both)
ELEMENTARY_DEFINITIONS = {"enumeration_type_definition", "signed_integer_type_definition",
                          "modular_type_definition", "floating_point_definition",
                          "ordinary_fixed_point_definition", "decimal_fixed_point_definition",
                          "access_to_object_definition", "access_to_subprogram_definition",
                          "interface_type_definition"}
SYNCHRONIZED_KINDS = {"task_type_declaration", "protected_type_declaration"}
# types whose objects hold only values: declared where the task body was, they
# elaborate alike wherever they are (no task, protected object or finalization)
STANDARD_VALUES = {"integer", "natural", "positive", "boolean", "character", "float",
                   "long_integer", "long_long_integer", "short_integer", "long_float",
                   "duration", "string", "wide_character", "wide_string"}
# Standard's scalar types, whose bounds a barrier may read (T'First, T'Last)
STANDARD_TYPES = STANDARD_VALUES - {"string", "wide_string"}
# cross-reference letters of types that are no task, protected, private or incomplete view
PLAIN_TYPES = frozenset("ABCDEFIMORS")
# language-defined types whose objects hold only values as far as a program can see:
# times and durations (private scalars), and unbounded strings (controlled, but their
# Initialize and Finalize only manage storage: no effect a program can observe, at
# whatever moment or in whatever master they run)
PREDEFINED_VALUES = {("ada.real_time", "time"), ("ada.real_time", "time_span"),
                     ("ada.calendar", "time"), ("ada.strings.unbounded", "unbounded_string"),
                     ("ada.strings.wide_unbounded", "unbounded_wide_string"),
                     ("ada.strings.wide_wide_unbounded", "unbounded_wide_wide_string")}
VALUE_DEFINITIONS = {"enumeration_type_definition", "signed_integer_type_definition",
                     "modular_type_definition", "floating_point_definition",
                     "ordinary_fixed_point_definition", "decimal_fixed_point_definition"}
# an access value designates an object it neither creates nor finalizes: where the
# variable is declared changes no master (a named type's accessibility is the type's)
ACCESS_DEFINITIONS = {"access_to_object_definition", "access_to_subprogram_definition"}
# an initial value computed at activation: the activator waited for it then too, and
# waits for Start now (but an entry call or a delay is not taken: Start runs in the
# activator, which may be the task called)
AT_ACTIVATION = (SAFE, OUTPUT, IO)
ALL = (SAFE, OUTPUT, IO, UNKNOWN, DELAY, "wait")
UNCONSTRAINED = {"string", "wide_string", "wide_wide_string"}
# pragmas and aspects that give tasks priorities or processors: under them the
# scheduler may be bound to run a caller before the server's code after the accept
PRIORITIES = {"priority", "interrupt_priority", "task_dispatching_policy",
              "priority_specific_dispatching", "cpu", "dispatching_domain", "set_priority"}
# what a program may tie to each task's thread: the server's code, run by its callers,
# would run on their stacks (Thread_Local_Storage: common/hidden_calls.py)
PER_THREAD = {
    "storage_size": "a task's stack size set by the program: the server's code, run by its "
                    "callers, would need room on their stacks",
    "secondary_stack_size": "a task's secondary stack size set by the program: the server's "
                            "code, run by its callers, would need room on their stacks"}
# after the calling servers (server_order.ORDER): a calling server the calling scheme
# translates needs its one-shot workers to stay tasks
AFTER_CALLING = max(ORDER.values()) + 1
ABORTABLE = ("a caller aborted while it runs the server's code would leave the server's "
             "turn taken for ever; the scheme refuses programs that abort tasks")


class CallerRuns:
    """``hidden``: the calls of a task's code that the blocking analysis cannot follow,
    as ShapeErrors (given by the registry: the server family finds them)."""
    name = SCHEME

    def __init__(self, hidden: Callable[[SchemeContext, Task], list[ShapeError]]):
        self.hidden = hidden

    def takes(self, task: Task) -> bool:
        """Accepting servers, and one-shot servers: tasks (clients to the classifier)
        whose statements accept each entry once, one after another, calling no entry.
        A one-shot server another task's body calls may be that calling server's
        worker: it is taken after the calling servers (``order``), and refused where
        the calling scheme translated one (``handed_out``)."""
        kind = task.classification.kind
        if kind == "accepting_server":
            return True
        site = task.site
        return kind == "client" and task.body is not None and site is not None and \
            site.structure is not None and one_shot_server(site.structure) and \
            not any(c.kind in ("entry", "protected_entry") for c in task.body.calls)

    def order(self, task: Task) -> int:
        return AFTER_CALLING if _called_by_tasks(task) else 0

    def generated(self, decl: Node) -> bool:
        return False

    def translate(self, ctx: SchemeContext, task: Task) -> list[Edit]:
        return _Translation(ctx, task, ctx.site(task), self.hidden).edits()


class _Translation:
    def __init__(self, ctx: SchemeContext, task: Task, nodes: Nodes, hidden):
        self.ctx, self.task, self.nd, self.hidden = ctx, task, nodes, hidden
        self.ws = ctx.ws
        self.found: list[Refusal] = []
        self.tries: list[tries.Try] = []       # conditional and timed calls to rewrite
        self.triggers: list[triggers.Trigger] = []   # calls triggering an async select
        self.families: dict[str, tuple[str, str]] = {}   # entry (lower): name, definition
        self.member_calls: list[families.MemberCall] = []
        self.renamings: list = []       # (file, (start, end, text)): member renamings
        # entry (lower) -> its out formals (lower) the procedure takes in out
        # (by_copy_params.copied_in)
        self.copied_in: dict[str, set[str]] = {}

    def refuse(self, loc: Location, construct: str, reason: str) -> None:
        self.found.append(Refusal(loc, construct, reason))

    def edits(self) -> list[Edit]:
        t, nd = self.task, self.nd
        if _handed_out(self.ctx, t):
            raise Declined(t.qualified_name)
        if not t.resolved:
            raise Refusal(t.spec, t.name, "GNAT did not resolve this task's units")
        self._task_checks()
        self._program_checks()
        self.statics = _statics(self.ws)
        self.bounded = Bounded(self.ws, nd.body_fu)
        shape, errors = analyse(nd.structure, self.statics.__contains__, self.bounded)
        self.found += [refusal_of(e, self.ws, nd) for e in errors]
        self.found += polling.refusals(self.ws, self.task, nd.body_fu, nd.body, nd.decl)
        self.renames: dict[int, tuple[int, str]] = {}
        self.moved_names: set[str] = set()
        self.hidden_vars: list[Node] = []   # the task's variables a formal hides
        self.shape = shape
        if shape is not None:
            self._declared_checks(shape)
            self._body_checks(shape)
            self._names_checks(shape)
            self._trigger_checks(shape)
            if self.task.kind != "single":
                self._type_checks(shape)
            self.found += attributes.conditions(
                self.ws, shape, self.attr_sites, self.task.kind != "single", nd.body,
                {n for x in self.ctx.model.tasks if x.kind == "type"
                 for n in activation.type_names(self.ws, x.name)}) if self.attr_sites else []
            self._size_checks(shape)
            self.found += aborts.conditions(self.ws, self.ctx.model, self.task, shape,
                                            self.abort_sites)
        if self.found:
            raise refusal(list(dict.fromkeys(self.found)))
        return self._edits(shape)

    # -- checks -------------------------------------------------------------------

    def _task_checks(self) -> None:
        t, nd = self.task, self.nd
        if nd.stub is not None:
            fu, stub = nd.stub
            self.refuse(fu.loc(stub), t.name, "the task body is a subunit (separate)")
        for a in t.aspects:
            self.refuse(a.loc, a.text, f"{a.kind.split(':')[1].capitalize()} on the task: "
                                       "the server's code runs in its callers, at theirs")
        self.attr_sites: list[attributes.Site] = []
        self.abort_sites: list[attributes.Site] = []
        if t.kind == "single":
            self.attr_sites, refused = attributes.single_sites(self.ws, t, nd.body)
            self.found += refused
            self.abort_sites, refused = aborts.sites(self.ws, t)
            self.found += refused
            self.attr_sites += self.abort_sites
        else:
            self.found += [Refusal(u.loc, u.text, attributes.NOT_A_TASK) for u in t.uses]
            self.abort_sites = aborts.type_sites(self.ws, self._type_key(), nd.body)
        hit = activation.early_start(self.ws, t, nd.spec_fu, nd.decl)
        if hit is not None:
            self.found.append(Refusal(*hit))
        self.found += finalizers.refusals(self.ws, t)
        tdef = first_child(nd.decl, "task_definition")
        if tdef is not None and any(c.type == "private" for c in tdef.children):
            self.refuse(t.spec, t.name, "a private part in the task's declaration")
        seen: set[str] = set()
        for e in t.entries:
            if e.name.lower() in seen:
                self.refuse(e.loc, e.name, "an overloaded entry: the turn's entries are "
                                           "named like the task's")
            seen.add(e.name.lower())
            self._by_copy_params(e)
            found, refused = triggers.find(self.ws, t, e,
                                           abortable_of(self.ws, self.ctx.model))
            self.triggers += found
            self.found += refused
            if e.family is not None:
                self._family(e)
                continue
            found, refused = tries.find(self.ws, t.name, e)
            self.tries += found
            self.found += refused

    def _by_copy_params(self, e) -> None:
        """Out and in out formals of a record or constrained array type: refused
        where passing them by copy could be told from by reference (by_copy_params.py)."""
        decl = self._entry_decl(e.name)
        marks = {n.lower(): f for f in formals(first_child(decl, "formal_part"))
                 for n in f.names}
        values = {n for n, f in marks.items() if f.mode in ("", "in") and f.mark is not None
                  and not f.is_access and is_by_copy(self.ws, self.nd.spec_fu, f.mark)}
        accepts = [(self.nd.body_fu, a) for a in walk(self.nd.body)
                   if a.type == "accept_statement"
                   and text(entry_name(a)).lower() == e.name.lower()]
        for prm in e.params:
            if prm.mode not in ("out", "in out") or not self._by_copy_composite(prm.subtype):
                continue
            for n in prm.names:
                formal = by_copy_params.Formal(n, prm.mode, prm.subtype,
                                               self._discriminated(prm.subtype))
                for o in by_copy_params.obstacles(self.ws, e, formal, accepts, values):
                    self.refuse(o.loc, e.name, o.reason)
                if by_copy_params.copied_in(formal, accepts):
                    checked = self._checked_when_copied(prm.subtype)
                    if checked:
                        self.refuse(e.loc, e.name, f"an out parameter of a record or "
                                    f"constrained array type ({prm.subtype}) the accept "
                                    "names before assigning it whole: the procedure takes "
                                    "it in out, copied in as by reference it is the actual, "
                                    f"but copying in checks {checked}")
                    self.copied_in.setdefault(e.name.lower(), set()).add(n.lower())

    def _checked_when_copied(self, subtype: str, depth: int = 4) -> str:
        """What converting an actual to the subtype checks besides its constraint (a
        predicate, an invariant: RM 3.2.4(31), 7.3.2(12)), through subtypes and derived
        types; "" when nothing, "what rdv2po cannot tell" when unknown."""
        words = re.findall(r"[A-Za-z_][A-Za-z0-9_]*", subtype.split("(")[0])
        decls = self._type_decls(words[-1].lower()) if words and depth else []
        if not decls and words and words[-1].lower() in STANDARD_VALUES:
            return ""           # Standard's types check no predicate
        if not decls:
            return "what rdv2po cannot tell (the type is not found in the sources)"
        for d in decls:
            aspects = " ".join(text(a).lower() for a in walk(d)
                               if a.type == "aspect_specification")
            if "predicate" in aspects or "invariant" in aspects:
                return "its predicate or invariant"
            parts = d.named_children
            parent = text(parts[1]).lower() if len(parts) > 1 and (
                d.type == "subtype_declaration"
                or parts[1].type == "derived_type_definition") else ""
            parent = re.sub(r"^\s*new\s+|\bnot\s+null\b", "", parent)
            if parent and (why := self._checked_when_copied(parent, depth - 1)):
                return why
        name = words[-1].lower()
        for fu in self.ws.units():
            for p in fu.nodes_of_type("pragma_g"):
                said = " ".join(text(p).lower().split())
                if re.match(r"pragma\s+(predicate|type_invariant|invariant)\s*\(\s*"
                            + re.escape(name) + r"\b", said):
                    return "its predicate or invariant"
        return ""

    def _discriminated(self, subtype: str, depth: int = 4) -> bool:
        """Has the subtype's type (of the sources) discriminants?"""
        words = re.findall(r"[A-Za-z_][A-Za-z0-9_]*", subtype.split("(")[0])
        decls = self._type_decls(words[-1].lower()) if words and depth else []
        return bool(decls) and all(self._discriminated_decl(d, depth) for d in decls)

    def _discriminated_decl(self, decl: Node, depth: int) -> bool:
        parts = decl.named_children
        if decl.type == "subtype_declaration" or len(parts) > 1 and \
                parts[1].type == "derived_type_definition":
            parent = re.sub(r"^\s*new\s+|\bnot\s+null\b", "", text(parts[1]).lower()) \
                if len(parts) > 1 else ""
            return bool(parent) and self._discriminated(parent, depth - 1)
        return first_child(decl, "known_discriminant_part") is not None

    def _by_copy_composite(self, subtype: str, depth: int = 4) -> bool:
        """May GNAT pass the subtype's objects to a procedure by copy, where an entry
        takes them by reference: a composite type neither tagged nor limited, nor an
        unconstrained array?  True unless shown otherwise: a type rdv2po cannot find
        (a library's record, a generic's formal type) may be such a record, and a
        constraint (``String (1 .. 4)``) makes a constrained array or record."""
        if "(" in subtype:
            return True
        mark = re.split(r"\b(?:range|digits|delta)\b", subtype, flags=re.IGNORECASE)[0]
        words = re.findall(r"[A-Za-z_][A-Za-z0-9_]*", mark)
        if not words:
            return True
        name = words[-1].lower()
        decls = self._type_decls(name)     # a type of the sources may take a Standard name
        if not decls:
            # scalars, and String: unconstrained, by reference; else a type rdv2po
            # cannot see
            return name not in STANDARD_VALUES and name not in NOT_BY_COPY
        return not depth or any(self._composite_decl(d, depth) for d in decls)

    def _composite_decl(self, decl: Node, depth: int) -> bool:
        parts = [c for c in decl.named_children if c.type != "comment"]
        if any(c.type in SYNCHRONIZED_KINDS for c in parts):
            return False
        if len(parts) < 2:
            return True
        if decl.type == "subtype_declaration":
            return self._by_copy_composite(" ".join(text(c) for c in parts[1:]), depth - 1)
        definition = parts[1]
        if definition.type in SYNCHRONIZED_KINDS or definition.type in ELEMENTARY_DEFINITIONS:
            return False
        if definition.type == "derived_type_definition":
            if any(c.type in ("record_extension_part", "limited", "with")
                   for c in walk(definition)):
                return False
            if any(c.type in ("index_constraint", "discriminant_constraint")
                   for c in definition.named_children):
                return True     # new Vec (1 .. 2): a constrained array or record
            mark = next((c for c in definition.named_children
                         if c.type in ("identifier", "selected_component")), None)
            return mark is None or self._by_copy_composite(text(mark), depth - 1)
        if definition.type == "record_type_definition":
            return not any(c.type in ("tagged", "limited") for c in definition.children)
        if definition.type == "array_type_definition":
            return not any(c.type == "<>" for c in walk(definition))
        return True
    def _family(self, e) -> None:
        """An entry family: its index subtype, and every use of it rewritten or refused
        (families.py)."""
        if self.task.kind != "single":
            self.refuse(e.loc, e.name, "an entry family of a task type")
            return
        decl = self._entry_decl(e.name)
        fu = self.nd.spec_fu
        definition = families.definition(self.ws, fu, decl)
        if definition is None:
            self.refuse(e.loc, e.name, f"an entry family over {e.family}: rdv2po cannot "
                                       "name the type of its index (a procedure's formal "
                                       "needs a subtype mark)")
            return
        self.families[e.name.lower()] = (e.name, definition)
        calls, refused = families.uses(
            self.ws, fu, self.nd.decl, decl, e,
            lambda index: families.index_inside(self.ws, fu, decl, index, {}))
        self.found += refused
        for c in calls:
            if isinstance(c, families.MemberCall):
                self.member_calls.append(c)
                continue
            body = families.renaming_body(c, decl, self.task.name)
            if body is None:
                self.refuse(c.fu.loc(c.decl), e.name, "a renaming of a member whose formals "
                            "rdv2po cannot line up with the entry's (an access parameter)")
            else:
                self.renamings.append((c.fu, body))

    def _entry_decl(self, name: str) -> Node:
        return next(d for d in self._entry_decls()
                    if text(entry_name(d)).lower() == name.lower())

    def _program_checks(self) -> None:
        kept = aborts.statement_starts(self.abort_sites)
        self.prioritised: tuple[Location, str] | None = next(
            ((p.loc, p.text) for p in config_pragmas(self.ws) if p.name in PRIORITIES), None)
        for fu in self.ws.units():
            if self.prioritised is None:
                self.prioritised = _priority(fu)
            for n in fu.nodes_of_type("abort_statement"):
                if (fu.src.path, n.start_byte) not in kept:    # of the server alone
                    self.refuse(fu.loc(n), one_line(n), ABORTABLE)
            for n in fu.nodes_of_type("identifier"):
                if text(n).lower() == "abort_task":
                    self.refuse(fu.loc(n), "Abort_Task", ABORTABLE)
            for n, name in pragmas_and_aspects(fu, set(PER_THREAD)):
                self.refuse(fu.loc(n), one_line(n)[:60], PER_THREAD[name])
        self.found += recursion.refusals(self.ws, self.ctx.model, self.task, (
            "its caller would run it before it returns, where a poll waits for what that "
            "caller does next in vain"))
        # an abortable part must not reach the server's code (abortable.py)
        self.found += abortable_of(self.ws, self.ctx.model).obstacles(self.task)

    def _size_checks(self, shape: Body) -> None:
        """The variables leave the task's stack (common/sizes.py)."""
        try:
            sizes.check(self.ws, self.nd.body_fu, list(shape.objects),
                        "in the record of its objects, declared where they were"
                        if self.task.kind != "single"
                        else "in a package declared where the task was")
            sizes.check_code(self.ws, self.nd.body_fu, self.nd.body)
        except ShapeError as exc:
            self.found.append(refusal_of(exc, self.ws, self.nd))

    def _declared_checks(self, shape: Body) -> None:
        """The body's types, subtypes, named numbers, exceptions and renamings keep
        their meaning in the package (declared.py); a task type's types, subtypes and
        named numbers move out before its package, under fresh names."""
        nd, typed = self.nd, self.task.kind != "single"
        inside = [(nd.spec_fu, nd.decl), (nd.body_fu, nd.body)]
        check = self.declared = Declared(self.ws, nd.body_fu, inside, typed,
                                         lambda name: self._values_only(name, 4),
                                         self.statics)
        # (a name like an entry's GNAT refuses already: the task's declaration and
        # body are one declarative region, as the package's are)
        errors = check.obstacles(shape.declared)
        for d in shape.objects:
            try:
                ranges.check(self.ws, nd.body_fu, d)
                # a literal initial value stays in the declaration, elaborated where
                # the package is: outside its subtype it raised at the activation
                ranges.check_value(self.ws, nd.body_fu, d, integers_only=True)
            except ShapeError as exc:
                errors.append(exc)
        out = [d for d in shape.declared if d.type in MOVED] if typed else []
        if out and not errors:
            try:
                used = set(self.ctx.names)
                self.renames, keys = moved.renames(
                    self.ws, nd.body_fu, nd.body, out, self.task.name,
                    lambda b: fresh_name(b, used))
                moved.check_literals(self.ws, nd.body_fu, nd.body, out)
                self.moved_names = {new.lower() for _e, new in self.renames.values()}
                errors += check.visible_before(out, keys, nd.spec_fu, nd.decl)
            except ShapeError as exc:
                errors.append(exc)
            shape.moved_out = out
        self.found += [refusal_of(e, self.ws, nd) for e in errors]

    def _body_checks(self, shape: Body) -> None:
        t, fu = self.task, self.nd.body_fu
        accept_bodies = [first_child(acc, "handled_sequence_of_statements")
                         for acc, _entry in shape.accepts()]
        spans = [(b.start_byte, b.end_byte) for b in accept_bodies if b is not None]

        tail = [(n.start_byte, n.end_byte) for n in shape.tail]
        decls = [(n.start_byte, n.end_byte) for n in shape.decl_items]
        deferred = [(n.start_byte, n.end_byte) for n in shape.deferred]
        start = [(n.start_byte, n.end_byte) for n in shape.start]
        staged = [(n.start_byte, n.end_byte) for st in shape.stages for n in st.after]
        if shape.one_shot and shape.stages:
            # after its last accept the task does its last work, as after a loop
            tail += [(n.start_byte, n.end_byte) for n in shape.stages[-1].after]
        # so it does in the body's handlers, when its code raised
        handled = [(n.start_byte, n.end_byte) for n in shape.handlers]
        tail += handled
        # the loop's handlers run where the code after the accept runs (ELSEWHERE)
        in_loop = [(n.start_byte, n.end_byte) for n in shape.block_handlers]

        def within(loc: Location, spans_) -> bool:
            off = fu.offset_of(loc)
            return any(s <= off < e for s, e in spans_)

        def allowed(loc: Location) -> tuple[str, ...]:
            if within(loc, spans):
                return IN_ACCEPT_BODY
            if within(loc, deferred):
                return AT_ACTIVATION
            if within(loc, decls):
                return ALL     # a local subprogram: judged at the calls that reach it
            return AFTER_LOOP if within(loc, tail) else ELSEWHERE

        def where(loc: Location) -> str:
            if within(loc, deferred):
                return "in an initial value computed at the task's activation"
            if within(loc, start):
                return "before the task's first accept" if shape.one_shot else \
                    "before the server loop"
            if within(loc, handled):
                return "in the task body's exception handler"
            if within(loc, in_loop):
                return "in the server loop's exception handler"
            if shape.one_shot and within(loc, tail):
                return "after the task's last accept"
            if within(loc, staged):
                return "after an accept before the server loop"
            rule = allowed(loc)     # the same permissions, told apart by identity
            return "after the server loop" if rule is AFTER_LOOP else \
                "after the accept, in the server loop" if rule is ELSEWHERE else \
                "in the accept body"
        self._where = where

        reaches = Reaches(self.ctx.model.subprograms,
                          {x.name for x in self.ctx.model.tasks if x.kind == "type"}, self.ws)
        # the select's delay alternatives and else part are refused as such (shape.py)
        untaken = [(n.start_byte, n.end_byte) for n in shape.untaken]
        for c in t.body.constructs:
            if within(c.loc, untaken):
                continue
            if c.kind in ("attribute:count", "attribute:caller"):
                self.refuse(c.loc, c.text, f"'{c.kind.split(':')[1].capitalize()} in the "
                                           "server's code: its callers run that code")
            elif c.kind.startswith("pragma:"):
                self.refuse(c.loc, c.text, "a pragma in the task body")
            else:
                self._reach(c.loc, c.text, reaches.construct(c), allowed(c.loc))
        for call in t.body.calls:
            if within(call.loc, untaken):
                continue
            self._reach(call.loc, call.name, reaches.call(call), allowed(call.loc))
        for acc, _entry in shape.accepts():
            body = first_child(acc, "handled_sequence_of_statements")
            for n in walk(body) if body is not None else ():
                if n.type == "requeue_statement":
                    self.refuse(self._loc(n), one_line(n), "a requeue: the "
                                "caller-runs scheme has no entry to requeue to")
                if n.type in ("simple_return_statement", "extended_return_statement"):
                    self.refuse(self._loc(n), "return", "a return statement in an accept "
                                "body: in the procedure it would return before the server's "
                                "code after the accept")
        self._loops(shape, spans, allowed, reaches)
        # the activator runs the start-up code before it goes on, the task ran it alone
        self.found += start_up_calls.refusals(self.ws, self.ctx.model, t, fu,
                                              [*shape.deferred, *shape.start])
        self._nested_tasks(shape)
        for d in shape.deferred:
            if self._indefinite(d):
                self.refuse(self._loc(d), one_line(d)[:40],
                            "its bounds come from an initial value computed when the task "
                            "is activated: the package declares the variable earlier, and "
                            "assigns it where the task was activated")
            self._hidden_later(shape, d)
        if self.task.kind == "single" and (shape.activated() or _awaited(shape)):
            self._activation_site(shape)
        for d in shape.objects:
            mark = self._subtype_mark(d)
            if self.task.kind != "single" and d not in shape.deferred and \
                    self._indefinite(d):
                self.refuse(self._loc(d), one_line(d)[:40],
                            "its bounds come from its initial value: as a component of "
                            "the record of the type's objects it needs them written "
                            "(String (1 .. 4))")
                continue
            if mark is None and first_child(d, "array_type_definition") is not None:
                why = self.declared.anonymous_array(d)
                if why is not None:
                    self.refuse(self._loc(d), one_line(d)[:40], why)
                else:
                    try:
                        ranges.check(self.ws, fu, d)
                    except ShapeError as exc:
                        self.found.append(refusal_of(exc, self.ws, self.nd))
                continue
            # (by name only where GNAT's cross-references say nothing: another main
            # program of the folder may declare a type of the same name)
            if mark is None or not (self._predefined_value(mark)
                                    or not self.ws.xref.at(fu.pos(mark))
                                    and self._values_only(text(mark).lower(), 4)
                                    or self.declared.holds_values(fu, mark)):
                self.refuse(self._loc(d), one_line(d)[:40],
                            "an object of a type rdv2po does not know to hold only values "
                            "(a task, protected or controlled part would be created at "
                            "another moment, in another master): the scheme moves variables "
                            "of scalar, named access, string types, and arrays and "
                            "records (without defaults) of such values")
        for e in self.hidden(self.ctx, t):
            r = refusal_of(e, self.ws, self.nd)
            if e.primary:       # a reason of its own, not a call that may wait
                self.refuse(r.loc, r.construct, e.refusal.reason)
            elif r.loc.path != fu.display or allowed(r.loc) != IN_ACCEPT_BODY:
                self.refuse(r.loc, r.construct, "outside the accept body, " + e.refusal.reason
                            .split(": ")[0] + ": nothing proves it does not wait for the "
                            "caller that would run it")

    @staticmethod
    def _subtype_mark(d: Node) -> Node | None:
        """The type's name (the last identifier of an expanded name), or None."""
        names = set(n.lower() for n in defining_names(d))
        for c in d.named_children:
            if c.type == "identifier" and text(c).lower() in names:
                continue
            if c.type == "slice":
                c = c.named_children[0]
            if c.type == "selected_component" and c.named_children:
                c = c.named_children[-1]
            return c if c.type == "identifier" else None
        return None

    def _indefinite(self, d: Node) -> bool:
        """Does the declaration take its bounds from its initial value?"""
        if any(c.type in ("slice", "array_type_definition") for c in d.named_children):
            return False          # the constraint or the anonymous type gives them
        mark = self._subtype_mark(d)
        if mark is None or self._predefined_value(mark):
            return mark is None
        fu = self.nd.body_fu
        for _ in range(4):
            name = text(mark).lower()
            if name in UNCONSTRAINED:
                return True
            decls = self._declarations_of(fu, mark)
            if len(decls) != 1:
                return name not in STANDARD_VALUES
            fu, decl = decls[0]
            parts = decl.named_children
            if decl.type == "full_type_declaration":
                return len(parts) < 2 or "<>" in text(parts[1])
            if len(parts) != 2 or parts[1].type != "identifier":
                return len(parts) < 2 or "(" not in text(decl) and "range" not in \
                    text(decl).lower()
            mark = parts[1]
        return True

    def _declarations_of(self, fu, mark: Node) -> list:
        """The type or subtype declaration the mark denotes, with its file: the one
        GNAT's cross-references give; by name only where they say nothing (another
        program of the folder may declare a type of the same name)."""
        dfu, decl = ranges.declaration(self.ws, fu, mark)
        if decl is not None:
            return [(dfu, decl)]
        if self.ws.xref.at(fu.pos(mark)):
            return []             # resolved, to a type outside the sources
        name = text(mark).lower()
        return [(ufu, n) for ufu in self.ws.units()
                for kind in ("full_type_declaration", "subtype_declaration")
                for n in ufu.nodes_of_type(kind)
                if n.named_children and text(n.named_children[0]).lower() == name]

    def _hidden_later(self, shape: Body, d: Node) -> None:
        """A deferred initial value is computed after all the body's declarations (in
        Start): a name it reads that the body declares there or later denoted an outer
        entity where it was written (``C : Integer := A; A : Integer := 3;``)."""
        at = shape.decl_items.index(d)
        later = {n.lower() for e in shape.decl_items[at:] for n in _declared(e)}
        clause = next((e for e in shape.decl_items[at:] if e.type == "use_clause"), None)
        if clause is not None:
            self.refuse(self._loc(clause), one_line(clause), "a use clause "
                        "after an initial value computed when the task is activated: the "
                        "package computes it after all the declarations, where the clause "
                        "may change what its names denote")
            return
        init = initial_value(d)
        for n in walk(init) if init is not None else ():
            if n.type == "identifier" and text(n).lower() in later:
                self.refuse(self._loc(n), text(n), "an initial value computed when the task "
                            "is activated names what the task body declares there or after "
                            "it: where it was written the name denoted another entity, where "
                            "the package computes it (after all the declarations) it would "
                            "denote that one")
                return

    def _type_checks(self, shape: Body) -> None:
        """A task type's objects, discriminants, variables and start-up (typed.py)."""
        objs = Objects(self.ws, self.task, self.nd, self.statics.__contains__)
        discs = discriminant_marks(self.nd)
        for name, _mark, access in discs:
            if access:
                self.refuse(self.task.spec, name, "an access discriminant")
        # a discriminant's value is the component's default: the same when the object
        # is made as when it is activated, and it cannot raise in a variable of its subtype
        marks = {n.lower(): m.lower() for n, m, _a in discs}
        same = [d for d in shape.deferred if _discriminant_value(d, marks)]
        shape.deferred = [d for d in shape.deferred if d not in same]
        for d in shape.deferred:
            self.refuse(self._loc(d), one_line(d)[:40],
                        "an initial value of a task type's variable computed when the task "
                        "is activated: its failure raises Tasking_Error where the object was "
                        "activated, which an object's own initialization cannot do (rdv2po "
                        "takes literals and a discriminant of the variable's subtype)")
        for d in shape.others:
            if d.type == "use_clause":
                self.refuse(self._loc(d), one_line(d), "a use clause in a "
                            "task type's body: the task's variables become components of a "
                            "record declared where the type was, outside the clause's scope")
        if self._completes():
            self._inherited_clashes()
        objs.check_body(shape, {d[0].lower() for d in discs})
        objs.check_objects(_awaited(shape), bool(shape.start))
        self.attr_sites, refused, judged = attributes.type_sites(self.ws, self._type_key(),
                                                                 self.nd.body)
        self.attr_sites += self.abort_sites
        self.found += refused
        objs.check_attributes(judged)
        self.found += objs.found

    def _type_key(self) -> str:
        """The task type's declaration, 'file:line:col' as GNAT's cross references say."""
        return ":".join(map(str, self.nd.spec_fu.pos(first_child(self.nd.decl,
                                                                  "identifier"))))

    def _activation_site(self, shape: Body) -> None:
        """Where the package does what the task did at its activation: after the last
        declaration of the declarative part holding the task and its body (the task
        was activated at the end of it), and, for a failed activation, before the
        first statement after it."""
        self.site = None
        part = self.nd.body.parent
        decl_part = self.nd.decl.parent
        if decl_part is not None and decl_part.type == "object_declaration":
            decl_part = decl_part.parent
        owner = part.parent if part is not None else None
        # the start-up code runs where a task body's own declarations may not be
        # elaborated yet (it is not the task's activation); the master's wait may
        owners = ("subprogram_body", "block_statement", "package_body") + \
            (() if shape.activated() else ("task_body",))
        if part is None or part.type != "non_empty_declarative_part" or owner is None \
                or owner.type not in owners \
                or decl_part != part and not _spec_of(decl_part, owner):
            if shape.activated():
                first = (shape.start or shape.deferred)[0]
                self.refuse(self._loc(first), one_line(first)[:40],
                            "what the task does at its activation or before its loop is "
                            "done where the task was activated, which rdv2po places only "
                            "for a task declared with its body in the declarative part of a "
                            "subprogram, block or package body, or in a library package "
                            "whose body holds its body")
            else:
                self.refuse(self.task.spec, self.task.name, (
                    "its master waited for it where it can wait with no terminate "
                    "alternative open (RM 9.3): the package's master waits at an object "
                    "declared where the task was activated, which rdv2po places only for "
                    "a task declared with its body in the declarative part of a "
                    "subprogram, block, task or package body, or in a library package "
                    "whose body holds its body"))
            return
        hss = first_child(owner, "handled_sequence_of_statements")
        seq = first_child(hss, "sequence_of_statements") if hss is not None else None
        first = seq.named_children[0] if seq is not None and seq.named_children else None
        if shape.deferred and first is None:
            self.refuse(self._loc(shape.deferred[0]), " ".join(text(shape.deferred[0])
                                                                .split())[:40],
                        "an initial value computed at the task's activation, which may "
                        "fail: the body activating the task has no statement before which "
                        "Tasking_Error would be raised")
            return
        self.site = (part, first if shape.deferred else None)

    def _predefined_value(self, mark: Node) -> bool:
        """Does ``mark`` denote one of PREDEFINED_VALUES (as GNAT resolved it)?"""
        fu = self.nd.body_fu
        for ent, _kind in self.ws.xref.at(fu.pos(mark)):
            unit = self.ws.xref.unit_of_file(ent.file).lower()
            if self.ws.loc_of(ent.file, ent.line, ent.col) is None and \
                    (unit, ent.name.lower()) in PREDEFINED_VALUES:
                return True
        return False

    def _type_decls(self, name: str) -> list[Node]:
        """The type and subtype declarations named ``name`` (lower case) in the sources:
        one, or none or several when the name alone cannot tell."""
        return [n for fu in self.ws.units()
                for kind in ("full_type_declaration", "subtype_declaration")
                for n in fu.nodes_of_type(kind)
                if n.named_children and text(n.named_children[0]).lower() == name]

    def _values_only(self, name: str, depth: int) -> bool:
        if name in STANDARD_VALUES:
            return True
        if depth == 0:
            return False
        decls = self._type_decls(name)
        if len(decls) != 1:
            return False          # not found, or several types of that name
        d = decls[0]
        parts = d.named_children
        if d.type == "subtype_declaration":
            return len(parts) > 1 and parts[1].type == "identifier" and \
                self._values_only(text(parts[1]).lower(), depth - 1)
        if len(parts) < 2:
            return False
        if parts[1].type in VALUE_DEFINITIONS:
            return True
        if parts[1].type in ACCESS_DEFINITIONS:
            # (``not null access``, a null_exclusion first, is not taken: an object of it
            # without a value raised at the task's activation, now at the package's)
            return True
        if parts[1].type == "array_type_definition":
            comp = first_child(parts[1], "component_definition")
            mark = comp.named_children[-1] if comp is not None and comp.named_children else None
            return mark is not None and mark.type == "identifier" and \
                self._values_only(text(mark).lower(), depth - 1)
        return False

    def _nested_tasks(self, shape: Body) -> None:
        """A task declared in a block of the server's code outside the accept bodies: the
        block waits for it to terminate, and the thread running that block (a caller, or
        the activator) may be one it waits for."""
        types = {x.name.lower() for x in self.ctx.model.tasks if x.kind == "type"}
        alts = [n for a in shape.alts for n in a.after]
        staged = [n for st in shape.stages for n in st.after]
        for top in [*shape.start, *staged, *alts, *shape.rest, *shape.tail, *shape.handlers,
                    *shape.block_handlers]:
            for n in walk(top):
                if n.type in ("single_task_declaration", "task_type_declaration") or \
                        n.type == "object_declaration" and any(
                            c.type == "identifier" and text(c).lower() in types
                            for c in walk(n)):
                    self.refuse(self._loc(n), one_line(n)[:40],
                                f"{self._where(self._loc(n))}, a task declared in a block: "
                                "the block waits for it, and the thread running it (a "
                                "caller, or the activator) may be one that task waits for")

    def _loops(self, shape: Body, spans, allowed, reaches: Reaches) -> None:
        """A loop that may wait for something (a flag, a count) outside the accept body,
        in the task body or in a subprogram its code calls there: the caller would run
        it, and may be the task it waits for.  ``for`` loops (bounded) pass, and loops
        that read only objects of their own subprogram no other task reaches and call
        nothing that may wait (loops.py)."""
        self._exit_conditions(shape)
        fu = self.nd.body_fu
        hss = first_child(self.nd.body, "handled_sequence_of_statements")
        places = [(fu, n) for n in [*shape.decl_items, hss]]
        outside = [c for c in self.task.body.calls if allowed(c.loc) != IN_ACCEPT_BODY]
        places += bodies_reached(self.ws, self.ctx.model.subprograms, outside)
        for pfu, top in places:
            for n in walk(top):
                if pfu is fu and any(s <= n.start_byte < e for s, e in spans):
                    continue
                if n.type == "goto_statement" and termination.goes_back(top, n):
                    self.refuse(pfu.loc(n), one_line(n),
                                "a goto back to a label before it outside the accept "
                                "body: a loop nothing shows to end, and the caller went on "
                                "while the task ran it; the caller running it may never go on")
                if n.type != "loop_statement":
                    continue
                scheme = first_child(n, "iteration_scheme")
                if scheme is not None and first_child(scheme, "expression") is None and \
                        termination.over_iterator(self.ws, pfu, n):
                    self.refuse(pfu.loc(n), "for loop", "a for loop over an iterator "
                                "outside the accept body: its Next decides when it ends, "
                                "maybe never, and the caller went on while the task ran "
                                "it; the caller running it may never go on")
                elif scheme is None or first_child(scheme, "expression") is not None:
                    if n == shape.loop:
                        continue
                    why = loops.obstacle(self.ws, pfu, n, self._reaches_in(pfu, n, reaches))
                    if why is None:
                        continue
                    self.refuse(pfu.loc(n), "loop", "a loop other than a for loop outside "
                                f"the accept body, where {why}: it may wait for something "
                                "its caller does next, and that caller would be running it")
                elif termination.leaves_early(n):
                    # bounded, but an exit may be the end of a wait (a poll with a limit)
                    why = loops.polled(self.ws, pfu, n)
                    if why is not None:
                        self.refuse(pfu.loc(n), "for loop", "a for loop with an exit "
                                    f"outside the accept body, where {why}: it may be "
                                    "waiting, with a limit, for something its caller does "
                                    "next, and that caller would be running it")

    def _exit_conditions(self, shape: Body) -> None:
        """An exit of the server loop decides whether the task ends.  The task tested
        it with its caller released, and that caller may set what it reads once its
        call returns (review10: an Atomic Shutdown set right after the call); the
        caller now tests it itself first."""
        fu = self.nd.body_fu
        for ex in shape.exits:
            kids = ex.children
            at = next((i for i, c in enumerate(kids) if c.type == "when"), None)
            cond = kids[at + 1] if at is not None else None
            why = loops.polled(self.ws, fu, cond) if cond is not None else None
            if why is not None:
                self.refuse(fu.loc(cond), " ".join(text(cond).split())[:40],
                            f"the condition of an exit of the server loop, where {why}: "
                            "the task tested it with its caller released, which may set "
                            "it once its call returns; that caller would test it first")

    def _reaches_in(self, fu, loop: Node, reaches: Reaches):
        """What the calls and constructs written in ``loop`` may do."""
        t = self.task.body
        bodies = [(t.calls, t.constructs)] + [(s.calls, s.constructs)
                                              for s in self.ctx.model.subprograms]

        def inside(loc: Location) -> bool:
            return loc.path == fu.display and loop.start_byte <= fu.offset_of(loc) < loop.end_byte
        for calls, constructs in bodies:
            yield from (reaches.call(c) for c in calls if inside(c.loc))
            yield from (reaches.construct(c) for c in constructs if inside(c.loc))

    def _reach(self, loc: Location, what: str, r, allowed: tuple[str, ...]) -> None:
        where = self._where(loc)
        if r.kind == OUTPUT and allowed is ELSEWHERE and self.prioritised is not None:
            at, said = self.prioritised
            self.refuse(loc, what, f"{where}, text output while the program sets "
                                   f"priorities or processors ({said} at {at}): the "
                                   "scheduler may be bound to run the caller (or activator) "
                                   "first, which would now print this before it goes on")
            return
        if r.kind in allowed:
            return
        if r.kind == DELAY and where == "after the task's last accept":
            late = self._late_callers()
            if not late:
                return      # every caller waits for the task's end at once (awaited.py)
        why = {IO: "input-output other than writing text (input, files, directories) "
                   "the task did while its caller went on (a worker, RDV006): run by "
                   "the caller before it returns, nothing shows it cannot wait for what "
                   "that caller does next (an answer to a prompt it prints)",
               DELAY: "a delay the caller (or, before the loop, the activator) would "
                      "wait out, where the task delayed only itself",
               UNKNOWN: "a call nothing proves safe: the caller would run it after the "
                        "rendezvous, where it may wait for that very caller",
               }.get(r.kind, "waits for another task (or asks for the running task's "
                             "identity): the caller running the server's code may be that "
                             "task, and would wait for itself")
        path = f"; call path {r.chain()}" if len(r.path) > 1 else ""
        if r.kind == DELAY and where == "after the task's last accept":
            o = self._late_callers()[0]
            path += (f"; a caller goes on before it waits for the task: {o.loc}: "
                     f"{o.what}: {o.reason}")
        self.refuse(loc, what, f"{where}, {why}{path}")

    def _late_callers(self) -> list[awaited.Obstacle]:
        """The calls of the entry accepted last after which their caller may go on
        before the task's end (awaited.py)."""
        if getattr(self, "late", None) is None:
            last = self.shape.stages[-1].entry.lower()
            entry = next((e for e in self.task.entries if e.name.lower() == last), None)
            self.late = awaited.obstacles(self.ws, self.ctx.model.tasks, entry,
                                          self.nd.decl) if entry else \
                [awaited.Obstacle(self.task.spec, last, "an entry rdv2po did not find")]
        return self.late

    def _names_checks(self, shape: Body) -> None:
        """The server's code keeps its meaning where it is copied to."""
        variables = shape.variables
        entries = {e.name.lower(): e for e in self.task.entries}
        accepted = [entry.lower() for _acc, entry in shape.accepts()]
        in_select = [a.entry.lower() for a in shape.alts]
        for a in shape.alts:
            if in_select.count(a.entry.lower()) > 1:
                self.refuse(self._loc(a.accept), a.entry, "the entry is accepted in two "
                                                          "alternatives of the select")
        for t in self.tries:
            if accepted.count(t.entry.lower()) > 1:
                self.refuse(t.fu.loc(t.call), f"{t.kind} call of {self.task.name}.{t.entry}",
                            "the entry is accepted at several places: the scheme rewrites "
                            "conditional and timed calls of an entry accepted at one")
        marks = {n.lower(): _subtype_text(d) for d in shape.objects for n in defining_names(d)}
        for acc, entry in shape.accepts():
            index = family_index(acc)
            if index is None or any(n.type == "function_call" for n in walk(index)):
                continue        # shape.py names it
            odd = [n for n in walk(index) if n.type == "identifier" and (
                text(n).lower() not in variables | self.statics | {"true", "false"}
                or text(n).lower() in entries)]
            if not odd and entry.lower() in self.families and not families.index_inside(
                    self.ws, self.nd.spec_fu, self._entry_decl(entry), index, marks):
                self.refuse(self._loc(index), one_line(index),
                            f"an index of an accept of {entry} not known to lie in the "
                            "family (a literal within its bounds, or a variable of the "
                            "task declared with the family's subtype): the task raised "
                            "Constraint_Error there, the barrier standing for it would "
                            "only stay closed")
            for n in odd:
                self.refuse(self._loc(n), text(n), f"the family index of an accept of "
                            f"{entry} names something other than the task's variables "
                            "and literals: the barrier standing for it reads it when "
                            "the turn is given back")
        for st in shape.stages:
            self._hidden_by_formals(entries.get(st.entry.lower()), st.entry,
                                    st.after + shape.handlers)
        bounds = {(p.start_byte, d.start_byte) for a in shape.alts if a.guard is not None
                  for d in walk(a.guard) if (p := type_bound(d)) is not None}
        converted = {m.start_byte for a in shape.alts if a.guard is not None
                     for m in conversion_marks(self.bounded.covered(a.guard))}
        for a in shape.alts:
            if a.guard is not None:
                for n in walk(a.guard):
                    name = text(n).lower()
                    if n.type == "identifier" and n.start_byte in converted:
                        if not self._type_before_task(n):
                            self.refuse(self._loc(n), text(n), "a guard converting to a type "
                                        "not declared before the task: the barrier standing "
                                        "for it must see it")
                        continue
                    if n.type == "identifier" and name in variables and \
                            self.task.kind != "single":
                        self.refuse(self._loc(n), text(n), "a guard of a task type reading "
                                    "its variable: each object has its own (a component of "
                                    "the object's record), which the barrier standing for "
                                    "the guard, in the turn's protected type, cannot name")
                        continue
                    if any(n.start_byte in pair for pair in bounds):
                        if n.start_byte in {p for p, _d in bounds} and \
                                not self._type_before_task(n):
                            self.refuse(self._loc(n), text(n), "a guard reading a bound of "
                                        "something other than a type declared before the "
                                        "task: the barrier standing for it must see it and "
                                        "read the same value")
                        continue
                    if n.type == "identifier" and name not in variables | {"true", "false"} \
                            and name not in self.statics or name in entries:
                        self.refuse(self._loc(n), text(n), "a guard naming something other "
                                                           "than the task's variables")
            # the while loop's test too: the procedure ending a pass evaluates it
            test = [first_child(shape.loop, "iteration_scheme")] if shape.flag else []
            self._hidden_by_formals(entries.get(a.entry.lower()), a.entry,
                                    a.after + shape.rest + shape.tail + shape.handlers
                                    + shape.block_handlers)
            # (the test is written anew, not copied: a hidden variable stays refused)
            self._hidden_by_formals(entries.get(a.entry.lower()), a.entry,
                                    [t for t in test if t], renamed=False)
        for e in self.task.entries:
            if e.name.lower() in accepted:
                continue
            # a call waits until the server completes, then raises Tasking_Error: the
            # turn's entry opens only then.  A terminate alternative would end the task
            # without completing the object, and a family has members to keep apart
            if shape.terminate or e.family is not None:
                self.refuse(e.loc, e.name, "an entry the server loop never accepts, of a "
                            "server with a terminate alternative or a family: its callers "
                            "would wait on a turn that terminating does not end")

    def _hidden_by_formals(self, entry, name: str, stmts: list[Node],
                           renamed: bool = True) -> None:
        """The code after an accept runs in the procedure E, where E's formals hide what
        the code names like them.  ``renamed``: the statements are copied through the
        renamings (moved.Renamed), so a task variable there can be named through its
        owner."""
        formals = {p.lower() for prm in entry.params for p in prm.names} if entry else set()
        for s in stmts:
            for n in walk(s):
                if n.type == "identifier" and text(n).lower() in formals \
                        and not is_selector(n) and not self._not_hidden(n, stmts):
                    if renamed and self._task_variable(n):
                        # named through the object or the package (realcode8
                        # formal-hides-variable: Worker.Index := Index;)
                        self.hidden_vars.append(n)
                        continue
                    self.refuse(self._loc(n), text(n),
                                f"names like a formal of {name}; the code after the "
                                "accept runs in a procedure where the formal hides it")

    def _task_variable(self, n: Node) -> bool:
        """Does the identifier denote (GNAT's cross references) a variable declared in
        the task body's own declarative part?"""
        fu, body = self.nd.body_fu, self.nd.body
        part = first_child(body, "non_empty_declarative_part")
        ents = [e for e, _k in self.ws.xref.at(fu.pos(n))]
        if part is None or len(ents) != 1:
            return False
        decl = declared_in(self.ws, fu, part, ents[0])
        owner = decl.parent if decl is not None else None
        if owner is not None and owner.type == "defining_identifier_list":
            owner = owner.parent
        return owner is not None and owner.type == "object_declaration" and \
            owner.parent == part and "constant" not in {c.type for c in owner.children}

    def _not_hidden(self, n: Node, stmts: list[Node]) -> bool:
        """Does the identifier denote (GNAT's cross references) something a formal of
        the procedure cannot hide: a declaration inside the moved code itself (a loop
        parameter, a block's object, another accept's formal), which hides the formal
        in turn, or a record component named as an aggregate's choice (not a direct
        name: RM 4.3.1(9))?"""
        fu = self.nd.body_fu
        if self.ws.xref.declared_at(fu.pos(n)) is not None:
            return True       # its own defining name (``for Item in``), inside the code
        ents = [e for e, _k in self.ws.xref.at(fu.pos(n))]
        if not ents:
            return False
        for e in ents:
            loc = self.ws.loc_of(e.file, e.line, e.col)
            at = self.ws.by_display.get(loc.path) if loc is not None else None
            ident = at.ident_at(loc.line, loc.col) if at is not None else None
            if ident is None:
                return False
            inside = at is fu and any(s.start_byte <= ident.start_byte < s.end_byte
                                      for s in stmts)
            choice = n.parent is not None and n.parent.type == "component_choice_list" \
                and any(a.type == "component_declaration" for a in ancestors(ident))
            if not (inside or choice):
                return False
        return True

    def _type_before_task(self, n: Node) -> bool:
        """Does the identifier name a type (GNAT's cross-references), of package
        Standard or declared before the task's declaration?"""
        fu = self.nd.body_fu
        ents = [e for e, _k in self.ws.xref.at(fu.pos(n))]
        if not ents:
            return fu.resolved and text(n).lower() in STANDARD_TYPES
        spec = self.nd.spec_fu.loc(self.nd.decl)
        for e in ents:
            loc = self.ws.loc_of(e.file, e.line, e.col)
            if e.kind not in PLAIN_TYPES or loc is not None and loc.path == spec.path \
                    and loc > spec:
                return False
        return True

    def _loc(self, n: Node) -> Location:
        return self.nd.body_fu.loc(n)

    def _trigger_checks(self, shape: Body) -> None:
        """The server's code a triggering call takes must not wait for another task
        (triggers.py): the caller runs it after its abortable part is aborted."""
        if not self.triggers:
            return
        hidden = [refusal_of(e, self.ws, self.nd).loc for e in self.hidden(self.ctx, self.task)
                  if not e.primary]
        for entry in dict.fromkeys(t.entry.lower() for t in self.triggers):
            t = next(t for t in self.triggers if t.entry.lower() == entry)
            why = self._trigger_obstacle(shape, entry)
            if why:
                self.found.append(Refusal(t.fu.loc(t.call), triggers.CONSTRUCT,
                                          f"a call of {t.entry} triggers an asynchronous "
                                          f"select: {why}"))
                continue
            nodes = [n for a in shape.alts if a.entry.lower() == entry
                     for n in [a.accept, *a.after]]
            if any(a.entry.lower() == entry for a in shape.alts):
                nodes += [*shape.rest, *shape.tail, *shape.block_handlers]
            nodes += [n for st in shape.stages if st.entry.lower() == entry
                      for n in [st.accept, *st.after]]
            nodes += shape.handlers
            why = triggers.server_waits(self.ws, self.ctx.model, self.nd.body_fu, self.task,
                                        nodes, hidden)
            if why:
                self.found.append(triggers.serve_refusal(t.fu.loc(t.call), t.entry, why))

    def _trigger_obstacle(self, shape: Body, entry: str) -> str:
        """Why a call of ``entry`` (lower case) triggering an asynchronous select cannot
        be split, whatever the server's code does (triggers.py)."""
        if self.prioritised is not None:
            at, said = self.prioritised
            return (f"the program sets priorities or processors ({said} at {at}): the "
                    "scheduler may be bound to run the abortable part during the "
                    "rendezvous, which the translation aborts before the server's code")
        if sum(e.lower() == entry for _acc, e in shape.accepts()) > 1:
            return ("the entry is accepted at several places, whose turn's entry says "
                    "which was taken: rdv2po splits the call of an entry accepted once")
        if self.copied_in.get(entry):
            return (f"its out parameter {', '.join(sorted(self.copied_in[entry]))} is "
                    "copied in (RM 6.4.1): the entry call read the actual before the "
                    "abortable part started, the translation would after it")
        return ""

    # -- edits ----------------------------------------------------------------------

    def _edits(self, shape: Body) -> list[Edit]:
        nd = self.nd
        used = set(self.ctx.names) | self.moved_names
        spec_src = Source(nd.spec_fu)
        body_src = moved.Renamed(nd.body_fu, self.renames) if self.renames else \
            Source(nd.body_fu)
        typed = self._type_names(shape, spec_src, body_src, used) \
            if self.task.kind != "single" else None
        own = expanded_names(self.ws, nd.body_fu, nd.body, typed) if typed else {}
        prefix = f"{typed.self_}.{typed.this}." if typed else f"{self.task.name}."
        own.update({n.start_byte: (n.end_byte, prefix + text(n)) for n in self.hidden_vars})
        if own:
            body_src = moved.Renamed(nd.body_fu, {**self.renames, **own})
        names = Names(typed.package if typed else self.task.name, fresh_name("Turn", used),
                      fresh_name("Finish", used), fresh_name("Busy", used),
                      fresh_name("Over", used), fresh_name("Ended", used),
                      fresh_name("Start", used) if shape.activated() and typed is None
                      else "",
                      fresh_name("Stage", used) if shape.stages else "",
                      fresh_name("Place", used) if _several_places(shape) else "",
                      fresh_name("Member", used) if self.families else "",
                      fresh_name("Turn_Of", used)
                      if typed is not None and self.triggers else "",
                      fresh_name(f"{self.task.name}_Turn_Access", used)
                      if typed is not None and self.triggers else "",
                      *(((fresh_name("Master", used), fresh_name("Await_End", used),
                          fresh_name("Self", used))
                         if typed is None and _awaited(shape) else ())))
        subtypes = {k: fresh_name(f"{name}_Index", used)
                    for k, (name, _d) in self.families.items()}
        self.subtypes = subtypes
        self.member = names.member
        profiles = {e.name.lower(): self._profile(spec_src, e.name) for e in self.task.entries}
        formals = {e.name.lower(): {p.lower() for prm in e.params for p in prm.names}
                   for e in self.task.entries}
        if typed is not None:
            profiles = {k: with_self(v, next(e.name for e in self.task.entries
                                             if e.name.lower() == k), typed)
                        for k, v in profiles.items()}
        origin = f"{SCHEME} {self.task.qualified_name}"
        decl = nd.decl
        end = decl.parent.end_byte if decl.parent is not None and \
            decl.parent.type in ("object_declaration", "full_type_declaration") else decl.end_byte
        start = decl.parent.start_byte if end != decl.end_byte else decl.start_byte
        plan = self._tries_plan(used)
        fns = attributes.Functions(fresh_name("Is_Callable", used),
                                   fresh_name("Is_Terminated", used),
                                   fresh_name("Completed", used),
                                   fresh_name("Abort_Task", used)) if self.attr_sites else None
        writer = Writer(body_src, shape, names, profiles, plan, typed, formals, subtypes,
                        (fns, attributes.used(self.attr_sites)) if fns else None)
        indent = body_src.line_indent(nd.body.start_byte)
        if typed is None:
            spec = self._package_spec(spec_src, start, end, writer)
        else:
            spec = self._moved_out(body_src, shape, spec_src.line_indent(start)) + \
                writer.type_spec(spec_src.line_indent(start))
            if typed.await_end or typed.initialize:
                self.ctx.need_with(nd.spec_fu, [FINALIZATION], origin, nd.decl)
        edits = [Edit(nd.spec_fu.src.path, start, end, spec, origin),
                 Edit(nd.body_fu.src.path, nd.body.start_byte, nd.body.end_byte,
                      writer.package_body(indent), origin)]
        if fns is not None:
            edits += attributes.edits(self.attr_sites, fns, origin)
        master = ""
        if names.master:
            self.ctx.need_with(nd.spec_fu, [FINALIZATION], origin, nd.decl)
            master = self._master_line(names, fresh_name(f"{self.task.name}_Master", used))
        if names.start:
            edits += self._activation_edits(names, fresh_name(f"{self.task.name}_Started",
                                                              used), origin, master)
        elif master:
            part = self.site[0]
            edits.append(Edit(nd.body_fu.src.path, part.end_byte, part.end_byte, master,
                              origin))
        operators = families.declares_operators(self.ws) if self.member_calls else False
        for c in self.member_calls:
            a, b, txt = families.rewrite(c, subtypes[text(c.stmt.named_children[0]
                                                         .named_children[0]
                                                         .named_children[-1]).lower()],
                                         names.member, operators)
            edits.append(Edit(c.fu.src.path, a, b, txt, origin))
        for rfu, (a, b, txt) in self.renamings:
            edits.append(Edit(rfu.src.path, a, b, txt, origin))
        for t in self.tries:
            # the call site's Boolean may take the formal's name: new in the program, it
            # hides nothing the select's statements name, each in a block of its own
            call_names = tries.CallNames(plan.taken, plan.try_names[t.entry.lower()],
                                         tuple(plan.temps.items()))
            # an attribute or abort in the select's statements: rewritten in the copy
            inner = [e for e in edits if e.path == t.fu.src.path
                     and t.select.start_byte <= e.start and e.end <= t.select.end_byte]
            edits = [e for e in edits if e not in inner]
            a, b, txt = tries.rewrite(t, call_names, plan.within, plan.taken,
                                      [Sub(e.start, e.end, e.text) for e in inner])
            edits.append(Edit(t.fu.src.path, a, b, txt, origin))
        left = triggers.Left(fresh_name("Part_Raised", used), fresh_name("Raised", used),
                             fresh_name("Occurrence", used)) if self.triggers else None
        for t in self.triggers:
            a, b, txt = triggers.rewrite(t, names.turn_of or names.turn,
                                         plan.serve[t.entry.lower()], left)
            edits.append(Edit(t.fu.src.path, a, b, txt, origin))
            self.ctx.need_with(t.fu, [triggers.EXCEPTIONS], origin, t.select)
        return edits

    @staticmethod
    def _moved_out(body_src: Source, shape: Body, indent: str) -> str:
        """A task type's types, subtypes and named numbers, as renamed, each line
        indented as the type's declaration, before it."""
        lines = [ln for d in shape.moved_out
                 for ln in body_src.block(d.start_byte, d.end_byte, "").split("\n")]
        return "".join(f"{ln}\n{indent}" if ln.strip() else f"\n{indent}" for ln in lines)

    def _type_names(self, shape: Body, src: Source, body_src: Source,
                    used: set[str]) -> TypeNames:
        name = self.task.name
        part = first_child(self.nd.decl, "known_discriminant_part")
        variables = tuple((n, _mark_text(d, body_src)) for d in shape.variables_declared()
                          for n in defining_names(d))
        return TypeNames(name, fresh_name(f"{name}_Objects", used),
                         fresh_name(f"{name}_Turn", used), fresh_name("Self", used),
                         fresh_name("This", used),
                         fresh_name("Await_End", used) if _awaited(shape) else "",
                         src.one_line(part) if part is not None else "",
                         tuple((n, m) for n, m, _a in discriminant_marks(self.nd)), variables,
                         bool(shape.start), self._completes())

    def _inherited_clashes(self) -> None:
        """The derived type completing a partial view inherits a procedure for each
        entry; a subprogram of the program named like one may override it (then
        ``Obj.E`` calls that subprogram, maybe itself) or overload it.  Refused
        wherever in the program such a subprogram is declared."""
        entries = {e.name.lower() for e in self.task.entries}
        for fu in self.ws.units():
            for kind in SUBPROGRAM_NAMES:
                for n in fu.nodes_of_type(kind):
                    name = first_child(n, "identifier")
                    if name is not None and text(name).lower() in entries:
                        self.refuse(fu.loc(name), text(name),
                                    "a subprogram named like an entry of the task type, "
                                    "which completes a partial view: the type completing it "
                                    "in the translation inherits a procedure of that name, "
                                    "which this one would override or overload")

    def _completes(self) -> bool:
        """Does the task type complete an incomplete or private type (frontend's
        completions.py, or GNAT's entity at the partial view)?"""
        name = first_child(self.nd.decl, "identifier")
        if name is None:
            return False
        if self.nd.spec_fu.pos(name) in self.ws.xref.completes:
            return True
        decl = self.nd.decl.parent if self.nd.decl.parent.type == "full_type_declaration" \
            else self.nd.decl
        named = text(name).lower()
        return any(d.type == "incomplete_type_declaration" and d.start_byte < decl.start_byte
                   and text(first_child(d, "identifier")).lower() == named
                   for d in decl.parent.named_children)

    def _activation_edits(self, names: Names, started: str, origin: str,
                          master: str) -> list[Edit]:
        """The declaration calling Start last in the declarative part that activated the
        task (then ``master``'s), and the statement raising Tasking_Error first after
        it if that failed."""
        part, first = self.site
        fu = self.nd.body_fu
        src = Source(fu)
        last = part.named_children[-1]
        indent = src.line_indent(last.start_byte)
        edits = [Edit(fu.src.path, part.end_byte, part.end_byte,
                      f"\n{indent}{started} : constant Boolean := {names.package}."
                      f"{names.start};  {ACTIVATION_NOTE}{master}", origin)]
        if first is not None:
            # one line with the note: the checks of several tasks activated here merge
            # (rewrite.merge_context), the first failed one raising, once (RM 9.2)
            ind = src.line_indent(first.start_byte)
            edits.append(Edit(fu.src.path, first.start_byte, first.start_byte,
                              f"if not {started} then raise Tasking_Error; end if;  "
                              f"{ACTIVATION_NOTE}\n{ind}", origin))
        return edits

    def _master_line(self, names: Names, name: str) -> str:
        """The object whose finalization waits for the server where the master waited
        for the task: declared last in the declarative part that activated it, after
        the call of Start if there is one, so that it is made only where the task was
        activated (a declaration before it that raised: the task never was, and its
        master did not wait for it, RM 9.2)."""
        part, _first = self.site
        indent = Source(self.nd.body_fu).line_indent(part.named_children[-1].start_byte)
        return f"\n{indent}{name} : {names.package}.{names.master};  {MASTER_NOTE}"

    def _tries_plan(self, used: set[str]) -> Tries:
        if not self.tries and not self.triggers:
            return Tries()
        kinds: dict[str, set[str]] = {}
        for t in self.tries:
            kinds.setdefault(t.entry.lower(), set()).add(t.kind)
        for g in self.triggers:
            kinds.setdefault(g.entry.lower(), set()).add("trigger")
        entries = {e.name.lower(): e for e in self.task.entries}
        formals = {p.lower() for e in entries.values() for prm in e.params for p in prm.names}
        taken = fresh_name("Taken", used, set(formals))
        within = fresh_name("Within", used, set(formals))
        outs = {f for t in self.tries for f, _mark in t.outs}
        names = {n.lower(): n for e in entries.values() for prm in e.params for n in prm.names}
        return Tries(kinds,
                     {k: fresh_name(f"Serve_{entries[k].name}", used) for k in kinds},
                     {k: fresh_name(f"Try_{entries[k].name}", used) for k in kinds},
                     {k: ", ".join(p for prm in entries[k].params for p in prm.names)
                      for k in kinds}, taken, within,
                     {f: fresh_name(f"{names[f]}_Got", used, set(formals)) for f in sorted(outs)})

    def _entry_decls(self) -> list[Node]:
        tdef = first_child(self.nd.decl, "task_definition")
        return named_children(tdef, "entry_declaration") if tdef is not None else []

    def _profile(self, src: Source, name: str) -> str:
        d = self._entry_decl(name)
        if name.lower() in self.families:
            return f"procedure {text(entry_name(d))} {self._member_profile(src, d)}"
        data = src.data[_entry_keyword(d) + len("entry"):d.end_byte]
        base = _entry_keyword(d) + len("entry")
        for at, old, new in sorted(self._in_out_cuts(src, d, base), reverse=True):
            data = data[:at] + new.encode() + data[at + len(old):]
        return "procedure" + data.decode(src.codec).replace("\r\n", "\n").rstrip().rstrip(";")

    def _in_out_cuts(self, src: Source, d: Node, base: int) -> list[tuple[int, str, str]]:
        """``out`` made ``in out`` for the formals the procedure copies in
        (by_copy_params.copied_in), each cut at its offset from ``base``."""
        names = self.copied_in.get(text(entry_name(d)).lower(), set())
        cuts = []
        for spec in walk(d):
            if spec.type != "parameter_specification" or not names & {
                    text(i).lower() for i in spec.named_children if i.type == "identifier"}:
                continue
            mode = first_child(spec, "non_empty_mode")
            out = [c for c in mode.children if c.type == "out"] if mode is not None else []
            if out and not any(c.type == "in" for c in mode.children):
                word = src.data[out[0].start_byte:out[0].end_byte].decode(src.codec)
                cuts.append((out[0].start_byte - base, word.lower(),
                             ("IN " if word.isupper() else "in ") + word))
        return cuts

    def _member_profile(self, src: Source, d: Node) -> str:
        """``(Member : E_Index; <the entry's formals>)``."""
        name = text(entry_name(d))
        formal = first_child(d, "formal_part")
        inner = "; " + squeeze(src.node(formal)[1:-1]) if formal is not None else ""
        return f"({self.member} : {self.subtypes[name.lower()]}{inner})"

    def _family_cut(self, src: Source, d: Node, base: int) -> list[tuple[int, str, str]]:
        """The family's range and formals replaced by the member's and the formals, and
        the index subtype declared before the procedure."""
        name = text(entry_name(d)).lower()
        if name not in self.families:
            return []
        start = next(c.start_byte for c in d.children if c.type == "(")
        profile = first_child(d, "formal_part")
        close = [c for c in d.children if c.type == ")"]
        end = profile.end_byte if profile is not None else close[-1].end_byte
        ind = src.line_indent(d.start_byte)
        return [(d.start_byte - base, "",
                 f"subtype {self.subtypes[name]} is {self.families[name][1]};\n{ind}"),
                (start - base, src.data[start:end].decode(src.codec).lower(),
                 self._member_profile(src, d))]

    def _master_cuts(self, src: Source, base: int, n: Names) -> list[tuple[int, str, str]]:
        """The controlled type an object of which stands for the task in its master:
        limited private after the last entry, completed in a private part (the task's
        declaration has none: refused)."""
        decls = self._entry_decls()
        ind = src.line_indent(decls[-1].start_byte)
        tdef = first_child(self.nd.decl, "task_definition")
        end = next(c for c in tdef.children if c.type == "end")
        outer = src.line_indent(end.start_byte)
        return [(decls[-1].end_byte - base, "",
                 f"\n{ind}type {n.master} is limited private;   --  rdv2po: the task's "
                 "master waits for it"),
                (end.start_byte - base, "",
                 f"private\n{ind}type {n.master} is new {FINALIZATION}.Limited_Controlled "
                 f"with null record;\n{ind}overriding procedure Finalize ({n.self_} : in out "
                 f"{n.master});\n{outer}")]

    def _package_spec(self, src: Source, start: int, end: int, writer: Writer) -> str:
        """The declaration as written, ``task`` now ``package``, each ``entry`` a
        ``procedure``; after an entry with conditional or timed calls, its Try_E."""
        base = start
        cuts = [(self.nd.decl.start_byte - base, "task", "package")] + [
            (d.start_byte - base, _through_entry(src, d), "procedure")
            for d in self._entry_decls()]
        for d in self._entry_decls():
            cuts += self._family_cut(src, d, base)
            cuts += self._in_out_cuts(src, d, base)
        if writer.n.start:
            decls = self._entry_decls()
            ind = src.line_indent(decls[-1].start_byte)
            cuts.append((decls[-1].end_byte - base, "",
                         f"\n{ind}function {writer.n.start} return Boolean;   --  rdv2po: "
                         "the task's activation"))
        if writer.n.master:
            cuts += self._master_cuts(src, base, writer.n)
        if writer.attrs is not None:
            decls = self._entry_decls()
            ind = src.line_indent(decls[-1].start_byte)
            cuts.append((decls[-1].end_byte - base, "", "".join(
                f"\n{ind}{d}" for d in attributes.declarations(*writer.attrs,
                                                               self.task.name))))
        for d in self._entry_decls():
            entry = text(entry_name(d))
            kinds = writer.tries.get(entry.lower(), set())
            ind = src.line_indent(d.start_byte)
            more = "".join(f"\n{ind}{writer.try_profile(entry, k)};"
                           for k in ("conditional", "timed") if k in kinds)
            if "trigger" in kinds:
                more += f"\n{ind}{writer.serve_profile(entry)};"
            if writer.triggered() and d == self._entry_decls()[-1]:
                more += "\n" + writer.visible_turn(ind)
            if more:
                cuts.append((d.end_byte - base, "", more))
        data = src.data[start:end]
        pieces, pos = [], 0
        for at, old, new in sorted(cuts):
            if data[at:at + len(old)].lower() != old.encode():
                raise Refusal(self.task.spec, self.task.name,
                              f"expected '{old}' where the declaration has "
                              f"'{data[at:at + len(old)].decode(errors='replace')}'")
            pieces.append(data[pos:at].decode(src.codec))
            pieces.append(new)
            pos = at + len(old)
        pieces.append(data[pos:].decode(src.codec))
        return "".join(pieces).replace("\r\n", "\n")


def _several_places(shape: Body) -> bool:
    """Is an entry accepted at more than one place (stages, the loop's select)?"""
    entries = [e.lower() for _acc, e in shape.accepts()]
    return len(entries) != len(set(entries))


def _awaited(shape: Body) -> bool:
    """Can the server wait where no terminate alternative is open (an accept before
    the loop, a select without one)?  Its master then waited for the task.  A one-shot
    server whose every stage is a select with a terminate alternative cannot: it
    completes after the last."""
    plain = any(not st.terminable for st in shape.stages)
    return plain if shape.one_shot else plain or not shape.terminate


def _declared(d: Node) -> list[str]:
    """The names a declarative item of the task body declares."""
    if d.type == "object_declaration":
        return defining_names(d)
    if d.type in DECLARED:
        return [text(n) for n in moved.defining(d) + moved.literals(d)]
    spec = next((c for c in walk(d) if c.type in ("procedure_specification",
                                                  "function_specification")), None)
    name = spec.named_children[0] if spec is not None and spec.named_children else None
    return [text(name)] if name is not None else []


def _discriminant_value(d: Node, marks: dict[str, str]) -> bool:
    """``V : T := D;`` where D is a discriminant declared of subtype T, no constraint."""
    init = initial_value(d)
    name = text(init).strip().lower() if init is not None else ""
    constrained = any(c.type in ("range_constraint", "index_constraint",
                                 "discriminant_constraint", "slice") for c in d.named_children)
    return name in marks and not constrained and _mark_text(d).lower() == marks[name]


def _mark_text(d: Node, src: Source | None = None) -> str:
    """The subtype mark of an object declaration as written (``String`` of
    ``S : String (1 .. 3)``), as ``src`` spells it (a moved type's new name)."""
    names = set(defining_names(d))
    for c in d.named_children:
        if c.type == "identifier" and text(c) in names:
            continue
        if c.type == "slice":
            c = c.named_children[0]
        return squeeze(src.text(c.start_byte, c.end_byte) if src else text(c))
    return ""


def _subtype_text(d: Node) -> str:
    """An object declaration's subtype indication as written (``Slot'Base``,
    ``Integer range 1 .. 3``), between its colon and its initial value."""
    colon = next((c for c in d.children if c.type == ":"), None)
    end = next((c for c in d.children if c.type in (":=", ";")), None)
    if colon is None or end is None:
        return ""
    words = d.text[colon.end_byte - d.start_byte:end.start_byte - d.start_byte].decode(
        errors="replace").split()
    return " ".join(w for w in words if w.lower() not in ("aliased", "constant"))


def _spec_of(decl_part: Node | None, body: Node) -> bool:
    """Is ``decl_part`` the declaration of the package ``body`` is the body of -- a
    library package, or one declared beside its body, a generic's included?  (Its
    tasks are activated after the body's declarative part, as the body's own, RM
    9.2(3).)"""
    if decl_part is None or decl_part.type != "package_declaration" or \
            body.type != "package_body":
        return False
    outer = decl_part.parent
    if outer is not None and outer.type == "generic_package_declaration":
        outer = outer.parent
    if outer is None or body.parent is None:
        return False
    library = outer.type == body.parent.type == "compilation_unit"
    if not library and outer != body.parent:
        return False
    return text(decl_part.named_children[0]).lower() == text(body.named_children[0]).lower()


def _priority(fu) -> tuple[Location, str] | None:
    """The first pragma, aspect or Set_Priority call of ``fu`` in PRIORITIES."""
    for kind in ("pragma_g", "aspect_association", "identifier"):
        for n in fu.nodes_of_type(kind):
            name = n if kind == "identifier" else (n.named_children or [None])[0]
            if name is None or text(name).lower() not in PRIORITIES:
                continue
            if kind == "identifier" and text(n).lower() != "set_priority":
                continue
            return fu.loc(n), one_line(n)[:40]
    return None


# where a subprogram (or a generic instance of one) is given its name
SUBPROGRAM_NAMES = ("procedure_specification", "function_specification",
                    "generic_instantiation")


def _statics(ws) -> frozenset[str]:
    """Names (lower case) every declaration of which in the program is a named
    number, a constant with a literal value, or an enumeration literal: read in a
    barrier or an initial value they are the same wherever and whenever."""
    from .shape import literal
    kinds: dict[str, set[bool]] = {}

    def note(name: str, static: bool) -> None:
        kinds.setdefault(name.lower(), set()).add(static)

    for fu in ws.units():
        for n in fu.nodes_of_type("number_declaration"):
            for name in defining_names(n):
                note(name, True)
        for n in fu.nodes_of_type("enumeration_type_definition"):
            for c in n.named_children:
                if c.type == "identifier":
                    note(text(c), True)
        for n in fu.nodes_of_type("object_declaration"):
            init = next((c for c in reversed(n.named_children) if c.type == "expression"), None)
            constant = any(c.type == "constant" for c in n.children)
            static = constant and init is not None and literal(init, lambda _n: False)
            for name in defining_names(n):
                note(name, static)
        for kind in ("parameter_specification", "loop_parameter_specification",
                     "component_declaration", "procedure_specification",
                     "function_specification", "full_type_declaration",
                     "subtype_declaration", "discriminant_specification"):
            for n in fu.nodes_of_type(kind):
                for c in n.named_children:
                    if c.type == "identifier":
                        note(text(c), False)
                        if kind.endswith("specification") and kind not in (
                                "parameter_specification", "discriminant_specification"):
                            break
                    else:
                        break
    return frozenset(n for n, k in kinds.items() if k == {True})


def _entry_keyword(decl: Node) -> int:
    """Where ``entry`` begins in an entry declaration: after an overriding indicator
    (``not overriding entry E``), which the procedure drops (a package's procedure
    is not primitive, so GNAT allows no indicator on it)."""
    return next(c.start_byte for c in decl.children if c.type == "entry")


def _through_entry(src: Source, decl: Node) -> str:
    """An entry declaration's text up to and with ``entry``, lower case."""
    return src.node(decl)[:_entry_keyword(decl) - decl.start_byte + len("entry")].lower()


def _called_by_tasks(task: Task) -> bool:
    return any(call.caller_task is not None for e in task.entries for call in e.calls)


def _handed_out(ctx: SchemeContext, task: Task) -> bool:
    """Does a task rewritten before ``task`` in this run call its entries?  Those are
    calling servers (taken before it, ``order``), whose translations keep their
    workers tasks."""
    if not _called_by_tasks(task):
        return False
    mine = {e.loc for e in task.entries}
    subs = {s.body: s for s in ctx.model.subprograms}
    return any(u.qualified_name in ctx.taken and u is not task
               and any(c.decl in mine for c in entry_calls(u, subs)) for u in ctx.model.tasks)
