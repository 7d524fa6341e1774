"""Priorities the agent cannot keep: a rendezvous lends the caller's priority.

During a rendezvous the task runs the accept body at the higher of its own
active priority and its caller's (RM D.1(21)), and gives it back after.  In
the translation the body runs in the agent at the agent's own priority,
whatever the caller's; a select takes the first alternative with a caller in
textual order, where Priority_Queuing takes the caller of highest priority
(RM D.4(12)); and the object's ceiling is System.Priority'Last, above which
an Interrupt_Priority caller cannot call it under Ceiling_Locking.

That shows only where tasks have different priorities (or deadlines) and a
policy lets a priority decide something: which task runs (a dispatching
policy), whether a protected call is above its ceiling (a locking policy),
which caller goes first (Priority_Queuing).  Without a policy GNAT keeps a
task's priority but nothing reads it (no ceiling check, SCHED_OTHER threads,
FIFO queues); without a priority or deadline given anywhere every task runs at
System.Default_Priority, and no rendezvous lends anything.  When a program has
both, the general scheme refuses its tasks, naming each construct.  The test
is program-wide: a caller's active priority is lent on through nested
rendezvous and activation, so any task may be a caller at any priority.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...frontend.syntax import Node, ancestors, one_line, text
from ...frontend.workspace import FileUnit, Workspace
from ...model import Location
from ..base import Refusal
from ..common.config import config_pragmas

# what gives a task a priority or a deadline
SETTING_PRAGMAS = {"priority", "interrupt_priority", "relative_deadline"}
SETTING_UNITS = {"ada.dynamic_priorities", "ada.dispatching.edf"}
# what makes a priority decide something at run time
POLICY_PRAGMAS = {"task_dispatching_policy", "priority_specific_dispatching", "locking_policy"}
PRIORITY_PROFILES = {"ravenscar", "jorvik", "gnat_extended_ravenscar", "gnat_ravenscar_edf"}
_PROTECTED = {"protected_definition", "single_protected_declaration",
              "protected_type_declaration"}


@dataclass(frozen=True)
class Found:
    loc: Location
    construct: str
    kind: str          # "setting", "policy" or "queuing"


def refusals(ws: Workspace) -> list[Refusal]:
    """Every construct that lets a rendezvous's priority show, when the program has
    both kinds (a priority given, and a policy that reads it); else none."""
    found = _scan(ws)
    settings = [f for f in found if f.kind == "setting"]
    policies = [f for f in found if f.kind != "setting"]
    if not settings or not policies:
        return []
    policy, setting = policies[0], settings[0]
    out = [Refusal(f.loc, f.construct, _setting_reason(policy)) for f in settings]
    out += [Refusal(f.loc, f.construct, _policy_reason(f, setting)) for f in policies]
    return out


def _setting_reason(policy: Found) -> str:
    return (f"gives a task a priority, and {policy.construct} at {policy.loc} makes "
            "priorities count: a rendezvous runs the accept body at the caller's priority "
            "when that is higher (RM D.1(21)); translated, the body would run in the agent "
            "at the agent's own priority")


def _policy_reason(policy: Found, setting: Found) -> str:
    what = ("serves callers by their priority (RM D.4), the translated task's select "
            "would take them in the alternatives' order" if policy.kind == "queuing" else
            "makes the tasks' priorities count, and the translated task would not take "
            "its callers' priority for its accept bodies (RM D.1(21))")
    return f"{what}; the program gives tasks priorities ({setting.construct} at {setting.loc})"


def _scan(ws: Workspace) -> list[Found]:
    out: list[Found] = []
    for fu in ws.units():
        out += _pragmas(fu) + _aspects(fu) + _withs(fu)
    return out + _config_files(ws)


def _pragmas(fu: FileUnit) -> list[Found]:
    out = []
    for p in fu.nodes_of_type("pragma_g"):
        kids = p.named_children
        if not kids:
            continue
        name = text(kids[0]).lower()
        arg = text(kids[1]).lower().strip() if len(kids) > 1 else ""
        kind = _pragma_kind(name, arg, p)
        if kind is not None:
            out.append(Found(fu.loc(p), _one_line(p), kind))
    return out


def _pragma_kind(name: str, arg: str, p: Node | None) -> str | None:
    if name in SETTING_PRAGMAS:
        return None if p is not None and _in_protected(p) else "setting"
    if name in POLICY_PRAGMAS:
        return "policy"
    if name == "queuing_policy":
        return "queuing" if arg == "priority_queuing" else None
    if name == "profile" and arg in PRIORITY_PROFILES:
        return "policy"
    return None


def _aspects(fu: FileUnit) -> list[Found]:
    return [Found(fu.loc(a), _one_line(a), "setting") for a in fu.nodes_of_type("aspect_association")
            if a.named_children and text(a.named_children[0]).lower() in SETTING_PRAGMAS
            and not _in_protected(a)]


def _withs(fu: FileUnit) -> list[Found]:
    out = []
    for w in fu.nodes_of_type("with_clause"):
        for name in w.named_children:
            if "".join(text(name).split()).lower() in SETTING_UNITS:
                out.append(Found(fu.loc(w), _one_line(w), "setting"))
    return out


def _config_files(ws: Workspace) -> list[Found]:
    """The configuration pragma files' pragmas (gnat.adc, -gnatec=)."""
    out = []
    for p in config_pragmas(ws):
        kind = _pragma_kind(p.name, p.arg, None)
        if kind is not None:
            out.append(Found(p.loc, p.text, kind))
    return out


def _in_protected(node: Node) -> bool:
    """A priority of a protected object is its ceiling: it gives no task a priority."""
    return any(a.type in _PROTECTED for a in ancestors(node))


def _one_line(node: Node) -> str:
    words = one_line(node).rstrip(";")
    return words if len(words) <= 60 else words[:57] + "..."
