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
from ...frontend.decls import formals
from ...frontend.denotes import standard_name
from ...frontend.syntax import Node, ancestors, first_child, one_line, text, walk
from ...frontend.workspace import FileUnit, Workspace
from ..base import Refusal
from ..common.fragments import STEP, Source, Sub, step_in
from . import loops

KINDS = {"conditional": "conditional_entry_call", "timed": "timed_entry_call"}
STANDARD_SCALARS = {"integer", "natural", "positive", "boolean", "character", "wide_character",
                    "wide_wide_character", "float", "short_float", "long_float",
                    "long_long_float", "duration", "short_short_integer", "short_integer",
                    "long_integer", "long_long_integer"}


@dataclass(frozen=True)
class Try:
    entry: str            # as declared
    kind: str             # "conditional" or "timed"
    fu: FileUnit
    select: Node          # the select statement
    call: Node            # its procedure_call_statement
    outs: tuple[tuple[str, str], ...] = ()   # out formals (lower case), Standard subtype
    order: tuple[str, ...] = ()   # the entry's formals (lower case), in order


def find(ws: Workspace, task_name: str, entry: Entry) -> tuple[list[Try], list[Refusal]]:
    """The entry's conditional and timed calls, and what stops rewriting others."""
    found, refused = [], []
    marked = any(c.kind != "simple" for c in entry.calls) and \
        any(p.mode != "in" for p in entry.params) and loops.marked_anywhere(ws)
    keys = subtype_keys(ws, entry) if any(p.mode != "in" for p in entry.params) else {}
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
        outs = _outs(ws, entry)
        why = _obstacle(c, entry, sel, call, marked, outs) or \
            _conversions(ws, fu, entry, call, keys)
        if why:
            refused.append(Refusal(c.loc, what, why))
        else:
            found.append(Try(entry.name, c.kind, fu, sel, call, tuple(outs.items()),
                             tuple(n.lower() for p in entry.params for n in p.names)))
    return found, refused


def _obstacle(c, entry: Entry, sel: Node | None, call: Node | None,
              marked: bool, outs: dict[str, str | None]) -> str:
    if call is None or call.named_children[0].type != "selected_component":
        return "a call rdv2po cannot find as written (Task.Entry (...)) in its select"
    if c.via:
        return f"a call through the renaming {c.via}"
    if any(mark is None for mark in outs.values()):
        return ("the entry has out parameters of types other than Standard's scalars: a call "
                "the server does not take must leave the actuals alone, which a procedure's "
                "out parameter does not, and rdv2po passes a temporary only for those")
    for formal, actual in _associations(entry, call):
        if formal in outs and not _plain_name(actual):
            return ("an out actual other than a variable's name: the call's temporary is "
                    "assigned to it after the call, which would evaluate it again")
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
    for formal, actual in _associations(entry, call):
        if modes.get(formal) == "in out" and not _plain_name(actual):
            return ("an in out actual other than a variable's name: a call the server does "
                    "not take copies it back, through a conversion another value")
    return ""


def _associations(entry: Entry, call: Node) -> list[tuple[str, Node | None]]:
    """Each actual of the call with its formal's name (lower case)."""
    order = [n.lower() for p in entry.params for n in p.names]
    actuals = first_child(call, "actual_parameter_part")
    assocs = [a for a in actuals.named_children if a.type == "parameter_association"] \
        if actuals is not None else []
    found = []
    for i, a in enumerate(assocs):
        choice = first_child(a, "component_choice_list")
        formal = one_line(choice).lower() if choice is not None else \
            (order[i] if i < len(order) else "")
        found.append((formal, first_child(a, "expression")))
    return found


def _conversions(ws: Workspace, fu: FileUnit, entry: Entry, call: Node | None,
                 keys: dict[str, str | None]) -> str:
    for formal, actual in _associations(entry, call) if call is not None else ():
        if formal in keys and not _same_subtype(ws, fu, actual, keys[formal]):
            return ("an out or in out actual whose subtype is not the formal's: the entry "
                    "call converts it, and GNAT 12 then drops the copy back of a timed "
                    "call (and of a conditional call's in out parameter), which the "
                    "translation's procedure would make")
    return ""


def subtype_keys(ws: Workspace, entry: Entry) -> dict[str, str | None]:
    """The subtype of each out and in out formal (lower case) as GNAT's cross
    references name an object's: a Standard name (``integer``) or the declaration's
    place (``main.adb:3:12``); None when rdv2po cannot tell."""
    keys: dict[str, str | None] = {}
    fu, part = _formal_part(ws, entry)
    for f in formals(part):
        if f.mode == "in":
            continue
        mark = f.mark if f.mark is not None and f.mark.type == "identifier" else None
        key = None
        if mark is not None and fu is not None:
            found = ws.xref.at(fu.pos(mark))
            if found:
                e = found[0][0]
                key = f"{e.file}:{e.line}:{e.col}"
            elif fu.resolved and standard_name(text(mark).lower()):
                key = text(mark).lower()
        for n in f.name_nodes:
            keys[text(n).lower()] = key
    return keys


def _formal_part(ws: Workspace, entry: Entry):
    fu = ws.by_display.get(entry.loc.path)
    ident = fu.ident_at(entry.loc.line, entry.loc.col) if fu is not None else None
    decl = next((a for a in ancestors(ident) if a.type == "entry_declaration"), None) \
        if ident is not None else None
    return fu, first_child(decl, "formal_part") if decl is not None else None


