"""The integer values an expression can take, read from the sources: for initial
values shown within their subtype (initial.py).

- a literal (decimal or based) is its value; a named number or a constant is
  its declaration's value, evaluated the same way (a static expression is exact);
- an object with an initial value, a constant whose value is not read, a
  discriminant, a generic formal object or an ``in`` parameter holds a value of
  its subtype (GNAT's default validity checking, as everywhere in rdv2po); a
  variable declared without a value is not followed (it may hold any bits);
- ``+``, ``-`` (binary and unary), ``*`` and ``abs`` combine the spans; a result
  that may leave ``limit`` (the symmetric range of the target's type: its base
  range holds it, RM 3.5.4(9)) is not shown;
- ``T'First``, ``T'Last`` of an integer subtype are its bounds.

A subtype's range is read from Standard's integer subtypes, and from type and
subtype declarations of the sources whose bounds are such expressions: each
bound is a span, the range surely holds ``[high of low bound, low of high
bound]`` and holds at most ``[low of low bound, high of high bound]``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...frontend.syntax import Node, first_child, text
from ...frontend.workspace import FileUnit, Workspace
from . import ranges
from .startup import is_object

WRAPPERS = ("expression", "relation", "term", "factor", "primary", "simple_expression")
INTEGER = (-2**31, 2**31 - 1)


@dataclass(frozen=True)
class Span:
    low: int
    high: int


@dataclass(frozen=True)
class Range:
    """A subtype's range: ``inner`` it surely holds, ``outer`` it holds at most."""
    inner: Span
    outer: Span


