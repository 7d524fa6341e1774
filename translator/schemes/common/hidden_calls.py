"""Calls the blocking analysis cannot follow, in code a server scheme moves into
a protected object.

The call graph (calls.py, blocking.py) follows calls written as names: a
procedure call, a function call, a requeue.  Some calls are not written so:
a user-defined operator (``A + B``), a call through an access-to-subprogram
value, a dispatching call (its body is chosen at run time), and the
``Initialize``/``Finalize`` of a controlled object or the component defaults
of a record declared in that code.  Any of them may block, which a protected
action must not (RM 9.5.1); so code holding one is refused, naming it.
GNAT's cross references find the first three: an operator's reference sits
at the operator, a dispatching call is marked ``R``.
"""

from __future__ import annotations

from ...frontend.structure import own_nodes
from ...frontend.syntax import Node, ancestors, one_line, plain_name, text
from ...frontend.workspace import FileUnit, Workspace
from ...model import Task
from ..base import SchemeContext
from .obstacles import Sink
from .refusals import ShapeError
from .tree import pragmas_and_aspects
from .startup import (component_defaults, is_controlled, refs_at, renamed_operator,
                      subtype_mark, type_declaration)

SUBPROGRAMS = set("UVuv")


def check_task(ws: Workspace, model, task, body_fu: FileUnit, body: Node, sink=None) -> None:
    """The task body's statements and every subprogram body they reach by calls.
    Given a ``sink`` (obstacles.Sink), every call found is kept there."""
    from ...frontend.calls import bodies_reached
    hss = next((c for c in body.named_children
                if c.type == "handled_sequence_of_statements"), None)
    check(ws, body_fu, [hss] if hss is not None else [], sink)
    (sink.run if sink is not None else (lambda f, *a: f(*a)))(_termination_handlers, ws)
    (sink.run if sink is not None else (lambda f, *a: f(*a)))(_thread_local, ws)
    for fu, node in bodies_reached(ws, model.subprograms, task.body.calls):
        if any(a.type == "protected_body" for a in ancestors(node)):
            continue      # runs inside that object's protected action in the original too
        check(ws, fu, [node], sink)


TERMINATION = ("Ada.Task_Termination: a termination handler set for the task (as a "
               "dependent of the task setting a fallback handler, or by its identity) "
               "runs when it terminates; the code that replaces the task never does")


def _termination_handlers(ws: Workspace) -> None:
    """ShapeError at the first name of Ada.Task_Termination in the program."""
    for fu in ws.units():
        for n in fu.nodes_of_type("selected_component"):
            if plain_name(n) == "ada.task_termination":
                raise ShapeError(n, TERMINATION, primary=True)


THREAD_LOCAL = ("Thread_Local_Storage: an object with a copy in each thread; the server's "
                "code, run by its callers (an entry body runs in whichever task opens its "
                "barrier), would read and write theirs, not the task's")


def _thread_local(ws: Workspace) -> None:
    """ShapeError at the first pragma or aspect Thread_Local_Storage of the program."""
    for fu in ws.units():
        for n, _name in pragmas_and_aspects(fu, {"thread_local_storage"}):
            raise ShapeError(n, THREAD_LOCAL, primary=True)


def check(ws: Workspace, fu: FileUnit, code: list[Node], sink=None) -> None:
    """ShapeError at the first call in ``code`` that the blocking analysis cannot follow;
    given a ``sink``, each such call is kept there."""
    seen: set[tuple] = set()
    run = sink.run if sink is not None else (lambda f, *a: f(*a))
    for top in code:
        nodes = [top, *own_nodes(top)]
        profiles = [(n.start_byte, n.end_byte) for n in nodes if _accept_profile(n)]
        for n in nodes:
            if any(lo <= n.start_byte and n.end_byte <= hi for lo, hi in profiles):
                continue
            if n.type == "object_declaration":
                run(_check_object, ws, fu, n)
            pos = fu.pos(n)
            if pos in seen:
                continue
            seen.add(pos)
            for ent, kind in refs_at(ws, fu, n):
                run(_check_ref, ws, n, ent, kind)


def _accept_profile(n: Node) -> bool:
    """An accept statement's formal part: it repeats the entry declaration's, whose
    default expressions a call evaluates in the caller (RM 6.4.1); the server never
    evaluates the accept's own."""
    return n.type == "formal_part" and n.parent is not None \
        and n.parent.type == "accept_statement"


def _check_ref(ws: Workspace, n: Node, ent, kind: str) -> None:
    where = one_line(n)[:40]
    if kind == "R":
        raise ShapeError(n, f"a dispatching call ({where}): its body is chosen at run time, "
                            "so nothing proves it is not potentially blocking")
    in_sources = ws.loc_of(ent.file, ent.line, ent.col) is not None
    if ent.name.startswith('"') and ent.kind in SUBPROGRAMS and in_sources and \
            renamed_operator(ws, ent) is ent:
        # a renaming of a predefined or language-defined operator is that operator
        raise ShapeError(n, f"a call of the user-defined operator {ent.name}: rdv2po does "
                            "not follow operator calls, so nothing proves it is not "
                            "potentially blocking")
    if ent.kind == "p" and _designates_subprogram(ws, ent):
        raise ShapeError(n, f"a call through the access-to-subprogram value {ent.name}: "
                            "nothing proves the subprogram it designates is not "
                            "potentially blocking")


def _designates_subprogram(ws: Workspace, ent) -> bool:
    """Is the object's type (followed from its declaration) an access-to-subprogram type?"""
    loc = ws.loc_of(ent.file, ent.line, ent.col)
    owner = ws.by_display.get(loc.path) if loc is not None else None
    ident = owner.ident_at(loc.line, loc.col) if owner is not None else None
    decl = ident.parent if ident is not None else None
    if decl is None:
        return False
    words = " ".join(text(decl).lower().split())
    if "access function" in words or "access procedure" in words:
        return True                   # an anonymous access-to-subprogram object
    mark = subtype_mark(decl)
    found = type_declaration(ws, owner, mark) if mark is not None else None
    if found is None:
        return False
    words = " ".join(text(found[1]).lower().split())
    return "access function" in words or "access procedure" in words \
        or "access protected" in words


def _check_object(ws: Workspace, fu: FileUnit, decl: Node) -> None:
    """An object declared in the moved code runs its type's initialisation there:
    its components' defaults are calls the analyses follow (frontend/implicit.py),
    a controlled type's Initialize and Finalize are not."""
    mark = subtype_mark(decl)
    found = type_declaration(ws, fu, mark) if mark is not None else None
    if found is None:
        return
    tfu, tdecl = found
    if is_controlled(tdecl):
        raise ShapeError(decl, f"an object of the controlled type {text(mark)}: its "
                               "Initialize and Finalize would run in a protected action, "
                               "and nothing proves they are not potentially blocking")


def hidden_calls_of(ctx: SchemeContext, task: Task) -> list:
    """The calls of ``task``'s code the blocking analysis cannot follow (operators,
    access-to-subprogram values, dispatching, controlled objects), as ShapeErrors:
    given by the registry to a scheme of another family (caller-runs) that must
    know where they are."""
    sink = Sink()
    nodes = ctx.site(task)
    check_task(ctx.ws, ctx.model, task, nodes.body_fu, nodes.body, sink)
    return sink.errors
