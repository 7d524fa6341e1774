"""Call sites, resolved: GNAT says what a name denotes, the tree says how it is used.

GNAT's cross references mark most calls with ``s``, but a call of an entry
family member (``T.E (I) (X)``) is only a read ``r``, and a call through a
renaming points at the renaming.  So a call is recognised syntactically
(the name of a procedure call statement, a requeue target, the entry call of
a conditional or timed call) and resolved through the reference GNAT
recorded at that identifier's position.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .ali import Entity
from .decls import last_identifier, name_node, qualified_name
from ..model import Call, CallSite
from .structure import NESTED_UNITS, own_nodes
from .syntax import Node, ancestors, entry_name, one_line, text, walk
from .actuals import actual_calls
from .creation import creations
from .elaboration import elaborated
from .implicit import calls_at
from .indirect import indirect_calls
from .iteration import iteration_calls
from .instances import generic_body
from .unchecked import unit_of_instance
from .workspace import FileUnit, Workspace

SUBPROGRAM_KINDS = set("UVuv")   # procedures and functions (upper: library level)
CALLER_SCOPES = {"task_body", "subprogram_body", "package_body", "entry_body", "protected_body"}
# Declarations that are bodies too (RM 6.8, 6.7): GNAT records no separate body
# reference for one that is not a completion.
BODY_DECLS = {"expression_function_declaration", "null_procedure_declaration"}
SUBPROGRAM_DECLS = BODY_DECLS | {"subprogram_declaration", "subprogram_body",
                                 "subprogram_renaming_declaration", "generic_instantiation"}


def call_context(ident: Node) -> tuple[str, Node] | None:
    """('simple'|'conditional'|'timed'|'requeue', statement) when ``ident`` names a callee."""
    node = ident
    while True:
        parent = node.parent
        if parent is None:
            return None
        named = parent.named_children
        if parent.type == "selected_component" and named and named[-1] == node:
            node = parent
        elif parent.type == "function_call" and named and named[0] == node:
            node = parent
        else:
            break
    parent = node.parent
    if parent is None or not parent.named_children or parent.named_children[0] != node:
        return None
    if parent.type == "requeue_statement":
        return "requeue", parent
    if parent.type != "procedure_call_statement":
        return None
    alt = parent.parent
    if alt is not None and alt.type == "entry_call_alternative" and alt.parent is not None:
        if alt.parent.type == "conditional_entry_call":
            return "conditional", parent
        if alt.parent.type == "timed_entry_call":
            return "timed", parent
    return "simple", parent


def caller_of(node: Node) -> tuple[str, str | None]:
    """Innermost enclosing body's qualified name, and the enclosing task's."""
    caller, task = "", None
    for a in ancestors(node):
        if a.type in CALLER_SCOPES and not caller:
            caller = qualified_name(a)
        if a.type == "task_body":
            task = qualified_name(a)
            break
    return caller, task


@dataclass
class EntryTable:
    """Entries declared in the sources, and subprograms that rename entries."""
    owners: dict[tuple, tuple[str, str]] = field(default_factory=dict)  # pos -> (kind, owner)
    renamings: dict[tuple, tuple] = field(default_factory=dict)          # renaming pos -> entry pos
    # a subprogram renaming (as a declaration) -> the subprogram it names, whose body
    # the call runs (``procedure Home renames Terminal.Home;``)
    subprogram_renamings: dict[tuple, tuple] = field(default_factory=dict)

    def entry_kind(self, key: tuple) -> str:
        owner = self.owners.get(key)
        if owner is None:
            return "entry"
        return "entry" if owner[0] == "task" else "protected_entry"


def build_entry_table(ws: Workspace) -> EntryTable:
    table = EntryTable()
    for fu in ws.units():
        for n in fu.nodes_of_type("entry_declaration"):
            owner = _owner(n)
            name = entry_name(n)
            if owner is None or name is None:
                continue
            table.owners[fu.pos(name)] = owner
    direct: dict[tuple, tuple] = {}
    for fu in ws.units():
        for n in fu.nodes_of_type("subprogram_renaming_declaration"):
            target = n.named_children[-1] if n.named_children else None
            spec = n.named_children[0] if n.named_children else None
            if target is None or spec is None or not spec.named_children:
                continue
            for ent, _ in ws.xref.at(fu.pos(last_identifier(target))):
                direct[fu.pos(spec.named_children[0])] = ent.key
                if ent.kind == "Y":
                    break
    for key in direct:   # renamings of renamings, down to the entry
        seen, cur = {key}, direct[key]
        while cur in direct and cur not in seen:
            seen.add(cur)
            cur = direct[cur]
        ent = ws.xref.entities.get(cur)
        if ent is not None and ent.kind == "Y":
            table.renamings[key] = cur
        elif ent is not None and ent.kind in SUBPROGRAM_KINDS and cur != key:
            table.subprogram_renamings[key] = cur
    return table


def _owner(entry_decl: Node) -> tuple[str, str] | None:
    for a in ancestors(entry_decl):
        if a.type in ("single_task_declaration", "task_type_declaration"):
            return "task", qualified_name(a)
        if a.type in ("single_protected_declaration", "protected_type_declaration"):
            return "protected", qualified_name(a)
    return None


def resolve_callee(ws: Workspace, table: EntryTable, fu: FileUnit, ident: Node):
    """(entity, entry key or None, via) for an identifier in call position."""
    for ent, kind in ws.xref.at(fu.pos(ident)):
        if ent.kind == "Y":
            return ent, ent.key, None
        if ent.key in table.renamings:
            return ent, table.renamings[ent.key], ent.name
        if ent.kind in SUBPROGRAM_KINDS and kind == "s":
            return ent, None, None
    return None


def entry_call_sites(ws: Workspace, table: EntryTable) -> dict[tuple, list[CallSite]]:
    """Every call of every entry in the sources, keyed by the entry's position."""
    sites: dict[tuple, list[CallSite]] = {}
    for fu in ws.resolved_units():
        for ident in fu.nodes_of_type("identifier"):
            ctx = call_context(ident)
            if ctx is None:
                continue
            hit = resolve_callee(ws, table, fu, ident)
            if hit is None or hit[1] is None:
                continue
            _ent, entry_key, via = hit
            caller, task = caller_of(ident)
            sites.setdefault(entry_key, []).append(CallSite(
                loc=fu.loc(ident), kind=ctx[0], caller_unit=fu.main_unit,
                caller=caller, caller_task=task, via=via))
    return sites


