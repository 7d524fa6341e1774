"""A server loop that polls: its select ends ``else null;``.

::

    loop
       select
          accept Set (V : Integer) do ... end Set;
       or
          when Value > 0 => accept Get (V : out Integer) do ... end Get;
       or
          accept Quit; exit;
       else
          null;
       end select;
    end loop;

When no alternative can be taken at once the task runs ``null``, goes round the
loop and reaches the same select again.  If the guards read only the task's own
variables (which only the task changes, and not while it polls), every pass that
accepts nothing leaves everything as it was: each schedule of the busy loop is a
schedule of the same loop without ``else null;``, the task waiting at its select
(the engineer would delete the else part and save a processor).  The server
schemes then translate the select as if it had none, where it is the whole body
of a plain server loop (statements around it would run on every pass; a while
or for loop counts passes) and not every alternative is guarded (all closed, the
task spins where a select without else raises Program_Error).  The shapes check
that (``shape_obstacle``, for accepting/shape.py and caller_runs/shape.py).

What can tell the two apart is the moment the task is *waiting* at the select,
which the polling task never is (``refusals``):

- a conditional entry call of its entries, or a timed one whose delay is not
  shown to be at least a millisecond (LEAST_DELAY), is taken only if the task is
  waiting at that instant: in the
  original it takes its else part, the protected object would accept it;
- an entry call triggering an asynchronous select starts the abortable part
  when it is queued, which it always is in the original;
- a requeue with abort to its entries carries the original caller's timeout
  or conditional call with it;
- an interface the task implements may be called in such a select through a
  dispatching call no cross-reference ties to the task;
- priorities or a dispatching policy: the polling task may keep a processor
  from lower (or, FIFO within priorities, equal) priority tasks, which the
  original program then never runs;
- a guard reading ``'Count`` (it changes while the task polls) or anything but
  the task's own objects, or an own object another task may reach (aliased,
  an aspect such as Address or Import, a pragma or address clause naming it,
  or its access or address taken in the body).
"""

from __future__ import annotations

import re

from ...frontend.body_structure import Loop, Select
from ...frontend.syntax import Node, ancestors, first_child, one_line, text, walk
from ...frontend.workspace import FileUnit, Workspace
from ...model import Location, Task
from ..base import Refusal
from . import ranges
from .config import config_pragmas
from .startup import is_object
from .triggers import atc_trigger

PRIORITIES = re.compile(r"\bpragma\s+(priority|interrupt_priority|task_dispatching_policy|"
                        r"priority_specific_dispatching|cpu|profile)\b|"
                        r"\b(priority|interrupt_priority|cpu)\s*=>|\bdynamic_priorities\b|"
                        r"\bdispatching_domains\b", re.IGNORECASE)
# a timed call's delay shown long enough for the polling task to come round to its
# select: a Duration rounds a smaller literal (0.000_000_000_1 is 0.0, a conditional
# call), and a few microseconds already lose calls the translation would take
LEAST_DELAY = 0.001
REACHED = ("access", "unchecked_access", "unrestricted_access", "address")


def polls(select: Select) -> bool:
    """A select whose else part is ``null;`` (one or more, comments aside)."""
    part = select.else_part
    return part is not None and not part.handlers and \
        any(s.type == "null_statement" for s in part.items) and \
        all(s.type in ("null_statement", "comment") for s in part.items)


def shape_obstacle(loop: Loop, items: list, select: Select) -> str | None:
    """None when ``select``, among the server loop's statements ``items``, polls the way
    the schemes translate as waiting; else why not."""
    if not polls(select):
        return "its else part does more than null"
    if loop.cond is not None or loop.for_spec is not None or loop.odd_scheme:
        return "in a while or for loop, whose passes that accept nothing count too"
    if [s for s in items if s.type != "comment"] != [select]:
        return ("the select is not the whole body of the server loop: what is around it "
                "runs on every pass, also those that accept nothing")
    if all(a.guard is not None for a in select.alternatives):
        return ("every alternative has a guard: where all are closed the task runs its "
                "else part forever, where a select without it raises Program_Error")
    return None


