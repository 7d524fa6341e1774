"""Is a refused task a server in the paper's sense, or a task with work of its own?

A server *waits for callers* and does their work in the rendezvous; a
protected object can take its place.  Tasks that the classification puts
next to servers but that are not servers, and that no finding should ask to
eliminate:
- **periodic**: a select of the server loop has a ``delay`` alternative --
  it acts when nobody calls (a ``delay`` statement between accepts only
  paces a server: RDV003 reports it);
- **polling**: a select with an ``else`` part -- it never waits for a caller;
- **worker**: its loop does potentially blocking work outside its accept
  bodies, guards and exception handlers (input and file I/O, sockets, entry calls,
  calls nothing shows cannot block), after the caller is released -- that
  work runs concurrently with the callers, which is what the task is for.
  A one-shot task (no loop; the caller-runs scheme takes it) doing such
  work after its first accept is one too (a job started with ``Start``), and
  so is one that runs a loop of its own after it (``accept Init``, then a
  protocol): nothing waits for callers there;
  Text output there (a logger's or display's Put_Line) is no work of its
  own: the caller-runs scheme has the caller do it before it returns, one
  schedule of the original; such a server is refused for other reasons;
- **few calls**: a "calling server" that makes one or two entry calls, none
  of them in a loop -- it calls other tasks (starts workers, passes them a
  value), it does not hand out work.
RDV003 reports servers only; RDV006 tells why the others stay, in a note.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..frontend.blocking import BlockingAnalysis
from ..schemes.caller_runs.reach import OUTPUT, Reaches
from ..frontend.classify import all_accepts, entry_calls
from ..model import Location, Model, Task
from ..frontend.structure import own_nodes
from ..frontend.syntax import ancestors
from ..frontend.workspace import Workspace

FEW_CALLS = 3        # a calling server hands out work in a loop, or to at least this many


@dataclass(frozen=True)
class Role:
    kind: str            # "server", "periodic", "polling", "worker", "few calls"
    loc: Location | None = None
    what: str = ""       # the construct that shows it, as a phrase


SERVER = Role("server")


class Roles:
    def __init__(self, model: Model, ws: Workspace) -> None:
        self.ws = ws
        types = {t.name for t in model.tasks if t.kind == "type"}
        self.blocking = BlockingAnalysis(model.subprograms, types)
        self.reaches = Reaches(model.subprograms, types)
        self.subs = {s.body: s for s in model.subprograms}
        self.by_entry = {e.loc: (t, e.name) for t in model.tasks for e in t.entries}

    def of(self, t: Task) -> Role:
        if t.body is None:
            return SERVER
        if t.classification.kind == "calling_server":
            return self._calling(t)
        if t.classification.kind == "client":
            # a one-shot server the caller-runs scheme took: the work after its
            # accepts is what it is for, or the caller's
            role = self._worker(t, one_shot=True)
            return self._own_loop(t) if role is SERVER else role
        if t.classification.kind not in ("accepting_server", "mixed"):
            return SERVER
        for sp in t.body.sync_points:
            if not sp.in_loop:
                continue      # a start-up timeout does not make the loop periodic
            for alt in sp.alternatives:
                if alt.kind == "delay":
                    return Role("periodic", alt.loc, "a delay alternative: it acts when "
                                                    "nobody calls")
            if sp.has_else:
                return Role("polling", sp.loc, "a select with an else part: it does not "
                                              "wait for callers")
        return self._worker(t)

    def _worker(self, t: Task, one_shot: bool = False) -> Role:
        """``one_shot``: the task has no server loop; work after its first accept
        counts as the loop's does."""
        spans = [a.span for a in all_accepts(t) if a.span is not None]
        first = min((s for s in spans if s.path == t.body.loc.path), default=None,
                    key=lambda s: s.start)
        # text output, also through the sources' subprograms, is a server's (above)
        output = {c.loc for c in t.body.calls if self.reaches.call(c).kind == OUTPUT}
        for b in self.blocking.body_blockers(t.body.calls, t.body.constructs, output):
            off = self._offset(b.loc)
            if off is None or any(s.path == b.loc.path and s.start <= off < s.end
                                  for s in spans):
                continue
            later = (one_shot and first is not None and b.loc.path == first.path
                     and off >= first.end)
            if b.what == "a delay statement" or not (self._in_loop(b.loc, off) or later):
                continue      # a server that paces itself is still a server (RDV003 says why)
            if self._in_handler(b.loc, off):
                continue      # reporting a failure is not work of its own
            if self._in_guard(b.loc, off):
                continue      # a guard is read while the task waits for callers
            return Role("worker", b.loc, f"{b.what} outside its accept bodies, after the "
                                         "caller is released: it works concurrently with "
                                         "its callers")
        return SERVER

    def _own_loop(self, t: Task) -> Role:
        """A loop after the first accept of a task that accepts only outside loops:
        once started, it runs a protocol of its own."""
        site = t.site
        spans = sorted((a.span for a in all_accepts(t)
                        if a.span is not None and a.span.path == t.body.loc.path),
                       key=lambda s: s.start)
        if site is None or site.body is None or not spans:
            return SERVER
        for n in own_nodes(site.body):
            if n.type == "loop_statement" and n.start_byte >= spans[0].end and \
                    not any(s.start <= n.start_byte < s.end for s in spans):
                return Role("worker", site.body_fu.loc(n), "a loop of its own after its "
                            "first accept, where no accept waits for callers: once "
                            "started, it works concurrently with its callers")
        return SERVER

    def _calling(self, t: Task) -> Role:
        calls = [c for c in entry_calls(t, self.subs)
                 if c.decl in self.by_entry and self.by_entry[c.decl][0] is not t]
        looped = [c for c in calls if (o := self._offset(c.loc)) is not None
                  and self._in_loop(c.loc, o)]
        if looped or len(calls) >= FEW_CALLS or not calls:
            return SERVER
        names = ", ".join(sorted({c.name for c in calls}))
        return Role("few calls", calls[0].loc,
                    f"{len(calls)} entry call(s) ({names}), none in a loop: it calls "
                    "other tasks, it does not hand out work")

    def _offset(self, loc: Location) -> int | None:
        fu = self.ws.by_display.get(loc.path)
        return fu.offset(loc.line, loc.col) if fu is not None and fu.tree is not None else None

    def _in_handler(self, loc: Location, off: int) -> bool:
        fu = self.ws.by_display[loc.path]
        node = fu.tree.root_node.descendant_for_byte_range(off, off + 1)
        for a in ancestors(node):
            if a.type == "exception_handler":
                return True
            if a.type in ("task_body", "subprogram_body", "package_body", "protected_body"):
                return False
        return False

    def _in_guard(self, loc: Location, off: int) -> bool:
        fu = self.ws.by_display[loc.path]
        node = fu.tree.root_node.descendant_for_byte_range(off, off + 1)
        return any(a.type == "guard" for a in ancestors(node))

    def _in_loop(self, loc: Location, off: int) -> bool:
        """Inside a loop of the innermost enclosing task body."""
        fu = self.ws.by_display[loc.path]
        node = fu.tree.root_node.descendant_for_byte_range(off, off + 1)
        for a in ancestors(node):
            if a.type == "loop_statement":
                return True
            if a.type in ("task_body", "subprogram_body", "package_body", "protected_body"):
                return False
        return False
