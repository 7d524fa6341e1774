"""The size of the variables a scheme moves off the task's stack.

A task's variables lived on its own stack, sized for it (GNAT's default for a
task, or its Storage_Size).  Eliminated, they move: into the protected object
or the record of a task type's objects (declared where the task objects were,
on the stack of the master that declares them, or in static memory at library
level), or onto the stack of whoever runs the code.  A large variable -- an array
of 4 MB -- can then raise Storage_Error where the original did not, or fit where
the original task raised Storage_Error.  No scheme can tell which stacks are
large enough, so the variables it moves must be small beside any stack: their
sizes must be static and add up to at most ``BOUND`` bytes (64 KiB, small beside
the stacks GNAT gives tasks unless told otherwise -- the platform's thread stack,
megabytes -- and the environment task's).  A task with a Storage_Size (pragma or aspect)
had its stack sized on purpose: every scheme refuses pragmas and aspects on the
task (accepting, calling) or that one by name (caller-runs, ``PER_THREAD``).

Sizes are computed from the declarations, over-estimating: a scalar or access
value counts ``SCALAR`` bytes (16, the largest GNAT lays out: Long_Long_Float, an
access to an unconstrained array); an array its components times the product of
its static index ranges (literals, named numbers, or a static subtype's range);
a record the sum of its components, discriminants and every variant; a record of
a language-defined unit that keeps its data on the heap (unbounded strings,
unbounded containers, files) ``LIBRARY_RECORD`` bytes.  What cannot be sized so
-- a bound that is not static, a discriminant-dependent component, an
unconstrained array (but a string whose bounds a string literal gives, counted
with its bounds), a type outside the sources not listed -- is refused, naming
the declaration; so is the variable that takes the total over the bound.

The objects the task's code declares -- in a block of an accept body, in a
subprogram of the task body -- were on the task's stack too, and run on the
callers' once translated (``check_code``): those of static size must add up to
at most ``BOUND`` as well (review13 accept-body-locals-on-caller-stack).  One
whose size is known only at run time (a string a function returns) is not
checked: a program relying on which stack such an object exhausts is not kept.
"""

from __future__ import annotations

import re

from ...frontend.syntax import (Node, ancestors, defining_names, first_child, plain_name, text,
    walk)
from ...frontend.workspace import FileUnit, Workspace
from . import ranges
from .locals import defining_name
from .refusals import ShapeError
from .startup import type_declaration

BOUND = 64 * 1024
SCALAR = 16
LIBRARY_RECORD = 256
# GNAT's cross-reference letters for objects and types of scalar and access kinds
SCALAR_KINDS = set("imebfodpIMEBFODP")
STANDARD_SCALARS = {"integer", "natural", "positive", "long_integer", "long_long_integer",
                    "short_integer", "short_short_integer", "float", "long_float",
                    "long_long_float", "short_float", "boolean", "character",
                    "wide_character", "wide_wide_character", "duration"}
STRINGS = {"string": 1, "wide_string": 2, "wide_wide_string": 4}
# language-defined units whose records hold a fixed handful of words (the data is on
# the heap): counted LIBRARY_RECORD bytes each
HEAP_UNITS = ("ada.strings.unbounded", "ada.strings.wide_unbounded",
              "ada.strings.wide_wide_unbounded", "ada.text_io", "ada.wide_text_io",
              "ada.containers.vectors", "ada.containers.doubly_linked_lists",
              "ada.containers.hashed_maps", "ada.containers.ordered_maps",
              "ada.containers.hashed_sets", "ada.containers.ordered_sets",
              "ada.containers.indefinite_vectors",
              "ada.containers.indefinite_doubly_linked_lists",
              "ada.containers.indefinite_hashed_maps", "ada.containers.indefinite_ordered_maps",
              "ada.containers.indefinite_holders", "ada.calendar", "ada.real_time")
DEPTH = 8

