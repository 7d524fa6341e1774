"""Callers that wait for a one-shot server anyway: a delay after its last accept.

The caller of a one-shot server's last accept runs what the task did after it
before it returns.  A delay there is refused in general: the caller would be
held up where the task delayed only itself.  But where the called object is
declared in the declarative part of the block, subprogram body or task body
whose statements make the call (a task body when nobody can tell its task
completed before it waits for its dependents: ``_completion_seen``), that
construct has no exception handler (any statement
after the call may raise into it: a condition's function, a return value's
check), and the caller does nothing after the call but ``null``, ``return`` (of
a literal), ``raise E``, or an ``if`` whose conditions only compute from their
operands (no task attribute, no renaming of another object), it left that
construct, and waited there for the task to
terminate -- the whole of its remaining code, delay included -- before anyone
could see it go on.  Running that code before it returns then changes no order
anyone can see: the caller's next observable step comes after the task's end
in both.

Each call of the entry accepted last must be such a call; one that is not
names its obstacle.  An object reached through an access value (an allocator,
a dereference) is not the construct's: its master is the access type's.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...frontend.syntax import (Node, ancestors, first_child, named_children, one_line, text,
    walk)
from ...frontend.denotes import entity_kind, standard_name
from ...frontend.workspace import Workspace
from ...model import Entry, Location, Task
from ..common.locals import attribute_name, declared_in, defining_name, entity_at, shares
from ..common.termination import SUBPROGRAMS
from .loops import VALUE_OBJECTS

# constructs that are masters, whose statements the calling task itself runs
MASTERS = ("block_statement", "subprogram_body")
# where a caller's remaining statements may be no one sees: the statement kinds
QUIET = ("null_statement", "simple_return_statement", "raise_statement")
DELAYS = ("delay_until_statement", "delay_relative_statement")
# attributes whose value another task's progress changes
TASK_STATE = {"callable", "terminated", "count", "caller", "identity"}
# the nodes a returned literal (or a raise's message) may consist of
LITERAL_PARTS = {"expression", "term", "factor", "primary", "numeric_literal",
                 "string_literal", "character_literal"}
# GNAT cross-reference letters of an object or component reached without a
# dereference: arrays, records, tasks ('p', an access object, is not)
DIRECT = frozenset("art")
# GNAT's letters of types whose objects hold plain values (loops.VALUE_OBJECTS's)
VALUE_TYPES = frozenset(k.upper() for k in VALUE_OBJECTS)


@dataclass(frozen=True)
class Obstacle:
    loc: Location
    what: str
    reason: str


def obstacles(ws: Workspace, tasks: tuple[Task, ...], entry: Entry,
              decl: Node) -> list[Obstacle]:
    """The calls of ``entry`` (of the task declared by ``decl``) after which their
    caller may be seen to go on before the called task terminates (empty: every
    caller waits for it at once)."""
    if progenitors(decl):
        # a call through a synchronized interface names no entry GNAT can tell us of
        return [Obstacle(entry.loc, progenitors(decl), "the task's type has progenitors: "
                         "its entry may be called through an interface")]
    unresolved = next((u for u in ws.units() if not u.resolved), None)
    if unresolved is not None:
        return [Obstacle(entry.loc, unresolved.display, "GNAT did not resolve this "
                         "file: its calls of the entry are unknown")]
    other = _other_use(ws, entry)
    if other is not None:
        return [other]
    copied = [n for prm in entry.params if prm.mode in ("out", "in out") for n in prm.names]
    if copied:
        # review12 awaited-out-actual-copied-after-tail
        return [Obstacle(entry.loc, entry.name, f"its parameter {', '.join(copied)} is "
                         "copied back to the caller's actual when the rendezvous ends, "
                         "before the task's last work; the procedure would copy it back "
                         "after that work, when it returns")]
    found = []
    for call in entry.calls:
        why = _why_not(ws, tasks, call)
        if why is not None:
            found.append(Obstacle(call.loc, _call_text(ws, call), why))
    return found


def _other_use(ws: Workspace, entry: Entry) -> Obstacle | None:
    """A name of the entry that is none of its calls: a generic's actual subprogram
    (whose calls in the instance name no entry), a renaming, ``E'Count``."""
    fu = ws.by_display.get(entry.loc.path)
    ident = fu.ident_at(entry.loc.line, entry.loc.col) if fu is not None else None
    ent = ws.xref.declared_at(fu.pos(ident)) if ident is not None else None
    if ent is None:
        return Obstacle(entry.loc, entry.name, "an entry GNAT did not list")
    calls = {c.loc for c in entry.calls}
    for r in ent.refs:
        if r.kind not in ("s", "r", "m"):
            continue
        at = ws.loc_of(r.file, r.line, r.col)
        if at is None or at not in calls:
            where = at if at is not None else entry.loc
            return Obstacle(where, entry.name, "the entry is named there other than in "
                            "a call (a generic's actual, a renaming): the calls made "
                            "through that name are not known")
    return None


