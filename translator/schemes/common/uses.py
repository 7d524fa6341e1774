"""Objects of a task type named as tasks: ``X'Terminated``, ``Pool (I)'Callable``, ``abort X``.

Under the general scheme an object of task type ``W`` is a protected object
whose task is its private component ``Agent``; the object answers for it
with functions: ``X'Callable`` becomes ``X.Agent_Callable`` (also through an
access value or an array of W), and ``abort X`` becomes
``Ada.Task_Identification.Abort_Task (X.Agent_Identity)``.  A prefix GNAT's
cross references cannot tie to a type (a function call, say) is refused:
it might be one of W's objects.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...write.edits import Edit
from ...frontend.denotes import not_an_object
from ...frontend.syntax import Node, one_line, text
from ...frontend.workspace import FileUnit, Workspace
from ...frontend.extract import OBJECT_ATTRIBUTES
from .refusals import ShapeError, attribute_reason
from .tree import is_within

ATTRIBUTES = ("callable", "terminated", "identity")


@dataclass(frozen=True)
class Use:
    fu: FileUnit
    node: Node            # the attribute designator, or the abort statement
    kind: str             # "callable", "terminated", "identity" or "abort"
    names: tuple          # for an abort: the aborted names, each (node, ours?)


def uses_of_type(ws: Workspace, task_key: str, body: Node) -> list[Use]:
    """Uses of objects of the task type ``task_key`` ('file:line:col'), outside its body."""
    found = []
    for fu in ws.units():
        for n in fu.nodes_of_type("attribute_designator"):
            attr = text(n).lower()
            tick = n.prev_sibling
            prefix = tick.prev_sibling if tick is not None else None
            if attr not in ATTRIBUTES + tuple(OBJECT_ATTRIBUTES) or prefix is None \
                    or is_within(n, body):
                continue
            if attr in OBJECT_ATTRIBUTES and _access_object(ws, fu, prefix):
                continue        # X'Size of an access value X: the access value's own
            if denotes(ws, fu, prefix, task_key, n):
                if attr in OBJECT_ATTRIBUTES:
                    raise ShapeError(n.parent, f"{_short(prefix)}: {attribute_reason(attr)}")
                found.append(Use(fu, n, attr, ()))
        for n in fu.nodes_of_type("abort_statement"):
            names = tuple((m, denotes(ws, fu, m, task_key, n)) for m in n.named_children
                          if m.type != "comment")
            if any(ours for _m, ours in names):
                found.append(Use(fu, n, "abort", names))
    return found


def attributes_in_body(ws: Workspace, fu: FileUnit, task_key: str, body: Node) -> list[Use]:
    """``Peer'Terminated`` inside the task type's own body, of another object of the
    type (the type's name there is the current instance: the agent renames it).  A
    prefix that cannot be tied to the type is left as written: GNAT rejects the
    rewrite if it was one."""
    found = []
    for n in fu.nodes_of_type("attribute_designator"):
        tick = n.prev_sibling
        prefix = tick.prev_sibling if tick is not None else None
        if text(n).lower() not in ATTRIBUTES or prefix is None or not is_within(n, body):
            continue
        try:
            ours = denotes(ws, fu, prefix, task_key, n)
        except ShapeError:
            continue
        if ours:
            found.append(Use(fu, n, text(n).lower(), ()))
    return found


def denotes(ws: Workspace, fu: FileUnit, prefix: Node, task_key: str, where: Node) -> bool:
    """Does ``prefix`` denote an object of the task type?  Unknown: refused."""
    indexed = False
    node = prefix
    if node.type == "function_call":
        node, indexed = node.named_children[0], True
    if node.type == "selected_component":
        sel = node.named_children[-1]
        if sel.type != "identifier" or text(sel).lower() == "all":     # P.all
            node = node.named_children[0]
        else:
            node = sel
    if node.type != "identifier":
        raise ShapeError(where, f"cannot tell whether {_short(prefix)} is an object of the "
                                "task type")
    if not_an_object(ws, fu, node) is not None:
        return False                       # an exception's 'Identity, say
    ent = next((e for e, _k in ws.xref.at(fu.pos(node))), None)
    if ent is None:
        raise ShapeError(where, f"GNAT did not say what {text(node)} is, so it might be an "
                                "object of the task type")
    if f"{ent.file}:{ent.line}:{ent.col}" == task_key:
        return False                       # the type itself
    if ent.kind in "UVuv" and indexed:
        raise ShapeError(where, f"{_short(prefix)} is a function call that may return an "
                                "object of the task type")
    types = _derivation(ws, ent.type_ref)
    if not indexed and (ent.type_ref == task_key or task_key in _refs(types, "index")):
        return True                        # W, or a type derived from W
    if ent.component_ref == task_key:      # an array of W, or an access to W
        return True
    if task_key in _refs(types, "component"):
        return True                        # also through a type derived from one
    # an array of access values to W (its component type designates W), directly or by type
    comps = [c for r in (ent.component_ref, *_refs(types, "component")) if r
             for c in _derivation(ws, r)]
    return any(task_key in _refs([c], "component") for c in comps)


def _derivation(ws: Workspace, ref: str) -> list:
    """The type ``ref`` names and the types it is derived from (GNAT's ``<parent>``,
    read into ``index_ref``; of an array type that is its index type, which holds no
    task), nearest first."""
    out: list = []
    while ref and len(out) < 8:
        typ = ws.xref.entities.get(_key(ref))
        if typ is None or typ in out:
            break
        out.append(typ)
        ref = typ.index_ref
    return out


def _refs(types: list, which: str) -> list[str]:
    """Each type's component (designated) type, or its parent's reference."""
    return [t.component_ref if which == "component" else t.index_ref for t in types]


def _access_object(ws: Workspace, fu: FileUnit, prefix: Node) -> bool:
    """Is ``prefix`` an access object named as it is (no ``.all``, no call)?  An
    attribute of any object (``'Size``, ``'Address``) is then the access value's:
    only the task attributes dereference it (RM 4.1(9))."""
    if prefix.type != "identifier":
        return False
    ent = next((e for e, _k in ws.xref.at(fu.pos(prefix))), None)
    return ent is not None and ent.kind in "pP" and _access_value(ws, ent)


def _key(ref: str) -> tuple:
    parts = ref.rsplit(":", 2)
    if len(parts) != 3:
        return ("", 0, 0)
    return (parts[0], int(parts[1]), int(parts[2]))


def _short(node: Node) -> str:
    return one_line(node, limit=40)



def in_formals(ws: Workspace, task, also=()) -> list[tuple[FileUnit, Node]]:
    """``in`` formals of subprograms through which entries of the task type are called
    (and the entities ``also`` gives: through which other operations of the object
    that need a variable are called, ``abort X`` become ``X.Abort_Task``).

    An object of a protected type passed as ``in`` is a constant: its entries
    cannot be called through it (RM 9.5(7.1)).  A task (or protected) object is
    passed by reference whatever the mode, so ``in out`` means the same for it.
    Returns each parameter specification to change, in the spec and the body.
    """
    found: dict[tuple, tuple[FileUnit, Node]] = {}
    for ent in [*_called_through(ws, task), *also]:
        if _access_value(ws, ent):
            continue            # X.E on an access value: the object it designates is a
                                # variable, whatever the mode of X (RM 4.1(13))
        for pos in [ent.key] + [(r.file, r.line, r.col) for r in ent.refs if r.kind == "b"]:
            hit = _formal_at(ws, pos)
            if hit is not None:
                found[(hit[0].display, hit[1].start_byte)] = hit
    return list(found.values())


def _called_through(ws: Workspace, task):
    """The entities (GNAT's cross references) through which the program calls the
    task's entries: ``X`` of each call ``X.E`` and ``X (I).E``."""
    for entry in task.entries:
        for site in entry.calls:
            fu = ws.by_display.get(site.loc.path)
            ident = fu.ident_at(site.loc.line, site.loc.col) if fu is not None else None
            prefix = _call_prefix(ident, lambda sel: _designates(ws, fu, sel))
            if prefix is not None:
                yield from (ent for ent, _kind in ws.xref.at(fu.pos(prefix)))


def _call_prefix(ident: Node | None, designates=lambda sel: True) -> Node | None:
    """The object an entry call names: ``X`` in ``X.E``, ``X (I).E`` and ``X (I).C.E``
    (a task in a component of an element: X holds it, by reference whatever the mode).
    None through a component ``designates(selector)`` says may be an access value (or
    ``.all``): what it designates is a variable whatever X is (RM 4.1(13))."""
    sel = ident.parent if ident is not None else None
    if sel is None or sel.type != "selected_component":
        return None
    prefix = sel.named_children[0]
    while prefix.type in ("function_call", "selected_component") and prefix.named_children:
        if prefix.type == "selected_component" and designates(prefix.named_children[-1]):
            return None
        prefix = prefix.named_children[0]          # an element, a component
    return prefix if prefix.type == "identifier" else None


def _designates(ws: Workspace, fu: FileUnit, selector: Node) -> bool:
    """May the component ``selector`` names be an access value (unknown: yes)?"""
    if selector.type != "identifier" or text(selector).lower() == "all":
        return True
    ents = [e for e, _k in ws.xref.at(fu.pos(selector))]
    return not ents or any(_access_value(ws, e) for e in ents)


def _access_value(ws: Workspace, ent) -> bool:
    """Is ``ent`` an object of an access type (GNAT's letter p, or a type lettered P:
    a private type shows its full view's letter)?"""
    typ = ws.xref.entities.get(_key(ent.type_ref)) if ent.type_ref else None
    return ent.kind == "p" or (typ is not None and typ.kind == "P")


def constant_objects(ws: Workspace, task, also=()) -> list[tuple[FileUnit, Node]]:
    """Constants (``S : constant W := Make;``, a constant array of W) through which
    entries of the task type are called: the ``constant`` keyword of each.

    Entries of a constant task can be called; those of a constant protected object
    cannot (RM 9.5(7.1)).  A task type is limited, so the object cannot be assigned
    either way: as a variable it means the same."""
    found: dict[tuple, tuple[FileUnit, Node]] = {}
    for ent in [*_called_through(ws, task), *also]:
        if ent.kind not in "ta":        # a task object, an array object
            continue                    # (through an access constant: legal as it is)
        loc = ws.loc_of(*ent.key)
        dfu = ws.by_display.get(loc.path) if loc is not None else None
        name = dfu.ident_at(loc.line, loc.col) if dfu is not None else None
        decl = name.parent if name is not None else None
        if decl is not None and decl.type == "object_declaration":
            kw = next((c for c in decl.children if c.type == "constant"), None)
            if kw is not None:
                found[(dfu.display, kw.start_byte)] = (dfu, kw)
    return list(found.values())


def in_out_edits(ws: Workspace, task, origin: str, also=()) -> list[Edit]:
    """``Which : W`` (mode in) through which W's entries are called becomes ``in out``."""
    return [in_out_edit(fu, spec, origin) for fu, spec in in_formals(ws, task, also)]


def in_out_edit(fu: FileUnit, spec: Node, origin: str) -> Edit:
    """The mode of the parameter specification ``spec`` made ``in out``."""
    mode = next((c for c in spec.children if c.type == "non_empty_mode"), None)
    if mode is not None:
        return Edit(fu.src.path, mode.start_byte, mode.end_byte, "in out", origin)
    colon = next(c for c in spec.children if c.type == ":")
    mark = next(c for c in spec.children if c.is_named and c.start_byte > colon.start_byte
                and c.type != "comment")
    return Edit(fu.src.path, mark.start_byte, mark.start_byte, "in out ", origin)


def constant_edits(ws: Workspace, task, origin: str, also=()) -> list[Edit]:
    """``S : constant W := Make;`` through which W's entries are called: a variable."""
    out = []
    for fu, kw in constant_objects(ws, task, also):
        end = kw.end_byte
        while end < len(fu.src.data) and fu.src.data[end:end + 1] in (b" ", b"\t"):
            end += 1
        out.append(Edit(fu.src.path, kw.start_byte, end, "", origin))
    return out


def _formal_at(ws: Workspace, pos: tuple) -> tuple[FileUnit, Node] | None:
    loc = ws.loc_of(*pos)
    fu = ws.by_display.get(loc.path) if loc is not None else None
    ident = fu.ident_at(loc.line, loc.col) if fu is not None else None
    spec = ident.parent if ident is not None else None
    if spec is None or spec.type != "parameter_specification":
        return None
    owner = spec.parent.parent if spec.parent is not None else None
    if owner is None or owner.type not in ("procedure_specification", "function_specification"):
        return None
    mode = next((c for c in spec.children if c.type == "non_empty_mode"), None)
    if mode is not None and " ".join(text(mode).lower().split()) != "in":
        return None
    if any(c.type == "access_definition" for c in spec.children):
        return None               # an access parameter: the object it designates is a variable
    return fu, spec