MOVED = ("a variable of the task body, on the task's own stack, would live {where}: "
         "{why}; where the stacks differ the program could raise Storage_Error where it "
         "did not, or run where it raised it")


CODE = ("an object the task's code declares, on the task's own stack, would be on its "
        "callers' stacks, run where the task's code ran: {why}; where the stacks differ the "
        "program could raise Storage_Error where it did not, or run where it raised it")
# nested units whose objects are on another stack, or are the task's variables
ELSEWHERE = {"task_body", "protected_body", "package_body", "package_declaration",
             "single_task_declaration", "single_protected_declaration"}


class Unsized(Exception):
    """Why a size is not known statically."""


def check(ws: Workspace, fu: FileUnit, decls: list[Node], where: str) -> None:
    """ShapeError at the first object declaration of ``decls`` whose size is not
    static, or that takes their total over ``BOUND``.  ``where``: where they live now."""
    total = 0
    for d in (d for d in decls if d.type == "object_declaration"):
        names = ", ".join(defining_names(d))
        try:
            size = object_size(ws, fu, d)
        except Unsized as exc:
            raise ShapeError(d, MOVED.format(where=where, why=f"rdv2po cannot size {names} "
                                                              f"statically ({exc})")) from None
        total += size
        if total > BOUND:
            raise ShapeError(d, MOVED.format(where=where, why=(
                f"{names} may take up to {size} bytes (a scalar counted {SCALAR}), which "
                f"brings the task's moved variables to "
                f"{total} bytes, over rdv2po's bound of {BOUND // 1024} KiB")))


def check_code(ws: Workspace, fu: FileUnit, body: Node) -> None:
    """ShapeError at the object declaration of the task body's code -- in a block of
    its statements (an accept body's, say), in a subprogram of its own -- that takes
    the total of those whose size is static over ``BOUND`` (review13: an accept body's
    4 MB table overflowed the server's stack and fit the caller's).  They run on the
    callers' stacks once translated.  Objects of no static size (a string a function
    returns) are let through: a size known only at run time is not checked."""
    top = first_child(body, "non_empty_declarative_part")
    total = 0
    for d in walk(body):
        if d.type != "object_declaration" or d.parent == top or _elsewhere(d, body):
            continue
        try:
            size = object_size(ws, fu, d)
        except Unsized:
            continue
        total += size
        if total > BOUND:
            names = ", ".join(defining_names(d))
            raise ShapeError(d, CODE.format(why=(
                f"{names} may take up to {size} bytes, which brings the objects of the "
                f"code to {total} bytes, over rdv2po's bound of {BOUND // 1024} KiB")))


def _elsewhere(d: Node, body: Node) -> bool:
    for a in ancestors(d):
        if a == body:
            return False
        if a.type in ELSEWHERE:
            return True
    return False


def object_size(ws: Workspace, fu: FileUnit, d: Node) -> int:
    """Bytes an object declaration takes at most, or Unsized."""
    names = _name_nodes(d)
    kinds = {e.kind for n in names[:1] for e in [ws.xref.declared_at(fu.pos(n))] if e}
    if kinds and kinds <= SCALAR_KINDS:
        return SCALAR * len(names)
    kids = [c for c in d.children if c.type not in ("comment", "aliased", "constant")]
    colon = next((i for i, c in enumerate(kids) if c.type == ":"), None)
    if colon is None:       # how the parser holds ``task T2;`` or ``protected P is ...``
        raise Unsized("a single task or protected object")
    rest = kids[colon + 1:]
    stop = next((i for i, c in enumerate(rest) if c.type in (":=", ";",
                                                            "aspect_specification")),
                len(rest))
    literal = _string_literal(rest[stop + 1:]) if stop < len(rest) and \
        rest[stop].type == ":=" else None
    width = STRINGS.get(plain_name(rest[0]).lower()) if stop == 1 else None
    if literal is not None and width is not None:
        # ``S : String := "line";``: the literal's bounds are the object's, for good
        return (len(literal) + 2) * width * len(names)   # the bounds beside it
    return _indication(ws, fu, rest[:stop], DEPTH) * len(names)


