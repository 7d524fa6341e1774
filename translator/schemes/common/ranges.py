"""Range constraints of the task body's declarations that the server schemes elaborate
elsewhere: shown within their subtype's range, or refused.

A constraint outside its subtype's range raises Constraint_Error when elaborated
(RM 3.2.2(11)).  In the task body that happened at the task's activation, which
failed: the activator got Tasking_Error (RM 9.2(5)).  Moved before a protected object
or a package, the same elaboration raises Constraint_Error there, in the declarative
part around the task (ACATS c93004a).  So a declaration the schemes move (types,
subtypes, and a single task's package body) must show each range constraint within
its subtype from literal bounds and named numbers of literal values: an integer
range against Standard's Integer, Natural and Positive or a type or subtype of the
sources with literal bounds, two enumeration literals against their type's first
subtype, or a null range (which fits any subtype).  Bounds that are not literals
the schemes judge by what they read (common/startup.py, caller_runs/declared.py):
a typed constant's value is not followed here.
"""

from __future__ import annotations

import re

from ...frontend.syntax import Node, first_child, one_line, text, walk
from ...frontend.workspace import FileUnit, Workspace
from .refusals import ShapeError
from .startup import type_declaration

# GNAT's predefined integer subtypes, with their ranges
INTEGER_RANGES = {"integer": (-2**31, 2**31 - 1), "natural": (0, 2**31 - 1),
                  "positive": (1, 2**31 - 1), "short_short_integer": (-2**7, 2**7 - 1),
                  "short_integer": (-2**15, 2**15 - 1), "long_integer": (-2**63, 2**63 - 1),
                  "long_long_integer": (-2**63, 2**63 - 1)}
_INT = re.compile(r"^-?\s*\d[\d_]*$")
REASON = ("a range constraint rdv2po cannot show within its subtype's range (from literal "
          "bounds): outside it the task's activation failed, Tasking_Error in the "
          "activator; where the declaration is now elaborated it would raise "
          "Constraint_Error")


def check(ws: Workspace, fu: FileUnit, decl: Node) -> None:
    """ShapeError at the first range constraint of ``decl`` not shown within its
    subtype's range."""
    for c in walk(decl):
        if c.type != "range_constraint":
            continue
        mark = c.prev_named_sibling
        if mark is not None and mark.type == "selected_component" and mark.named_children:
            mark = mark.named_children[-1]
        bounds = bounds_of(first_child(c, "range_g"))
        if mark is not None and mark.type == "identifier" and len(bounds) == 2 and \
                not _within(ws, fu, mark, *bounds):
            raise ShapeError(c, REASON)
    if decl.type == "object_declaration":
        _check_length(ws, fu, decl)


LENGTH = ("an initial value rdv2po cannot show of the length its index constraint "
          "gives: of another length the task's activation failed, Tasking_Error in the "
          "activator; where the declaration is now elaborated it would raise "
          "Constraint_Error")


def _parts(decl: Node) -> tuple[list[Node], Node | None]:
    """``X : [constant] T := V;``: the named nodes between ``:`` and ``:=`` (the
    subtype), and V; ([], None) without an initial value."""
    kids = decl.children
    at = next((i for i, c in enumerate(kids) if c.type == ":="), None)
    colon = next((i for i, c in enumerate(kids) if c.type == ":"), None)
    if None in (at, colon):
        return [], None
    return ([c for c in kids[colon + 1:at] if c.is_named],
            next((c for c in kids[at + 1:] if c.type == "expression"), None))


def _check_length(ws: Workspace, fu: FileUnit, decl: Node) -> None:
    """ShapeError where ``X : T (L .. H) := V;`` may raise a length check: V must be
    a string literal of H - L + 1 characters (literal bounds) or ``(others => ...)``."""
    subtype, value = _parts(decl)
    marks = [c for c in subtype if c.type == "slice"]
    if not marks or value is None:
        return
    words = one_line(value)
    if words.replace(" ", "").lower().startswith("(others=>") and words.endswith(")") \
            and words.count("=>") == 1:
        return
    bounds = bounds_of(first_child(marks[0], "range_g"))
    ends = [_value(ws, fu, b) for b in bounds] if len(bounds) == 2 else []
    literal = [n for n in walk(value) if n.type == "string_literal"]
    if len(literal) == 1 and text(literal[0]) == words and len(ends) == 2 and \
            all(isinstance(e, int) for e in ends) and \
            len(text(literal[0])[1:-1].replace('""', '"')) == max(0, ends[1] - ends[0] + 1):
        return
    raise ShapeError(value, LENGTH)


