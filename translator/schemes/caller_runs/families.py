"""Entry families of a server the caller-runs scheme turns into a package.

``entry E (R) (P : T)`` becomes ``procedure E (Member : E_Index; P : T)``,
with ``subtype E_Index is R;`` declared before it where the task was declared
(the family's range is evaluated there, as the task declaration evaluated it).
The turn's entry is a family too -- ``entry E (for Member in E_Index) when ...
and then Member = (X)`` -- open for the member the server's accept ``E (X)``
names: the index expression reads the task's variables and literals only,
like a guard, so the barrier has its value when the server reached the accept
(the variables change only while the turn is taken).  Each member keeps its
own queue, as the task's did.

A call ``T.E (I) (A)`` becomes ``T.E (I, A)``; ``T.E (I)`` stays.  The entry
call evaluates the index before the actuals, a procedure call in an order the
language leaves open: where either may call a function, the call becomes

    declare
       Member : constant T.E_Index := I;   -- the index first, checked there
    begin
       T.E (Member, A);
    end;

Anything else that names a family member -- a renaming, an attribute, a
conditional or timed call, a requeue -- is refused naming its place.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...frontend.syntax import (Node, ancestors, entry_name, first_child, named_whole, one_line,
                                text, walk)
from ...frontend.workspace import FileUnit, Workspace
from ...model import Entry
from ..base import Refusal
from ..common.fragments import STEP, Source


# GNAT's reference kinds that are no use of the entry: its accepts ('b'), end labels,
# the markers of its formals
HARMLESS = set("bltec<>=^")
OTHER_USE = "neither a call, an accept, nor a renaming of a member"


@dataclass(frozen=True)
class MemberCall:
    fu: FileUnit
    stmt: Node            # procedure_call_statement  T.E (I) (A)
    index: Node           # the actual_parameter_part (I)
    args: Node            # the actual_parameter_part (A)


def family_range(decl: Node) -> list[Node]:
    """The nodes of an entry declaration's discrete subtype definition."""
    out, inside = [], False
    for c in decl.children:
        if c.type in ("formal_part", "parameter_profile", ";"):
            break
        if inside and c.is_named:
            out.append(c)
        if c.type == "(":
            inside = True
    return out


def definition(ws: Workspace, fu: FileUnit, decl: Node) -> str | None:
    """The family's range as a subtype indication, or None when rdv2po cannot name its
    type (``A'Range``, bounds of a type it cannot find)."""
    parts = family_range(decl)
    if not parts:
        return None
    words = " ".join(one_line(p) for p in parts)
    if parts[0].type in ("identifier", "selected_component"):
        return words                      # a subtype mark, perhaps constrained
    if len(parts) != 1 or parts[0].type != "range_g":
        return None
    bounds = [c for c in parts[0].named_children]
    designator = first_child(parts[0], "range_attribute_designator")
    if designator is not None:
        if bounds[0].type != "identifier" or designator.named_children:
            return None                                 # A'Range (2), F (X)'Range
        index = _index_type(ws, fu, bounds[0])     # A'Range
        return f"{index} range {words}" if index else None
    if len(bounds) != 2 or any(b.type != "term" for b in bounds):
        return None
    if all(all(n.type in ("term", "numeric_literal") for n in walk(b) if n.is_named)
           for b in bounds):
        return f"Integer range {words}"   # RM 3.6(18): universal bounds are Integer's
    first = next((n for n in walk(bounds[0]) if n.type == "identifier"), None)
    if first is None:
        return None
    for ent, _kind in ws.xref.at(fu.pos(first)):
        if ent.kind == "n" and ent.type_ref.count(":") == 2:
            base, line, col = ent.type_ref.split(":")
            typ = ws.xref.declared_at((base, int(line), int(col)))
            if typ is not None:
                return f"{typ.name} range {words}"
    return None


