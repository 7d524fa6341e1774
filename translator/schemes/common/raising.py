"""Expressions that cannot raise: guards, conditions and values the accepting
scheme may evaluate in a barrier or without an exception handler.

In the task, an exception in a guard ends the task at its select; in a
barrier it would give Program_Error to that entry's callers only.  So a
guard must be shown not to raise.  The test is deliberately narrow; what
it lets through, and why each cannot raise:

- names ``plain_name`` accepts (the task's own objects, enumeration
  literals, named numbers), literals, relational, membership and logical
  operators: comparing and testing values raises nothing (a user-defined
  operator is refused before: common/hidden_calls.py);
- ``E'Count`` of the task's entries;
- ``mod``/``rem`` by a non-zero literal;
- conversions to integer types and ``+``/``-`` of integer values shown within
  their types from the subtypes' literal bounds (common/bounded.py);
- ``X'First`` and ``X'Last`` of an array object (not through an access
  value) or of a scalar or array subtype: they read bounds, values of the
  index or scalar type, and compare in that type;
- arithmetic (``+ - * / mod rem ** abs``), ``X'Length``, and anything else
  of universal type only in a *static* expression (RM 4.9): of literals,
  named numbers, and ``'First``, ``'Last``, ``'Length`` of static scalar
  subtypes and statically constrained arrays.  A static expression is
  evaluated exactly by the compiler, and one whose value lies outside the
  base range of the type it is converted to is illegal (RM 4.9(35)), as is
  one dividing by zero: it cannot raise when the program runs.  ``N - 1``
  with a named number N is static; ``X + 1`` with a variable X is not, and
  can overflow.

``kind_of(identifier)`` says what a name is: "number" (a named number),
"static" (a static scalar subtype, or a statically constrained array object
or subtype), "bounds" (another array object, scalar or array subtype), or
None; quiet.Quiet.kind_of answers from GNAT's cross-references.
"""

from __future__ import annotations

from ...frontend.syntax import Node, first_child, text, walk

PLAIN_CONDITION = {"expression", "relation", "term", "factor", "factor_not", "primary",
                   "relational_operator", "numeric_literal", "character_literal",
                   "parenthesized_expression", "relation_membership",
                   "membership_choice_list", "range_g"}
ADDING = ("binary_adding_operator", "unary_adding_operator")
STATIC_NODES = {"expression", "term", "factor", "primary", "numeric_literal",
                "parenthesized_expression", "binary_adding_operator",
                "unary_adding_operator", "multiplying_operator", "factor_power",
                "factor_abs", "tick"}
BOUNDS = ("first", "last")


def count_prefix(attr: Node) -> Node | None:
    """The prefix of ``E'Count`` or ``E (I)'Count``, given its attribute designator."""
    if text(attr).lower() != "count" or attr.prev_sibling is None \
            or attr.prev_sibling.type != "tick" or attr.prev_sibling.prev_sibling is None:
        return None
    return attr.prev_sibling.prev_sibling


def _no_kind(ident: Node) -> str | None:
    return None


def cannot_raise(cond: Node, plain_name, entries: set[str], kind_of=_no_kind,
                 bounded=None) -> bool:
    """Whether evaluating ``cond`` cannot raise (see the module's list).  ``plain_name``
    accepts the names that may be read (the task's own variables and constants,
    say); ``entries``: the task's entries, lower case, whose 'Count may be read.  An
    entry family's index is an expression like the rest; only its prefix and
    parentheses are let through.  ``bounded``: a common.bounded.Bounded, whose
    conversions and sums shown within their types need no other check."""
    checked = _Checked()
    for n in bounded.covered(cond) if bounded is not None else ():
        checked.tree(n)
    for n in walk(cond):
        if n.type == "attribute_designator" and not _attribute(n, entries, kind_of, checked):
            return False
    for n in walk(cond):
        if n in checked:
            continue
        if any(c.type in ADDING for c in n.children):
            for run in _simple_expressions(n.children):
                if any(c.type in ADDING for c in run) and not all(c in checked for c in run):
                    if not all(static_expression(c, kind_of) for c in run):
                        return False
                    for c in run:
                        checked.tree(c)
        elif n.type == "term" and any(c.type == "multiplying_operator" and not _by_literal(c)
                                      for c in n.children):
            if not static_expression(n, kind_of):
                return False
            checked.tree(n)
        elif n.type in ("factor_power", "factor_abs"):
            if not static_expression(n, kind_of):
                return False
            checked.tree(n)
    for n in walk(cond):
        if n in checked or n.type == "tick":
            continue
        if n.type == "identifier":
            if not plain_name(n):
                return False
        elif n.type == "multiplying_operator" and _by_literal(n):
            continue
        elif n.is_named and n.type not in PLAIN_CONDITION:
            return False
    return True


