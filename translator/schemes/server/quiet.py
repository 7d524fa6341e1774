"""Statements that cannot raise: they need no exception handler in an entry body.

The generated entry bodies route an exception as the task would have (the
object closes, the caller may get it).  Around statements that cannot raise,
that handler is noise an engineer would not write, and a task whose code
cannot raise and cannot leave its loop never ends: its object needs no
closed stage.  The test is deliberately narrow -- anything not listed here
may raise:

- ``null;``
- ``V := E`` where V is a variable or parameter of type Boolean and E is an
  expression of relational, membership and logical operators over objects,
  enumeration literals, named numbers and literals (shape.cannot_raise);
- ``V := L`` where L is a decimal literal in V's subtype, Integer, Natural or
  Positive, or a character literal and V a Character;
- an ``if`` statement whose conditions are such expressions and whose
  statements are all of this list;
- ``V := W`` where W is an object or an enumeration literal of exactly V's
  subtype (GNAT's cross-references give the same subtype, and neither is a
  renaming or declared with a constraint of its own), and that subtype is a
  scalar type of Standard or an enumeration type's first subtype: a value of
  a subtype always lies in it.

(Reading an uninitialised scalar does not raise under GNAT's default
validity checking, -gnatVd; with -gnatVa copies are checked, and the
original task could then end where the object does not.)
"""

from __future__ import annotations

from ...syntax import Node, first_child, text
from ...workspace import FileUnit, Workspace
from .shape import cannot_raise
from .startup import is_object as _is_object

STANDARD_SCALARS = {"boolean", "character", "wide_character", "wide_wide_character",
                    "integer", "natural", "positive", "short_integer", "long_integer",
                    "long_long_integer", "short_short_integer", "float", "short_float",
                    "long_float", "long_long_float", "duration"}


class Quiet:
    def __init__(self, ws: Workspace, fu: FileUnit, entries: set[str]):
        self.ws, self.fu, self.entries = ws, fu, entries

    def statements(self, nodes: list[Node]) -> bool:
        return all(self.statement(n) for n in nodes if n.type != "comment")

    def statement(self, n: Node) -> bool:
        if n.type == "null_statement":
            return True
        if n.type == "if_statement":
            return self._if(n)
        if n.type != "assignment_statement":
            return False
        kids = [c for c in n.named_children if c.type != "comment"]
        if len(kids) != 2 or kids[0].type != "identifier":
            return False
        target, value = kids
        ent = self._entity(target)
        if ent is None or not self._plain_object(ent) or not ent.type_ref:
            return False
        if ent.type_ref == "boolean":
            return cannot_raise(value, self._plain, self.entries)
        if value.type == "expression" and len(value.named_children) == 1:
            value = value.named_children[0]
        while value.type in ("relation", "term", "factor", "primary", "simple_expression") \
                and len(value.named_children) == 1:
            value = value.named_children[0]
        if value.type == "numeric_literal":
            return _in_range(text(value), ent.type_ref)
        if value.type == "character_literal":
            return ent.type_ref == "character"
        if value.type != "identifier":
            return False
        source = self._entity(value)
        return source is not None and (self._plain_object(source) or source.kind == "n") \
            and source.type_ref == ent.type_ref and self._scalar_first_subtype(ent.type_ref)

    def _if(self, n: Node) -> bool:
        """Conditions that cannot raise, branches of statements that cannot."""
        for c in n.named_children:
            if c.type == "expression":
                if not cannot_raise(c, self._plain, self.entries):
                    return False
            elif c.type == "sequence_of_statements":
                if not self.statements(list(c.named_children)):
                    return False
            elif c.type in ("elsif_statement_item", "else_statements"):
                if not self._if(c):
                    return False
            elif c.type != "comment":
                return False
        return True

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
        loc = self.ws.loc_of(base, line, col)
        dfu = self.ws.by_display.get(loc.path) if loc is not None else None
        ident = dfu.ident_at(loc.line, loc.col) if dfu is not None else None
        return ident.parent if ident is not None else None

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
        return all(_is_object(e) or e.kind in ("n", "N") for e, _k in found)

    def _scalar_first_subtype(self, type_ref: str) -> bool:
        if ":" not in type_ref:
            return type_ref in STANDARD_SCALARS
        base, line, col = type_ref.rsplit(":", 2)
        decl = self._declaration(base, int(line), int(col))
        return decl is not None and decl.type == "full_type_declaration" and \
            first_child(decl, "enumeration_type_definition") is not None


# GNAT's Standard: Integer is 32 bits
RANGES = {"integer": (-2**31, 2**31 - 1), "natural": (0, 2**31 - 1), "positive": (1, 2**31 - 1)}


def _in_range(literal: str, type_ref: str) -> bool:
    """A decimal integer literal that lies in Integer, Natural or Positive."""
    digits = literal.replace("_", "")
    if type_ref not in RANGES or not digits.isdigit():
        return False
    low, high = RANGES[type_ref]
    return low <= int(digits) <= high