def _index_type(ws: Workspace, fu: FileUnit, prefix: Node) -> str | None:
    """The name of the (first) index type of the array type or object ``prefix``."""
    for ent, _kind in ws.xref.at(fu.pos(prefix)):
        array = ent if ent.index_ref else _entity(ws, ent.type_ref)
        ref = array.index_ref if array is not None else ""
        if ref and ":" not in ref:
            return ref.capitalize()          # a type of Standard
        typ = _entity(ws, ref)
        if typ is not None:
            return typ.name
    return None


def _entity(ws: Workspace, ref: str):
    if ref.count(":") != 2:
        return None
    base, line, col = ref.split(":")
    return ws.xref.declared_at((base, int(line), int(col)))


@dataclass(frozen=True)
class MemberRenaming:
    """``procedure P (...) renames T.E (I);`` in the task's declarative part."""
    fu: FileUnit
    decl: Node            # subprogram_renaming_declaration
    index: Node           # I: a literal inside the family, the same at every call


def uses(ws: Workspace, fu: FileUnit, decl: Node, entry_decl: Node, entry: Entry,
         constant=lambda n: False) -> tuple[list, list[Refusal]]:
    """The family's calls and member renamings to rewrite, and a refusal for each use
    that is not a plain call ``T.E (I) [(A)]``, an accept of it, or a renaming of a
    member with a literal index in the task's declarative part.  ``constant(node)``:
    is the index the same wherever evaluated, and inside the family?"""
    calls, refused = [], []
    what = f"entry family {entry.name}"
    plain = set()
    renamings = _renamings(ws, fu, decl, entry, constant)
    renamed = {text(first_child(r.decl.named_children[0], "identifier")).lower()
               for r in renamings}
    for c in entry.calls:
        plain.add((c.loc.path, c.loc.line, c.loc.col))   # each named once, here
        if c.via and c.via.rsplit(".", 1)[-1].lower() in renamed and c.kind == "simple":
            continue          # a call of the procedure the renaming becomes
        if c.kind != "simple" or c.via:
            how = f"a call through the renaming {c.via}" if c.via else f"a {c.kind} call"
            refused.append(Refusal(c.loc, what, f"{how} of a family member: the member "
                                                "becomes a procedure's argument"))
            continue
        cfu = ws.by_display.get(c.loc.path)
        ident = cfu.ident_at(c.loc.line, c.loc.col) if cfu is not None else None
        stmt = next((a for a in ancestors(ident) if a.type == "procedure_call_statement"),
                    None) if ident is not None else None
        name = stmt.named_children[0] if stmt is not None else None
        if name is None or not _is_member_call(name, ident):
            refused.append(Refusal(c.loc, what, "a call rdv2po cannot find as written "
                                                "(Task.Entry (Index) (...))"))
            continue
        if name.type == "function_call":
            calls.append(MemberCall(cfu, stmt, first_child(name, "actual_parameter_part"),
                                    first_child(stmt, "actual_parameter_part")))
    ent = ws.xref.declared_at(fu.pos(entry_name(entry_decl)))
    known = plain | {(entry.loc.path, entry.loc.line, entry.loc.col)} | {
        (loc.path, loc.line, loc.col) for r in renamings   # GNAT names T.E or E
        for loc in [r.fu.loc(_renamed_entry(r.decl)), r.fu.loc(_renamed_entry(r.decl).parent)]}
    for r in ent.refs if ent is not None else ():
        loc = ws.loc_of(r.file, r.line, r.col)
        if loc is not None and (loc.path, loc.line, loc.col) not in known and \
                r.kind not in HARMLESS:
            rfu = ws.by_base.get(r.file)
            ident = rfu.ident_at_gnat(r.line, r.col) if rfu is not None else None
            shown, how = _use(ident) if ident is not None else (what, OTHER_USE)
            refused.append(Refusal(loc, shown, f"a use of the {what} rdv2po cannot "
                                               f"rewrite ({how}): the entry becomes a "
                                               "procedure"))
    return calls + renamings, refused