def calls_in(ws: Workspace, table: EntryTable, fu: FileUnit, body: Node) -> tuple[Call, ...]:
    """Calls a body makes itself (not those of units nested in it)."""
    found = []
    for ident in own_nodes(body):
        if ident.type != "identifier":
            continue
        hit = resolve_callee(ws, table, fu, ident)
        if hit is None:
            continue
        ent, entry_key, _via = hit
        if entry_key is not None and call_context(ident) is None:
            continue   # E'Count, a renaming declaration: not calls
        found.append(_call(ws, table, fu, ident, ent, entry_key))
    # what the names of the body make it run unwritten: aspects, defaults (implicit.py)
    found += calls_at(ws, fu, own_nodes(body),
                      lambda hfu, ref, ent: _call(ws, table, hfu, ref, ent, None))
    # tasks its declarations create (creation.py)
    found += creations(ws, fu, own_nodes(body))
    # calls through access-to-subprogram values, which no analysis can follow
    found += indirect_calls(ws, fu, own_nodes(body))
    # the sources' actuals a generic outside them calls (actuals.py)
    found += actual_calls(ws, fu, own_nodes(body),
                          lambda afu, ref, ent: _call(ws, table, afu, ref, ent, None))
    # the iterator operations a generalized loop calls (iteration.py)
    found += iteration_calls(ws, fu, own_nodes(body))
    # what the packages declared in it run when the body elaborates them (elaboration.py)
    found += elaborated(ws, fu, body, lambda efu, node: calls_in(ws, table, efu, node))
    return tuple(found)


def _call(ws, table, fu, ident, ent: Entity, entry_key) -> Call:
    if entry_key is not None:
        target_ent = ws.xref.entities.get(entry_key, ent)
        kind = table.entry_kind(entry_key)
    else:
        target_ent, kind = _renamed(ws, table, ent), "subprogram"
    unit = ws.xref.unit_of_file(target_ent.file)
    body_ref = ws.xref.body_of(target_ent)
    decl = ws.loc_of(target_ent.file, target_ent.line, target_ent.col)
    body = ws.loc_of(body_ref.file, body_ref.line, body_ref.col) if body_ref else None
    if body is None and kind == "subprogram" and decl is not None:
        body = decl if body_node_at(ws, decl, BODY_DECLS) is not None else \
            _null_completion(ws, decl)
        unit = (unit_of_instance(ws, decl) or unit) if body is None else unit
    if body is None and kind == "subprogram" and decl is not None:
        body = generic_body(ws, decl)
    return Call(
        name=one_line(_callee_name(ident)),
        loc=fu.loc(ident), kind=kind,
        target=_target_name(ws, table, target_ent, entry_key, unit),
        decl=decl, body=body, unit=unit)


