"""Integer arithmetic in guards shown not to raise, from static facts.

A guard becomes a barrier: where the task's evaluation raised (ending the task at
its select), a barrier's gives Program_Error to that entry's callers only.  So a
guard is taken only when it cannot raise.  Comparisons cannot; this module shows
that a conversion and ``+`` / ``-`` cannot either, by the values they can take:

- a variable declared with an initial value holds a value of its subtype (as
  everywhere in rdv2po: GNAT's default validity checking, -gnatVd, does not check
  a read): the subtype's literal bounds, read from its declaration
  (common/ranges.py), Integer, Natural, Positive and Standard's other integer
  types;
- a literal or a named number is its value;
- ``T (E)``, T an integer type: it raises only if E's value lies outside T's range
  or fails a predicate of T (none may apply); shown inside, it raises nothing and
  keeps E's values;
- ``A + B``, ``A - B``, ``- A`` of a signed integer type raise only when the result
  leaves the type's base range (RM 4.5(10)), which contains the range of every
  subtype of the type made symmetric about zero, but for one extra negative
  value (RM 3.5.4(9)): the result is checked against that; of a modular type
  they wrap around and cannot raise (RM 4.5.3(21)).

Anything else -- a call, a multiplication, an attribute, a real type, a
subtype whose bounds are not literals -- is not shown, and the guard is
judged as before.  ``plain(identifier)``: may the guard read this object (the
scheme's own rule: the task's variables)?
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...frontend.syntax import Node, first_child, text, walk
from ...frontend.workspace import FileUnit, Workspace
from . import ranges
from .startup import is_object

ADDING = ("binary_adding_operator", "unary_adding_operator")
# GNAT's cross-reference letters of integer and modular types, and of their objects
SIGNED, MODULAR = "Ii", "Mm"


@dataclass(frozen=True)
class Span:
    """The values an integer expression can take, and how its operations check."""
    low: int
    high: int
    base: tuple[int, int] | None = None   # signed: within the base range; None: universal
    modulus: int | None = None            # modular: wraps around


class Bounded:
    def __init__(self, ws: Workspace, fu: FileUnit, plain=lambda ident: True):
        self.ws, self.fu, self.plain = ws, fu, plain

    def covered(self, cond: Node) -> list[Node]:
        """The operands of ``cond`` (runs of terms and adding operators, conversions)
        shown not to raise: their nodes need no other check."""
        found: list[Node] = []
        self._cover(cond, found)
        return found

    def _cover(self, n: Node, found: list[Node]) -> None:
        if any(c.type in ADDING for c in n.children):
            rest = []
            for run in _runs(n.children):
                if any(c.type in ADDING for c in run) and self.run(run) is not None:
                    found += run
                else:
                    rest += run
            for c in rest:
                self._cover(c, found)
            return
        if n.type == "function_call" and self.value(n) is not None:
            found.append(n)
            return
        for c in n.children:
            self._cover(c, found)

    # -- values ---------------------------------------------------------------------

    def run(self, nodes: list[Node]) -> Span | None:
        """A run of terms joined by adding operators, from the left (RM 4.5: they
        associate left to right); ``&`` is not arithmetic."""
        acc: Span | None = None
        pending: str | None = None
        for c in (c for c in nodes if c.type != "comment"):
            if c.type in ADDING:
                op = text(c).strip()
                if op not in ("+", "-") or pending is not None:
                    return None
                pending = op
                continue
            v = self.value(c)
            if v is None or acc is not None and pending is None:
                return None
            if acc is None:
                acc = _negate(v) if pending == "-" else v
            else:
                acc = _combine(acc, v, pending)
            pending = None
            if acc is None:
                return None
        return acc if pending is None else None

    def value(self, n: Node) -> Span | None:
        kids = [c for c in n.children if c.type != "comment"]
        if n.type in ("expression", "term", "factor", "primary") and len(kids) == 1:
            return self.value(kids[0])
        if n.type in ("expression", "term") and any(c.type in ADDING for c in kids):
            return self.run(kids)
        if len(kids) == 3 and kids[0].type == "(" and kids[2].type == ")":
            return self.value(kids[1])
        if n.type == "parenthesized_expression":
            inner = [c for c in n.named_children if c.type != "comment"]
            return self.value(inner[0]) if len(inner) == 1 else None
        if n.type == "numeric_literal":
            v = _decimal(text(n))
            return Span(v, v) if v is not None else None
        if n.type == "identifier":
            return self._name(n)
        if n.type == "function_call":
            return self._conversion(n)
        return None

    def _name(self, n: Node) -> Span | None:
        if n.next_sibling is not None and n.next_sibling.type == "tick":
            return None
        found = self.ws.xref.at(self.fu.pos(n))
        if len(found) != 1:
            return None
        ent = found[0][0]
        if ent.kind == "N":
            words = ranges.number_literal(self.ws, ent)
            v = int(words) if words is not None and words.isdigit() else None
            return Span(v, v) if v is not None else None
        if not is_object(ent) or ent.kind not in SIGNED + MODULAR or not self.plain(n):
            return None
        return self._object(ent)

    def _object(self, ent) -> Span | None:
        """The values of a variable or constant, from its declaration's subtype."""
        loc = self.ws.loc_of(ent.file, ent.line, ent.col)
        dfu = self.ws.by_display.get(loc.path) if loc is not None else None
        ident = dfu.ident_at(loc.line, loc.col) if dfu is not None else None
        decl = ident.parent if ident is not None else None
        if decl is None or decl.type != "object_declaration":
            return None
        kinds = [c.type for c in decl.children]
        if "renames" in kinds or ":" not in kinds or ":=" not in kinds:
            # a renaming's subtype is the renamed object's; an object never given a
            # value may hold any bits (reading it is a bounded error, RM 13.9.1(9))
            return None
        end = kinds.index(":=") if ":=" in kinds else len(kinds)
        parts = [c for c in decl.children[kinds.index(":") + 1:end]
                 if c.is_named and c.type not in ("comment", "aliased", "constant")]
        if not parts or parts[0].type not in ("identifier", "selected_component") \
                or len(parts) > 2 or len(parts) == 2 and parts[1].type != "range_constraint":
            return None
        typ = self._type(dfu, parts[0], ent.kind in MODULAR)
        if typ is None:
            return None
        if len(parts) == 2:
            inner = ranges.constraint_range(self.ws, dfu, parts[1])
            if inner is None:
                return None
            # within the mark's range (its elaboration checked it): the mark's base
            return Span(inner[0], inner[1], typ.base, typ.modulus)
        return typ

    def _conversion(self, call: Node) -> Span | None:
        """``T (E)``: E's values, when they lie in T's range."""
        kids = call.named_children
        part = first_child(call, "actual_parameter_part")
        if len(kids) != 2 or kids[0].type not in ("identifier", "selected_component") \
                or part is None:
            return None
        args = [c for c in part.named_children if c.type != "comment"]
        if len(args) != 1 or args[0].type != "parameter_association" or \
                any(c.type == "=>" for c in args[0].children):
            return None
        mark = kids[0].named_children[-1] if kids[0].type == "selected_component" else kids[0]
        ents = [e for e, _k in self.ws.xref.at(self.fu.pos(mark))]
        if ents and not all(e.kind in ("I", "M") for e in ents):
            return None       # not an integer type: a function, a real type
        target = self._type(self.fu, kids[0], bool(ents) and ents[0].kind == "M")
        if target is None or not self._no_predicate(self.fu, mark, 4):
            return None
        inner = self.value(args[0].named_children[0]) if args[0].named_children else None
        if target is None or inner is None or \
                not (target.low <= inner.low and inner.high <= target.high):
            return None
        return Span(inner.low, inner.high, target.base, target.modulus)

    def _type(self, fu: FileUnit, mark: Node, modular: bool) -> Span | None:
        """The values of an integer subtype, and how its operations check."""
        last = mark.named_children[-1] if mark.type == "selected_component" else mark
        if last.type != "identifier":
            return None
        span = ranges.subtype_range(self.ws, fu, last)
        if span is None or span[0] > span[1]:
            return None
        if not modular:
            return Span(span[0], span[1], _symmetric(span))
        modulus = self._modulus(fu, last, 4)
        return Span(span[0], span[1], None, modulus) if modulus is not None else None

    def _no_predicate(self, fu: FileUnit, mark: Node, depth: int) -> bool:
        """No predicate applies to the subtype (a conversion checks it, RM 3.2.4(31):
        Assertion_Error under -gnata): none on its declaration or those it derives
        from, nor a pragma Predicate naming one of them."""
        dfu, decl = ranges.declaration(self.ws, fu, mark)
        if decl is None:
            return not self.ws.xref.at(fu.pos(mark))     # Standard's, or unknown
        if depth == 0 or any(_predicate(a) for a in walk(decl)
                             if a.type == "aspect_association"):
            return False
        name = text(decl.named_children[0]).lower() if decl.named_children else ""
        pragma = re.compile(r"\bpragma\s+predicate\s*\(\s*(entity\s*=>\s*)?"
                            + re.escape(name) + r"\b", re.IGNORECASE)
        if any(pragma.search(u.src.data.decode(u.src.codec, errors="replace"))
               for u in self.ws.units()):
            return False
        parts = decl.named_children
        parent = parts[1] if len(parts) > 1 else None
        if parent is not None and parent.type == "derived_type_definition":
            parent = first_child(parent, "identifier")
        if parent is not None and parent.type == "identifier":
            return self._no_predicate(dfu, parent, depth - 1)
        return True

    def _modulus(self, fu: FileUnit, mark: Node, depth: int) -> int | None:
        """The modulus of the modular type a subtype mark denotes (through subtypes and
        derived types declared in the sources)."""
        dfu, decl = ranges.declaration(self.ws, fu, mark)
        if decl is None or depth == 0:
            return None
        parts = decl.named_children
        definition = parts[1] if len(parts) > 1 else None
        if definition is not None and definition.type == "modular_type_definition":
            span = ranges.subtype_range(self.ws, fu, mark)
            return span[1] + 1 if span is not None and span[0] == 0 else None
        if definition is not None and definition.type == "derived_type_definition":
            definition = first_child(definition, "identifier")
        if definition is not None and definition.type == "identifier":
            return self._modulus(dfu, definition, depth - 1)
        return None


