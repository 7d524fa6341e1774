"""An entry call triggering an asynchronous select, in the caller-runs scheme.

The entry becomes a procedure, which cannot trigger a select; the turn's entry
can.  The call is split in two: the trigger takes the server's turn, and the
triggered sequence starts with ``Serve_E``, the rest of E's procedure::

    select                              select
       Clock.Tick (N);                     Clock.Turn.Tick;
       Put_Line ("ticked");                Clock.Serve_Tick (N);
    then abort                             Put_Line ("ticked");
       Work;                            then abort
    end select;                            Work;
                                        end select;

A task type's objects hand out their turn (``K.Turn_Of.Tick``).  The trigger
completes when the caller takes the turn, where the entry call completed when
the rendezvous ended; a call not taken yet is cancelled in both when the
abortable part completes; one taken at once never starts the abortable part in
either (RM 9.7.4(6/2)); one made after the server completed raises
Tasking_Error in both, at the trigger.  Once the turn is taken, the caller's
abortable part is aborted before the server's code runs, where the original
aborted it after the rendezvous: a schedule of the original, the one where the
caller's thread is not run during the rendezvous, provided that

* the server's code taken at E (the accept body, what follows it to the next
  accept, the handlers the scheme copies, and every body they reach) cannot
  wait for the abortable part: no entry call, no call nothing proves safe,
  no input-output but writing text, and no loop that may poll (loops.py's
  test, the accept body's loops included) (``server_waits``);
* the abortable part's abortion cannot wait for the server's code: it reaches
  no entry call, whose rendezvous or protected action would be finished
  first (abort-deferred, RM 9.8) and may wait for the server; it accepts
  none either (RM 9.7.4 forbids it) (``part_waits``);
* the call's prefix and actuals mean after the abortable part what they meant
  before it: no in or in out parameter (evaluated when the call is made, and
  a conversion raising there raised before the abortable part started), no
  family index, out actuals and a task type's object named by an identifier
  alone (``call_obstacle``).

An exception of the accept body propagates from ``Serve_E``, in the triggered
sequence after the abortable part was aborted: where the entry call raised it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...frontend.calls import bodies_reached
from ...frontend.syntax import Node, ancestors, first_child, one_line, text, walk
from ...frontend.workspace import FileUnit, Workspace
from ...model import Entry, Location, Model, Task
from ..base import Refusal
from ..common import termination
from ..common.fragments import STEP, Source
from ..common.triggers import trigger_call
from . import loops
from .abortable import ENTRY_CALLS, Abortable
from .reach import DELAY, IO, UNKNOWN, WAIT, Reaches

CONSTRUCT = "select ... then abort"


@dataclass(frozen=True)
class Trigger:
    entry: str            # as declared
    fu: FileUnit
    call: Node            # the triggering call statement
    select: Node          # its asynchronous select


def find(ws: Workspace, task: Task, entry: Entry,
         parts: Abortable) -> tuple[list[Trigger], list[Refusal]]:
    """The calls of ``entry`` triggering an asynchronous select, and why some cannot
    be split."""
    found, refused = [], []
    for site in entry.calls:
        call = trigger_call(ws, site) if site.kind == "simple" else None
        if call is None:
            continue
        fu = ws.by_display.get(site.loc.path)
        sel = next(a for a in ancestors(call) if a.type == "asynchronous_select")
        what = f"{one_line(call, limit=40)} triggers an asynchronous select"
        why = call_obstacle(ws, task, entry, site, fu, call) or \
            part_waits(ws, parts, fu, sel) or _layout(fu, call, sel)
        if why:
            refused.append(Refusal(site.loc, CONSTRUCT, f"{what}: {why}"))
        else:
            found.append(Trigger(entry.name, fu, call, sel))
    return found, refused


def call_obstacle(ws: Workspace, task: Task, entry: Entry, site, fu: FileUnit,
                  call: Node) -> str:
    if entry.family is not None:
        return ("a member of an entry family: its index is evaluated when the call is made, "
                "the translation would evaluate it again after the abortable part")
    if site.via:
        return f"a call through the renaming {site.via}"
    name = call.named_children[0] if call.named_children else None
    if name is None or name.type != "selected_component":
        return "a call rdv2po cannot find as written (Task.Entry (...))"
    for p in entry.params:
        if p.mode != "out":
            return (f"the entry's {p.mode} parameter {', '.join(p.names)}: the call evaluates "
                    "it before the abortable part starts (and raises there if its conversion "
                    "fails); the translation would pass it after the abortable part")
    actuals = first_child(call, "actual_parameter_part")
    for a in actuals.named_children if actuals is not None else ():
        expr = first_child(a, "expression") if a.type == "parameter_association" else None
        if expr is None or [n.type for n in walk(expr) if n.is_named and n.type not in
                            ("expression", "term")] != ["identifier"]:
            return ("an out actual other than a variable's name: the call evaluates it "
                    "before the abortable part starts, the translation after")
    prefix = name.named_children[0]
    if task.kind != "single" and not _object_of(ws, fu, prefix, task):
        return (f"'{one_line(prefix)}' is not shown to be an object of "
                f"{task.name} named by an identifier: the call evaluates it before the "
                "abortable part starts, the translation again after it")
    return ""


def _object_of(ws: Workspace, fu: FileUnit, prefix: Node, task: Task) -> bool:
    """Is ``prefix`` an identifier naming an object of the task type (no access value,
    no component: it denotes the same object after the abortable part)?"""
    if prefix.type != "identifier" or not fu.resolved:
        return False
    found = ws.xref.at(fu.pos(prefix))
    if not found:
        return False
    return found[0][0].type_ref == _named_at(ws, task)


def _named_at(ws: Workspace, task: Task) -> str:
    """``file:line:col`` of the task type's name, as GNAT's type references say it."""
    fu = ws.by_display.get(task.spec.path)
    decl = next((d for d in fu.nodes_of_type("task_type_declaration")
                 if fu.loc(d) == task.spec), None) if fu is not None else None
    name = first_child(decl, "identifier") if decl is not None else None
    if name is None:
        return "?"
    path, line, col = fu.pos(name)
    return f"{path}:{line}:{col}"


def part_waits(ws: Workspace, parts: Abortable, fu: FileUnit, sel: Node) -> str:
    """An entry call the abortable part reaches: aborted while in it, the caller
    finishes it first (a rendezvous, a protected action and a requeue are
    abort-deferred), and it may wait for the server's code."""
    loc = fu.loc(sel)
    part = next((p for p in parts.parts if p.loc == loc), None)
    if part is None:
        return "rdv2po cannot find its abortable part"
    for c in [*part.calls, *(d for s in part.subs.values() for d in s.calls)]:
        if c.kind in ENTRY_CALLS:
            return (f"the abortable part reaches the entry call {c.name} ({c.loc}): aborted "
                    "in it when the turn is taken, the caller waits for it to end before "
                    "it runs the server's code, which that call may wait for")
    return ""