def _call_text(ws: Workspace, call) -> str:
    stmt = _statement(ws, call.loc)
    return one_line(stmt, limit=60) if stmt is not None else f"a call in {call.caller}"


def _statement(ws: Workspace, loc: Location) -> Node | None:
    fu = ws.by_display.get(loc.path)
    ident = fu.ident_at(loc.line, loc.col) if fu is not None else None
    return next((a for a in ancestors(ident) if a.type == "procedure_call_statement"),
                None) if ident is not None else None


def _why_not(ws: Workspace, tasks, call) -> str | None:
    if call.kind != "simple" or call.via is not None:
        return "not a plain call of the entry (a timed, conditional or renamed call)"
    fu = ws.by_display.get(call.loc.path)
    ident = fu.ident_at(call.loc.line, call.loc.col) if fu is not None else None
    stmt = _statement(ws, call.loc)
    if ident is None or stmt is None:
        return "a call rdv2po cannot place in the sources"
    made = _made_for_the_call(ws, fu, stmt)
    if made is not None:
        return (f"the actual {one_line(made, limit=40)} may make an object for the call (a "
                "function's result, an aggregate), finalized when the call statement ends: "
                "the rendezvous's end in the original, after the task's last work in the "
                "translation")
    seq = stmt.parent
    hss = seq.parent if seq is not None and seq.type == "sequence_of_statements" else None
    master = hss.parent if hss is not None and \
        hss.type == "handled_sequence_of_statements" else None
    if master is not None and master.type == "task_body":
        why = _completion_seen(ws, tasks, fu, master)
        if why is not None:
            return why
    elif master is None or master.type not in MASTERS:
        return ("the call is not among the top statements of a block, subprogram body or "
                "task body (in a loop, an if, a select or a handler)")
    if any(a.type == "protected_body" for a in ancestors(master)):
        return "the call is in a protected body"
    root = _root_object(ws, fu, ident)
    if isinstance(root, str):
        return root
    decl = _declaration(ws, fu, root)
    part = first_child(master, "non_empty_declarative_part")
    if decl is not None and decl.type == "single_task_declaration" and \
            decl.parent.type == "object_declaration":
        decl = decl.parent      # how the parser holds a single task's declaration
    if decl is None or part is None or decl.parent != part or \
            decl.type not in ("object_declaration", "single_task_declaration"):
        return (f"'{text(root)}' is not declared in the declarative part of the "
                "construct that calls it: that construct does not wait for the task "
                "when its statements end")
    # the caller's own plain values, which no other task reaches (RM 9.10)
    own = None if shares(fu, master) else master
    if _after(seq, stmt) and named_children(hss, "exception_handler"):
        return ("the construct has an exception handler, and what the caller does after "
                "the call may raise into it: the handler would run before the construct "
                "waits for the task")
    passed = _passed(ws, fu, stmt)
    for s in _after(seq, stmt):
        named = next((n for n in walk(s) if n.type == "identifier" and
                      text(n).lower() in passed), None)
        if named is not None:
            # review12: the task may keep an access to an actual passed by reference
            return (f"after the call the caller reads {text(named)}, which it passed to "
                    "the task: the task's last work may still write it")
        why = _noisy(ws, fu, s, hss, own)
        if why is not None:
            return why
    return None


