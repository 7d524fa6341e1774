"""Statements that cannot raise: they need no exception handler in an entry body.

The generated entry bodies route an exception as the task would have (the
object closes, the caller may get it).  Around statements that cannot raise,
that handler is noise an engineer would not write, and a task whose code
cannot raise and cannot leave its loop never ends: its object needs no
closed stage.  The test is deliberately narrow -- anything not listed here
may raise:

- ``null;``
- ``V := E`` where V is a variable or parameter of type Boolean and E is an
  expression of relational, membership and logical operators over scalar and
  access objects (comparing composite ones may call a component's "="),
  enumeration literals, named numbers and literals (shape.cannot_raise);
- ``V := L`` where L is a decimal literal in V's subtype, Integer, Natural or
  Positive, or a character literal and V a Character;
- an ``if`` statement whose conditions are such expressions and whose
  statements are all of this list;
- ``V := W`` where W is an object or an enumeration literal of exactly V's
  subtype (GNAT's cross-references give the same subtype, and neither is a
  renaming or declared with a constraint of its own), and that subtype is a
  scalar type of Standard or the first subtype of an enumeration, signed
  integer or modular type: a value of a subtype always lies in it;
- ``V := E`` where V is of a modular type (without aspects: a predicate is
  checked after the wrap-around) declared ``mod L`` or
  ``mod 2 ** L`` (decimal literals) and E is made of ``+ - * and or xor
  not``, parentheses, objects of exactly V's subtype and decimal literals
  below the modulus: modular arithmetic wraps around (RM 4.5.3, 4.5.4);
  division, ``mod``, ``rem`` and ``**`` are left out (a zero divisor, a
  negative power);
- ``V := E'Count`` of an entry of the task, V of type Integer or Natural: a
  queue's length is 0 or more (not ``E (I)'Count``: I may lie outside the
  family's range);
- ``V := W`` where V and W are objects of exactly one constrained array type
  whose index subtypes are static and whose components are scalar: the
  lengths agree, and no Adjust runs (RM 5.2(10), 7.6).

(Reading an uninitialised scalar does not raise under GNAT's default
validity checking, -gnatVd; with -gnatVa copies are checked, and the
original task could then end where the object does not.)
"""

from __future__ import annotations

from ...model import Location
from ...frontend.syntax import Node, first_child, text, walk
from ...frontend.workspace import FileUnit, Workspace
from .raising import cannot_raise, count_prefix, static_expression, static_range
from .startup import is_object as _is_object

STANDARD_SCALARS = {"boolean", "character", "wide_character", "wide_wide_character",
                    "integer", "natural", "positive", "short_integer", "long_integer",
                    "long_long_integer", "short_short_integer", "float", "short_float",
                    "long_float", "long_long_float", "duration"}


# scalar subtypes of Standard, all static (GNAT records no reference to them)
STANDARD_STATIC = STANDARD_SCALARS - {"duration"}
SCALAR_TYPES = "BEIMFOD"     # GNAT's letters for Boolean, enumeration, integer, modular,
#                             float, ordinary and decimal fixed point types and subtypes