def _use(ident: Node) -> tuple[str, str]:
    """A use of the family's name ``ident`` as a message shows it, and what it is: an
    attribute of a member (``Wake (Finance)'Count``), a renaming of one."""
    whole = named_whole(ident)
    member = whole.parent if whole.parent is not None and \
        whole.parent.type == "function_call" and whole.parent.named_children[0] == whole \
        else whole
    tick = member.next_sibling
    if tick is not None and tick.type == "tick" and tick.next_named_sibling is not None:
        attr = text(tick.next_named_sibling)
        return f"{one_line(member, limit=40)}'{attr}", f"'{attr} of a member"
    renaming = next((a for a in ancestors(ident) if a.type.endswith("renaming_declaration")),
                    None)
    if renaming is not None:
        return one_line(renaming, limit=40), "a renaming of a member other than one of a " \
            "literal index in the declarative part declaring the task"
    return one_line(member, limit=40), OTHER_USE


def _renamed_entry(ren: Node) -> Node:
    """E of ``renames T.E (I)``."""
    return ren.named_children[1].named_children[0].named_children[-1]


def _renamings(ws: Workspace, fu: FileUnit, decl: Node, entry: Entry,
               constant) -> list[MemberRenaming]:
    """Renamings of a member written in the declarative part declaring the task (its
    subtypes are visible there): ``procedure P (...) renames T.E (Literal);``."""
    part = decl.parent
    if part is not None and part.type == "object_declaration":
        part = part.parent
    task = text(first_child(decl, "identifier"))
    if part is None or part.type != "non_empty_declarative_part":
        return []             # a package's declaration holds no body
    found = []
    for ren in part.named_children if part is not None else ():
        if ren.type != "subprogram_renaming_declaration" or len(ren.named_children) != 2:
            continue
        target = ren.named_children[1]
        if target.type != "function_call" or \
                target.named_children[0].type != "selected_component":
            continue
        sel = target.named_children[0]
        actuals = first_child(target, "actual_parameter_part")
        if [text(x).lower() for x in sel.named_children] != [task.lower(),
                                                            entry.name.lower()] or \
                actuals is None or len(actuals.named_children) != 1:
            continue
        index = first_child(actuals.named_children[0], "expression")
        if ren.named_children[0].type != "procedure_specification" or index is None:
            continue
        if constant(index):
            found.append(MemberRenaming(fu, ren, index))
    return found


def renaming_body(r: MemberRenaming, entry_decl: Node, task: str) -> tuple[int, int, str] | None:
    """The renaming as a procedure body calling the member: the renaming's formal
    names, modes and defaults, the entry's subtypes (RM 8.5.4: the renamed entity's
    constraints apply), or None when the formals do not line up."""
    src = Source(r.fu)
    spec = r.decl.named_children[0]
    name = text(first_child(spec, "identifier"))
    mine = _params(first_child(spec, "formal_part"))
    theirs = _params(first_child(entry_decl, "formal_part"))
    if len(mine) != len(theirs) or any(m is None for m in mine + theirs):
        return None
    formals = []
    for (names, mode, _mark, default), (_n, _m, mark, _d) in zip(mine, theirs):
        formals.append(f"{names} : {mode}{mark}" + (f" := {default}" if default else ""))
    index = src.one_line(r.index)
    args = ", ".join([index] + [m[0] for m in mine])
    indent = src.line_indent(r.decl.start_byte)
    head = f"procedure {name} ({'; '.join(formals)}) is" if formals else \
        f"procedure {name} is"
    lines = [f"--  rdv2po: a renaming of {task}.{text(_renamed_entry(r.decl))} ({index}), "
             "whose subtypes apply", head, "begin",
             f"{STEP}{task}.{text(_renamed_entry(r.decl))} ({args});", f"end {name};"]
    return r.decl.start_byte, r.decl.end_byte, "\n".join(
        (indent + ln if i else ln) for i, ln in enumerate(lines))


