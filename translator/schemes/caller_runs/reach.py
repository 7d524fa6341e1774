"""What a call or construct in the server's code may do, through the subprograms
in the sources: nothing that blocks, language-defined I/O, something unknown, a
delay, or wait for another task.  The caller-runs scheme runs the server's code
in the caller's thread outside any protected action, so I/O is fine there; what
it must not run is a wait whose partner may be the very caller.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...blocking import pretty, unit_kind
from ...model import Call, Construct, Location, Subprogram

SAFE, IO, DELAY, UNKNOWN, WAIT = "safe", "io", "delay", "unknown", "wait"
RANK = {SAFE: 0, IO: 1, DELAY: 2, UNKNOWN: 3, WAIT: 4}
WAITS = {"abort": "an abort statement", "conditional_entry_call": "a conditional entry call",
         "timed_entry_call": "a timed entry call"}


@dataclass(frozen=True)
class Reach:
    kind: str                  # SAFE, IO, DELAY, UNKNOWN or WAIT
    path: tuple[str, ...]      # from the call to what makes it that kind

    def chain(self) -> str:
        return " -> ".join(self.path)


NOTHING = Reach(SAFE, ())


def worst(a: Reach, b: Reach) -> Reach:
    return b if RANK[b.kind] > RANK[a.kind] else a


class Reaches:
    def __init__(self, subprograms: tuple[Subprogram, ...], task_types: set[str]):
        self.subs = {s.body: s for s in subprograms}
        self.task_types = {t.lower() for t in task_types}
        self._memo: dict[Location, Reach] = {}

    def construct(self, c: Construct) -> Reach:
        if c.kind == "delay":
            return Reach(DELAY, ("a delay statement",))
        if c.kind in WAITS:
            return Reach(WAIT, (WAITS[c.kind],))
        if c.kind == "allocator":
            words = c.text.lower().replace("(", " ").replace("'", " ").split()
            if len(words) > 1 and words[0] == "new" and words[1].split(".")[-1] in self.task_types:
                return Reach(WAIT, (f"'{c.text}' (task creation)",))
        return NOTHING

    def call(self, call: Call) -> Reach:
        name = pretty(call.target)
        if call.kind in ("entry", "protected_entry"):
            return Reach(WAIT, (f"entry call {call.name}",))
        if "current_task" in call.target.lower():
            # the server's code would see the caller's identity, not the server's
            return Reach(WAIT, (name,))
        if call.body is not None and call.body in self.subs:
            below = self._body(call.body)
            return Reach(below.kind, (name,) + below.path) if below.kind != SAFE else NOTHING
        kind = unit_kind(call.unit)
        return Reach({"io": IO, "safe": SAFE}.get(kind, UNKNOWN), (name,))

    def _body(self, body: Location) -> Reach:
        if body in self._memo:
            return self._memo[body]
        self._memo[body] = NOTHING          # a cycle adds nothing new
        sub = self.subs[body]
        found = NOTHING
        for c in sub.constructs:
            found = worst(found, self.construct(c))
        for call in sub.calls:
            found = worst(found, self.call(call))
        self._memo[body] = found
        return found
