"""Calls no statement writes: those the declarations a body names make it run.

A body runs more than its written calls.  Calling a subprogram checks its
``Pre`` and ``Post`` and evaluates the defaults of parameters left out;
assigning an object, converting to a subtype or passing a parameter checks
the subtype's ``Dynamic_Predicate``; a type's ``Type_Invariant`` is checked
on the way out of its operations, its ``Default_Value`` or its components'
defaults run where an object is declared.  Each may call a subprogram of the
sources, which may block or never end: the analyses that follow calls (the
blocking and reach checks, the termination proofs) must follow these too.

So a name in a body stands for the calls made by the declarations it leads
to: a called subprogram's specification and aspects; the declaration of a
type named, or of the type of an object, component or function named, and of
every type named there in turn (a record's components, an array's, a parent
type).  Every subprogram named in those declarations counts as called where
the name is (more than runs: an aspect naming a subprogram, ``Constant_Indexing
=> Element``, calls it too).  Where GNAT has not cross-referenced such a
declaration yet (its unit was not compiled), a call of an unknown subprogram
stands in; naming the declaration, it asks the front end to compile that
unit, and refuses if it never is.
"""

from __future__ import annotations

import dataclasses

from ..model import Call
from .ali import Entity
from .syntax import Node, ancestors, one_line, text, walk
from .workspace import FileUnit, Workspace

SUBPROGRAMS = frozenset("UVuv")
UNITS = SUBPROGRAMS | frozenset("Kk")      # subprograms and packages
UNWRITTEN = "unwritten, made by "
# the operations of a tagged type the language calls on its own (RM 7.6, 13.11)
OPERATIONS = {"initialize", "adjust", "finalize", "allocate", "deallocate"}
TYPE_DECLS = {"full_type_declaration", "subtype_declaration", "private_type_declaration",
              "private_extension_declaration", "incomplete_type_declaration"}
SUBPROGRAM_DECLS = {"subprogram_declaration", "abstract_subprogram_declaration",
                    "null_procedure_declaration", "expression_function_declaration",
                    "subprogram_body", "subprogram_renaming_declaration",
                    "entry_declaration"}
# the parts of a subprogram declaration a call runs (not an expression function's
# expression, nor a body's statements: the body's own calls)
SPEC_PARTS = {"procedure_specification", "function_specification", "aspect_specification"}
# references that call nothing: a body, a completion, an end name, a with clause,
# the parent unit of a child, a subprogram's formals (by mode), a primitive operation
NOT_USES = frozenset("bcelktw<>=^pP")


@dataclasses.dataclass(frozen=True)
class Hidden:
    """A subprogram a declaration names: called wherever that declaration applies."""
    fu: FileUnit
    ref: Node                # the name in the declaration
    entity: Entity | None    # None: the declaration's unit is not cross-referenced
    where: str               # "the Dynamic_Predicate of Checked"


def calls_at(ws: Workspace, fu: FileUnit, nodes, make_call) -> list[Call]:
    """The implicit calls of the names among ``nodes`` (of ``fu``), each located at
    the name that makes it; ``make_call(fu, ident, entity)`` builds a Call."""
    memo = _memo(ws)
    out: list[Call] = []
    seen: set = set()
    for n in nodes:
        if n.type != "identifier" and (n.is_named or n.child_count):
            continue
        for ent, kind in ws.xref.at(fu.pos(n)):
            if kind in NOT_USES or _prefix(n, ent):
                continue
            for h in _closure(ws, ent, memo):
                key = (fu.pos(n), h.fu.pos(h.ref))
                if key in seen:
                    continue
                seen.add(key)
                out.append(_located(ws, fu, n, h, make_call))
    return out