class Quiet:
    def __init__(self, ws: Workspace, fu: FileUnit, entries: set[str]):
        self.ws, self.fu, self.entries = ws, fu, entries

    def statements(self, nodes: list[Node], exit_ok=None) -> bool:
        """``exit_ok(exit_statement)``: an exit the caller's code for it cannot raise
        (its condition included); without it, an exit is not quiet (it ends the task)."""
        return all(self.statement(n, exit_ok) for n in nodes if n.type != "comment")

    def statement(self, n: Node, exit_ok=None) -> bool:
        if n.type == "null_statement":
            return True
        if n.type == "exit_statement":
            return exit_ok is not None and exit_ok(n)
        if n.type == "if_statement":
            return self._if(n, exit_ok)
        if n.type != "assignment_statement":
            return False
        kids = [c for c in n.named_children if c.type != "comment"]
        if len(kids) != 2 or kids[0].type != "identifier":
            return False
        return self.assignment(*kids)

    def initial_values(self, decl: Node) -> bool:
        """An object declaration whose initial value, given to each name again
        (``X := E``), cannot raise; one without an initial value gives none."""
        kids = decl.children
        assign = next((i for i, c in enumerate(kids) if c.type == ":="), None)
        if assign is None:
            return True
        names = [c for c in decl.named_children if c.type == "identifier"]
        colon = next(c for c in kids if c.type == ":")
        return all(self.assignment(n, kids[assign + 1], declared=True) for n in names
                   if n.start_byte < colon.start_byte)

    def assignment(self, target: Node, value: Node, declared: bool = False) -> bool:
        """``Target := Value`` cannot raise (the list in the module's comment);
        ``declared``: ``target`` is the defining name of the object."""
        ent = self.ws.xref.declared_at(self.fu.pos(target)) if declared else \
            self._entity(target)
        if ent is None or not self._plain_object(ent) or not ent.type_ref:
            return False
        if ent.type_ref == "boolean":
            return cannot_raise(value, self._plain, self.entries, self.kind_of)
        modulus = self._modulus(ent.type_ref)
        if modulus is not None:
            return self._wraps(value, ent.type_ref, modulus)
        if value.type == "expression" and len(value.named_children) == 1:
            value = value.named_children[0]
        while value.type in ("relation", "term", "factor", "primary", "simple_expression") \
                and len(value.named_children) == 1:
            value = value.named_children[0]
        if value.type == "numeric_literal":
            return _in_range(text(value), ent.type_ref)
        if ent.type_ref in ("natural", "integer") and _count_of_entry(value) and \
                value.named_children[0].type == "identifier" and \
                cannot_raise(value, self._plain, self.entries, self.kind_of):
            return True     # a queue's length: 0 or more, checked as a condition is
        if value.type == "identifier" and self._same_constrained_array(ent, value):
            return True
        if value.type == "character_literal":
            return ent.type_ref == "character"
        if value.type != "identifier":
            return False
        source = self._entity(value)
        return source is not None and (self._plain_object(source) or source.kind == "n") \
            and source.type_ref == ent.type_ref and self._scalar_first_subtype(ent.type_ref)

    def _same_constrained_array(self, target, value: Node) -> bool:
        """``V := W`` of two plain objects of one constrained array type with static
        index subtypes and scalar components: the lengths agree (RM 5.2(10)), and a
        scalar component assigns without an Adjust that could raise."""
        source = self._entity(value)
        if source is None or not self._plain_object(source) or \
                source.type_ref != target.type_ref:
            return False
        decl = self._type_declaration(target.type_ref)
        array = first_child(decl, "array_type_definition") if decl is not None else None
        if array is None or not self._static_indexes(array):
            return False
        comp = first_child(array, "component_definition")
        marks = [c for c in comp.named_children if c.type != "comment"] \
            if comp is not None else []
        if len(marks) != 1 or marks[0].type != "identifier":
            return False
        return self._scalar_mark(target.type_ref, marks[0])

    def _scalar_mark(self, type_ref: str, mark: Node) -> bool:
        """A subtype mark, written in the declaration ``type_ref`` names, of a scalar
        subtype: its cross-reference's letter, or a scalar of Standard."""
        base, line, col = type_ref.rsplit(":", 2)
        place = self._place(base, int(line), int(col))
        if place is None:
            return False
        found = self.ws.xref.at(place[0].pos(mark))
        if not found:
            return text(mark).lower() in STANDARD_SCALARS
        return len(found) == 1 and found[0][0].kind in SCALAR_TYPES

    def _if(self, n: Node, exit_ok=None) -> bool:
        """Conditions that cannot raise, branches of statements that cannot."""
        for c in n.named_children:
            if c.type == "expression":
                if not cannot_raise(c, self._plain, self.entries, self.kind_of):
                    return False
            elif c.type == "sequence_of_statements":
                if not self.statements(list(c.named_children), exit_ok):
                    return False
            elif c.type in ("elsif_statement_item", "else_statements"):
                if not self._if(c, exit_ok):
                    return False
            elif c.type != "comment":
                return False
        return True

    def is_value(self, choice: Node) -> bool:
        """A case choice that is one value: a literal, an enumeration literal, a named
        number or a constant (not a range, nor a subtype, whose choice is ``in``)."""
        inner = choice
        while inner.type in ("discrete_choice", "expression", "relation", "term", "factor",
                             "primary") and len(inner.named_children) == 1:
            inner = inner.named_children[0]
        if inner.type in ("numeric_literal", "character_literal"):
            return True
        if inner.type != "identifier":
            return False
        found = self.ws.xref.at(self.fu.pos(inner))
        return len(found) == 1 and (found[0][0].kind in ("n", "N")
                                    or _is_object(found[0][0]))

    def kind_of(self, ident: Node) -> str | None:
        """What a name is, for raising.cannot_raise: "number" (a named number),
        "static" (a static scalar subtype, a statically constrained array object or
        type), "bounds" (another array object, scalar or array subtype: its 'First and
        'Last cannot raise), or None."""
        found = self.ws.xref.at(self.fu.pos(ident))
        if not found:
            return "static" if text(ident).lower() in STANDARD_STATIC else None
        if len(found) != 1:
            return None
        ent = found[0][0]
        if ent.kind == "N":
            return "number"
        if ent.kind not in SCALAR_TYPES + "Aa":
            return None      # an access object among them: its dereference can raise
        decl = self._declaration(ent.file, ent.line, ent.col)
        return "static" if decl is not None and self._static_decl(decl) else "bounds"

    def _static_decl(self, decl: Node) -> bool:
        """A static scalar subtype, or a statically constrained array type or object
        (RM 4.9(26, 30)), as declared: its bounds are static expressions."""
        parts = [c for c in decl.named_children if c.type != "comment"][1:]
        if decl.type == "full_type_declaration" and len(parts) == 1:
            d = parts[0]
            if d.type == "enumeration_type_definition":
                return True
            if d.type == "signed_integer_type_definition":
                return all(static_expression(n, self.kind_of) for n in d.named_children
                           if n.type != "comment")
            return d.type == "array_type_definition" and self._static_indexes(d)
        if decl.type == "subtype_declaration" and parts and parts[0].type == "identifier":
            if self.kind_of(parts[0]) != "static":
                return False
            rest = parts[1:]
            return not rest or len(rest) == 1 and rest[0].type == "range_constraint" and \
                all(static_range(r, self.kind_of) for r in rest[0].named_children)
        if decl.type == "object_declaration":
            return self._static_object(decl)
        return False

    def _static_object(self, decl: Node) -> bool:
        """``X : array (1 .. 8) of T``, ``X : Buffer (1 .. N)``, ``X : Static_Array``."""
        kinds = [c.type for c in decl.children]
        if "renames" in kinds or ":" not in kinds:
            return False
        subtype = next((c for c in decl.children[kinds.index(":") + 1:] if c.is_named
                        and c.type != "comment"), None)
        if subtype is None:
            return False
        if subtype.type == "array_type_definition":
            return self._static_indexes(subtype)
        if subtype.type == "slice":
            kids = [c for c in subtype.named_children if c.type != "comment"]
            return len(kids) == 2 and kids[0].type == "identifier" and \
                static_range(kids[1], self.kind_of)
        return subtype.type == "identifier" and self.kind_of(subtype) == "static"

    def _static_indexes(self, array_def: Node) -> bool:
        """Every index of an array type definition a static range or static subtype."""
        indexes = [c for c in array_def.named_children
                   if c.type not in ("component_definition", "comment")]
        return bool(indexes) and all(
            static_range(i, self.kind_of) if i.type == "range_g"
            else i.type == "identifier" and self.kind_of(i) == "static" for i in indexes)

    def _plain_object(self, ent) -> bool:
        """An object whose subtype is exactly its subtype mark: a parameter, or an object
        declaration whose subtype indication has no constraint.  Not a renaming (its
        subtype is the renamed object's, whatever the mark says: RM 8.5.1(6)), nor
        ``X : Integer range 1 .. 10``, whose cross-reference names Integer."""
        if not _is_object(ent):
            return False
        decl = self._declaration(ent.file, ent.line, ent.col)
        if decl is None:
            return False
        if decl.type == "parameter_specification":
            return True
        if decl.type != "object_declaration":
            return False
        kinds = [c.type for c in decl.children]
        colon = kinds.index(":") if ":" in kinds else -1
        rest = [k for k in kinds[colon + 1:] if k not in ("aliased", "constant")]
        end = rest.index(":=") if ":=" in rest else rest.index(";") if ";" in rest else len(rest)
        return colon >= 0 and len(rest[:end]) == 1 and \
            rest[0] in ("identifier", "selected_component")

    def _declaration(self, base: str, line: int, col: int) -> Node | None:
        """The declaration whose defining name GNAT places at (base, line, col)."""
        place = self._place(base, line, col)
        ident = place[0].ident_at(place[1].line, place[1].col) if place is not None else None
        return ident.parent if ident is not None else None

    def _place(self, base: str, line: int, col: int) -> tuple[FileUnit, Location] | None:
        """The file of the sources, and the place in it, GNAT names (base, line, col)."""
        loc = self.ws.loc_of(base, line, col)
        dfu = self.ws.by_display.get(loc.path) if loc is not None else None
        return (dfu, loc) if dfu is not None else None

    def _entity(self, ident: Node):
        found = self.ws.xref.at(self.fu.pos(ident))
        if len(found) != 1:
            return None
        return found[0][0]

    def _plain(self, ident: Node) -> bool:
        """Reading it cannot raise: an object, an enumeration literal, a named number."""
        found = self.ws.xref.at(self.fu.pos(ident))
        if not found:
            return text(ident).lower() in ("true", "false")
        return all(_is_object(e) and e.kind in READ_PLAINLY or e.kind in ("n", "N")
                   for e, _k in found)

    def _scalar_first_subtype(self, type_ref: str) -> bool:
        if ":" not in type_ref:
            return type_ref in STANDARD_SCALARS
        decl = self._type_declaration(type_ref)
        return decl is not None and any(first_child(decl, d) is not None for d in FIRST_SUBTYPES) \
            and first_child(decl, "aspect_specification") is None

    def _type_declaration(self, type_ref: str) -> Node | None:
        """The full type declaration a cross-reference's type (base:line:col) names."""
        if ":" not in type_ref:
            return None
        base, line, col = type_ref.rsplit(":", 2)
        decl = self._declaration(base, int(line), int(col))
        return decl if decl is not None and decl.type == "full_type_declaration" else None

    def _modulus(self, type_ref: str) -> int | None:
        """The modulus of a modular type declared ``mod L`` or ``mod 2 ** L`` with decimal
        literals L, or None."""
        decl = self._type_declaration(type_ref)
        if decl is not None and first_child(decl, "aspect_specification") is not None:
            return None     # a predicate is checked after the wrap-around
        mod = first_child(decl, "modular_type_definition") if decl is not None else None
        expr = first_child(mod, "expression") if mod is not None else None
        if expr is None:
            return None
        inner = expr
        while inner.type in ("expression", "term", "factor", "primary") and \
                len(inner.named_children) == 1:
            inner = inner.named_children[0]
        if inner.type == "numeric_literal":
            return _decimal(text(inner))
        if inner.type == "factor_power":
            parts = [c for c in inner.children if c.type != "comment"]
            if len(parts) == 3 and parts[1].type == "**" and \
                    all(p.type == "numeric_literal" for p in (parts[0], parts[2])):
                base, exp = _decimal(text(parts[0])), _decimal(text(parts[2]))
                if base is not None and exp is not None and exp <= 128:
                    return base ** exp
        return None

    def _wraps(self, value: Node, type_ref: str, modulus: int) -> bool:
        """An expression of a modular type whose operations all wrap around (RM 4.5.3,
        4.5.4: the result is reduced modulo the modulus) and whose operands are objects
        of exactly that type or literals below the modulus: it cannot raise."""
        for n in walk(value):
            if n.type == "comment":
                continue
            if not n.is_named:
                if n.type not in WRAPPING_TOKENS:
                    return False
            elif n.type == "identifier":
                ent = self._entity(n)
                if ent is None or not self._plain_object(ent) or ent.type_ref != type_ref:
                    return False
            elif n.type == "numeric_literal":
                v = _decimal(text(n))
                if v is None or v >= modulus:
                    return False
            elif n.type not in WRAPPING_NODES:
                return False
        return True