def _same_subtype(ws: Workspace, fu: FileUnit, actual: Node | None, key: str | None) -> bool:
    """Is the actual, a name, of the formal's subtype exactly?  GNAT 12 drops the
    copy back of a timed entry call (and of a conditional one's in out parameter)
    whose actual needs a conversion (a Natural for an Integer): the translation
    would copy back, so such calls stay refused."""
    names = [n for n in walk(actual) if n.type == "identifier"] if actual is not None else []
    found = ws.xref.at(fu.pos(names[-1])) if names and key is not None else []
    return bool(found) and found[0][0].type_ref == key


def _outs(ws: Workspace, entry: Entry) -> dict[str, str | None]:
    """The entry's out formals, each with its subtype when it is one of Standard's
    scalars (GNAT lists no reference for those), else None.  A scalar is passed by
    copy: the call site's temporary of that subtype takes what the procedure copies
    back, and is assigned to the actual only when the server took the call."""
    outs: dict[str, str | None] = {}
    fu = ws.by_display.get(entry.loc.path)
    ident = fu.ident_at(entry.loc.line, entry.loc.col) if fu is not None else None
    decl = next((a for a in ancestors(ident) if a.type == "entry_declaration"), None) \
        if ident is not None else None
    part = first_child(decl, "formal_part") if decl is not None else None
    for f in formals(part):
        if f.mode != "out":
            continue
        mark = f.mark if f.mark is not None and f.mark.type == "identifier" else None
        standard = mark is not None and fu.resolved and not ws.xref.at(fu.pos(mark)) and \
            text(mark).lower() in STANDARD_SCALARS
        # a temporary of the base type: the formal copied back unassigned is no value
        # of Natural's to check (the actual's assignment checks what it did)
        base = {"natural": "Integer", "positive": "Integer"}.get(
            text(mark).lower(), text(mark)) if mark is not None else ""
        for n in f.name_nodes:
            outs[text(n).lower()] = f"Standard.{base}" if standard else None
    if any(p.mode == "out" for p in entry.params) and not outs:
        outs[""] = None         # the declaration was not found: refused
    return outs


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
    temps: tuple[tuple[str, str], ...] = ()   # out formal (lower case) -> its temporary


def rewrite(t: Try, names: CallNames, within: str, taken_formal: str,
            inner: list[Sub] = ()) -> tuple[int, int, str]:
    """The byte range of the select and the block replacing it; ``inner``: the
    translation's other edits inside the select's statements, made in their copy."""
    src = Source(t.fu)
    indent = src.line_indent(t.select.start_byte)
    name = t.call.named_children[0]
    prefix = src.node(name.named_children[0])
    actuals = first_child(t.call, "actual_parameter_part")
    args = [src.node(a) for a in actuals.named_children
            if a.type != "comment"] if actuals is not None else []
    subtypes = dict(t.outs)
    # the temporaries are named per formal for every entry: another entry's out
    # formal may share the name of this one's in out formal
    temps = {f: v for f, v in names.temps if f in subtypes}
    assocs = [a for a in actuals.named_children if a.type == "parameter_association"] \
        if actuals is not None else []
    copies = []
    for i, (formal, actual) in enumerate(_associations_of(t)):
        if formal in temps and actual is not None:
            choice = first_child(assocs[i], "component_choice_list")
            args[i] = f"{src.node(choice)} => {temps[formal]}" if choice is not None \
                else temps[formal]
            # the scalar the call copied back, assigned (and checked) as copy-back was
            copies.append(f"{src.one_line(actual)} := {temps[formal]};")
    alt = first_child(t.select, "entry_call_alternative")
    taken_stmts = first_child(alt, "sequence_of_statements")
    if t.kind == "timed":
        d = first_child(t.select, "delay_alternative")
        delay = first_child(d, "delay_relative_statement")
        args.append(f"{within} => {one_line(first_child(delay, 'expression'))}")
        other = first_child(d, "sequence_of_statements")
    else:
        other = first_child(t.select, "sequence_of_statements")
    args.append(f"{taken_formal} => {names.taken}")
    lines = ["declare", f"{STEP}{names.taken} : Boolean;"] + [
        f"{STEP}{temps[f]} : {subtypes[f]};" for f, _a in _associations_of(t) if f in temps
        ] + ["begin", f"{STEP}{prefix}.{names.try_name} ({', '.join(args)});"]
    copied = [s for seq in (taken_stmts, other) if seq is not None for s in seq.named_children]
    if any(not any(s.start_byte <= u.start and u.end <= s.end_byte for s in copied)
           for u in inner):
        raise Refusal(t.fu.loc(t.select), one_line(t.select, limit=40),
                      "an attribute or abort of the server outside the select's statements "
                      "(in the call): rdv2po would not rewrite it")
    yes, no = copies + _copy(src, taken_stmts, inner), _copy(src, other, inner)
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


def _associations_of(t: Try) -> list[tuple[str, Node | None]]:
    """The call's actuals with their formals (lower case): named, or in the entry's
    order."""
    actuals = first_child(t.call, "actual_parameter_part")
    assocs = [a for a in actuals.named_children if a.type == "parameter_association"] \
        if actuals is not None else []
    return [(one_line(first_child(a, "component_choice_list")).lower()
             if first_child(a, "component_choice_list") is not None else t.order[i]
             if i < len(t.order) else "", first_child(a, "expression"))
            for i, a in enumerate(assocs)]


def _copy(src: Source, seq: Node | None, inner: list[Sub] = ()) -> list[str]:
    if seq is None:
        return []
    stmts = [s for s in seq.named_children]
    if [s.type for s in stmts] == ["null_statement"]:
        return []
    return [ln for s in stmts for ln in src.block(
        s.start_byte, s.end_byte, "",
        [u for u in inner if s.start_byte <= u.start and u.end <= s.end_byte]).split("\n")]