def hidden_of(ws: Workspace, fu: FileUnit, node: Node) -> list[Hidden]:
    """What the names of ``node`` call without writing it (termination's question:
    does a loop call a subprogram of the sources?)."""
    memo = _memo(ws)
    found = []
    for n in walk(node):
        if n.type == "identifier" or (not n.is_named and n.child_count == 0):
            for ent, kind in ws.xref.at(fu.pos(n)):
                if kind not in NOT_USES and not _prefix(n, ent):
                    found += _closure(ws, ent, memo)
    return found


def _prefix(n: Node, ent: Entity) -> bool:
    """The prefix of an expanded name (``Main`` in ``Main.Count``): it names a unit,
    calls nothing."""
    p = n.parent
    return ent.kind in UNITS and p is not None and p.type == "selected_component" and \
        p.named_children[-1] != n


def _located(ws, fu: FileUnit, site: Node, h: Hidden, make_call) -> Call:
    words = one_line(site)
    if h.entity is None:
        loc = h.fu.loc(h.ref)
        why = f"{UNWRITTEN}{h.where} ({loc.path}:{loc.line}), where {words} is named, " \
              "whose unit GNAT did not cross-reference"
        return Call(name=f"{words} ({why})", loc=fu.loc(site), kind="subprogram",
                    target=h.where, decl=loc, body=None,
                    unit=ws.xref.unit_of_file(h.fu.base) or h.fu.main_unit)
    call = make_call(h.fu, h.ref, h.entity)
    at = h.fu.loc(h.ref)
    via = f"{UNWRITTEN}{h.where} ({at.path}:{at.line}) where {words} is named"
    return dataclasses.replace(call, loc=fu.loc(site), name=f"{call.name} ({via})")


def via(call: Call) -> str:
    """What makes an unwritten call (in its name, after the callee's), or ""."""
    at = call.name.find(" (" + UNWRITTEN)
    return call.name[at + 2:-1] if at >= 0 else ""


def _memo(ws: Workspace) -> dict:
    """Per workspace, while its cross references stay as they are."""
    state = (len(ws.xref.entities), sum(1 for f in ws.files if f.resolved))
    memo = ws.__dict__.get("_implicit_memo")
    if memo is None or memo[0] != state:
        memo = (state, {})
        ws.__dict__["_implicit_memo"] = memo
    return memo[1]


def _closure(ws: Workspace, ent: Entity, memo: dict) -> list[Hidden]:
    """Every subprogram the declarations ``ent`` leads to name, each once."""
    key = ("closure", ent.key)
    if key not in memo:
        found: dict = {}
        todo, seen = [ent], {ent.key}
        while todo:
            hidden, nexts = _direct(ws, todo.pop(), memo)
            for h in hidden:
                found.setdefault(h.fu.pos(h.ref), h)
            for e in nexts:
                if e.key not in seen:
                    seen.add(e.key)
                    todo.append(e)
        memo[key] = list(found.values())
    return memo[key]


def _direct(ws: Workspace, ent: Entity, memo: dict) -> tuple[list[Hidden], list[Entity]]:
    """The subprograms ``ent``'s own declarations name, and the entities they lead to
    (types named, its type, the subprograms named)."""
    key = ("direct", ent.key)
    if key not in memo:
        hidden: list[Hidden] = []
        nexts: list[Entity] = []
        for decl_fu, header in _headers(ws, ent):
            _named_in(ws, decl_fu, header, _owner(header, ent), hidden, nexts)
        for ref in (ent.type_ref, ent.component_ref):
            typ = _entity_of(ws, ref)
            if typ is not None:
                nexts.append(typ)
        for h in _operations(ws, ent):
            hidden.append(h)
            nexts.append(h.entity)
        memo[key] = (hidden, nexts)
    return memo[key]


