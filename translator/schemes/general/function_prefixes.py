"""Entry calls through a function's result: ``Make.E;``, ``Make (3).E (X);``.

A task returned by a function can be called at once (Ada 2005); a protected
object returned by a function is a constant, whose entries cannot be called
(RM 9.5(7.1)).  So the call statement becomes a block holding the result in
an object built in place, the call naming it:

    declare
       Make_Result : Server := Make (3);
    begin
       Make_Result.E (X);
    end;

The function is called at the same point, once.  The block is the master of
the object, as the call statement was of the function's result (RM
7.6.1(3)): the task is awaited at the same place, the end of the statement.
Only a plain call statement is rewritten: in a conditional or timed call the
statement awaiting the result is the entry call alone, before its
alternative's statements, which no block around the select keeps.
"""

from __future__ import annotations

from ...frontend.syntax import Node, first_child, one_line, text
from ...write.edits import Edit
from ..common.fragments import Source

CONTAINERS = ("selected_component", "function_call")


def edits(ws, task, origin: str, fresh) -> list[Edit]:
    out = []
    for entry in task.entries:
        for site in entry.calls:
            if site.kind != "simple":
                continue
            fu = ws.by_display.get(site.loc.path)
            ident = fu.ident_at(site.loc.line, site.loc.col) if fu is not None else None
            hit = _through_function(ws, fu, ident) if ident is not None else None
            if hit is not None:
                out.append(_block(fu, *hit, origin, fresh))
    return out


def _through_function(ws, fu, ident: Node):
    """(statement, prefix, function's result subtype mark) when ``ident`` (the entry's
    name) is called through a function's result in a plain call statement."""
    sel = ident.parent
    if sel is None or sel.type != "selected_component" or sel.named_children[-1] != ident:
        return None
    prefix = sel.named_children[0]
    name = prefix.named_children[0] if prefix.type == "function_call" else prefix
    if name.type != "identifier":
        return None
    mark = _result_mark(ws, fu, name)
    if mark is None:
        return None
    node = sel
    while node.parent is not None and node.parent.type in CONTAINERS \
            and node.parent.named_children[0] == node:
        node = node.parent
    stmt = node.parent
    if stmt is None or stmt.type != "procedure_call_statement" or stmt.named_children[0] != node \
            or stmt.parent is None or stmt.parent.type != "sequence_of_statements":
        return None
    return stmt, prefix, mark


def _result_mark(ws, fu, name: Node) -> str | None:
    """The result subtype mark of the function ``name`` denotes, as declared."""
    for ent, _k in ws.xref.at(fu.pos(name)):
        if ent.kind != "V":
            continue
        loc = ws.loc_of(ent.file, ent.line, ent.col)
        dfu = ws.by_display.get(loc.path) if loc is not None else None
        ident = dfu.ident_at(loc.line, loc.col) if dfu is not None else None
        spec = ident.parent if ident is not None else None
        if spec is None or spec.type != "function_specification":
            return None
        profile = first_child(spec, "result_profile")
        mark = profile.named_children[0] if profile is not None and profile.named_children \
            else None
        if mark is None or mark.type not in ("identifier", "selected_component"):
            return None
        return one_line(mark)
    return None


def _block(fu, stmt: Node, prefix: Node, mark: str, origin: str, fresh) -> Edit:
    src = Source(fu)
    callee = prefix.named_children[0] if prefix.type == "function_call" else prefix
    obj = fresh(f"{text(callee)}_Result")
    col = " " * src.column(stmt.start_byte)
    call = (src.text(stmt.start_byte, prefix.start_byte) + obj
            + src.text(prefix.end_byte, stmt.end_byte))
    call = call.replace("\n", "\n   ")
    value = src.one_line(prefix)
    new = (f"declare\n{col}   {obj} : {mark} := {value};\n{col}begin\n{col}   {call}\n"
           f"{col}end;")
    return Edit(fu.src.path, stmt.start_byte, stmt.end_byte, new, origin)
