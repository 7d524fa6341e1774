"""Code the accepting-server scheme runs at another moment than the task did.

The task evaluates its declarations and the statements before its first
accept when it is *activated*.  The protected object evaluates component
defaults (and the constraints of their types) when it is *declared*, and
the rest of that start-up code at the *first call* of an entry.  Code that
only reads literals, constants, discriminants and the task's own variables
gives the same result at either moment -- and variables nothing writes
(``never_written``: GNAT lists only reads of them).  Anything else may not: a call of
a function whose body is not yet elaborated at the declaration raises
Program_Error, a function with side effects runs in another order, a
variable of the enclosing scope may have changed in between.  So such code
is refused, naming the call or the variable; only language-defined
subprograms that neither read the clock nor the task's identity are let
through (of Ada.Real_Time and Ada.Calendar only Clock reads the moment: the
arithmetic, conversions and Split compute from their arguments alone).
Guards are checked the same way: the task evaluates them once,
on reaching its select, a barrier is evaluated again whenever the object
changes.
"""

from __future__ import annotations

from ...frontend.ali import Entity
from ...frontend.structure import own_nodes
from ...frontend.syntax import Node, ancestors, text, walk
from ...frontend.workspace import FileUnit, Workspace
from .locals import ANOTHER_PATH
from .refusals import ShapeError

SUBPROGRAMS = set("UVuvY")            # procedures, functions, entries
PREDEFINED = ("ada", "interfaces", "system", "gnat", "standard")
# Language-defined units whose results depend on when or by whom they are called.
MOMENT = ("ada.calendar", "ada.real_time", "ada.execution_time", "ada.task_identification",
          "ada.environment_variables", "ada.numerics.float_random",
          "ada.numerics.discrete_random", "ada.dispatching", "ada.synchronous")
# Of these units (not their children: timing events, time zones), only the clocks
# depend on the moment; "+", Milliseconds, To_Duration, Split... are functions of
# their arguments, the same at declaration, activation or first call.
CLOCK_ONLY = {"ada.real_time": {"clock"}, "ada.calendar": {"clock"}}
OBJECT_DECLS = {"object_declaration", "parameter_specification", "object_renaming_declaration",
                "component_declaration", "discriminant_specification",
                "formal_object_declaration"}


def check(ws: Workspace, fu: FileUnit, inside: list[tuple[FileUnit, Node]], nodes: list[Node],
          when: str, then: str = "when it is activated",
          who: str = "the protected object", subject: str = "the task", sink=None) -> None:
    """ShapeError at the first name in ``nodes`` whose meaning depends on the moment;
    given a ``sink`` (obstacles.Sink), every such name is kept there instead.

    ``inside``: the task's declaration and body, with their files; what is
    declared there is the task's own.  ``when``: when the protected object runs ``nodes``."""
    for node in nodes:
        for ident in [node, *own_nodes(node)]:
            if ident.is_named and ident.type not in ("identifier", "string_literal") \
                    or _in_attribute(ident):
                continue
            if _bounds_of_array(ws, fu, ident):
                continue
            for ent, kind in refs_at(ws, fu, ident):
                if ident.type != "identifier" and not ent.name.startswith('"'):
                    continue          # an operator token: only a user-defined operator counts
                if _scope_prefix(ws, fu, ident, ent):
                    continue
                what = _moment_dependent(ws, inside, ent, kind)
                if what:
                    exc = ShapeError(ident, f"{subject} {what} {text(ident)} {then}, "
                                            f"{who} would do so {when}; rdv2po does not "
                                            "prove that gives the same result and effects")
                    if sink is None:
                        raise exc
                    sink.add(exc)
                    break         # one obstacle per name


def outside_variable(ws: Workspace, inside: list[tuple[FileUnit, Node]], ent: Entity,
                     kind: str) -> bool:
    """Is ``ent``, referenced as ``kind``, a variable declared outside ``inside`` whose
    value may change (not a constant, nor a variable nothing writes)?"""
    return _moment_dependent(ws, inside, ent, kind).endswith("variable")


