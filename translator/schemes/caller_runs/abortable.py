"""Abortable parts of asynchronous selects, and the servers they may reach.

The caller-runs scheme runs a server's code in its callers, between taking
and giving back the server's turn.  The abortable part of an asynchronous
select (``select ... then abort ... end select``) is aborted when its trigger
completes (RM 9.7.4): a caller aborted there while it runs the server's code
would leave the turn taken for ever, where the original's rendezvous is
abort-deferred (RM 9.8(6-11)).  So a server is refused only where an abortable
part may reach a call of one of its entries:

* through the calls the part makes and those of every subprogram body it
  reaches, transitively (frontend/calls.py: written calls, and the unwritten
  ones of elaboration, aspects, defaults, generic actuals, iterators);
* anything on the way the call graph does not follow -- an access-to-subprogram
  value, a dispatching call, a user-defined operator, a controlled object
  (common/hidden_calls.py), a generic formal subprogram or a body outside the
  sources that is no language-defined or run-time unit's -- may reach any server;
* a task created there (a declaration or an allocator of a type holding one)
  is aborted with the part, and may run any server's code: every server is
  refused.

An entry call triggering an asynchronous select is split in two, the turn's
entry triggering and the rest of the procedure first in the triggered sequence
(triggers.py).  An asynchronous select inside
the server's own code is no obstacle by itself: its abortable part is aborted
in the caller, which goes on with the code after the select and gives the turn
back as the original server would have gone on (an exception from either part
reaches the accept body's handler, which gives the turn back too).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...frontend.blocking import unit_kind
from ...frontend.calls import body_node_at, build_entry_table, calls_in
from ...frontend.creation import CREATION
from ...frontend.extract import reachable_subprograms
from ...frontend.indirect import INDIRECT
from ...frontend.iteration import ITERATION
from ...frontend.syntax import Node, one_line, text, walk
from ...frontend.task_types import task_type_names
from ...frontend.workspace import FileUnit, Workspace
from ...model import Call, Location, Model, Subprogram, Task
from ..base import Refusal
from ..common import hidden_calls
from ..common.obstacles import Sink

CONSTRUCT = "select ... then abort"
TURN = ("a caller aborted while it runs the server's code would leave the server's "
        "turn taken for ever")
ENTRY_CALLS = ("entry", "protected_entry")
# units that run no code of the sources but through what the call graph follows
# (generic actuals: frontend/actuals.py) or what hidden_calls finds (dispatching)
RUN_TIME = ("ada.", "gnat.", "system.", "interfaces.")


@dataclass(frozen=True)
class Part:
    """One abortable part: the calls it makes and the bodies they reach."""
    loc: Location
    calls: tuple[Call, ...]
    subs: dict


class Abortable:
    """The program's abortable parts (computed once per model)."""

    def __init__(self, ws: Workspace):
        self.ws = ws
        self.table = build_entry_table(ws)
        self.holding = task_type_names(ws)
        self.doubts: list[Refusal] = []
        self.parts: list[Part] = []
        for fu in ws.units():
            for sel in fu.nodes_of_type("asynchronous_select"):
                self._select(fu, sel)

    def _select(self, fu: FileUnit, sel: Node) -> None:
        loc = fu.loc(sel)
        part = next((c for c in sel.named_children if c.type == "sequence_of_statements"),
                    None)
        if part is None:
            self.doubts.append(Refusal(loc, CONSTRUCT, "rdv2po cannot find its abortable "
                                       "part, which may call any server: " + TURN))
            return
        calls = calls_in(self.ws, self.table, fu, part)
        subs = {s.body: s for s in reachable_subprograms(self.ws, self.table, calls)}
        self.parts.append(Part(loc, calls, subs))
        bodies = [(fu, part)]
        for s in subs.values():
            hit = body_node_at(self.ws, s.body)
            if hit is None:
                self._doubt(loc, f"the body of {s.name} ({s.body}) rdv2po cannot read")
            else:
                bodies.append(hit)
        for call in [*calls, *(c for s in subs.values() for c in s.calls)]:
            why = self._unknown(call, subs)
            if why is not None:
                self._doubt(loc, why)
        for bfu, node in bodies:
            if not bfu.resolved:     # no cross references: its calls are not seen
                self._doubt(loc, f"{bfu.loc(node)}: code GNAT has not cross-referenced")
            self._hidden(loc, bfu, node)
            self._tasks(loc, bfu, node)
        # one doubt per select is enough to name
        firsts = {d.loc: d for d in reversed(self.doubts)}
        self.doubts = sorted(firsts.values(), key=lambda d: d.loc)

    def _unknown(self, call: Call, subs: dict) -> str | None:
        """Why the call graph cannot follow ``call`` (None: it can, or it needs not)."""
        where = f"{call.name} ({call.loc})"
        if call.target.startswith(CREATION):
            return f"{where} creates a task, aborted with the part"
        if call.target.startswith(INDIRECT):
            return where     # its name says it is a call through the value
        if call.target.startswith(ITERATION) and unit_kind(call.unit) == "unknown":
            return f"{where}: a generalized loop calls iterator operations chosen at run time"
        if call.kind != "subprogram":
            return None
        if call.body is not None:
            return None if call.body in subs else f"{where}: a body rdv2po cannot read"
        unit = call.unit.lower() + "."
        if unit.startswith(RUN_TIME) or unit == "standard.":
            return None
        return f"{where}: a subprogram whose body is not in the sources (a generic " \
               "formal subprogram, an imported one)"

    def _hidden(self, loc: Location, fu: FileUnit, node: Node) -> None:
        sink = Sink()
        hidden_calls.check(self.ws, fu, [node], sink)
        for e in sink.errors[:1]:
            self._doubt(loc, f"{fu.loc(e.refusal.node)}: "
                             f"{e.refusal.reason.split(':')[0]}")

    def _tasks(self, loc: Location, fu: FileUnit, node: Node) -> None:
        """A task declared or allocated there depends on the part (or may)."""
        for n in walk(node):
            if n.type in ("single_task_declaration", "task_body"):
                self._doubt(loc, f"a task at {fu.loc(n)}, aborted with the part")
            elif n.type == "allocator":
                words = {text(i).lower() for i in walk(n) if i.type == "identifier"}
                if words & self.holding:
                    self._doubt(loc, f"'{one_line(n)}' ({fu.loc(n)}) "
                                     "creates a task, which may be aborted with the part")

    def _doubt(self, loc: Location, what: str) -> None:
        self.doubts.append(Refusal(loc, CONSTRUCT, (
            f"its abortable part, or what it calls, reaches what the call graph does "
            f"not follow or cannot tell: {what}; aborted there, a caller of any server "
            "may be inside its code: " + TURN)))

    def obstacles(self, task: Task) -> list[Refusal]:
        """Why ``task`` cannot become a caller-runs package for the program's
        asynchronous selects (empty: they cannot leave its turn taken)."""
        entries = {e.loc for e in task.entries}
        found = list(self.doubts)
        for part in self.parts:
            path = _path(part.calls, part.subs, entries)
            if path is not None:
                found.append(Refusal(part.loc, CONSTRUCT, (
                    "its abortable part " + ", which calls ".join(path) + ": " + TURN)))
        return list(dict.fromkeys(found))


def _path(calls, subs: dict[Location, Subprogram], entries: set) -> list[str] | None:
    """The shortest chain of calls from ``calls`` to one of ``entries``, each call
    named with its place; None when there is none."""
    todo = [(c, ()) for c in calls]
    seen: set = set()
    while todo:
        nxt = []
        for c, path in todo:
            step = path + (f"{c.name} ({c.loc})",)
            if c.kind in ENTRY_CALLS and c.decl in entries:
                return ["calls " + step[0], *step[1:]]
            if c.kind == "subprogram" and c.body in subs and c.body not in seen:
                seen.add(c.body)
                nxt += [(d, step) for d in subs[c.body].calls]
        todo = nxt
    return None


_MEMO: dict[int, tuple[Model, Abortable]] = {}


def abortable_of(ws: Workspace, model: Model) -> Abortable:
    """The program's abortable parts, found once for all its servers."""
    hit = _MEMO.get(id(model))
    if hit is None or hit[0] is not model:
        _MEMO.clear()
        hit = _MEMO[id(model)] = (model, Abortable(ws))
    return hit[1]