def _operations(ws: Workspace, ent: Entity) -> list[Hidden]:
    """A type's overriding Initialize, Adjust, Finalize (a controlled type: run where
    an object is declared, assigned, left), Allocate and Deallocate (a storage pool:
    run by an allocator of an access type it serves); GNAT lists each primitive
    operation of a tagged type among its references, ``P`` an overriding one."""
    found: list[Hidden] = []
    for r in ent.refs:
        op = ws.xref.entities.get((r.file, r.line, r.col)) if r.kind in "pP" else None
        if op is None or op.kind not in SUBPROGRAMS or op.name.lower() not in OPERATIONS:
            continue
        fu = ws.by_base.get(r.file)
        ref = fu.ident_at_gnat(r.line, r.col) if fu is not None and fu.tree is not None \
            else None
        if ref is not None:
            found.append(Hidden(fu, ref, op, f"the type {_named(ws, ent)}, whose "
                                              f"{text(ref)} the language calls"))
    return found


def _entity_of(ws: Workspace, ref: str) -> Entity | None:
    parts = ref.rsplit(":", 2)
    if len(parts) != 3 or not parts[1].isdigit():
        return None
    return ws.xref.entities.get((parts[0], int(parts[1]), int(parts[2])))


def _headers(ws: Workspace, ent: Entity) -> list[tuple[FileUnit, Node]]:
    """The declarations of ``ent`` whose calls a use of it runs: a type's (its full
    view too), a subprogram's or entry's specification and aspects."""
    out = []
    places = [(ent.file, ent.line, ent.col)]
    places += [(r.file, r.line, r.col) for r in ent.refs if r.kind == "c"]
    for base, line, col in places:
        fu = ws.by_base.get(base)
        ident = fu.ident_at_gnat(line, col) if fu is not None and fu.tree is not None \
            else None
        decl = ident.parent if ident is not None else None
        while decl is not None and decl.type in ("selected_component", "name"):
            decl = decl.parent
        if decl is None:
            continue
        if decl.type in ("procedure_specification", "function_specification"):
            decl = decl.parent
        if decl.type in TYPE_DECLS or decl.type in SUBPROGRAM_DECLS:
            out.append((fu, decl))
    return out + _clauses(ws, ent)


def _clauses(ws: Workspace, ent: Entity) -> list[tuple[FileUnit, Node]]:
    """The attribute definition clauses of ``ent`` (``for T'Write use W;``, ``for
    A'Storage_Pool use P;``): the subprograms and objects they name are called where
    the type is used (a stream attribute, an allocator)."""
    out = []
    for r in ent.refs:
        fu = ws.by_base.get(r.file) if r.kind == "r" else None
        ident = fu.ident_at_gnat(r.line, r.col) if fu is not None and fu.tree is not None \
            else None
        clause = ident.parent if ident is not None else None
        if clause is not None and clause.type == "attribute_definition_clause" and \
                clause.named_children and clause.named_children[0] == ident:
            out.append((fu, clause))
    return out


def _named(ws: Workspace, ent: Entity) -> str:
    """The entity's name as its declaration spells it."""
    fu = ws.by_base.get(ent.file)
    ident = fu.ident_at_gnat(ent.line, ent.col) if fu is not None and fu.tree is not None \
        else None
    return text(ident) if ident is not None else ent.name


def _owner(header: Node, ent: Entity) -> str:
    name = next((c for c in header.named_children if c.type == "identifier"), None)
    if name is None:
        spec = next((c for c in header.named_children if c.type.endswith("_specification")),
                    None)
        name = next((c for c in spec.named_children if c.type in ("identifier", "name",
                     "selected_component")), None) if spec is not None else None
    return text(name) if name is not None else ent.name


def _parts(header: Node) -> list[Node]:
    if header.type in TYPE_DECLS or header.type in ("entry_declaration",
                                                     "attribute_definition_clause"):
        return [header]
    return [c for c in header.children if c.type in SPEC_PARTS]