def check_value(ws: Workspace, fu: FileUnit, decl: Node, integers_only: bool = False) -> None:
    """ShapeError unless the literal value of the object declaration ``decl`` (``X :
    [constant] T := V;``) is shown within its subtype: an integer as a range constraint
    is, a character of Character, True or False of Boolean.  ``integers_only``: other
    values, subtypes named by expanded names or constrained in the declaration, and
    subtypes whose bounds rdv2po cannot read are not judged here: only an integer shown
    outside its subtype is refused."""
    marks, value = _parts(decl)
    if len(marks) != 1 or marks[0].type != "identifier" or value is None:
        if integers_only:
            return
        raise ShapeError(decl, "a constant whose subtype rdv2po cannot read")
    mark = marks[0]
    words = one_line(value).lower()
    found = [e for e, _k in ws.xref.at(fu.pos(mark))]
    standard = not found and fu.resolved
    if _INT.match(words) and integers_only:
        # only a value shown outside: bounds rdv2po cannot read (an expression, a
        # type outside the sources) are left as they were
        v = int(words.replace(" ", "").replace("_", ""))
        dfu, decl = declaration(ws, fu, mark)
        span = _range_of(ws, dfu, decl, 4) if decl is not None else \
            INTEGER_RANGES.get(text(mark).lower()) if standard else None
        shown = span is None or span[0] <= v <= span[1]
    elif _INT.match(words):
        shown = _within(ws, fu, mark, [value], [value])
    elif integers_only:
        return
    elif words in ("true", "false"):
        shown = standard and text(mark).lower() == "boolean"
    else:
        shown = standard and text(mark).lower() == "character" and \
            words.startswith("'")
    if not shown:
        raise ShapeError(value, "an initial value rdv2po cannot show within its "
                                "subtype (from a literal): outside it the task's "
                                "activation failed, Tasking_Error in the activator; where "
                                "the declaration is now elaborated it would raise "
                                "Constraint_Error")


def bounds_of(rng: Node | None) -> list[list[Node]]:
    """The two bounds of ``L .. H`` (a range, or ``range L .. H`` of an integer type's
    definition), each as its nodes (``- 3`` is two)."""
    if rng is None or not any(c.type == ".." for c in rng.children):
        return []
    at = next(i for i, c in enumerate(rng.children) if c.type == "..")
    return [[c for c in rng.children[:at] if c.type != "range"], list(rng.children[at + 1:])]


def declaration(ws: Workspace, fu: FileUnit, mark: Node) -> tuple[FileUnit | None,
                                                                  Node | None]:
    """The type or subtype declaration a mark denotes in the sources, with its file;
    (None, None) outside them or unresolved."""
    found = type_declaration(ws, fu, mark)
    if found is None or found[1].type not in ("full_type_declaration",
                                              "subtype_declaration"):
        return None, None
    return found


def _within(ws: Workspace, fu: FileUnit, mark: Node, low: list[Node],
            high: list[Node]) -> bool:
    lo, hi = _value(ws, fu, low), _value(ws, fu, high)
    if lo is None or hi is None:
        return True       # not literal: the schemes judge when it is read (its moment)
    dfu, decl = declaration(ws, fu, mark)
    if isinstance(lo, int) and isinstance(hi, int):
        if lo > hi:
            return True               # a null range fits any subtype
        span = _range_of(ws, dfu, decl, 4) if decl is not None else \
            INTEGER_RANGES.get(text(mark).lower())
        return span is not None and span[0] <= lo and hi <= span[1]
    # two literals of an enumeration type's first subtype lie within it
    return lo == hi == "enum" and decl is not None and \
        first_child(decl, "enumeration_type_definition") is not None


