"""Is a parameter's subtype indefinite?  Then the object cannot hold it in a component.

An indefinite value (``String``, an unconstrained array, a type with
discriminants and no defaults, ``T'Class``) is kept on the heap for the
length of the rendezvous instead.  The answer follows the subtype mark to
its declaration with GNAT's cross references; a declaration outside the
sources (the run-time library) counts as definite unless it is one of
Standard's string types.  A wrong "definite" is caught by GNAT, which
rejects the component, so the task is refused rather than mistranslated.
"""

from __future__ import annotations

from ...frontend.decls import discriminant_formals
from ...frontend.syntax import Node, first_child, one_line, text
from ...frontend.workspace import FileUnit, Workspace

STANDARD_STRINGS = {"string", "wide_string", "wide_wide_string"}
MAX_DEPTH = 8


def is_indefinite(ws: Workspace, fu: FileUnit, mark: Node, depth: int = 0) -> bool:
    if depth > MAX_DEPTH:
        return False
    written = " ".join(text(mark).lower().split())
    if written.endswith("'class"):
        return True
    if mark.type not in ("identifier", "selected_component"):
        return False          # a constrained subtype indication
    last = mark.named_children[-1] if mark.type == "selected_component" else mark
    decl = _declaration(ws, fu, last)
    if decl is None:
        return text(last).lower() in STANDARD_STRINGS
    dfu, node = decl
    return _declares_indefinite(ws, dfu, node, depth)


def _declaration(ws: Workspace, fu: FileUnit, ident: Node) -> tuple[FileUnit, Node] | None:
    for ent, _kind in ws.xref.at(fu.pos(ident)):
        loc = ws.loc_of(ent.file, ent.line, ent.col)
        dfu = ws.by_display.get(loc.path) if loc is not None else None
        if dfu is None or dfu.tree is None:
            continue
        name = dfu.ident_at(loc.line, loc.col)
        if name is not None and name.parent is not None:
            return dfu, name.parent
    return None


def _declares_indefinite(ws: Workspace, fu: FileUnit, decl: Node, depth: int) -> bool:
    if first_child(decl, "unknown_discriminant_part") is not None:
        return True
    discs = first_child(decl, "known_discriminant_part")
    if discs is not None and any(not any(c.type == ":=" for c in spec.children)
                                 for spec in _discriminant_specs(discs)):
        return True
    arr = first_child(decl, "array_type_definition")
    if arr is not None:
        return first_child(arr, "index_subtype_definition") is not None
    if decl.type == "subtype_declaration":
        mark = decl.named_children[1] if len(decl.named_children) > 1 else None
        return mark is not None and is_indefinite(ws, fu, mark, depth + 1)
    derived = first_child(decl, "derived_type_definition")
    if derived is not None and derived.named_children:
        return is_indefinite(ws, fu, derived.named_children[0], depth + 1)
    return False


def _discriminant_specs(part: Node) -> list[Node]:
    lst = first_child(part, "discriminant_specification_list")
    return [c for c in (lst.named_children if lst else ()) if c.type == "discriminant_specification"]


def is_limited(ws: Workspace, fu: FileUnit, mark: Node, depth: int = 0) -> bool:
    """Is the subtype limited (no assignment): the object could not copy a value of it?

    Follows the declaration as ``is_indefinite`` does; a type declared outside the
    sources counts as not limited, and GNAT has the last word."""
    if depth > MAX_DEPTH or mark.type not in ("identifier", "selected_component"):
        return False
    last = mark.named_children[-1] if mark.type == "selected_component" else mark
    decl = _declaration(ws, fu, last)
    if decl is None:
        return False
    dfu, node = decl
    if node.type in ("task_type_declaration", "protected_type_declaration"):
        return True
    if any(c.type == "limited" for c in node.children):           # limited private
        return True
    rec = first_child(node, "record_type_definition")
    if rec is not None and any(c.type == "limited" for c in rec.children):
        return True
    if node.type == "subtype_declaration" and len(node.named_children) > 1:
        return is_limited(ws, dfu, node.named_children[1], depth + 1)
    derived = first_child(node, "derived_type_definition")
    if derived is not None and derived.named_children:
        return is_limited(ws, dfu, derived.named_children[0], depth + 1)
    return False


def is_mutable(ws: Workspace, fu: FileUnit, mark: Node) -> bool:
    """Is the subtype an unconstrained one of a type whose discriminants all have
    defaults?  A formal of it is constrained exactly when its actual is (RM 3.7.2),
    which the agent's copy, declared with the subtype, is not."""
    return bool(mutable_discriminants(ws, fu, mark))