def server_waits(ws: Workspace, model: Model, fu: FileUnit, task: Task,
                 nodes: list[Node], hidden: list[Location]) -> str:
    """What in the server's code ``nodes`` (and the bodies it reaches) may wait for
    another task: the translation runs it after the abortable part is aborted.
    ``hidden``: where calls the call graph does not follow are (hidden_calls)."""
    def inside(loc: Location) -> bool:
        return loc.path == fu.display and any(
            n.start_byte <= fu.offset_of(loc) < n.end_byte for n in nodes)
    for loc in hidden:
        if inside(loc):
            return f"a call the call graph does not follow ({loc})"
    reaches = Reaches(model.subprograms, {t.name for t in model.tasks if t.kind == "type"},
                      ws)
    calls = [c for c in task.body.calls if inside(c.loc)]
    found = [(c.loc, c.name, reaches.call(c)) for c in calls] + [
        (c.loc, c.text, reaches.construct(c)) for c in task.body.constructs
        if inside(c.loc)]
    for loc, what, r in found:
        if r.kind in WAITING:
            return f"{what} ({loc}) {WAITING[r.kind]} ({r.chain()})"
    places = [(fu, n) for n in nodes] + list(bodies_reached(ws, model.subprograms, calls))
    for pfu, top in places:
        for n in walk(top):
            # the task body's statements come one by one: any goto there may go back
            if n.type == "goto_statement" and (pfu is fu and top in nodes or
                                               termination.goes_back(top, n)):
                return f"a goto at {pfu.loc(n)}, which may go back (a loop that may poll)"
            why = _loop(ws, model, pfu, n, reaches)
            if why:
                return f"the loop at {pfu.loc(n)}: {why}"
    return ""