def _predicate(aspect: Node) -> bool:
    name = aspect.named_children[0] if aspect.named_children else None
    return name is not None and "predicate" in text(name).lower()


def _runs(kids: list[Node]) -> list[list[Node]]:
    """The runs of terms and adding operators among an expression's children."""
    runs, cur = [], []
    for c in kids:
        if c.type in ADDING or c.type == "term":
            cur.append(c)
        elif c.type != "comment":
            if cur:
                runs.append(cur)
            runs.append([c])
            cur = []
    if cur:
        runs.append(cur)
    return runs


def _symmetric(span: tuple[int, int]) -> tuple[int, int]:
    """What the base range of a type holding ``span`` surely holds: the range made
    symmetric about zero, less the extra negative value it may have (RM 3.5.4(9):
    Integer'Base is -2**31 .. 2**31 - 1)."""
    low, high = span
    return min(low, -high), max(high, -low - 1)


def _negate(v: Span) -> Span | None:
    if v.modulus is not None:
        return Span(0, v.modulus - 1, None, v.modulus)
    return _checked(Span(-v.high, -v.low, v.base))


def _combine(a: Span, b: Span, op: str) -> Span | None:
    modulus = a.modulus or b.modulus
    if modulus is not None:
        # both of the one modular type (or a literal, static, of it): wraps around
        if a.base is not None or b.base is not None or \
                (a.modulus or modulus) != modulus or (b.modulus or modulus) != modulus:
            return None
        return Span(0, modulus - 1, None, modulus)
    low, high = (a.low + b.low, a.high + b.high) if op == "+" else \
        (a.low - b.high, a.high - b.low)
    return _checked(Span(low, high, a.base or b.base))


def _checked(v: Span) -> Span | None:
    """None when the result may leave the base range (Constraint_Error)."""
    if v.base is not None and not (v.base[0] <= v.low and v.high <= v.base[1]):
        return None
    return v


def _decimal(literal: str) -> int | None:
    digits = literal.replace("_", "")
    return int(digits) if digits.isdigit() else None


def conversion_marks(nodes: list[Node]) -> list[Node]:
    """The type marks of the conversions among ``nodes`` (what ``covered`` gives)."""
    return [n.named_children[0] for top in nodes for n in walk(top)
            if n.type == "function_call" and n.named_children]
