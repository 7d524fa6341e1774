"""Loops the task ran after its caller went on, which the object runs inside a call.

The task ran the statements after an accept (and after its server loop, and before
its first accept) on its own: its caller went on, or, before the first accept, its
activator did.  The object runs them in the entry or procedure of a call, its caller
waiting.  A loop there that never ends kept only the task in the original; in the
translation it keeps that caller for ever (and the protected action with it): the
original printed what its caller printed next, the translation hangs first.  So each
``while`` or plain loop there, and in the subprograms that code calls, must be proved
to end (common/termination.py); a ``for`` loop ends with its range, each loop nested
in it judged on its own.  Loops in accept bodies are the caller's wait in both.
"""

from __future__ import annotations

from ...frontend.calls import bodies_reached
from ...frontend.implicit import hidden_of
from ...frontend.syntax import Node, first_child, text, walk
from ...frontend.workspace import FileUnit, Workspace
from ..common import termination
from ..common.refusals import ShapeError
from ..common.site import Nodes

WHY = ("a loop the task ran on its own, its caller already released (or before its "
       "first accept), which rdv2po does not prove ends ({how}): the object would run "
       "it inside a caller's call, and that caller would wait for it for ever where it "
       "went on in the original")
HOW = ("no counter steps towards a bound that stays put, no exit test meets a local "
       "moved towards a fixed bound each pass")


def check(ws: Workspace, subprograms, calls, nodes: Nodes, open_loops: list[Node],
          sink) -> None:
    """Refuse each loop of ``open_loops`` (the task body's, outside accept bodies) and
    of the bodies the ``calls`` made outside accept bodies reach, not proved to end."""
    fu = nodes.body_fu
    for loop in open_loops:
        if loop.type == "loop_statement" and not termination.ends(ws, fu, loop):
            sink.add(ShapeError(loop, WHY.format(how=_how(ws, fu, loop))))
    accepts = [(a.start_byte, a.end_byte) for a in walk(nodes.body)
               if a.type == "accept_statement"]
    hss = first_child(nodes.body, "handled_sequence_of_statements")
    for n in walk(hss) if hss is not None else ():
        if not any(s <= n.start_byte < e for s, e in accepts):
            _hidden_loop(ws, fu, hss, n, sink, "")
    outside = [c for c in calls if not _in_accept(fu, c.loc, accepts)]
    for pfu, top in bodies_reached(ws, subprograms, outside):
        there = ", in a subprogram the task's code calls there"
        for n in walk(top):
            if n.type == "loop_statement" and not _for(n) and \
                    not termination.ends(ws, pfu, n):
                sink.add(ShapeError(n, WHY.format(how=_how(ws, pfu, n)) + there))
            _hidden_loop(ws, pfu, top, n, sink, there)


def _how(ws: Workspace, fu: FileUnit, loop: Node) -> str:
    """Why no proof holds: a call no statement writes (which may change what the
    proofs read), or no counter, no ranking the proofs know."""
    hidden = hidden_of(ws, fu, loop)
    if not hidden:
        return termination.unprovable(ws) or HOW
    h = hidden[0]
    at = h.fu.loc(h.ref)
    return (f"it calls {text(h.ref)} unwritten, from {h.where} ({at.path}:{at.line}), "
            "which may change what a proof reads")


def _hidden_loop(ws: Workspace, fu: FileUnit, top: Node, n: Node, sink, there: str) -> None:
    """A loop the ``while``/plain loop proofs do not see: a goto back to an earlier
    label, or a ``for`` loop over an iterator (its Next decides when it ends)."""
    if n.type == "goto_statement" and termination.goes_back(top, n):
        sink.add(ShapeError(n, WHY.format(how="a goto back to a label before it") + there))
    elif n.type == "loop_statement" and _for(n) and termination.over_iterator(ws, fu, n):
        sink.add(ShapeError(n, WHY.format(how="a for loop over an iterator, whose Next "
                                              "decides when it ends") + there))


def _in_accept(fu: FileUnit, loc, accepts: list[tuple[int, int]]) -> bool:
    if loc.path != fu.display:
        return False
    off = fu.offset_of(loc)
    return any(s <= off < e for s, e in accepts)


def _for(loop: Node) -> bool:
    scheme = first_child(loop, "iteration_scheme")
    return scheme is not None and first_child(scheme, "loop_parameter_specification") \
        is not None