def refs_at(ws: Workspace, fu: FileUnit, n: Node) -> list:
    """What GNAT's cross references name at ``n``; an operator symbol written as a
    name (``Money."/" (A, 2)``) is referenced inside its quotes."""
    if n.type != "string_literal":
        return ws.xref.at(fu.pos(n))
    base, line, col = fu.pos(n)
    return [(e, k) for e, k in ws.xref.at((base, line, col + 1)) if e.name.startswith('"')]


def _scope_prefix(ws: Workspace, fu: FileUnit, ident: Node, ent: Entity) -> bool:
    """``Main`` in ``Main.Count`` written inside Main: an expanded name, not a call."""
    from ...frontend.calls import body_node_at
    p = ident.parent
    if p is None or p.type != "selected_component" or p.named_children[0] != ident \
            or ent.kind not in SUBPROGRAMS:
        return False
    for r in ent.refs:
        loc = ws.loc_of(r.file, r.line, r.col) if r.kind == "b" else None
        hit = body_node_at(ws, loc) if loc is not None and loc.path == fu.display else None
        if hit is not None and hit[1].start_byte <= ident.start_byte < hit[1].end_byte \
                and hit[0] is fu:
            return True
    return False


# the attributes of an array object that read its bounds, which it keeps from its
# elaboration to its end (RM 3.6.1, 3.3.1): the same at declaration and activation
BOUNDS = {"first", "last", "length", "range"}


def _bounds_of_array(ws: Workspace, fu: FileUnit, ident: Node) -> bool:
    """``A'Length`` (or 'First, 'Last, 'Range) with ``A`` the direct name of an array
    object: no value of A is read.  Not a component (``R.C'Length``: a mutable
    record's component can change its bounds) nor a dereference."""
    tick = ident.next_sibling
    attr = tick.next_sibling if tick is not None and tick.type == "tick" else None
    if attr is None or attr.type != "attribute_designator" or \
            text(attr).split("(")[0].strip().lower() not in BOUNDS:
        return False
    found = ws.xref.at(fu.pos(ident))
    return bool(found) and all(e.kind in ("a", "s") for e, _k in found)


def _in_attribute(ident: Node) -> bool:
    p = ident.parent
    return p is not None and p.type == "attribute_designator"


def _moment_dependent(ws: Workspace, inside: list[tuple[FileUnit, Node]], ent: Entity,
                      kind: str) -> str:
    """'calls' / 'reads variable' / 'changes variable', or '' when the moment is irrelevant."""
    loc = ws.loc_of(ent.file, ent.line, ent.col)
    if loc is None:
        return _outside_sources(ws, ent, kind)
    if any(loc.path == f.display and n.start_point[0] + 1 <= loc.line <= n.end_point[0] + 1
           for f, n in inside):
        return ""                     # the task's own: variables, discriminants, loop indexes
    if ent.kind in SUBPROGRAMS and ent.name.startswith('"'):
        target = renamed_operator(ws, ent)
        if target is None:
            return ""                 # a predefined operator, renamed
        if target is not ent:
            unit = ws.xref.unit_of_file(target.file).lower()
            return "calls" if reads_moment(unit, target.name.strip('"')) else ""
    if ent.kind in SUBPROGRAMS:
        return "calls"
    if not is_object(ent):
        return ""                     # types, packages, exceptions, named numbers, literals
    if ent.kind == "p":
        return _access(kind, ent)     # an access value, constant or not: what it designates may change
    owner = ws.by_display.get(loc.path)
    ident = owner.ident_at(loc.line, loc.col) if owner is not None else None
    decl = next((a for a in ancestors(ident) if a.type in OBJECT_DECLS), None) if ident else None
    if decl is not None and decl.type == "object_declaration":
        if any(c.type == "constant" for c in decl.children) or never_written(ws, ent, decl):
            return ""
        return _access(kind)
    if decl is not None and decl.type in ("parameter_specification",
                                          "formal_object_declaration"):
        return _access(kind) if any(c.type == "out" for c in decl.children) else ""
    if decl is not None and decl.type in ("component_declaration", "discriminant_specification"):
        return ""                     # selected through an object checked on its own
    return _access(kind)              # a renaming, or a declaration not recognised


