"""A server's variables as private components of its protected object.

``X : T := E;`` becomes the component ``X : T := E;``.  Three cases need
more than a copy:
- an anonymous array type is not allowed for a component: a named array
  type is declared just before the protected declaration;
- a ``constant`` loses the keyword (components cannot be constants; the
  code never assigns it, since it compiled as a constant);
- an initial value that reads another variable of the body cannot be a
  component default (it would see no other component): the assignment
  moves to the code that runs before the first synchronization point.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...frontend.structure import own_nodes
from ...frontend.syntax import Node, defining_names, text
from .fragments import Source, Sub
from .refusals import ShapeError
from .tree import is_selector


@dataclass(frozen=True)
class Components:
    lines: tuple[str, ...]             # components and the comments around them, in order
    types: tuple[str, ...]             # array type declarations for before the spec
    deferred: tuple[str, ...]          # assignments for the start-up code
    deferred_from: tuple[Node, ...]    # their expressions
    moved_out: tuple[Node, ...]        # expressions evaluated at the spec now
    default_init: tuple[Node, ...] = ()  # subtype marks of objects without an initial value


def identifiers(node: Node) -> set[str]:
    return {text(n).lower() for n in own_nodes(node) if n.type == "identifier"} | (
        {text(node).lower()} if node.type == "identifier" else set())


def build(src: Source, part: list[Node], discriminants: set[str], type_prefix: str,
          fresh, defaulted: set[str] = frozenset(),
          stripped: set[int] = frozenset()) -> Components:
    """``part``: the body's declarative items (object declarations and comments);
    ``stripped``: the declarations (by start byte) whose initial value the object gives
    where the task entered their block, not as a component default."""
    objects = [d for d in part if d.type == "object_declaration"]
    local = {n.lower() for d in objects for n in defining_names(d)}
    lines, types, deferred, moved, deferred_from, uninit = [], [], [], [], [], []
    prev_end_line = -1
    for d in part:
        if d.type == "comment":
            if d.start_point[0] == prev_end_line and lines:
                lines[-1] += "  " + src.node(d)
            else:
                lines.append(src.node(d))
            continue
        prev_end_line = d.end_point[0]
        names = defining_names(d)
        kids = d.children
        colon = next(i for i, c in enumerate(kids) if c.type == ":")
        assign = next((i for i, c in enumerate(kids) if c.type == ":="), None)
        stop = assign if assign is not None else len(kids) - 1     # the ';'
        subs = [Sub(c.start_byte, _after_space(src, c.end_byte), "")
                for c in kids[colon + 1:stop] if c.type == "constant"]
        tnodes = [c for c in kids[colon + 1:stop]
                  if c.type not in ("aliased", "constant", "comment")]
        if not tnodes:
            raise ShapeError(d, "a declaration without a type")
        for t in tnodes:
            _check_type(t, names, local, discriminants, defaulted)
            moved.append(t)
        if len(tnodes) == 1 and tnodes[0].type == "array_type_definition":
            tname = fresh(f"{type_prefix}_{names[0]}_Array")
            types.append(f"type {tname} is {src.node(tnodes[0])};")
            subs.append(Sub(tnodes[0].start_byte, tnodes[0].end_byte, tname))
        if assign is None:
            uninit.extend(tnodes)
        if assign is not None and d.start_byte in stripped:
            subs.append(Sub(_before_space(src, kids[assign].start_byte),
                            kids[assign + 1].end_byte, ""))
        elif assign is not None:
            expr = kids[assign + 1]
            if identifiers(expr) & local:
                init = src.node(expr)
                deferred.extend(f"{n} := {init};" for n in names)
                deferred_from.append(expr)
                subs.append(Sub(_before_space(src, kids[assign].start_byte), expr.end_byte, ""))
            else:
                moved.append(expr)
        lines.append(src.block(d.start_byte, d.end_byte, "", subs))
    return Components(tuple(lines), tuple(types), tuple(deferred), tuple(deferred_from),
                      tuple(moved), tuple(uninit))


def _check_type(t: Node, names: list[str], local: set[str], discriminants: set[str],
                defaulted: set[str] = frozenset()) -> None:
    """A component's subtype may name a discriminant only as a bound or constraint
    by itself (RM 3.8(12)), and no variable of the task."""
    uses = [n for n in [t, *own_nodes(t)] if n.type == "identifier" and not is_selector(n)]
    of = ", ".join(names)
    for n in uses:
        if text(n).lower() in local:
            raise ShapeError(t, f"the type of {of} depends on {text(n)}, declared in "
                                "the task body, known only inside it")
    for n in uses:
        if text(n).lower() not in discriminants:
            continue
        if t.type == "array_type_definition":
            raise ShapeError(t, f"the anonymous array type of {of} depends on the "
                                f"discriminant {text(n)}; declare a named array type")
        if text(n).lower() in defaulted:
            raise ShapeError(t, f"the type of {of} depends on the discriminant {text(n)}, "
                                "which has a default: GNAT allocates a protected object of "
                                "such a type for the largest value of the discriminant "
                                "(Storage_Error), where the task allocated its actual size")
        if not _alone(n):
            raise ShapeError(t, f"the type of {of} uses the discriminant {text(n)} in an "
                                "expression; a component's constraint may name a "
                                "discriminant only by itself (RM 3.8(12))")


def _alone(ident: Node) -> bool:
    """The identifier is a whole bound or constraint: ``1 .. D``, ``T (D)``."""
    node = ident
    if node.parent is not None and node.parent.type == "term" \
            and node.parent.named_child_count == 1:
        node = node.parent
    parent = node.parent
    if parent is not None and parent.type in ("expression", "discriminant_association",
                                              "parameter_association") \
            and parent.named_child_count >= 1 and parent.named_children[-1] == node:
        node, parent = parent, parent.parent       # Len => N
    if parent is not None and parent.type == "expression" and parent.named_child_count == 1:
        node, parent = parent, parent.parent
    if parent is None or parent.type not in ("range_g", "index_constraint",
                                             "discriminant_constraint",
                                             "discriminant_association",
                                             "parameter_association", "actual_parameter_part"):
        return False
    for sib in (node.prev_sibling, node.next_sibling):
        if sib is not None and sib.type.endswith("operator"):
            return False
    return True


def _after_space(src: Source, offset: int) -> int:
    while offset < len(src.data) and src.data[offset:offset + 1] in (b" ", b"\t"):
        offset += 1
    return offset


def _before_space(src: Source, offset: int) -> int:
    while offset > 0 and src.data[offset - 1:offset] in (b" ", b"\t"):
        offset -= 1
    return offset
