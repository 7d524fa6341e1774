"""Conditional and timed calls of an entry the caller-runs scheme turns into a
procedure: a select cannot call a procedure, so such a call becomes a call of
``Try_E``, which makes the select's choice on the first protected call only
(``Turn.E``: is the server at its select with E open, now or within the
delay?) and, if the turn was taken, runs the rest of E as ``E`` does::

    select                              declare
       Logger.Log ("x");                   Taken : Boolean;
       Done := True;                    begin
    or                                     Logger.Try_Log ("x", Within => 0.1,
       delay 0.1;                                          Taken => Taken);
       Done := False;                      if Taken then
    end select;                               Done := True;
                                           else
                                              Done := False;
                                           end if;
                                        end;
"""

from __future__ import annotations

from dataclasses import dataclass

from ...model import Entry
from ...frontend.syntax import Node, ancestors, first_child, text, walk
from ...frontend.workspace import FileUnit, Workspace
from ..base import Refusal
from ..common.fragments import STEP, Source, step_in
from . import loops

KINDS = {"conditional": "conditional_entry_call", "timed": "timed_entry_call"}


@dataclass(frozen=True)
class Try:
    entry: str            # as declared
    kind: str             # "conditional" or "timed"
    fu: FileUnit
    select: Node          # the select statement
    call: Node            # its procedure_call_statement


def find(ws: Workspace, task_name: str, entry: Entry) -> tuple[list[Try], list[Refusal]]:
    """The entry's conditional and timed calls, and what stops rewriting others."""
    found, refused = [], []
    marked = any(c.kind != "simple" for c in entry.calls) and \
        any(p.mode != "in" for p in entry.params) and loops.marked_anywhere(ws)
    for c in entry.calls:
        if c.kind == "simple":
            continue
        what = f"{c.kind} call of {task_name}.{entry.name}"
        if c.kind not in KINDS:
            refused.append(Refusal(c.loc, what, f"a {c.kind}: the entry becomes a procedure, "
                                                "there is no entry to requeue to"))
            continue
        fu = ws.by_display.get(c.loc.path)
        ident = fu.ident_at(c.loc.line, c.loc.col) if fu is not None else None
        sel = next((a for a in ancestors(ident) if a.type == KINDS[c.kind]), None) \
            if ident is not None else None
        call = first_child(first_child(sel, "entry_call_alternative"),
                           "procedure_call_statement") if sel is not None else None
        why = _obstacle(c, entry, sel, call, marked)
        if why:
            refused.append(Refusal(c.loc, what, why))
        else:
            found.append(Try(entry.name, c.kind, fu, sel, call))
    return found, refused


def _obstacle(c, entry: Entry, sel: Node | None, call: Node | None,
              marked: bool) -> str:
    if call is None or call.named_children[0].type != "selected_component":
        return "a call rdv2po cannot find as written (Task.Entry (...)) in its select"
    if c.via:
        return f"a call through the renaming {c.via}"
    if any(p.mode == "out" for p in entry.params):
        return ("the entry has out parameters: a call the server does not take must leave "
                "the actuals alone, which a procedure's out parameter does not")
    why = _in_out(entry, call, marked)
    if why:
        return why
    if c.kind == "timed":
        d = first_child(sel, "delay_alternative")
        if d is None or first_child(d, "delay_relative_statement") is None:
            return "a timed call with 'delay until': the scheme rewrites 'or delay D' only"
    return ""


def _in_out(entry: Entry, call: Node, marked: bool) -> str:
    """An in out formal of Try_E is copied back unchanged when the server does not take
    the call, where the entry call copied nothing back.  The same value, as long as
    the actual is a variable's name (a view conversion would convert it back: 1.4
    comes back 1.0) and no other task may write it meanwhile without being ordered
    after the whole call (the call read it when it began: a write racing with that
    read was erroneous already), which only an Atomic or Volatile object allows."""
    modes = {n.lower(): p.mode for p in entry.params for n in p.names}
    if "in out" not in modes.values():
        return ""
    if marked:
        return ("the entry has in out parameters, and the program marks objects Atomic or "
                "Volatile: a call the server does not take copies the actual back, and "
                "another task may have written it meanwhile")
    order = [n.lower() for p in entry.params for n in p.names]
    actuals = first_child(call, "actual_parameter_part")
    assocs = [a for a in actuals.named_children if a.type == "parameter_association"] \
        if actuals is not None else []
    for i, a in enumerate(assocs):
        choice = first_child(a, "component_choice_list")
        formal = text(choice).lower() if choice is not None else \
            (order[i] if i < len(order) else "")
        if modes.get(formal) == "in out" and not _plain_name(first_child(a, "expression")):
            return ("an in out actual other than a variable's name: a call the server does "
                    "not take copies it back, through a conversion another value")
    return ""


def _plain_name(e: Node | None) -> bool:
    """``X``, ``R.F``, ``P.X``: a name without parentheses (no conversion, no call)."""
    if e is None:
        return False
    named = [n for n in walk(e) if n.is_named]
    return all(n.type in ("expression", "term", "selected_component", "identifier")
               for n in named)


@dataclass(frozen=True)
class CallNames:
    taken: str            # the call site's Boolean
    try_name: str         # Try_E


def rewrite(t: Try, names: CallNames, within: str, taken_formal: str) -> tuple[int, int, str]:
    """The byte range of the select and the block replacing it."""
    src = Source(t.fu)
    indent = src.line_indent(t.select.start_byte)
    name = t.call.named_children[0]
    prefix = src.node(name.named_children[0])
    actuals = first_child(t.call, "actual_parameter_part")
    args = [src.node(a) for a in actuals.named_children
            if a.type != "comment"] if actuals is not None else []
    alt = first_child(t.select, "entry_call_alternative")
    taken_stmts = first_child(alt, "sequence_of_statements")
    if t.kind == "timed":
        d = first_child(t.select, "delay_alternative")
        delay = first_child(d, "delay_relative_statement")
        args.append(f"{within} => {' '.join(text(first_child(delay, 'expression')).split())}")
        other = first_child(d, "sequence_of_statements")
    else:
        other = first_child(t.select, "sequence_of_statements")
    args.append(f"{taken_formal} => {names.taken}")
    lines = ["declare", f"{STEP}{names.taken} : Boolean;", "begin",
             f"{STEP}{prefix}.{names.try_name} ({', '.join(args)});"]
    yes, no = _copy(src, taken_stmts), _copy(src, other)
    if yes and no:
        lines += step_in([f"if {names.taken} then"] + step_in(yes) + ["else"] + step_in(no)
                         + ["end if;"])
    elif yes:
        lines += step_in([f"if {names.taken} then"] + step_in(yes) + ["end if;"])
    elif no:
        lines += step_in([f"if not {names.taken} then"] + step_in(no) + ["end if;"])
    lines.append("end;")
    body = "\n".join((indent + ln if ln else "") for ln in lines).lstrip(" ")
    return t.select.start_byte, t.select.end_byte, body


def _copy(src: Source, seq: Node | None) -> list[str]:
    if seq is None:
        return []
    stmts = [s for s in seq.named_children]
    if [s.type for s in stmts] == ["null_statement"]:
        return []
    return [ln for s in stmts for ln in src.block(s.start_byte, s.end_byte, "").split("\n")]