def _params(formal: Node | None) -> list:
    """(names, mode, subtype mark, default) per parameter position, None for one
    rdv2po does not copy (an access parameter)."""
    if formal is None:
        return []
    out = []
    for p in formal.named_children:
        if p.type != "parameter_specification":
            continue
        ids = [c for c in p.named_children if c.type == "identifier"]
        mode = first_child(p, "non_empty_mode")
        rest = [c for c in p.named_children if c.type not in ("identifier", "non_empty_mode",
                                                               "comment")]
        # the subtype mark is the last identifier (or a selected component) before :=
        marks = [c for c in p.named_children if c.type in ("identifier", "selected_component")]
        if not marks or any(c.type not in ("expression", "selected_component") for c in rest):
            out += [None]
            continue
        mark = marks[-1]
        names = [text(c) for c in ids if c != mark]
        default = next((c for c in rest if c.type == "expression"), None)
        m = one_line(mode).lower() + " " if mode is not None else ""
        for n in names:
            out.append((n, m, one_line(mark),
                        one_line(default) if default is not None else ""))
    return out


def _is_member_call(name: Node, ident: Node) -> bool:
    """``T.E (I) (A)`` (a function_call of ``T.E``) or ``T.E (I)`` (the statement's name
    ``T.E`` with one actual part), ``ident`` being E."""
    sel = name.named_children[0] if name.type == "function_call" else name
    return sel.type == "selected_component" and sel.named_children[-1] == ident


def simple(n: Node) -> bool:
    """No function call (or what the parser cannot tell from one) in ``n``."""
    return not any(x.type == "function_call" for x in walk(n))


def rewrite(call: MemberCall, subtype: str, member: str,
            operators: bool) -> tuple[int, int, str]:
    """The byte range and text of the call with the index as the first argument;
    a block evaluating the index first where an actual or the index may call a
    function (``operators``: the program declares operators, which may)."""
    src = Source(call.fu)
    name = call.stmt.named_children[0]
    sel = src.node(name.named_children[0])
    index = src.node(call.index)[1:-1].strip()
    args = src.node(call.args)[1:-1].strip()
    if not operators and simple(call.index) and simple(call.args):
        return call.stmt.start_byte, call.stmt.end_byte, f"{sel} ({index}, {args});"
    prefix = src.node(name.named_children[0].named_children[0])
    indent = src.line_indent(call.stmt.start_byte)
    lines = ["declare", f"{STEP}{member} : constant {prefix}.{subtype} := {index};",
             "begin", f"{STEP}{sel} ({member}, {args});", "end;"]
    return call.stmt.start_byte, call.stmt.end_byte, "\n".join(
        (indent + ln if i else ln) for i, ln in enumerate(lines))


def declares_operators(ws: Workspace) -> bool:
    return any(first_child(s, "string_literal") is not None or
               any(c.type == "string_literal" for c in s.children)
               for fu in ws.units() for s in fu.nodes_of_type("function_specification"))


# -- is an accept's index inside the family? -------------------------------------
# The task raised Constraint_Error where it reached an accept whose index lies
# outside the family; the barrier standing for that accept would only stay closed.
# So an index is taken where it is known to lie inside: a literal within the
# family's bounds, or a variable of the task declared with the family's subtype.

INT_RANGES = {"integer": (-2**31, 2**31 - 1), "natural": (0, 2**31 - 1),
              "positive": (1, 2**31 - 1)}


def index_inside(ws: Workspace, fu: FileUnit, decl: Node, index: Node,
                 marks: dict[str, str]) -> bool:
    """``marks``: the task's variables (lower case) and their subtype marks as written."""
    core = _core(index)
    parts = family_range(decl)
    if core is not None and core.type == "identifier" and text(core).lower() in marks:
        return len(parts) == 1 and parts[0].type == "identifier" and \
            marks[text(core).lower()].lower() == text(parts[0]).lower()
    value = _value(ws, core) if core is not None else None
    bounds = _bounds(ws, fu, parts, 4)
    if value is None or bounds is None:
        return False
    kind, lo, hi = bounds
    if kind != value[0]:
        return False
    return lo is None or lo <= value[1] <= hi


def _core(e: Node) -> Node | None:
    """The one literal or name an index expression is, or None."""
    named = [n for n in walk(e) if n.is_named and n.type not in (
        "expression", "term", "factor", "primary", "parenthesized_expression")]
    return named[0] if len(named) == 1 else None