class _Checked:
    """Nodes already shown not to raise, by place and type."""

    def __init__(self) -> None:
        self.keys: set[tuple[int, int, str]] = set()

    def node(self, n: Node) -> None:
        self.keys.add((n.start_byte, n.end_byte, n.type))

    def tree(self, n: Node) -> None:
        for c in walk(n):
            self.node(c)

    def __contains__(self, n: Node) -> bool:
        return (n.start_byte, n.end_byte, n.type) in self.keys


def _attribute(n: Node, entries: set[str], kind_of, checked: _Checked) -> bool:
    """``E'Count`` of an entry of the task, or ``X'First``/``X'Last``/``X'Length`` as
    the module says: the attribute reference is then checked."""
    attr = text(n).lower()
    if attr == "count":
        prefix = count_prefix(n)
        name = prefix.named_children[0] if prefix is not None \
            and prefix.type == "function_call" and prefix.named_children else prefix
        if name is None or name.type != "identifier" or text(name).lower() not in entries:
            return False
        checked.tree(name)
        checked.tree(n)
        if prefix is not name:
            part = first_child(prefix, "actual_parameter_part")
            if part is None or len(part.named_children) != 1:
                return False
            for k in (prefix, part, part.named_children[0]):
                checked.node(k)       # the index expression itself is checked as the rest
        return True
    kind = _bounds_kind(n, kind_of)
    if kind == "static" or kind == "bounds" and attr in BOUNDS:
        checked.tree(n.prev_sibling.prev_sibling)
        checked.tree(n)
        return True
    return False


def _bounds_kind(attr: Node, kind_of) -> str | None:
    """What the prefix of ``X'First``, ``X'Last`` or ``X'Length`` is (kind_of), when it is
    written as a plain name and the attribute has no dimension argument."""
    if text(attr).lower() not in ("first", "last", "length"):
        return None
    tick = attr.prev_sibling
    prefix = tick.prev_sibling if tick is not None and tick.type == "tick" else None
    if prefix is None or prefix.type != "identifier" or attr.parent is None \
            or attr.parent.type == "function_call":
        return None
    return kind_of(prefix)


def _simple_expressions(kids: list[Node]) -> list[list[Node]]:
    """The runs of terms and adding operators among an expression's children: the
    operands the relational, membership and logical operators between them join."""
    runs, cur = [], []
    for c in kids:
        if c.type in ADDING or c.type == "term":
            cur.append(c)
        elif c.type != "comment":
            if cur:
                runs.append(cur)
            cur = []
    if cur:
        runs.append(cur)
    return runs


def static_expression(node: Node, kind_of) -> bool:
    """A static numeric expression (RM 4.9) of literals, named numbers, predefined
    arithmetic and 'First, 'Last, 'Length of static subtypes and arrays."""
    checked = _Checked()
    for n in walk(node):
        if n in checked:
            continue
        if n.type == "attribute_designator":
            if _bounds_kind(n, kind_of) != "static":
                return False
            checked.tree(n.prev_sibling.prev_sibling)
            checked.tree(n)
        elif n.type == "identifier":
            if n.next_sibling is not None and n.next_sibling.type == "tick":
                continue              # an attribute's prefix: its designator decides
            if kind_of(n) != "number":
                return False
        elif n.is_named and n.type not in STATIC_NODES:
            return False
    return True


def static_range(rng: Node, kind_of) -> bool:
    """``L .. H`` with static bounds."""
    if rng.type != "range_g":
        return False
    parts = [c for c in rng.named_children if c.type != "comment"]
    return bool(parts) and all(static_expression(p, kind_of) for p in parts)


def _by_literal(op: Node) -> bool:
    """``mod`` or ``rem`` by a non-zero literal: the result is smaller than the operand."""
    right = op.next_named_sibling
    return text(op).lower() in ("mod", "rem") and right is not None \
        and right.type == "numeric_literal" and right.next_named_sibling is None \
        and any(c not in "0_." for c in text(right).lower().split("e")[0].split("#")[-1])