# GNAT's letters of composite objects, which may be passed by reference (RM 6.2)
BY_REFERENCE = frozenset("achrstw")


def _passed(ws: Workspace, fu, stmt: Node) -> set[str]:
    """The names of composite objects in the call's actuals, lower case: passed by
    reference, the task may keep an access to them (an aliased component)."""
    actuals = first_child(stmt, "actual_parameter_part")
    found = set()
    for n in walk(actuals) if actuals is not None else ():
        ent = entity_at(ws, fu, n) if n.type == "identifier" else None
        if ent is not None and ent.kind in BY_REFERENCE:
            found.add(text(n).lower())
    return found


# constructs of an actual that may make an object living to the end of the call
# statement (RM 7.6.1(13)); a call of a function of scalar or access result, and an
# array's element (which reads as a call), make none that is finalized
MADE = {"aggregate", "allocator", "qualified_expression", "extension_aggregate",
        "conditional_expression", "declare_expression", "binary_adding_operator"}
# GNAT's letters of scalar and access types (lib-xref.ads), and Standard's scalars
VALUE_TYPES = frozenset("BDEFIMOP")
STANDARD_VALUES = {"integer", "natural", "positive", "boolean", "character", "float",
                   "duration", "long_integer", "long_float", "short_integer"}


def _made_for_the_call(ws: Workspace, fu, stmt: Node) -> Node | None:
    """An actual of the call that may make an object (review12's controlled
    temporary finalized after the tail), or None."""
    actuals = first_child(stmt, "actual_parameter_part")
    for a in named_children(actuals, "parameter_association") if actuals is not None else ():
        if any(n.type in MADE or n.type.endswith("aggregate") or
               n.type == "function_call" and not _value_call(ws, fu, n) for n in walk(a)):
            return a
    return None


def _value_call(ws: Workspace, fu, call: Node) -> bool:
    """Is ``call`` an array's element, or a call of a function whose result is a
    scalar or an access value (GNAT's cross references)?"""
    name = call.named_children[0] if call.named_children else None
    if name is not None and name.type == "selected_component" and name.named_children:
        name = name.named_children[-1]
    ent = entity_at(ws, fu, name) if name is not None and name.type == "identifier" else None
    if ent is None:
        return False
    if ent.kind.islower() and ent.kind not in SUBPROGRAMS:
        return True             # an object: its element, or a slice
    if ent.kind not in "Vv":
        return False
    if ent.type_ref.lower() in STANDARD_VALUES:
        return True
    parts = ent.type_ref.rsplit(":", 2)
    typ = ws.xref.entities.get((parts[0], int(parts[1]), int(parts[2]))) \
        if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit() else None
    return typ is not None and typ.kind in VALUE_TYPES


def _completion_seen(ws: Workspace, tasks, fu, body: Node) -> str | None:
    """Why another task may see the task whose body is ``body`` complete, before it
    waits for its dependents (None: nothing can).  Only its 'Callable, the calls of
    its entries (Tasking_Error once it has completed) and a Task_Id's Is_Callable
    tell a completed task from one still running; 'Terminated comes after its
    dependents' end in both.  Its entries' callers are known only where the program
    names no entry of it but in direct calls (a renaming, a generic's actual, a
    synchronized interface call others in unlisted places)."""
    here = fu.loc(body)
    task = next((t for t in tasks if t.body is not None and t.body.loc == here), None)
    if task is None:
        return "the call is in a task body rdv2po did not find in its model"
    seen = f"task {task.name} completes before it waits for the server, and "
    if any(n.type == "accept_statement" for n in walk(body)):
        return seen + "accepts entries: its callers would see it complete later"
    decl = task.site.decl if task.site is not None else None
    if decl is None or progenitors(decl):
        # a call through a synchronized interface names no entry GNAT can tell us of
        return seen + "its type has progenitors: its entries may be called through an " \
                      "interface, and that caller would see it complete later"
    for e in task.entries:
        used = _named_at(ws, e)
        if used is None or used:
            where = used[0] if used else e.loc
            return seen + (f"its entry {e.name} is named at {where} (a call, a renaming, "
                           "a generic's actual): that caller would see it complete later")
    for u in ws.units():
        for n in u.nodes_of_type("identifier"):
            word = text(n).lower()
            if attribute_name(n) and word == "callable" or word == "is_callable":
                return seen + (f"{u.loc(n)} asks whether a task is callable: it "
                               "would see that task complete later")
    return None