def _value(ws: Workspace, n: Node):
    """(kind, value): ("int", 3), ("char", 120), ("bool", 1), (enumeration, position)."""
    if n.type == "numeric_literal":
        digits = text(n).replace("_", "")
        return ("int", int(digits)) if digits.isdigit() else None
    if n.type == "character_literal":
        return ("char", ord(text(n)[1]))
    if n.type == "identifier" and text(n).lower() in ("false", "true"):
        return ("bool", ("false", "true").index(text(n).lower()))
    if n.type == "identifier":
        return _literal(ws, text(n).lower())
    return None


def _literal(ws: Workspace, name: str):
    found = []
    for fu in ws.units():
        for d in fu.nodes_of_type("enumeration_type_definition"):
            names = [text(c).lower() for c in d.named_children if c.type == "identifier"]
            if name in names:
                found.append(((fu.display, d.start_byte), names.index(name)))
    return found[0] if len(found) == 1 else None


def _bounds(ws: Workspace, fu: FileUnit, parts: list[Node], depth: int):
    """(kind, low, high) of a discrete subtype definition; low None: the whole type."""
    if depth == 0 or not parts:
        return None
    if parts[0].type == "range_g":
        rng = parts[0]
        designator = first_child(rng, "range_attribute_designator")
        if designator is not None:
            return _array_bounds(ws, fu, rng.named_children[0], depth)
        ends = [_value(ws, c) if c is not None else None
                for c in (_core(b) for b in rng.named_children)]
        if len(ends) != 2 or None in ends or ends[0][0] != ends[1][0]:
            return None
        return ends[0][0], ends[0][1], ends[1][1]
    constraint = next((p for p in parts[1:] if p.type == "range_constraint"), None)
    if constraint is not None:
        return _bounds(ws, fu, [first_child(constraint, "range_g")], depth - 1)
    if len(parts) != 1 or parts[0].type != "identifier":
        return None
    name = text(parts[0]).lower()
    if name in INT_RANGES:
        return ("int", *INT_RANGES[name])
    if name == "character":
        return ("char", None, None)
    if name == "boolean":
        return ("bool", None, None)
    decls = [d for u in ws.units() for k in ("full_type_declaration", "subtype_declaration")
             for d in u.nodes_of_type(k)
             if d.named_children and text(d.named_children[0]).lower() == name]
    if len(decls) != 1:
        return None
    d = decls[0]
    if d.type == "full_type_declaration":
        enum = first_child(d, "enumeration_type_definition")
        if enum is not None:
            return (fu_key(ws, d, enum), None, None)
        integer = first_child(d, "signed_integer_type_definition")
        if integer is None:
            return None
        ends = [_value(ws, c) if c is not None else None
                for c in (_core(b) for b in integer.named_children)]
        if len(ends) != 2 or None in ends or any(e[0] != "int" for e in ends):
            return None
        return "int", ends[0][1], ends[1][1]
    return _bounds(ws, fu, d.named_children[1:], depth - 1)


def fu_key(ws: Workspace, d: Node, enum: Node):
    unit = next(u for u in ws.units() if d in u.nodes_of_type(d.type))
    return (unit.display, enum.start_byte)


def _array_bounds(ws: Workspace, fu: FileUnit, prefix: Node, depth: int):
    """The bounds of ``prefix'Range``: of the array type, or of the object's type."""
    for ent, _kind in ws.xref.at(fu.pos(prefix)):
        array = ent if ent.index_ref else _entity(ws, ent.type_ref)
        if array is None:
            continue
        decls = [d for u in ws.units() for d in u.nodes_of_type("full_type_declaration")
                 if d.named_children and text(d.named_children[0]).lower() ==
                 array.name.lower()]
        arr = first_child(decls[0], "array_type_definition") if len(decls) == 1 else None
        if arr is None:
            return None
        index = [c for c in arr.named_children if c.type != "component_definition"]
        return _bounds(ws, fu, index, depth - 1)
    return None