def _string_literal(init: list[Node]) -> str | None:
    """The characters of an initial value that is one string literal, or None."""
    node = init[0] if len(init) >= 1 else None
    while node is not None and node.type in ("expression", "term", "factor", "primary") \
            and len(node.named_children) == 1:
        node = node.named_children[0]
    if node is None or node.type != "string_literal":
        return None
    return text(node)[1:-1].replace('""', '"')


def _indication(ws: Workspace, fu: FileUnit, parts: list[Node], depth: int) -> int:
    """A subtype indication (mark and constraint), as nodes, or an anonymous array."""
    if not parts:
        raise Unsized("no subtype written")
    head = parts[0]
    if head.type == "array_type_definition":
        return _array(ws, fu, head, depth)
    if head.type == "access_definition" or any(c.type == "access" for c in parts):
        return SCALAR
    if head.type in ("slice", "function_call"):     # Mark (ranges)
        return _constrained(ws, fu, head.named_children[0],
                            [c for c in head.named_children[1:]], depth)
    mark = head
    constraint = parts[1] if len(parts) > 1 else None
    if constraint is not None and constraint.type == "index_constraint":
        return _constrained(ws, fu, mark, list(constraint.named_children), depth)
    if constraint is not None and constraint.type == "range_constraint":
        return _mark(ws, fu, mark, depth)
    if constraint is not None and constraint.type == "discriminant_constraint":
        return _with_discriminants(ws, fu, mark, constraint, depth)
    return _mark(ws, fu, mark, depth)


# the discriminants of records being sized under a constraint: (file, declaration's
# start byte, name) -> (least, greatest) value; read by _name_value
_BOUND: list[dict] = []


def _with_discriminants(ws, fu, mark: Node, cons: Node, depth: int) -> int:
    """``T (values)``: the record sized with its discriminants bound to the static
    values given (any value of their subtypes where one is not static)."""
    found = type_declaration(ws, fu, mark)
    known = first_child(found[1], "known_discriminant_part") if found is not None else None
    if known is None:
        return _mark(ws, fu, mark, depth)
    names = [text(i).lower() for d in walk(known) if d.type == "discriminant_specification"
             for i in d.children if i.type == "identifier"
             and i.next_sibling is not None and i.next_sibling.type in (",", ":")]
    bound = {}
    for i, a in enumerate(c for c in cons.named_children if c.type != "comment"):
        kids = [c for c in a.named_children if c.type != "comment"]
        if any(c.type == "=>" for c in a.children):
            keys, value = [text(k).lower() for k in kids[:-1]], kids[-1:]
        else:
            keys, value = names[i:i + 1], [a]
        span = _static(ws, fu, value, depth - 1)
        for k in keys:
            if span is not None:
                bound[(found[0].display, found[1].start_byte, k)] = span
    _BOUND.append(bound)
    try:
        return _mark(ws, fu, mark, depth)
    finally:
        _BOUND.pop()


def _constrained(ws, fu, mark: Node, ranges_: list[Node], depth: int) -> int:
    """``Mark (L .. H, ...)``: an unconstrained array type given its bounds."""
    ranges_ = [r for r in ranges_ if r.type != "comment"]
    if len(ranges_) == 1 and ranges_[0].type in ("actual_parameter_part",):
        ranges_ = list(ranges_[0].named_children)
    name = text(mark).lower()
    if name in STRINGS and not ws.xref.at(fu.pos(_last(mark))):
        return STRINGS[name] * _lengths(ws, fu, ranges_)
    dfu, decl = ranges.declaration(ws, fu, mark)
    arr = first_child(decl, "array_type_definition") if decl is not None else None
    if arr is None:
        # a record with a discriminant constraint, or a subtype of one
        return _mark(ws, fu, mark, depth)
    comp = first_child(arr, "component_definition")
    return _lengths(ws, fu, ranges_) * _component(ws, dfu, comp, depth - 1)


