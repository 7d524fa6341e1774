"""Calls that can reach a task before it is activated.

A task declared in a declarative part is activated only when that part has
been elaborated (RM 9.2(2)).  A task that starts running earlier -- one
created by an allocator further down the same part (activated at once), or
one declared in a nested package whose body comes further down (activated
when that body's statements start) -- can call the server's entries in
between.  With the rendezvous the call waits for the activation; and if a
later declaration raises, the server is never activated and the call raises
Tasking_Error (RM 9.2(1), 9.5.3(21)).  Neither translation can tell: the
accepting-server object accepts the call at once, the general scheme's
object waits for an agent that never comes (the program hangs), and a call
that arrives before the general scheme's protected body is elaborated raises
Program_Error (RM 3.11(14)).  So such a task is refused.

A call is early only if it can be made from outside the statements of the
master that declares the server (a task body, a subprogram: anything that
code in the window can run); calls in those statements come after the
activation.  Functions called by declarations in the window are not
followed: a function that starts a task is rare, and a call of the server's
entry from the elaborating task itself would wait for ever in the original.
What in the window can start a task -- an allocator of an object that can
hold one, a package body declaring tasks, an instance -- is read with GNAT's
cross references (``starts.py``): ``new Integer'(0)`` or a package body of
subprograms starts none.  A call of the server's own entry there (in a
package body's statements) is early too: a timed call times out in the
original, where the object would take it.
"""

from __future__ import annotations

import re

from ...model import Location, Task
from ...frontend.syntax import Node, first_child, one_line, text
from ...frontend.workspace import Workspace
from .starts import Starts

PARTS = ("non_empty_declarative_part",)


def early_start(ws: Workspace, task: Task, spec_fu, decl: Node,
                harmless=None) -> tuple[Location, str, str] | None:
    """The first construct that can start a task calling ``task``'s entries before it
    is activated, as (place, construct, reason); None when there is none.
    ``harmless(fu, part, ident)``: a call of the server's entry in the window,
    made by the task elaborating ``part``, whose meaning the scheme keeps."""
    for fu, obj in _declarations(ws, task, spec_fu, decl):
        # In a nested package's spec the task is activated when the package body begins:
        # the window runs from the package's declaration in the enclosing part.
        when = "at the end of this declarative part"
        while obj.parent is not None and obj.parent.type == "package_declaration":
            obj, when = obj.parent, "when its package body begins"
        part = obj.parent
        if part is None or part.type not in PARTS or part.parent is None:
            continue            # a library package: the units elaborated before cannot
                                # name it, those after find it activated
        statements = first_child(part.parent, "handled_sequence_of_statements")
        if not _called_outside(task, fu, statements):
            continue
        starts = Starts(ws, _own_allocation(task), _call_places(ws, task),
                        (lambda f, ident, p=part: harmless(f, p, ident)) if harmless else None)
        for later in (s for s in part.named_children if s.start_byte > obj.start_byte):
            if obj.type == "package_declaration" and _body_of(later, obj):
                # the package's own body starts the task (at its begin): only what its
                # declarative part starts comes before
                inner = first_child(later, "non_empty_declarative_part")
                starter = next((st for d in (inner.named_children if inner else ())
                                if (st := starts.starter(fu, d)) is not None), None)
            else:
                starter = starts.starter(fu, later)
            if starter is not None:
                return (fu.loc(starter), one_line(starter, limit=40),
                        _reason(task, starter, when, starts.entry_call))
    return None


def _body_of(node: Node, package: Node) -> bool:
    name = first_child(package, "identifier")
    other = first_child(node, "identifier")
    return (node.type == "package_body" and name is not None and other is not None
            and text(name).lower() == text(other).lower())


def _own_allocation(task: Task) -> str | None:
    """``new W`` of the task type itself starts only a server, which calls no entries
    (when its body calls none): the name to skip."""
    if task.kind != "type" or task.body is None or any(
            c.kind in ("entry", "protected_entry") for c in task.body.calls):
        return None
    return task.name.lower()


def _called_outside(task: Task, fu, statements: Node | None) -> bool:
    for entry in task.entries:
        for site in entry.calls:
            if statements is None or site.loc.path != fu.display:
                return True
            off = fu.offset_of(site.loc)
            if not statements.start_byte <= off < statements.end_byte:
                return True
    return False


def _reason(task: Task, starter: Node, when: str, call: bool) -> str:
    after = ("a protected object does neither, and raises Program_Error if called before "
             "its body is elaborated")
    if call:
        return (f"a call of {task.name}'s entry made before {task.name} is activated "
                f"({when}): it waits for the activation (a timed call times out, a "
                "conditional call takes its else part), and raises Tasking_Error if "
                f"{task.name} is never activated; {after}")
    what = ("an allocator" if starter.type == "allocator" else
            "a package body" if starter.type in ("package_body", "package_body_stub") else
            "an object whose type's defaults allocate" if starter.type == "object_declaration"
            else "a package instance")
    return (f"{what} here can start a task before {task.name} is activated ({when}), and "
            f"{task.name}'s entries are called from tasks or subprograms: a call made then "
            f"must wait for the activation, and raise Tasking_Error if {task.name} is never "
            f"activated (the rest of the declarative part raises); {after}")


def _call_places(ws: Workspace, task: Task) -> frozenset[tuple[str, int]]:
    """Where the task's entries are called: (file shown, byte offset of the call)."""
    found = set()
    for entry in task.entries:
        for site in entry.calls:
            fu = ws.by_display.get(site.loc.path)
            if fu is not None:
                found.add((fu.display, fu.offset_of(site.loc)))
    return frozenset(found)


def _declarations(ws: Workspace, task: Task, spec_fu, decl: Node) -> list[tuple[object, Node]]:
    """The declarations that create the task: the single task's own; for a task type,
    every object declaration naming it or a type that names it (by name: conservative)
    whose object can hold a task (an access value is none: what an allocator makes is
    activated at once)."""
    if task.kind == "single":
        return [(spec_fu, decl.parent if decl.parent.type == "object_declaration" else decl)]
    names = type_names(ws, task.name)
    objects = Starts(ws, None)
    return [(fu, o) for fu in ws.units() for o in fu.nodes_of_type("object_declaration")
            if first_child(o, "single_task_declaration") is None and words(o) & names
            and not objects.free_object(fu, o)]


def type_names(ws: Workspace, name: str) -> set[str]:
    """``name`` (a task type's) and the names of the types and subtypes naming it, through
    any depth (by name: conservative)."""
    names = {name.lower()}
    types = [(text(ident).lower(), words(t)) for fu in ws.units()
             for kind in ("full_type_declaration", "subtype_declaration")
             for t in fu.nodes_of_type(kind) if (ident := first_child(t, "identifier")) is not None]
    grew = True
    while grew:
        grew = False
        for type_name, mentioned in types:
            if type_name not in names and mentioned & names:
                names.add(type_name)
                grew = True
    return names


def words(node: Node) -> set[str]:
    """The identifiers and reserved words of ``node``'s text, lower case."""
    return {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z0-9_]*", text(node))}