# where a reference may let the object change without a modification reference:
# an instance's in out formal, a renaming, an address clause or a pragma (Volatile)
WRITE_PATHS = {"generic_instantiation", "object_renaming_declaration", "pragma_g",
               "attribute_definition_clause", "aspect_specification"}


def never_written(ws: Workspace, ent: Entity, decl: Node) -> bool:
    """Is the variable, declared by ``decl``, a constant in all but name: declared out
    of any package spec (no unit outside the sources can name it), without aliased or
    aspects, and every reference GNAT lists a read -- none a modification (an
    assignment, an out or in out actual), none through an instance, a renaming, a
    pragma, an address clause or 'Access?  Its value is then the initial one,
    whenever it is read (GNAT's -gnatwk says "could be declared constant")."""
    if any(c.type in ("aliased", "aspect_specification") for c in decl.children) or \
            any(a.type in ("package_declaration", "generic_package_declaration")
                for a in ancestors(decl)):
        return False
    for r in ent.refs:
        if r.kind != "r":
            return False
        rfu = ws.by_base.get(r.file)
        at = rfu.ident_at_gnat(r.line, r.col) if rfu is not None else None
        if at is None or any(a.type in WRITE_PATHS for a in ancestors(at)) or \
                ANOTHER_PATH.match(rfu.src.data[at.end_byte:][:40].decode("latin-1")):
            return False
    return True


def renamed_operator(ws: Workspace, ent: Entity, depth: int = 0) -> Entity | None:
    """What an operator of the sources renames, followed through renamings: the
    language-defined subprogram (``renames Ada.Calendar."+"``), or None for a
    predefined operator (``renames Money."-"`` of an integer type: GNAT's cross
    references name no entity there).  ``ent`` itself when it is no renaming, or
    renames a user-defined subprogram (its body is code of the sources)."""
    dfu = ws.by_base.get(ent.file)
    off = dfu.offset_of_gnat(ent.line, ent.col) if dfu is not None else None
    node = dfu.tree.root_node.descendant_for_byte_range(off, off + 1) \
        if off is not None and dfu.tree is not None else None
    decl = next((a for a in ancestors(node) if a.type == "subprogram_renaming_declaration"),
                None) if node is not None else None
    at = next((i for i, c in enumerate(decl.children) if c.type == "renames"), None) \
        if decl is not None else None
    if at is None or at + 1 >= len(decl.children) or depth > 8:
        return ent
    renamed = decl.children[at + 1]
    last = renamed.named_children[-1] if renamed.type == "selected_component" else renamed
    if last.type != "string_literal":
        return ent                    # renames a subprogram by its name: code to follow
    base, line, col = dfu.pos(last)   # GNAT places it inside the quotes
    found = [e for e, _k in ws.xref.at((base, line, col + 1)) + ws.xref.at((base, line, col))
             if e.name.startswith('"')]
    if not found:
        return None                   # a predefined operator
    target = found[0]
    unit = ws.xref.unit_of_file(target.file).lower()
    if unit.split(".")[0] in PREDEFINED:
        return target
    if ws.loc_of(target.file, target.line, target.col) is None:
        return ent
    again = renamed_operator(ws, target, depth + 1)
    return ent if again is target else again


def is_object(ent: Entity) -> bool:
    """GNAT writes objects (constants and variables alike) in lower case; of the other
    lower-case letters, k, u, v are generics, h interfaces, n enumeration literals."""
    return ent.kind.islower() and ent.kind not in "knhuv"