def _array(ws, fu, arr: Node, depth: int) -> int:
    indexes = [c for c in arr.named_children if c.type not in ("component_definition",
                                                               "comment")]
    if any(c.type == "index_subtype_definition" for c in indexes):
        raise Unsized("an unconstrained array type")
    comp = first_child(arr, "component_definition")
    return _lengths(ws, fu, indexes) * _component(ws, fu, comp, depth - 1)


def _component(ws, fu, comp: Node | None, depth: int) -> int:
    if comp is None:
        raise Unsized("a component rdv2po cannot read")
    parts = [c for c in comp.children if c.type not in ("comment", "aliased")]
    return _indication(ws, fu, parts, depth)


def _lengths(ws, fu, indexes: list[Node]) -> int:
    """The product of the lengths of static index ranges."""
    total = 1
    for r in indexes:
        if r.type == "parameter_association" and r.named_children:
            r = r.named_children[0]
        if r.type == "expression" and r.named_children:
            r = r.named_children[0] if len(r.named_children) == 1 else r
        total *= _length(ws, fu, r)
    return total


def _length(ws, fu, r: Node) -> int:
    bounds = ranges.bounds_of(r) if r.type == "range_g" else []
    if bounds:
        lo, hi = (_static(ws, fu, b, DEPTH) for b in bounds)
        if lo is not None and hi is not None:
            return max(0, hi[1] - lo[0] + 1)
        raise Unsized(f"the bounds of {' '.join(text(r).split())} are not static")
    if r.type in ("identifier", "selected_component"):
        name = text(r).lower()
        if name in ("character", "boolean"):
            return 256 if name == "character" else 2
        span = _subtype_span(ws, fu, r, DEPTH)
        if span is not None:
            return max(0, span[1] - span[0] + 1)
        dfu, decl = ranges.declaration(ws, fu, r)
        enum = first_child(decl, "enumeration_type_definition") if decl is not None else None
        if enum is not None:
            return sum(1 for c in enum.named_children if c.type != "comment")
    raise Unsized(f"the index {' '.join(text(r).split())} is not a static range")


def _subtype_span(ws, fu, mark: Node, depth: int) -> tuple[int, int] | None:
    """The least and greatest values of an integer subtype with static bounds."""
    span = ranges.subtype_range(ws, fu, mark)
    if span is not None or depth <= 0:
        return span
    dfu, decl = ranges.declaration(ws, fu, mark)
    rng = next((c for c in walk(decl) if c.type == "range_g"), None) \
        if decl is not None else None
    bounds = ranges.bounds_of(rng)
    values = [_static(ws, dfu, b, depth - 1) for b in bounds]
    if len(values) == 2 and None not in values:
        return values[0][0], values[1][1]
    return None


TOKENS = re.compile(r"\s*(\d[\d_]*|[A-Za-z]\w*(?:\.[A-Za-z]\w*)*|\*\*|[-+*()])")


def _static(ws, fu, nodes: list[Node], depth: int) -> tuple[int, int] | None:
    """The least and greatest values a bound may take: an expression of integer
    literals, named numbers, constants with such values and discriminants (over
    their subtypes' ranges), with + - * and parentheses; None otherwise."""
    if depth <= 0 or not nodes:
        return None
    words = " ".join(text(n) for n in nodes)
    idents = [n for top in nodes for n in [top, *walk(top)] if n.type == "identifier"]
    out, pos, values = [], 0, {}
    for ident in idents:
        v = _name_value(ws, fu, ident, depth)
        if v is None:
            return None
        values[text(ident).lower()] = v
    lo_expr, hi_expr = [], []
    while pos < len(words):
        m = TOKENS.match(words, pos)
        if m is None:
            return None if words[pos:].strip() else _eval(lo_expr, hi_expr)
        tok, pos = m.group(1), m.end()
        if tok[0].isdigit():
            lo_expr.append(tok.replace("_", ""))
            hi_expr.append(tok.replace("_", ""))
        elif tok[0].isalpha():
            v = values.get(tok.split(".")[-1].lower())
            if v is None:
                return None
            if v[0] != v[1] and out and out[-1] == "-":
                return None           # a range after a minus: not followed
            lo_expr.append(f"({v[0]})")
            hi_expr.append(f"({v[1]})")
        else:
            lo_expr.append(tok)
            hi_expr.append(tok)
        out.append(tok)
    if any(t in ("*", "**") for t in out) and any(
            values.get(t.lower(), (0, 0))[0] != values.get(t.lower(), (0, 0))[1]
            for t in out if t[0].isalpha()):
        return None                   # a range times something: not followed
    return _eval(lo_expr, hi_expr)