def _renamed(ws: Workspace, table: EntryTable, ent: Entity) -> Entity:
    """The subprogram a call of ``ent`` runs: through a renaming declaration (``ent``
    has no body) or a renaming as body (its body is the renaming), the renamed one."""
    for _ in range(16):
        body = ws.xref.body_of(ent)
        at = (body.file, body.line, body.col) if body is not None else ent.key
        target = table.subprogram_renamings.get(at)
        if target is None or target not in ws.xref.entities:
            return ent
        ent = ws.xref.entities[target]
    return ent


def _null_completion(ws: Workspace, decl):
    """A spec completed by a null procedure: GNAT links the two by no reference.

    Found by name in the same package, when the name is not overloaded there."""
    fu = ws.by_display.get(decl.path)
    ident = fu.ident_at(decl.line, decl.col) if fu is not None else None
    pkg = next((a for a in ancestors(ident) if a.type == "package_declaration"), None) \
        if ident is not None else None
    if pkg is None:
        return None
    name = text(ident).lower()
    same = [n for n in walk(pkg) if n.type in SUBPROGRAM_DECLS
            and text(name_node(n) or n).lower() == name]
    done = [n for n in same if n.type == "null_procedure_declaration"]
    if len(same) != 2 or len(done) != 1:
        return None
    return fu.loc(name_node(done[0]))


def _target_name(ws, table, ent: Entity, entry_key, unit: str) -> str:
    """Full name as declared in the sources; GNAT's lower-case form for others."""
    if entry_key is not None and entry_key in table.owners:
        return f"{table.owners[entry_key][1]}.{ent.name}"
    decl = ws.loc_of(ent.file, ent.line, ent.col)
    fu = ws.by_display.get(decl.path) if decl is not None else None
    ident = fu.ident_at(decl.line, decl.col) if fu is not None else None
    if ident is not None:
        q = qualified_name(ident)
        return q if q.lower().endswith(ent.name.lower()) else f"{q}.{ent.name}" if q else ent.name
    return f"{unit}.{ent.name}".lower() if unit else ent.name.lower()


def _callee_name(ident: Node) -> Node:
    node = ident
    while node.parent is not None and node.parent.type == "selected_component" \
            and node.parent.named_children[-1] == node:
        node = node.parent
    return node


def bodies_reached(ws: Workspace, subprograms, calls) -> list[tuple[FileUnit, Node]]:
    """The bodies in the sources of the subprograms ``calls`` call, and of those they
    call, each once (``subprograms``: the model's, which hold their calls)."""
    by_body = {s.body: s for s in subprograms}
    todo = [c.body for c in calls if c.kind == "subprogram" and c.body is not None]
    done, found = set(), []
    while todo:
        loc = todo.pop()
        if loc in done or loc not in by_body:
            continue
        done.add(loc)
        hit = body_node_at(ws, loc)
        if hit is not None:
            found.append(hit)
        todo += [c.body for c in by_body[loc].calls if c.kind == "subprogram" and c.body]
    return found


def body_node_at(ws: Workspace, loc, kinds=frozenset()) -> tuple[FileUnit, Node] | None:
    """The subprogram body whose name is at ``loc`` (a body reference), or with
    ``kinds``, only a declaration of one of those kinds naming it there."""
    fu = ws.by_display.get(loc.path)
    if fu is None:
        return None
    ident = fu.ident_at(loc.line, loc.col)
    if ident is None:
        return None
    for a in ancestors(ident):
        if a.type == "pragma_g":
            return None         # GNAT's body of an imported subprogram: pragma Import
        if kinds:
            if a.type in ("procedure_specification", "function_specification"):
                continue
            return (fu, a) if a.type in kinds else None
        if a.type == "subprogram_renaming_declaration":
            return None         # a renaming as body: no statements of its own here
        if a.type in NESTED_UNITS or a.type in ("entry_body",) or a.type in BODY_DECLS:
            return fu, a
    return None