def progenitors(decl: Node) -> str:
    """The interfaces a task declaration names after ``is new`` ("" for none)."""
    kids = decl.children
    at = next((i for i, c in enumerate(kids) if c.type == "new"), None)
    if at is None:
        return ""
    names = [c for c in kids[at + 1:] if c.type in ("identifier", "selected_component")]
    return ", ".join(one_line(c) for c in names) or "new"


def _named_at(ws: Workspace, entry: Entry) -> list[Location] | None:
    """Where the program names ``entry`` other than where it declares it (GNAT's cross
    references: calls, renamings, a generic's actuals); None when GNAT does not list
    the entry."""
    fu = ws.by_display.get(entry.loc.path)
    ident = fu.ident_at(entry.loc.line, entry.loc.col) if fu is not None else None
    ent = ws.xref.declared_at(fu.pos(ident)) if ident is not None else None
    if ent is None:
        return None
    found = [ws.loc_of(r.file, r.line, r.col) for r in ent.refs]
    return sorted({at for at in found if at is not None and at != entry.loc} |
                  {c.loc for c in entry.calls}) or \
        ([entry.loc] if any(at is None for at in found) else [])


def _root_object(ws: Workspace, fu, ident: Node):
    """The identifier of the object whose component the entry's task is, through
    components and elements only; a reason where the name goes through anything
    else (a dereference, a function call, a package)."""
    sel = ident.parent
    if sel is None or sel.type != "selected_component" or sel.named_children[-1] != ident:
        return "the entry is called without naming the task object"
    node = sel.named_children[0]
    while True:
        if node.type == "identifier":
            if not _direct(ws, fu, node):
                return (f"'{text(node)}' is not an object or component reached without "
                        "a dereference")
            return node
        if node.type == "selected_component":
            kids = node.named_children
            if not _direct(ws, fu, kids[-1]):
                return (f"'{text(kids[-1])}' is not a component reached without a "
                        "dereference")
            node = kids[0]
        elif node.type == "function_call":     # A (I): an element of an array
            node = node.named_children[0]
            if node.type == "identifier" and not _direct(ws, fu, node):
                return f"'{text(node)}' is not an array object"
        else:
            return f"'{one_line(node)}' does not name an object directly"


def _direct(ws: Workspace, fu, ident: Node) -> bool:
    found = ws.xref.at(fu.pos(ident))
    return bool(found) and all(ent.kind in DIRECT for ent, _kind in found)


def _declaration(ws: Workspace, fu, ident: Node) -> Node | None:
    found = ws.xref.at(fu.pos(ident))
    _where, name = defining_name(ws, found[0][0] if found else None)
    return next((a for a in ancestors(name) if a.type in
                 ("object_declaration", "single_task_declaration",
                  "object_renaming_declaration", "parameter_specification",
                  "component_declaration")), None) if name is not None else None


def _after(seq: Node, stmt: Node) -> list[Node]:
    kids = [k for k in seq.named_children if k.type != "comment"]
    return kids[kids.index(stmt) + 1:]