def _eval(lo_expr: list[str], hi_expr: list[str]) -> tuple[int, int] | None:
    try:
        lo, hi = eval(" ".join(lo_expr), {"__builtins__": {}}), \
            eval(" ".join(hi_expr), {"__builtins__": {}})
    except Exception:
        return None
    return (lo, hi) if isinstance(lo, int) and isinstance(hi, int) else None


def _name_value(ws, fu, ident: Node, depth: int) -> tuple[int, int] | None:
    """A named number's or static constant's value, a discriminant's subtype range."""
    found = ws.xref.at(fu.pos(ident))
    if not found:
        return None
    ent = found[0][0]
    words = ranges.number_literal(ws, ent)
    if words is not None:
        return (int(words), int(words)) if words.isdigit() else None
    dfu, at = defining_name(ws, ent)
    decl = at.parent if at is not None else None
    if decl is None:
        return None
    if decl.type == "discriminant_specification":
        owner = decl.parent
        while owner is not None and owner.type != "full_type_declaration":
            owner = owner.parent
        key = (dfu.display, owner.start_byte if owner is not None else -1,
               text(ident).lower())
        for bound in reversed(_BOUND):
            if key in bound:
                return bound[key]
        mark = next((c for c in decl.named_children[1:] if c.type in ("identifier",
                                                                      "selected_component")),
                    None)
        given = _given(ws, dfu, decl, depth)
        if given is not None:
            return given
        return _subtype_span(ws, dfu, mark, depth - 1) if mark is not None else None
    if decl.type == "object_declaration" and any(c.type == "constant"
                                                 for c in decl.children):
        expr = first_child(decl, "expression")
        return _static(ws, dfu, [expr], depth - 1) if expr is not None else None
    return None


def _mark(ws: Workspace, fu: FileUnit, mark: Node, depth: int) -> int:
    """The size of an object of the subtype ``mark`` names, unconstrained."""
    if depth <= 0:
        raise Unsized("types nested too deep")
    last = _last(mark)
    found = ws.xref.at(fu.pos(last))
    if not found:
        if text(mark).lower() in STANDARD_SCALARS:
            return SCALAR
        raise Unsized(f"{text(mark)} is not resolved, or an unconstrained array")
    ent = found[0][0]
    if ent.kind in SCALAR_KINDS:
        return SCALAR
    unit = ws.xref.unit_of_file(ent.file).lower()
    if ws.loc_of(ent.file, ent.line, ent.col) is None:
        if ent.kind == "R" and unit in HEAP_UNITS:
            return LIBRARY_RECORD
        raise Unsized(f"{text(mark)} is declared outside the sources ({unit or ent.file})")
    found_decl = type_declaration(ws, fu, mark)
    if found_decl is None:
        raise Unsized(f"the declaration of {text(mark)} is not found")
    dfu, decl = found_decl
    return _declared(ws, dfu, decl, depth - 1)