# objects a condition may read (GNAT's letters: scalars and access values): comparing
# composite ones may call a component's user-defined "=" (RM 4.5.2(14-15))
READ_PLAINLY = SCALAR_TYPES.lower() + "p"
# Full type declarations whose first subtype holds only its own values: a copy
# between objects of exactly that subtype cannot fail its check.
FIRST_SUBTYPES = ("enumeration_type_definition", "signed_integer_type_definition",
                  "modular_type_definition")
# What a modular expression that wraps around may hold (no division, no power, no
# conversion or call: those can raise)
WRAPPING_NODES = {"expression", "term", "factor", "primary", "factor_not",
                  "parenthesized_expression", "binary_adding_operator",
                  "unary_adding_operator", "multiplying_operator"}
WRAPPING_TOKENS = {"+", "-", "*", "and", "or", "xor", "not", "(", ")"}


def _count_of_entry(value: Node) -> bool:
    """``E'Count`` or ``E (I)'Count`` as the whole expression (cannot_raise decides
    whether E is the task's entry and I cannot raise)."""
    kids = [c for c in value.children if c.type != "comment"]
    return len(kids) == 3 and kids[2].type == "attribute_designator" and \
        count_prefix(kids[2]) == kids[0]

def _decimal(literal: str) -> int | None:
    digits = literal.replace("_", "")
    return int(digits) if digits.isdigit() else None


# GNAT's Standard: Integer is 32 bits
RANGES = {"integer": (-2**31, 2**31 - 1), "natural": (0, 2**31 - 1), "positive": (1, 2**31 - 1)}


def _in_range(literal: str, type_ref: str) -> bool:
    """A decimal integer literal that lies in Integer, Natural or Positive."""
    digits = literal.replace("_", "")
    if type_ref not in RANGES or not digits.isdigit():
        return False
    low, high = RANGES[type_ref]
    return low <= int(digits) <= high