def _noisy(ws: Workspace, fu, s: Node, hss: Node, own: Node | None) -> str | None:
    """Why ``s``, after the call, may be seen before the task's end (None: never)."""
    where = f"'{one_line(s, limit=40)}' after the call"
    if s.type == "if_statement":
        return _noisy_if(ws, fu, s, hss, own, where)
    if s.type not in QUIET:
        return (f"{where}: the caller goes on there before it waits for the task, and "
                "would do it only after the task's delay")
    kids = list(s.named_children)
    if s.type == "raise_statement":
        kids = kids[1:]       # the exception's name; then its message, if any
        if named_children(hss, "exception_handler"):
            return (f"{where}: a handler of the construct may catch it, and runs before "
                    "the construct waits for the task")
    if any(p.type not in LITERAL_PARTS for k in kids for p in walk(k) if p.is_named):
        return f"{where}: it computes something (only literals are known to be quiet)"
    return None


def _noisy_if(ws: Workspace, fu, s: Node, hss: Node, own: Node | None,
              where: str) -> str | None:
    """An ``if`` is quiet when its conditions are and its statements are."""
    items = [s] + named_children(s, "elsif_statement_item")
    for item in items:
        cond = first_child(item, "expression")
        why = _impure(ws, fu, cond, own, set()) if cond is not None else None
        if why is not None:
            return f"{where}: its condition {why}"
    seqs = [q for item in items for q in named_children(item, "sequence_of_statements")]
    for q in seqs:
        for st in (k for k in q.named_children if k.type != "comment"):
            why = _noisy(ws, fu, st, hss, own)
            if why is not None:
                return why
    return None


def _impure(ws: Workspace, fu, top: Node, unit: Node | None, seen: set) -> str | None:
    """Why evaluating ``top`` (in ``unit``, whose plain values of its own it may
    read: a function body, or the caller's master; None: none) may be seen by another task, or see one: it names an object other
    than the function's own plain values (RM 9.10: what another task writes reaches
    it, or what it writes reaches another, only then, through synchronisation or
    Atomic and Volatile objects), or calls a subprogram that does, or one whose body
    is not in the sources (a clock, I/O).  None: it computes from its operands only."""
    for n in walk(top):
        if (n.type == "attribute_designator" or attribute_name(n)) and \
                text(n).lower() in TASK_STATE:
            return f"reads '{text(n)}', which another task's progress changes"
        if n.type in DELAYS:
            # the caller would wait it out after the task's delay, not beside it
            return f"delays ('{one_line(n)}')"
        if n.child_count or attribute_name(n) or n.type in LITERAL_PARTS:
            continue
        found = ws.xref.at(fu.pos(n))
        ent = found[0][0] if found else None
        if ent is None:
            if n.type == "identifier" and not standard_name(text(n).lower()) and \
                    ws.xref.declared_at(fu.pos(n)) is None:
                return f"names '{text(n)}', which GNAT did not resolve"
            continue
        if ent.kind in SUBPROGRAMS:
            why = _impure_function(ws, ent, seen)
            if why is not None:
                return f"calls '{text(n)}', which {why}"
        elif ent.kind.isupper() and ent.kind in VALUE_TYPES or \
                entity_kind(ent) in ("an exception", "a named number", "an enumeration literal",
                                     "a package"):
            continue
        elif unit is None or ent.kind not in VALUE_OBJECTS or \
                declared_in(ws, fu, unit, ent) is None or _renaming(ws, ent):
            return f"names '{text(n)}', not a plain value of its own"
    return None


def _renaming(ws: Workspace, ent) -> bool:
    """Is ``ent`` declared by a renaming (of an object that may be another's)?"""
    _where, name = defining_name(ws, ent)
    return name is None or any(a.type == "object_renaming_declaration"
                               for a in ancestors(name))


def _impure_function(ws: Workspace, ent, seen: set) -> str | None:
    if ent.key in seen:
        return None          # recursion adds nothing new
    seen.add(ent.key)
    ref = ws.xref.body_of(ent)
    bfu, name = defining_name(ws, ref)
    body = next((a for a in ancestors(name) if a.type == "subprogram_body"), None) \
        if name is not None else None
    if body is None or any(a.type in ("protected_body", "task_body")
                           for a in ancestors(body)):
        return "has no body of its own in the sources"
    if shares(bfu, body):
        return "lets other tasks reach its objects"
    return _impure(ws, bfu, body, body, seen)