def _outside_sources(ws: Workspace, ent: Entity, kind: str) -> str:
    unit = ws.xref.unit_of_file(ent.file).lower()
    if unit.split(".")[0] in PREDEFINED:
        return "calls" if ent.kind in SUBPROGRAMS and reads_moment(unit, ent.name) else ""
    if ent.kind in SUBPROGRAMS:
        return "calls"
    return _access(kind) if is_object(ent) or ent.kind == "p" else ""


def reads_moment(unit: str, name: str) -> bool:
    """Does the language-defined subprogram ``name`` of ``unit`` (lower case) give a
    result or effect that depends on when, or by which task, it is called?"""
    if unit in CLOCK_ONLY:
        return name.lower() in CLOCK_ONLY[unit]
    return unit.startswith(MOMENT)


def _access(kind: str, ent: Entity | None = None) -> str:
    if ent is not None and ent.kind == "p":
        return "reads through the access value"
    return "changes variable" if kind == "m" else "reads variable"


def check_default_init(ws: Workspace, fu: FileUnit, marks: list[Node], when: str) -> None:
    """Objects declared without an initial value still run code: the defaults of their
    record components, and Initialize for a controlled type.  Types in the sources are
    followed (a private type to its full view, an array to its components)."""
    for mark in marks:
        found = type_declaration(ws, fu, mark)
        if found is not None:
            _check_type_defaults(ws, *found, mark, when, depth=0)


def _check_type_defaults(ws: Workspace, tfu: FileUnit, decl: Node, mark: Node, when: str,
                         depth: int) -> None:
    if depth > 4:
        return
    if is_controlled(decl):
        raise ShapeError(mark, f"{text(mark)} is a controlled type: the task's object of it "
                               f"ran Initialize when the task was activated, the protected "
                               f"object would run it {when}")
    check(ws, tfu, [], component_defaults(decl), when, then="when it is activated (default initialisation "
                                            f"of {text(mark)})")
    for c in walk(decl):            # components' types: records and arrays of them
        if c.type != "component_definition":
            continue
        sub = next((k for k in c.named_children
                    if k.type in ("identifier", "selected_component")), None)
        found = type_declaration(ws, tfu, sub) if sub is not None else None
        if found is not None and found[1] != decl:
            _check_type_defaults(ws, *found, mark, when, depth + 1)


def is_controlled(type_decl: Node) -> bool:
    """Derived from (Limited_)Controlled: objects of it run Initialize and Finalize."""
    words = " ".join(text(type_decl).lower().split())
    return "controlled" in words.split(" is ", 1)[-1].split(" with ", 1)[0]


def component_defaults(type_decl: Node) -> list[Node]:
    """The default expressions of a record type's components."""
    return [c.named_children[-1] for c in walk(type_decl) if c.type == "component_declaration"
            and any(k.type == ":=" for k in c.children)]


def subtype_mark(object_decl: Node) -> Node | None:
    """The subtype mark of ``X : [constant] T ...``, when it is a name."""
    colon = next((i for i, c in enumerate(object_decl.children) if c.type == ":"), None)
    if colon is None:
        return None
    return next((c for c in object_decl.children[colon + 1:]
                 if c.type in ("identifier", "selected_component")), None)


def type_declaration(ws: Workspace, fu: FileUnit, mark: Node):
    """The full declaration of the type a subtype mark names, when it is in the sources."""
    last = mark.named_children[-1] if mark.type == "selected_component" else mark
    if last.type != "identifier":
        return None
    for ent, _kind in ws.xref.at(fu.pos(last)):
        refs = [r for r in ent.refs if r.kind == "c"] or [None]    # a private type's full view
        for r in refs:
            loc = ws.loc_of(r.file, r.line, r.col) if r else ws.loc_of(ent.file, ent.line, ent.col)
            dfu = ws.by_display.get(loc.path) if loc is not None else None
            ident = dfu.ident_at(loc.line, loc.col) if dfu is not None else None
            if ident is not None and ident.parent is not None:
                return dfu, ident.parent
    return None
