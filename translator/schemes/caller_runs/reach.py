"""What a call or construct in the server's code may do, through the subprograms
in the sources: nothing that blocks, text output, other language-defined I/O
(input, files, directories), something unknown, a delay, or wait for another
task.  The caller-runs scheme runs the server's code in the caller's thread
outside any protected action, so I/O is fine there; what it must not run is a
wait whose partner may be the very caller.

Text output (``Put``, ``Put_Line``, ``New_Line``, ``Flush`` of the Text_IO
family and GNAT.IO) waits for no task and no input: it is told apart from the
rest of I/O because the scheme takes it after the accept, in the server loop,
where input is not taken (a prompt the caller prints after its call would wait
for the answer the server's Get_Line waits for).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...frontend.blocking import pretty, unit_kind
from ...model import Call, Construct, Location, Subprogram

SAFE, OUTPUT, IO, DELAY, UNKNOWN, WAIT = "safe", "output", "io", "delay", "unknown", "wait"
RANK = {SAFE: 0, OUTPUT: 1, IO: 2, DELAY: 3, UNKNOWN: 4, WAIT: 5}
# the Text_IO family: Ada.Text_IO, its Wide and Wide_Wide forms, their generic children
# (Integer_IO, Unbounded_IO...), Ada.Integer_Text_IO and the like, and GNAT.IO
TEXT_UNITS = re.compile(r"ada\.(wide_)*text_io(\..*)?|ada\.\w+_text_io|gnat\.io")
# of those, what writes (to a file or a string) or names an output file
OUTPUTS = {"put", "put_line", "new_line", "new_page", "flush", "standard_output",
           "standard_error", "current_output", "current_error", "set_output", "set_error"}
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
        if kind == "io" and _writes_text(call):
            return Reach(OUTPUT, (name,))
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


def _writes_text(call: Call) -> bool:
    return TEXT_UNITS.fullmatch(call.unit.lower()) is not None and \
        call.target.lower().rsplit(".", 1)[-1] in OUTPUTS