class Spans:
    def __init__(self, ws: Workspace):
        self.ws = ws

    # -- expressions --------------------------------------------------------------------

    def of(self, fu: FileUnit, n: Node, limit=INTEGER, depth: int = 0) -> Span | None:
        if depth > 12:
            return None
        kids = [c for c in n.children if c.type != "comment"]
        if any(c.type == "tick" for c in kids):
            return self._attribute(fu, n, limit, depth)
        if n.type in WRAPPERS and len(kids) == 1:
            return self.of(fu, kids[0], limit, depth + 1)
        if len(kids) == 3 and kids[0].type == "(" and kids[2].type == ")":
            return self.of(fu, kids[1], limit, depth + 1)
        if n.type == "parenthesized_expression":
            inner = [c for c in n.named_children if c.type != "comment"]
            return self.of(fu, inner[0], limit, depth + 1) if len(inner) == 1 else None
        if n.type == "numeric_literal":
            v = literal(text(n))
            return Span(v, v) if v is not None else None
        if n.type == "identifier":
            return self._name(fu, n, limit, depth)
        if n.type == "factor_abs":
            inner = [c for c in n.named_children if c.type != "comment"]
            s = self.of(fu, inner[0], limit, depth + 1) if len(inner) == 1 else None
            if s is None:
                return None
            low = 0 if s.low <= 0 <= s.high else min(abs(s.low), abs(s.high))
            return _limited(Span(low, max(abs(s.low), abs(s.high))), limit)
        if n.type == "factor_power" and len(n.named_children) == 2:
            base, power = (self.of(fu, c, limit, depth + 1) for c in n.named_children)
            if base is None or power is None or base.low != base.high or \
                    power.low != power.high or not 0 <= power.low <= 64:
                return None
            return _limited(Span(base.low ** power.low, base.low ** power.low), limit)
        if n.type in ("expression", "term", "simple_expression") and len(kids) > 1:
            return self._operators(fu, kids, limit, depth)
        if n.type == "function_call" or n.type == "attribute_reference":
            return self._attribute(fu, n, limit, depth)
        return None

    def _operators(self, fu, kids: list[Node], limit, depth: int) -> Span | None:
        """Operands joined by ``+ - *``, left to right (RM 4.5)."""
        acc: Span | None = None
        op = None
        for c in kids:
            if c.type in ("binary_adding_operator", "unary_adding_operator",
                          "multiplying_operator"):
                if op is not None and acc is not None:
                    return None
                op = text(c).strip()
                if op not in ("+", "-", "*"):
                    return None
                continue
            s = self.of(fu, c, limit, depth + 1)
            if s is None:
                return None
            if acc is None:
                if op == "*":
                    return None
                acc = Span(-s.high, -s.low) if op == "-" else s
            else:
                if op is None:
                    return None
                acc = _combine(acc, s, op)
            op = None
            acc = _limited(acc, limit) if acc is not None else None
            if acc is None:
                return None
        return acc if op is None else None

    def _attribute(self, fu, n: Node, limit, depth: int) -> Span | None:
        """``T'First``, ``T'Last`` of an integer subtype; ``T'Pred (E)``, ``T'Succ (E)``
        of a value of it whose result stays in T's type's base range."""
        kids = [c for c in n.children if c.type != "comment"]
        at = next((i for i, c in enumerate(kids) if c.type == "tick"), None)
        if at is None:
            return None          # a function call: its result is not known here
        prefix = kids[at - 1] if at > 0 else None
        word = kids[at + 1] if at + 1 < len(kids) else None
        if prefix is None or prefix.type != "identifier" or word is None or \
                word.type != "attribute_designator":
            return None
        found = self.ws.xref.at(fu.pos(prefix))
        if found and not all(e.kind.isupper() for e, _k in found):
            return None          # an object's: its subtype may be constrained anew
        r = self.range_of(fu, prefix, depth + 1)
        name = text(word).lower()
        rest = kids[at + 2:]
        if r is None:
            return None
        if not rest and name in ("first", "last"):
            inner, outer = (r.inner.low, r.outer.low) if name == "first" else \
                (r.inner.high, r.outer.high)
            return Span(inner, inner) if inner == outer else None
        part = rest[0] if len(rest) == 1 and rest[0].type == "actual_parameter_part" else None
        args = [c for c in part.named_children if c.type != "comment"] if part else []
        if name not in ("pred", "succ") or len(args) != 1:
            return None
        arg = args[0].named_children[0] if args[0].type == "parameter_association" and \
            len(args[0].named_children) == 1 else args[0]
        s = self.of(fu, arg, limit, depth + 1)
        if s is None:
            return None
        step = -1 if name == "pred" else 1
        return _limited(Span(s.low + step, s.high + step), symmetric(r.inner))

    def _name(self, fu, n: Node, limit, depth: int) -> Span | None:
        if n.next_sibling is not None and n.next_sibling.type == "tick":
            return None
        found = self.ws.xref.at(fu.pos(n))
        if len(found) != 1:
            return None
        ent = found[0][0]
        if ent.kind != "N" and not is_object(ent):
            return None
        loc = self.ws.loc_of(ent.file, ent.line, ent.col)
        dfu = self.ws.by_display.get(loc.path) if loc is not None else None
        ident = dfu.ident_at(loc.line, loc.col) if dfu is not None else None
        decl = ident.parent if ident is not None else None
        if decl is None:
            return None
        kinds = [c.type for c in decl.children]
        if decl.type == "number_declaration":
            expr = first_child(decl, "expression")
            return self.of(dfu, expr, limit, depth + 1) if expr is not None else None
        if decl.type == "object_declaration":
            if "renames" in kinds or ":" not in kinds or ":=" not in kinds:
                return None
            value = decl.children[kinds.index(":=") + 1]
            if "constant" in kinds:
                exact = self.of(dfu, value, limit, depth + 1)
                if exact is not None:
                    return exact
            return self._subtype_values(dfu, decl.children[kinds.index(":") + 1:
                                                           kinds.index(":=")], depth)
        if decl.type in ("discriminant_specification", "formal_object_declaration",
                         "parameter_specification"):
            if "out" in kinds or "access_definition" in kinds:
                return None
            colon = kinds.index(":") if ":" in kinds else None
            if colon is None:
                return None
            stop = kinds.index(":=") if ":=" in kinds else len(kinds)
            return self._subtype_values(dfu, decl.children[colon + 1:stop], depth)
        return None

    def _subtype_values(self, dfu, parts: list[Node], depth: int) -> Span | None:
        """The values an object of the subtype indication ``parts`` may hold."""
        named = [c for c in parts if c.is_named and c.type not in ("comment", "aliased",
                                                                   "constant", "in")]
        if not named or named[0].type != "identifier" or len(named) > 2:
            return None
        r = self.range_of(dfu, named[0], depth + 1)
        if len(named) == 2:
            if named[1].type != "range_constraint":
                return None
            c = self.constraint(dfu, named[1], depth + 1)
            return c.outer if c is not None else None
        return r.outer if r is not None else None

    # -- subtypes -----------------------------------------------------------------------

    def range_of(self, fu: FileUnit, mark: Node, depth: int = 0) -> Range | None:
        """The range of the integer subtype ``mark`` names (in ``fu``)."""
        last = mark.named_children[-1] if mark.type == "selected_component" else mark
        if last.type != "identifier" or depth > 8:
            return None
        dfu, decl = ranges.declaration(self.ws, fu, last)
        if decl is None:
            if self.ws.xref.at(fu.pos(last)) or not fu.resolved:
                return None
            span = ranges.INTEGER_RANGES.get(text(last).lower())
            return Range(Span(*span), Span(*span)) if span is not None else None
        if any(c.type == "aspect_specification" for c in decl.children):
            return None                   # a predicate: values within the range may fail it
        parts = [c for c in decl.named_children if c.type != "comment"][1:]
        if not parts:
            return None
        d = parts[0]
        if d.type == "derived_type_definition":
            parts = [c for c in d.named_children if c.type != "comment"]
            d = parts[0] if parts else d
        if d.type == "signed_integer_type_definition":
            rng = first_child(d, "range_g") or d
            return self._bounds(dfu, rng, depth)
        if d.type == "modular_type_definition":
            expr = first_child(d, "expression")
            m = self.of(dfu, expr, (0, 2**64), depth + 1) if expr is not None else None
            return Range(Span(0, m.low - 1), Span(0, m.high - 1)) \
                if m is not None and m.low > 0 else None
        if d.type in ("identifier", "selected_component"):
            rest = parts[1:]
            if not rest:
                return self.range_of(dfu, d, depth + 1)
            if len(rest) == 1 and rest[0].type == "range_constraint":
                return self.constraint(dfu, rest[0], depth + 1)
        return None

    def constraint(self, fu: FileUnit, c: Node, depth: int) -> Range | None:
        rng = first_child(c, "range_g")
        return self._bounds(fu, rng, depth) if rng is not None else None

    def _bounds(self, fu: FileUnit, rng: Node, depth: int) -> Range | None:
        bounds = ranges.bounds_of(rng)
        if len(bounds) != 2 or not all(bounds):
            return None
        low, high = (self.of(fu, b[0], INTEGER, depth + 1) if len(b) == 1 else
                     self._operators(fu, [c for c in b if c.type != "comment"], INTEGER,
                                     depth + 1) for b in bounds)
        if low is None or high is None:
            return None
        return Range(Span(low.high, high.low), Span(low.low, high.high))


