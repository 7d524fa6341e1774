"""What the rules read: per task, the schemes' decision and the patterns the lint adds.

The verdict "eliminable by scheme X" or "not eliminable because ..." is never
computed here: it is the ``Decision`` that ``rewrite.run`` took for the task.
This module only adds what the schemes do not decide:
- a *peer*: a task that serves entries in a loop and, outside its accept
  bodies, calls entries of other tasks -- it exchanges messages as an active
  participant, which the paper advises keeping (section 8);
- a task used *only for synchronization*: no entry carries data, no accept
  has a body, the task calls nothing -- a lock, a semaphore, a signal;
- entry calls made inside a loop of a task body to a peer's entry.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..frontend.classify import all_accepts
from ..model import Call, CallSite, Location, Model, Subprogram, Task
from ..rewrite import Decision
from ..frontend.syntax import ancestors
from ..frontend.workspace import Workspace
from .roles import SERVER, Role, Roles


@dataclass(frozen=True)
class TaskFacts:
    task: Task
    decision: Decision | None      # None: no scheme considered the task (client, ...)
    peer_calls: tuple[Call, ...]   # entry calls to other tasks, outside accept bodies
    sync_only: bool
    role: Role = SERVER            # a server in the paper's sense, or what else (roles.py)

    @property
    def is_peer(self) -> bool:
        return bool(self.peer_calls)

    @property
    def eliminable(self) -> bool:
        return self.decision is not None and self.decision.rewritten


@dataclass(frozen=True)
class LoopCall:
    """An entry call in a loop of a task body, to an entry of a peer task."""
    site: CallSite
    callee: Task
    entry: str


@dataclass(frozen=True)
class Suppression:
    rule_ids: tuple[str, ...]
    loc: Location                  # the comment
    first: int                     # lines covered, inclusive
    last: int
    justification: str
    form: str                      # "region" or "line"
    problem: str = ""              # why the comment is not a valid suppression


@dataclass(frozen=True)
class Context:
    model: Model
    tasks: tuple[TaskFacts, ...]
    loop_calls: tuple[LoopCall, ...]
    verified: bool                 # GNAT compiled every translation behind a decision
    enabled: frozenset[str]        # rule ids of this run
    suppressions: tuple[Suppression, ...] = ()
    used: frozenset[int] = frozenset()     # indexes of suppressions that hid a finding


def build(model: Model, ws: Workspace, decisions: dict[str, Decision], verified: bool,
          enabled: frozenset[str]) -> Context:
    by_entry = {e.loc: (t, e.name) for t in model.tasks for e in t.entries}
    subs = {s.body: s for s in model.subprograms}
    roles = Roles(model, ws)
    # Only a refused task needs its role: it decides whether RDV003 speaks.
    facts = tuple(TaskFacts(t, d := decisions.get(t.qualified_name),
                            _peer_calls(t, ws, by_entry, subs), _sync_only(t),
                            roles.of(t) if d is not None and not d.rewritten else SERVER)
                  for t in model.tasks)
    peers = {f.task.qualified_name: f.task for f in facts if f.is_peer}
    return Context(model, facts, _loop_calls(peers, ws), verified, enabled)


def _sync_only(t: Task) -> bool:
    if t.classification.kind != "accepting_server" or t.body is None or not t.entries:
        return False
    if any(e.params or e.family for e in t.entries) or t.body.calls:
        return False
    accepts = all_accepts(t)
    return bool(accepts) and not any(a.has_body or a.params for a in accepts)


def _peer_calls(t: Task, ws: Workspace, by_entry: dict, subs: dict[Location, Subprogram]
                ) -> tuple[Call, ...]:
    if t.classification.kind != "mixed" or t.body is None:
        return ()
    spans = [a.span for a in all_accepts(t) if a.span is not None]
    found = []
    for call in t.body.calls:
        if not _reaches_other_task(call, t, by_entry, subs, set()):
            continue
        fu = ws.by_display.get(call.loc.path)
        off = fu.offset(call.loc.line, call.loc.col) if fu is not None else None
        inside = off is not None and any(s.path == call.loc.path and s.start <= off < s.end
                                         for s in spans)
        if not inside:
            found.append(call)
    return tuple(found)


def _reaches_other_task(call: Call, t: Task, by_entry: dict, subs: dict, seen: set) -> bool:
    """An entry call of another task, directly or through subprogram bodies in the sources."""
    if call.kind == "entry":
        return call.decl in by_entry and by_entry[call.decl][0] is not t
    if call.kind != "subprogram" or call.body is None or call.body in seen:
        return False
    seen.add(call.body)
    sub = subs.get(call.body)
    return sub is not None and any(_reaches_other_task(c, t, by_entry, subs, seen)
                                   for c in sub.calls)


def _loop_calls(peers: dict[str, Task], ws: Workspace) -> tuple[LoopCall, ...]:
    found = []
    for callee in peers.values():
        for entry in callee.entries:
            for site in entry.calls:
                if (site.caller_task is not None and site.kind != "requeue"
                        and site.caller_task.lower() != callee.qualified_name.lower()
                        and _in_loop(ws, site.loc)):
                    found.append(LoopCall(site, callee, entry.name))
    return tuple(sorted(found, key=lambda c: c.site.loc))


def _in_loop(ws: Workspace, loc: Location) -> bool:
    """Inside a loop of the innermost enclosing task body (not of a nested unit)."""
    fu = ws.by_display.get(loc.path)
    off = fu.offset(loc.line, loc.col) if fu is not None and fu.tree is not None else None
    if off is None:
        return False
    node = fu.tree.root_node.descendant_for_byte_range(off, off + 1)
    for a in ancestors(node):
        if a.type == "loop_statement":
            return True
        if a.type in ("task_body", "subprogram_body", "package_body", "protected_body"):
            return False
    return False
