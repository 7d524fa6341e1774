"""``in`` formals of the task type with a default, through which entries are called.

A protected object passed as ``in`` is a constant whose entries cannot be
called, so such a formal becomes ``in out`` (``common/uses.in_out_edits``);
but only an ``in`` formal may have a default (RM 6.1(19)).  So the default
moves into an overload without that formal, which passes the default on:

    procedure Call (T : Server := Main_Server);   --  before
    procedure Call (T : in out Server);           --  after
    procedure Call is
    begin
       Call (T => Main_Server);
    end Call;

A call leaving the formal out names the overload, which evaluates the
default at each call as the call did; the default's names are resolved
where the subprogram is declared, beside which the overload stands.  Done
for a procedure whose only defaulted formal is this one, named alone in its
specification, and whose default names none of its other formals (the
overload's formals would hide them); otherwise the formal keeps its default
and GNAT's rejection refuses the task.
"""

from __future__ import annotations

import re

from ...frontend.syntax import Node, first_child, text
from ...write.edits import Edit
from ..common import uses
from ..common.fragments import Source

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


def in_out_edits(ws, task, origin: str, also=()) -> list[Edit]:
    """``uses.in_out_edits``, defaults moved; ``also``: entities through which other
    operations needing a variable are called (``X.Close`` after ``abort X``)."""
    out = []
    for fu, spec in uses.in_formals(ws, task, also):
        out.append(uses.in_out_edit(fu, spec, origin))
        if _default(spec) is not None:
            out += _moved_default(fu, spec, origin)
    return out


def _default(spec: Node) -> Node | None:
    assign = next((c for c in spec.children if c.type == ":="), None)
    return assign.next_named_sibling if assign is not None else None


def _moved_default(fu, spec: Node, origin: str) -> list[Edit]:
    """The default removed from ``spec`` and the overload passing it, or nothing
    when the subprogram is not one this handles."""
    formal_part = spec.parent
    proc = formal_part.parent if formal_part is not None else None
    unit = proc.parent if proc is not None else None
    if proc is None or proc.type != "procedure_specification" or unit is None \
            or unit.type not in ("subprogram_body", "subprogram_declaration"):
        return []
    specs = [c for c in formal_part.named_children if c.type == "parameter_specification"]
    names = [c for c in spec.children if c.type == "identifier" and c.end_byte <=
             next(k for k in spec.children if k.type == ":").start_byte]
    others = [s for s in specs if s.id != spec.id]
    if len(names) != 1 or any(_default(s) is not None for s in others):
        return []
    default = _default(spec)
    other_names = {text(i).lower() for s in others for i in s.children if i.type == "identifier"
                   and i.end_byte <= next(k for k in s.children if k.type == ":").start_byte}
    if {w.lower() for w in _WORD.findall(text(default))} & other_names:
        return []
    src = Source(fu)
    assign = next(c for c in spec.children if c.type == ":=")
    mark_end = assign.prev_sibling.end_byte
    edits = [Edit(fu.src.path, mark_end, default.end_byte, "", origin)]
    name = text(first_child(proc, "identifier"))
    profile = "; ".join(src.one_line(s) for s in others)
    head = f"procedure {name}" + (f" ({profile})" if profile else "")
    col = " " * src.column(unit.start_byte)
    if unit.type == "subprogram_declaration":
        new = f"\n{col}{head};"
    else:
        actuals = [f"{text(i)} => {text(i)}" for s in others for i in s.children
                   if i.type == "identifier" and i.end_byte <=
                   next(k for k in s.children if k.type == ":").start_byte]
        actuals.append(f"{text(names[0])} => {src.one_line(default)}")
        new = (f"\n\n{col}{head} is\n{col}begin\n{col}   {name} ({', '.join(actuals)});\n"
               f"{col}end {name};")
    edits.append(Edit(fu.src.path, unit.end_byte, unit.end_byte, new, origin))
    return edits