# what the server's code may do that waits for another task (reach.py's kinds)
WAITING = {WAIT: "waits for another task", UNKNOWN: "makes a call nothing proves safe",
           # review12: while the server delays, the original's abortable part runs on
           DELAY: "delays, while the abortable part of the original ran on",
           IO: "does input-output other than writing text, which may wait for what "
               "another task writes"}


def _loop(ws: Workspace, model: Model, fu: FileUnit, n: Node, reaches: Reaches) -> str:
    """Why the loop ``n`` may wait for another task (a poll), or "" (loops.py)."""
    if n.type != "loop_statement":
        return ""
    scheme = first_child(n, "iteration_scheme")
    if scheme is not None and first_child(scheme, "expression") is None:
        if termination.over_iterator(ws, fu, n):
            return "a for loop over an iterator, whose Next decides when it ends"
        return (loops.polled(ws, fu, n) or "") if termination.leaves_early(n) else ""
    return loops.obstacle(ws, fu, n, _reaches_in(model, task_calls(model), fu, n,
                                                 reaches)) or ""


def task_calls(model: Model):
    return [(s.calls, s.constructs) for s in model.subprograms] + [
        (t.body.calls, t.body.constructs) for t in model.tasks if t.body is not None]


def _reaches_in(model: Model, bodies, fu: FileUnit, loop: Node, reaches: Reaches):
    """What the calls and constructs written in ``loop`` may do."""
    def inside(loc: Location) -> bool:
        return loc.path == fu.display and \
            loop.start_byte <= fu.offset_of(loc) < loop.end_byte
    for calls, constructs in bodies:
        yield from (reaches.call(c) for c in calls if inside(c.loc))
        yield from (reaches.construct(c) for c in constructs if inside(c.loc))


@dataclass(frozen=True)
class Left:
    """The names of the block around a split select: its flag, set where the
    abortable part was left by an exception, that exception's occurrence, and the
    handler's choice parameter."""
    flag: str
    occurrence: str
    choice: str


EXCEPTIONS = "Ada.Exceptions"