def polling_selects(body: Node) -> list[Node]:
    """The selects of a task body whose else part is only null statements."""
    found = []
    for n in walk(body):
        if n.type != "selective_accept":
            continue
        part = next((c for c in n.named_children if c.type == "sequence_of_statements"),
                    None)
        stmts = [c for c in part.named_children if c.type != "comment"] if part else []
        if stmts and all(c.type == "null_statement" for c in stmts):
            found.append(n)
    return found


def refusals(ws: Workspace, task: Task, fu: FileUnit, body: Node,
             decl: Node) -> list[Refusal]:
    """What tells a polling select of the task body from a waiting one (the module's
    list); [] when the body has none."""
    selects = polling_selects(body)
    if not selects:
        return []
    found = _calls(ws, task)
    why = "the task polls (its select ends 'else null;'), never waiting at its select"
    if any(c.type == "new" for c in walk(decl)):
        found.append(Refusal(task.spec, task.name,
                             f"{why}: it implements an interface, whose dispatching "
                             "calls may be conditional or timed where no cross-reference "
                             "ties them to the task"))
    hit = _priorities(ws)
    if hit is not None:
        found.append(Refusal(hit[0], hit[1], f"{why}: the program sets priorities or a "
                             "dispatching policy, under which the polling task may keep a "
                             "processor from the tasks it serves"))
    for sel in selects:
        found += _guards(ws, fu, body, sel, why)
    return found


def _calls(ws: Workspace, task: Task) -> list[Refusal]:
    why = "the task polls (its select ends 'else null;') and is never waiting at it"
    took = "in the original, where the protected object would take the call"
    found = []
    for entry in task.entries:
        for site in entry.calls:
            what = f"{site.kind} call of {task.name.rsplit('.', 1)[-1]}.{entry.name}"
            if site.kind == "conditional":
                found.append(Refusal(site.loc, what, f"{why}: a conditional call takes its "
                                                     f"else part {took}"))
            elif site.kind == "timed" and not _positive_delay(ws, site.loc):
                found.append(Refusal(site.loc, what, f"{why}: a timed call whose delay is "
                                     "not shown to be at least a millisecond (a literal or "
                                     f"named number) times out {took}"))
            elif site.kind == "requeue" and with_abort(ws, site.loc):
                found.append(Refusal(site.loc, what, f"{why}: a requeue with abort carries "
                                     "its caller's conditional or timed call, which times "
                                     f"out {took}"))
    hit = atc_trigger(ws, task)
    if hit is not None:
        found.append(Refusal(hit[0], hit[1], f"{why}: a call triggering an asynchronous "
                             "select is always queued in the original, starting the "
                             "abortable part, which a call the protected object takes at "
                             "once never starts"))
    return found


def _site(ws: Workspace, loc) -> Node | None:
    fu = ws.by_display.get(loc.path)
    return fu.ident_at(loc.line, loc.col) if fu is not None else None


def _positive_delay(ws: Workspace, loc) -> bool:
    """The timed call's delay is ``delay D`` with D a literal or named number of at
    least LEAST_DELAY."""
    ident = _site(ws, loc)
    call = next((a for a in ancestors(ident) if a.type == "timed_entry_call"), None) \
        if ident is not None else None
    alt = first_child(call, "delay_alternative") if call is not None else None
    stmt = first_child(alt, "delay_relative_statement") if alt is not None else None
    expr = first_child(stmt, "expression") if stmt is not None else None
    if expr is None:
        return False
    words = "".join(text(expr).split()).replace("_", "").lower()
    if re.fullmatch(r"[a-z]\w*", words):
        fu = ws.by_display.get(loc.path)
        name = next(n for n in walk(expr) if n.type == "identifier")
        ents = [e for e, _k in ws.xref.at(fu.pos(name))] if fu is not None else []
        words = ranges.number_literal(ws, ents[0]) if len(ents) == 1 else None
    return words is not None and \
        re.fullmatch(r"\d+(\.\d+)?(e\+?\d+)?", words) is not None and \
        float(words) >= LEAST_DELAY