def _declared(ws, fu, decl: Node, depth: int) -> int:
    if decl.type == "subtype_declaration":
        parts = [c for c in decl.children[decl.children.index(first_child(decl, "identifier"))
                                          + 1:] if c.type not in ("is", ";", "comment")]
        return _indication(ws, fu, parts, depth)
    if decl.type != "full_type_declaration":
        raise Unsized(f"a {decl.type.replace('_', ' ')}")
    body = [c for c in decl.named_children if c.type not in ("identifier", "comment",
                                                             "known_discriminant_part",
                                                             "aspect_specification")]
    if not body:
        raise Unsized("a type rdv2po cannot read")
    kind = body[0]
    known = first_child(decl, "known_discriminant_part")
    discs = len([s for s in walk(known) if s.type == "discriminant_specification"]) \
        if known is not None else 0
    if kind.type == "array_type_definition":
        return _array(ws, fu, kind, depth)
    if kind.type == "record_type_definition":
        return SCALAR * (discs + 1) + _components(ws, fu, kind, depth)
    if kind.type == "derived_type_definition":
        parent = kind.named_children[0] if kind.named_children else None
        if parent is None:
            raise Unsized("a derived type rdv2po cannot read")
        ext = first_child(kind, "record_extension_part")
        size = _mark(ws, fu, parent, depth) + SCALAR * discs
        return size + (_components(ws, fu, ext, depth) if ext is not None else 0)
    raise Unsized(f"a {kind.type.replace('_', ' ')}")


def _components(ws, fu, rec: Node, depth: int) -> int:
    """Every component of a record definition, variants included."""
    size = 0
    for c in walk(rec):
        if c.type == "component_declaration":
            n = len([i for i in c.named_children if i.type == "identifier"])
            size += n * _component(ws, fu, first_child(c, "component_definition"), depth)
    return size


def _name_nodes(d: Node) -> list[Node]:
    names = []
    for c in d.children:
        if c.type == ":":
            break
        if c.type == "identifier":
            names.append(c)
    return names


def _given(ws, fu, spec: Node, depth: int) -> tuple[int, int] | None:
    """A task type's discriminant: the least and greatest values its objects give it,
    when every name of the type is an object declaration ``X : T (values)`` with
    static values (``B : Buffer (3);``); None when any other use may make one."""
    task = spec.parent
    while task is not None and task.type not in ("task_type_declaration",
                                                 "full_type_declaration"):
        task = task.parent
    tname = first_child(task, "identifier") if task is not None else None
    ent = ws.xref.declared_at(fu.pos(tname)) if tname is not None else None
    if ent is None or task.type != "task_type_declaration":
        return None
    specs = [d for d in walk(first_child(task, "known_discriminant_part"))
             if d.type == "discriminant_specification"]
    names = [text(i).lower() for d in specs for i in d.children if i.type == "identifier"
             and i.next_sibling is not None and i.next_sibling.type in (",", ":")]
    me = text(spec.children[0]).lower()
    values = []
    for r in ent.refs:
        if r.kind in ("b", "c", "d", "e", "l", "t"):
            continue                  # the body, end names, discriminants: not uses
        rfu = ws.by_base.get(r.file)
        at = rfu.ident_at_gnat(r.line, r.col) if rfu is not None else None
        decl = at.parent if at is not None else None
        cons = at.next_sibling if at is not None else None
        if decl is None or decl.type != "object_declaration" or cons is None \
                or cons.type != "discriminant_constraint":
            return None
        args = [c for c in cons.named_children if c.type != "comment"]
        value = None
        for i, a in enumerate(args):
            kids = [c for c in a.named_children if c.type != "comment"]
            named = any(c.type == "=>" for c in a.children)
            if named and text(kids[0]).lower() == me:
                value = _static(ws, rfu, kids[-1:], depth - 1)
            elif not named and i < len(names) and names[i] == me:
                value = _static(ws, rfu, [a], depth - 1)
        if value is None:
            return None
        values.append(value)
    if not values:
        return None
    return min(v[0] for v in values), max(v[1] for v in values)


def _last(mark: Node) -> Node:
    return mark.named_children[-1] if mark.type == "selected_component" else mark