def _named_in(ws: Workspace, fu: FileUnit, header: Node, owner: str,
              hidden: list[Hidden], nexts: list[Entity]) -> None:
    if not _cross_referenced(ws, fu):
        if not _plain(header):
            hidden.append(Hidden(fu, header, None, f"the declaration of {owner}"))
        return
    if header.type == "subprogram_renaming_declaration":
        # a call of the renaming is the call of the renamed subprogram (calls.py
        # follows it as written); its Pre and its defaults are still made
        target = header.named_children[-1]
        nexts += [e for n in walk(target) if n.type == "identifier"
                  for e, k in ws.xref.at(fu.pos(n)) if e.kind in SUBPROGRAMS]
    for part in _parts(header):
        for n in walk(part):
            if n.type != "identifier" and (n.is_named or n.child_count):
                continue
            for ent, kind in ws.xref.at(fu.pos(n)) or _aspect_names(ws, fu, n):
                if kind in NOT_USES or _prefix(n, ent) or \
                        ws.loc_of(ent.file, ent.line, ent.col) is None:
                    continue           # outside the sources: nothing to follow
                if ent.kind in SUBPROGRAMS:
                    hidden.append(Hidden(fu, n, ent, _where(n, header, owner)))
                nexts.append(ent)


def _aspect_names(ws: Workspace, fu: FileUnit, n: Node) -> list[tuple[Entity, str]]:
    """The subprograms of ``fu`` named like ``n``, an aspect's value GNAT records no
    reference for (``Constant_Indexing => Get``: every ``Get`` may be the one the
    indexing calls)."""
    aspect = next((a for a in ancestors(n) if a.type == "aspect_association"), None)
    if n.type != "identifier" or aspect is None or aspect.named_children[0] == n:
        return []
    index = ws.__dict__.get("_subprograms_by_name")
    if index is None or index[0] != len(ws.xref.entities):
        by_name: dict = {}
        for e in ws.xref.entities.values():
            if e.kind in SUBPROGRAMS:
                by_name.setdefault((e.file, e.name.lower()), []).append(e)
        index = (len(ws.xref.entities), by_name)
        ws.__dict__["_subprograms_by_name"] = index
    return [(e, "r") for e in index[1].get((fu.base, text(n).lower()), ())]


def _cross_referenced(ws: Workspace, fu: FileUnit) -> bool:
    """Did GNAT compile the file's unit (a spec with its body)?"""
    unit = fu.main_unit.lower()
    return fu.resolved or bool(unit) and any(
        o.resolved and o.main_unit.lower() == unit for o in ws.files)


def _plain(header: Node) -> bool:
    """A declaration that names nothing but itself and its parameters' or result's
    Standard types: no call to find in it (so no unit to compile for it)."""
    names = [n for n in walk(header) if n.type == "identifier"]
    words = {text(n).lower() for n in names}
    own = {text(c).lower() for c in walk(header) if c.type == "identifier"
           and c.parent is not None and c.parent.type in ("parameter_specification",)
           and c == c.parent.named_children[0]}
    return not any(n.type in ("aspect_specification", "expression") for n in walk(header)) \
        and words - own <= _STANDARD_TYPES | {_first_name(header)}


_STANDARD_TYPES = {"integer", "natural", "positive", "boolean", "character", "string",
                   "float", "duration", "long_integer", "long_float", "wide_character",
                   "wide_string"}


def _first_name(header: Node) -> str:
    for n in walk(header):
        if n.type == "identifier":
            return text(n).lower()
    return ""


def _where(ref: Node, header: Node, owner: str) -> str:
    below = ref
    for a in ancestors(ref):
        if a == header:
            break
        if a.type == "aspect_association" and a.named_children:
            return f"the {text(a.named_children[0])} of {owner}"
        if a.type in ("parameter_specification", "component_declaration",
                      "discriminant_specification") and a.named_children:
            what = {"parameter_specification": "parameter",
                    "component_declaration": "component"}.get(a.type, "discriminant")
            part = "default" if below.type == "expression" else "declaration"
            return f"the {part} of {what} {text(a.named_children[0])} of {owner}"
        below = a
    return f"the declaration of {owner}"