def mutable_discriminants(ws: Workspace, fu: FileUnit, mark: Node,
                          depth: int = 0) -> tuple[str, ...]:
    """The discriminants' names, when ``is_mutable``; () otherwise.

    Follows the declaration as ``is_indefinite`` does; a type declared outside the
    sources counts as not mutable (the language-defined ones with defaulted
    discriminants are rare in entry profiles)."""
    if depth > MAX_DEPTH or mark.type not in ("identifier", "selected_component"):
        return ()             # a constrained subtype indication
    last = mark.named_children[-1] if mark.type == "selected_component" else mark
    decl = _declaration(ws, fu, last)
    if decl is None:
        return ()
    dfu, node = decl
    discs = first_child(node, "known_discriminant_part")
    if discs is not None:
        specs = _discriminant_specs(discs)
        if not specs or not all(any(c.type == ":=" for c in s.children) for s in specs):
            return ()
        return tuple(n for f in discriminant_formals(node) for n in f.names)
    if node.type == "subtype_declaration" and len(node.named_children) > 1:
        if first_child(node, "discriminant_constraint") is not None:
            return ()
        return mutable_discriminants(ws, dfu, node.named_children[1], depth + 1)
    derived = first_child(node, "derived_type_definition")
    if derived is not None and derived.named_children:
        return mutable_discriminants(ws, dfu, derived.named_children[0], depth + 1)
    return ()


def range_type(ws: Workspace, fu: FileUnit, rng: Node, depth: int = 0) -> str | None:
    """The type of a discrete range written without a subtype mark (an entry family's
    ``Arr'Range``, ``Red .. Blue``), as a subtype mark, or None if not found.

    ``A'Range (N)`` is the type of A's N-th index; ``L .. H`` the type of an
    enumeration literal L.  A bare range of integer literals is Integer's, which
    the caller knows.  A type not visible where the answer is used makes GNAT
    reject the translation: refused, never mistranslated."""
    if depth > MAX_DEPTH or rng.type != "range_g":
        return None
    designator = first_child(rng, "range_attribute_designator")
    if designator is not None:
        prefix = rng.named_children[0]
        dim = first_child(designator, "expression")
        number = int(text(dim)) if dim is not None and text(dim).strip().isdigit() else 1
        last = prefix.named_children[-1] if prefix.type == "selected_component" else prefix
        decl = _declaration(ws, fu, last) if last.type == "identifier" else None
        return _index_mark(ws, *decl, number, depth + 1) if decl is not None else None
    low = rng.named_children[0] if rng.named_children else None
    ident = low.named_children[0] if low is not None and low.type == "term" \
        and len(low.named_children) == 1 else None
    if ident is None or ident.type != "identifier":
        return None
    decl = _declaration(ws, fu, ident)
    if decl is None or decl[1].type != "enumeration_type_definition":
        return None
    return text(decl[1].parent.named_children[0])


def _index_mark(ws: Workspace, fu: FileUnit, decl: Node, number: int, depth: int) -> str | None:
    """The subtype mark of the ``number``-th index of the array type or object ``decl``."""
    if depth > MAX_DEPTH:
        return None
    arr = first_child(decl, "array_type_definition")
    if arr is not None:
        indexes = _indexes(arr)
        if not 0 < number <= len(indexes):
            return None
        first = indexes[number - 1][0]
        if first.type == "index_subtype_definition":
            first = first.named_children[0]
        if first.type in ("identifier", "selected_component"):
            return one_line(first)
        return range_type(ws, fu, first, depth + 1)
    if decl.type == "subtype_declaration" and len(decl.named_children) > 1:
        mark = decl.named_children[1]
    elif decl.type == "object_declaration":
        colon = next((c for c in decl.children if c.type == ":"), None)
        mark = next((c for c in decl.children if colon is not None and c.is_named
                     and c.start_byte > colon.start_byte), None)
    else:
        return None
    if mark is None or mark.type not in ("identifier", "selected_component"):
        return None
    last = mark.named_children[-1] if mark.type == "selected_component" else mark
    found = _declaration(ws, fu, last)
    return _index_mark(ws, *found, number, depth + 1) if found is not None else None


def _indexes(arr: Node) -> list[list[Node]]:
    """The index parts of an array type definition: the nodes between its commas."""
    out: list[list[Node]] = [[]]
    for c in arr.children:
        if c.type == "of":
            break
        if c.type == ",":
            out.append([])
        elif c.is_named:
            out[-1].append(c)
    return [part for part in out if part]


def stored_mark(ws: Workspace, fu: FileUnit, mark: Node) -> str | None:
    """For a constrained access subtype (``subtype A1 is A (Boolean, 'A' .. 'C')``)
    the access type it constrains, ``A``; None for any other subtype.

    The object keeps a parameter of that subtype in a component of the access type:
    GNAT 12 crashes on a protected component of a constrained access subtype
    (``GNAT BUG DETECTED``, ``gnat_to_gnu_entity``).  Every value stored there came
    from a formal of the subtype and goes back to one, which checks it again."""
    if mark.type not in ("identifier", "selected_component"):
        return None
    last = mark.named_children[-1] if mark.type == "selected_component" else mark
    decl = _declaration(ws, fu, last)
    if decl is None or decl[1].type != "subtype_declaration":
        return None
    dfu, node = decl
    constrained = any(c.type in ("index_constraint", "discriminant_constraint")
                      for c in node.children)
    parent = node.named_children[1] if len(node.named_children) > 1 else None
    if parent is not None and parent.type in ("slice", "function_call"):
        parent, constrained = parent.named_children[0], True     # how Ref (1 .. 3) parses
    if not constrained or parent is None or parent.type not in ("identifier",
                                                                "selected_component"):
        return None
    plast = parent.named_children[-1] if parent.type == "selected_component" else parent
    found = _declaration(ws, dfu, plast)
    if found is None or first_child(found[1], "access_to_object_definition") is None:
        return None
    return one_line(parent)