def with_abort(ws: Workspace, loc) -> bool:
    """Is the requeue at ``loc`` one with abort (or not found: taken as one)?"""
    ident = _site(ws, loc)
    stmt = next((a for a in ancestors(ident) if a.type == "requeue_statement"), None) \
        if ident is not None else None
    return stmt is None or re.search(r"\babort\b", text(stmt), re.IGNORECASE) is not None


def _priorities(ws: Workspace) -> tuple | None:
    for fu in ws.units():
        src = fu.src.data.decode(fu.src.codec, errors="replace")
        for no, line in enumerate(src.splitlines(), 1):
            m = PRIORITIES.search(line.split("--", 1)[0])
            if m:
                return Location(fu.display, no, m.start() + 1), m.group(0).strip()
    for p in config_pragmas(ws):      # gnat.adc: where a policy is usually set
        if PRIORITIES.search(p.text):
            return p.loc, p.text
    return None


def _guards(ws: Workspace, fu: FileUnit, body: Node, sel: Node, why: str) -> list[Refusal]:
    """A guard of the polling select must read only the task's own objects, which no
    other task reaches, and no 'Count."""
    found = []
    for g in (c for c in sel.named_children if c.type == "guard"):
        for n in walk(g):
            if n.type == "attribute_designator" and text(n).lower() == "count":
                found.append(Refusal(fu.loc(g), one_line(g, limit=40),
                                     f"{why}: this guard reads 'Count, which changes while "
                                     "it polls"))
                break
            if n.type != "identifier":
                continue
            for ent, _k in ws.xref.at(fu.pos(n)):
                if not is_object(ent):
                    continue
                dfu, decl = _declaration(ws, ent)
                if decl is not None and decl.type == "object_declaration" and \
                        any(c.type == "constant" for c in decl.children):
                    continue          # its value cannot change
                if decl is None or dfu is not fu or not _inside(decl, body):
                    found.append(Refusal(fu.loc(n), text(n), f"{why}: this guard reads "
                                         "an object of another scope, which other tasks "
                                         "may change while it polls"))
                elif _reached(decl, body, text(n).lower()):
                    found.append(Refusal(fu.loc(n), text(n), f"{why}: this guard reads "
                                         "a variable other tasks may reach (aliased, an "
                                         "aspect, a pragma or address clause naming it, or "
                                         "its access or address taken), and change while "
                                         "it polls"))
    return found


def _declaration(ws: Workspace, ent) -> tuple[FileUnit | None, Node | None]:
    loc = ws.loc_of(ent.file, ent.line, ent.col)
    dfu = ws.by_display.get(loc.path) if loc is not None else None
    ident = dfu.ident_at(loc.line, loc.col) if dfu is not None else None
    return dfu, ident.parent if ident is not None else None


def _inside(n: Node, body: Node) -> bool:
    """``n``, of the body's file, lies within it."""
    return n.start_byte >= body.start_byte and n.end_byte <= body.end_byte


def _reached(decl: Node, body: Node, name: str) -> bool:
    if decl.type == "object_declaration" and any(c.type in ("aliased", "aspect_specification")
                                                 for c in decl.children):
        return True     # aliased, or an aspect: Address (an overlay), Import, Volatile...
    if any(p.type in ("pragma_g", "attribute_definition_clause") and
           name in {text(i).lower() for i in walk(p) if i.type == "identifier"}
           for p in walk(body)):
        return True     # pragma Import (Open), for Open'Address use ...
    for n in walk(body):
        if n.type == "attribute_designator" and text(n).lower() in REACHED:
            tick = n.prev_sibling
            prefix = tick.prev_sibling if tick is not None else None
            if prefix is not None and name in {text(i).lower() for i in walk(prefix)
                                               if i.type == "identifier"}:
                return True
    return False