def _value(ws: Workspace, fu: FileUnit, e: list[Node]) -> int | str | None:
    """An integer literal's or a named number's value, "enum" for an enumeration
    literal, or None."""
    words = " ".join(" ".join(text(n) for n in e).split())
    if _INT.match(words):
        return int(words.replace(" ", "").replace("_", ""))
    if not re.fullmatch(r"[A-Za-z]\w*", words):
        return None
    number = _named_number(ws, words.lower())
    if number is not None:
        return number
    ident = next(n for top in e for n in walk(top) if n.type == "identifier")
    found = ws.xref.at(fu.pos(ident))
    return "enum" if found and all(ent.kind == "n" for ent, _k in found) else None


def _named_number(ws: Workspace, name: str) -> int | None:
    hits = [n for fu in ws.units() for n in fu.nodes_of_type("number_declaration")
            if name in (text(i).lower() for i in n.named_children if i.type == "identifier")]
    if len(hits) != 1:
        return None
    expr = first_child(hits[0], "expression")
    words = one_line(expr) if expr is not None else ""
    return int(words.replace(" ", "").replace("_", "")) if _INT.match(words) else None


def _range_of(ws: Workspace, fu: FileUnit, d: Node, depth: int) -> tuple[int, int] | None:
    """The literal bounds of a type or subtype declaration's range (a subtype's
    without a constraint: its mark's), or None."""
    rng = next((c for c in walk(d) if c.type in ("range_g",
                                                 "signed_integer_type_definition")), None)
    values = [_value(ws, fu, b) for b in bounds_of(rng)]
    if len(values) == 2 and all(isinstance(v, int) for v in values):
        return values[0], values[1]
    parts = d.named_children
    modulus = first_child(parts[1], "expression") if len(parts) > 1 and \
        parts[1].type == "modular_type_definition" else None
    if modulus is not None:
        value = _value(ws, fu, [modulus])
        return (0, value - 1) if isinstance(value, int) else None
    if len(parts) > 1 and parts[1].type == "derived_type_definition" and rng is None:
        parts = [parts[0], *parts[1].named_children]     # its parent's range
    if d.type in ("subtype_declaration", "full_type_declaration") and rng is None \
            and len(parts) == 2 and parts[1].type == "identifier" and depth:
        dfu, decl = declaration(ws, fu, parts[1])
        return _range_of(ws, dfu, decl, depth - 1) if decl is not None else \
            INTEGER_RANGES.get(text(parts[1]).lower())
    return None


def subtype_range(ws: Workspace, fu: FileUnit, mark: Node) -> tuple[int, int] | None:
    """The literal bounds of the integer subtype ``mark`` names (a declaration of the
    sources, or Integer, Natural, Positive and Standard's other integer types, which
    GNAT gives no cross-reference), or None."""
    dfu, decl = declaration(ws, fu, mark)
    if decl is not None:
        return _range_of(ws, dfu, decl, 4)
    if ws.xref.at(fu.pos(mark)) or not fu.resolved:
        return None
    return INTEGER_RANGES.get(text(mark).lower())


def number_literal(ws: Workspace, ent) -> str | None:
    """The literal (its words, lower case, without '_') a named number of the sources
    is declared with, the cross-reference entity ``ent`` denoting it; None if it is
    declared otherwise or elsewhere."""
    if ent.kind != "N":
        return None
    loc = ws.loc_of(ent.file, ent.line, ent.col)
    dfu = ws.by_display.get(loc.path) if loc is not None else None
    ident = dfu.ident_at(loc.line, loc.col) if dfu is not None else None
    decl = ident.parent if ident is not None else None
    expr = first_child(decl, "expression") if decl is not None and \
        decl.type == "number_declaration" else None
    words = "".join(text(expr).split()).replace("_", "").lower() if expr is not None else ""
    return words if re.fullmatch(r"\d+(\.\d+)?(e\+?\d+)?", words) else None


def constraint_range(ws: Workspace, fu: FileUnit, constraint: Node) -> tuple[int, int] | None:
    """The bounds of ``range L .. H`` when both are integer literals or named numbers."""
    values = [_value(ws, fu, b) for b in bounds_of(first_child(constraint, "range_g"))]
    if len(values) == 2 and all(isinstance(v, int) for v in values):
        return values[0], values[1]
    return None