def rewrite(t: Trigger, turn: str, serve: str, left: Left) -> tuple[int, int, str]:
    """The byte range of the asynchronous select and its replacement: the select in
    a block, the call split into ``P.<turn>.E;`` (``turn``: the turn's name, or a
    task type's function handing it out) and ``P.Serve_E (<actuals>);``.

    The abortable part may be left by an exception after the trigger took the turn
    (before the abort took effect; review12: Get_Line raising Device_Error when
    aborted).  The entry call then completed its rendezvous before the exception
    propagated, and the triggered statements did not run (RM 9.7.4).  So the
    abortable part keeps its exception (``Save_Occurrence``) and completes; the
    triggered sequence, run if the turn was taken, runs the server's code
    (``Serve_E`` gives the turn back) and skips the statements written there; the
    exception is raised again after the select."""
    src = Source(t.fu)
    name = t.call.named_children[0]
    prefix = src.node(name.named_children[0])
    entry = src.node(name.named_children[-1])
    actuals = first_child(t.call, "actual_parameter_part")
    args = f" {src.node(actuals)}" if actuals is not None else ""
    kws = {c.type: c for c in t.select.children if c.type in ("then", "abort", "end")}
    ind = src.line_indent(t.select.start_byte)
    at = src.line_indent(t.call.start_byte) + STEP
    f, o, x = left.flag, left.occurrence, left.choice
    start = _line_start(src, t.select.start_byte)
    lines = [f"{ind}declare",
             f"{ind}{STEP}{f} : Boolean := False;   -- the abortable part raised",
             f"{ind}{STEP}{o} : {EXCEPTIONS}.Exception_Occurrence;",
             f"{ind}begin",
             *_shifted(src.text(start, _line_start(src, t.call.start_byte)), 1),
             f"{at}{prefix}.{turn}.{entry};"
             + (f"   {comment}" if (comment := src.text(
                 t.call.end_byte, _line_end(src, t.call.end_byte)).strip()) else ""),
             f"{at}{prefix}.{serve}{args};"]
    triggered = _shifted(src.text(_line_end(src, t.call.end_byte),
                                  _line_start(src, kws["then"].start_byte)), 2)
    if any(ln.strip() for ln in triggered):
        lines += [f"{at}if not {f} then", *triggered, f"{at}end if;"]
    lines += [*_shifted(src.text(_line_start(src, kws["then"].start_byte),
                                 _line_end(src, kws["abort"].end_byte)), 1),
              f"{at}begin",
              *_shifted(src.text(_line_end(src, kws["abort"].end_byte),
                                 _line_start(src, kws["end"].start_byte)), 2),
              f"{at}exception",
              f"{at}{STEP}when {x} : others =>",
              f"{at}{STEP}{STEP}{EXCEPTIONS}.Save_Occurrence ({o}, {x});",
              f"{at}{STEP}{STEP}{f} := True;",
              f"{at}end;",
              *_shifted(src.text(_line_start(src, kws["end"].start_byte),
                                 t.select.end_byte), 1),
              f"{ind}{STEP}if {f} then",
              f"{ind}{STEP}{STEP}{EXCEPTIONS}.Reraise_Occurrence ({o});",
              f"{ind}{STEP}end if;",
              f"{ind}end;"]
    return start, t.select.end_byte, "\n".join(lines)


def _layout(fu: FileUnit, call: Node, sel: Node) -> str:
    """Why the select's text cannot be split by lines: the translation moves its
    parts whole lines at a time (the call, the triggered statements, ``then abort``,
    the abortable part, ``end select``), each starting its own line."""
    src = Source(fu)
    kws = {c.type: c for c in sel.children if c.type in ("then", "abort", "end")}
    if len(kws) != 3:
        return "rdv2po cannot find the parts of its asynchronous select"
    starts = [sel.start_byte, call.start_byte, kws["then"].start_byte, kws["end"].start_byte]
    if any(src.text(_line_start(src, b), b).strip() for b in starts) or \
            src.text(kws["then"].end_byte, kws["abort"].start_byte).strip() or \
            _code_after(src, call.end_byte) or _code_after(src, kws["abort"].end_byte):
        return ("its asynchronous select is not written a part a line (the call, "
                "``then abort``, ``end select`` each on its own line), which the "
                "translation moves whole lines at a time")
    return ""


def _code_after(src: Source, offset: int) -> str:
    """The code after ``offset`` on its line (a comment is none)."""
    rest = src.text(offset, _line_end(src, offset)).strip()
    return "" if rest.startswith("--") else rest


def _line_start(src: Source, offset: int) -> int:
    return src.data.rfind(b"\n", 0, offset) + 1


def _line_end(src: Source, offset: int) -> int:
    """The offset after the newline ending the line of ``offset``."""
    at = src.data.find(b"\n", offset)
    return len(src.data) if at < 0 else at + 1


def _shifted(text: str, steps: int) -> list[str]:
    """The lines of ``text`` (whole lines), each ``steps`` levels deeper."""
    if not text.strip():
        return []
    return [STEP * steps + ln if ln.strip() else "" for ln in text.rstrip("\n").split("\n")]


def serve_refusal(loc: Location, entry: str, why: str) -> Refusal:
    return Refusal(loc, CONSTRUCT, (
        f"a call of {entry} triggers an asynchronous select, and the server's code taken "
        f"there may wait for another task: {why}; the translation runs that code after "
        "the abortable part is aborted, where the original ran it while the abortable "
        "part went on"))