def literal(words: str) -> int | None:
    """An integer literal's value: decimal, based (``16#0F#``), with an exponent."""
    w = words.replace("_", "").lower()
    exp = 0
    if "#" in w:
        base, _, rest = w.partition("#")
        digits, _, tail = rest.partition("#")
        if tail.startswith("e"):
            exp = int(tail[1:].lstrip("+")) if tail[1:].lstrip("+").isdigit() else -1
        try:
            b = int(base)
            v = int(digits, b)
        except ValueError:
            return None
        return v * b ** exp if exp >= 0 else None
    if "e" in w:
        w, _, e = w.partition("e")
        e = e.lstrip("+")
        if not e.isdigit():
            return None
        exp = int(e)
    return int(w) * 10 ** exp if w.isdigit() else None


def _combine(a: Span, b: Span, op: str) -> Span:
    if op == "+":
        return Span(a.low + b.low, a.high + b.high)
    if op == "-":
        return Span(a.low - b.high, a.high - b.low)
    products = [a.low * b.low, a.low * b.high, a.high * b.low, a.high * b.high]
    return Span(min(products), max(products))


def _limited(s: Span, limit) -> Span | None:
    return s if limit[0] <= s.low and s.high <= limit[1] else None


def symmetric(r: Span) -> tuple[int, int]:
    """What the base range of a type holding ``r`` surely holds (RM 3.5.4(9))."""
    return min(r.low, -r.high), max(r.high, -r.low - 1)
