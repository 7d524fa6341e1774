"""Potentially blocking operations (RM 9.5.1), found through the call graph.

Everything a server task runs moves into a protected action, where a
potentially blocking operation is a bounded error.  This module answers, for
a task body, "what in here may block, and by which chain of calls?":
entry calls, delay, abort, select, task creation, language-defined I/O
(RM 9.5.1(18)), and calls whose body is not in the given sources ("unknown":
nothing proves them safe).  Chains are followed through subprogram bodies in
the sources, so a refusal can show ``Log -> Emit -> Ada.Text_IO.Put_Line``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Call, Construct, Location, Subprogram
from .creation import CREATION
from .implicit import via
from .indirect import INDIRECT
from .iteration import ITERATION

BLOCKING_CONSTRUCTS = {
    "delay": "a delay statement",
    "abort": "an abort statement",
    "conditional_entry_call": "a conditional entry call",
    "timed_entry_call": "a timed entry call",
}
# Predefined units that cannot block (no files, no tasking) -- a short,
# conservative list; anything else outside the sources is "unknown".
SAFE_UNITS = ("ada.strings", "ada.characters", "ada.numerics", "ada.containers",
              "ada.calendar", "ada.real_time", "ada.exceptions", "ada.unchecked_conversion",
              "ada.unchecked_deallocation", "ada.tags", "ada.assertions", "ada.finalization",
              "interfaces", "system", "standard", "ada.iterator_interfaces")
IO_UNITS = ("ada.directories", "ada.streams.stream_io", "gnat.io", "ada.command_line.response_file")


@dataclass(frozen=True)
class Blocker:
    loc: Location            # where, in the body examined
    what: str                # "entry call Back.Square", "call of Ada.Text_IO.Put_Line"
    path: tuple[str, ...]    # call chain from the body, ending at the blocking operation
    reason: str

    def describe(self) -> str:
        chain = " -> ".join(self.path)
        return self.reason + (f"; call path {chain}" if len(self.path) > 1 else "")


def pretty(name: str) -> str:
    """GNAT's lower-case names, shown as Ada programmers write them."""
    if name != name.lower():
        return name
    parts = []
    for word in name.split("."):
        sub = [p.upper() if p in ("io", "os", "gnat") else p.capitalize() for p in word.split("_")]
        parts.append("_".join(sub))
    return ".".join(parts)


def unit_kind(unit: str) -> str:
    u = unit.lower()
    if u.startswith("ada.") and ("_io" in u or u.endswith(IO_UNITS)) or u.startswith(IO_UNITS):
        return "io"
    if any(u == s or u.startswith(s + ".") for s in SAFE_UNITS):
        return "safe"
    return "unknown"


UNKNOWN = ("unknown: its body is not in the given sources (imported, or outside them), so "
           "nothing proves it is not potentially blocking")


def unknown_reason(call: Call, is_formal=None) -> str:
    """Why a call the analysis cannot follow may block, naming what the callee is:
    a generic formal subprogram, a GNAT run-time or a language-defined subprogram
    not on the list of units that cannot block, or a body outside the sources."""
    unit = call.unit.lower()
    if call.target.startswith(INDIRECT):
        return ("the subprogram is the one the value designates at run time, so nothing "
                "proves it is not potentially blocking")
    if call.target.startswith(ITERATION) and not unit:
        return ("a generalized loop calls its iterator's First and Next, dispatching "
                "operations chosen at run time, so nothing proves they are not "
                "potentially blocking")
    if is_formal is not None and call.decl is not None and is_formal(call.decl):
        return ("a generic formal subprogram: each instance supplies its own actual, so "
                "nothing proves it is not potentially blocking")
    if unit == "gnat" or unit.startswith("gnat."):
        return (f"a subprogram of the GNAT run-time unit {pretty(call.unit)}, which is not "
                "on rdv2po's short list of units that cannot block")
    if unit in ("ada", "interfaces") or unit.startswith(("ada.", "interfaces.")):
        return (f"a subprogram of the language-defined unit {pretty(call.unit)}, which is not "
                "on rdv2po's short list of units that cannot block")
    return UNKNOWN


def _what(call: Call, name: str) -> str:
    made = via(call)
    return f"call of {name}" + (f" ({made})" if made else "")


class BlockingAnalysis:
    def __init__(self, subprograms: tuple[Subprogram, ...], task_types: set[str],
                 is_formal=None):
        """``is_formal``: given a declaration's Location, is it a generic formal
        subprogram's?  (Only to name such a callee for what it is.)"""
        self.is_formal = is_formal
        self.subs = {s.body: s for s in subprograms}
        self.task_types = {t.lower() for t in task_types}
        self._memo: dict[Location, tuple[str, ...] | None] = {}

    def body_blockers(self, calls: tuple[Call, ...], constructs: tuple[Construct, ...],
                      skip: set[Location] = frozenset()) -> list[Blocker]:
        found = []
        for c in constructs:
            if c.loc in skip:
                continue
            why = self._construct(c)
            if why is not None:
                found.append(Blocker(c.loc, why[0], (why[0],), why[1]))
        for call in calls:
            if call.loc in skip:
                continue
            hit = self._call(call)
            if hit is not None:
                what, reason, path = hit
                found.append(Blocker(call.loc, what, path, reason))
        return sorted(found, key=lambda b: b.loc)

    def _construct(self, c: Construct) -> tuple[str, str] | None:
        if c.kind in BLOCKING_CONSTRUCTS:
            return BLOCKING_CONSTRUCTS[c.kind], "potentially blocking (RM 9.5.1)"
        if c.kind == "allocator":
            words = c.text.lower().replace("(", " ").replace("'", " ").split()
            allocated = words[1] if len(words) > 1 and words[0] == "new" else ""
            if allocated.split(".")[-1] in self.task_types:
                return f"'{c.text}'", "task creation, potentially blocking (RM 9.5.1)"
        return None

    def _call(self, call: Call) -> tuple[str, str, tuple[str, ...]] | None:
        name = pretty(call.target)
        if call.kind in ("entry", "protected_entry"):
            return f"entry call {call.name}", "potentially blocking (RM 9.5.1)", (name,)
        if call.target.startswith(INDIRECT) or call.target.startswith(ITERATION) \
                and unit_kind(call.unit) == "unknown":
            what = call.target[2:] if call.target.startswith(INDIRECT) else call.target[4:]
            return what, unknown_reason(call), (what,)
        if call.target.startswith(CREATION):
            return f"'{call.name}'", "task creation, potentially blocking (RM 9.5.1)", \
                (f"'{call.name}'",)
        if call.body is not None and call.body in self.subs:
            rest = self._through(call.body)
            if rest is None:
                return None
            return _what(call, name), rest[-1], (name,) + rest[:-1]
        kind = unit_kind(call.unit)
        if kind == "io":
            return (_what(call, name),
                    "language-defined input-output, potentially blocking (RM 9.5.1(18))", (name,))
        if kind == "safe":
            return None
        return _what(call, name), unknown_reason(call, self.is_formal), (name,)

    def _through(self, body: Location) -> tuple[str, ...] | None:
        """Path below a subprogram body to a blocking operation, reason last."""
        if body in self._memo:
            return self._memo[body]
        self._memo[body] = None          # a cycle adds nothing new
        sub = self.subs[body]
        result = None
        for c in sub.constructs:
            why = self._construct(c)
            if why is not None:
                result = (why[0], why[1])
                break
        if result is None:
            for call in sub.calls:
                hit = self._call(call)
                if hit is not None:
                    result = hit[2] + (hit[1],)
                    break
        self._memo[body] = result
        return result
