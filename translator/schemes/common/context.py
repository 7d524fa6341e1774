"""Adding ``with`` clauses a rewrite needs to a unit's context clause.

tree-sitter-ada gives every context item its own ``compilation_unit`` node
(``with A;``, ``use A;``, a pragma, then the library item), so the context
of a library item is the run of such nodes before it.  A ``with`` already in
that run, anywhere in it, is not added again (a second rewrite must not add
a duplicate); new clauses go after the configuration pragmas that may open
the file (RM 10.1.5(8): a pragma after a context item is misplaced).
"""

from __future__ import annotations

import re

from ...write.edits import Edit
from ...frontend.syntax import Node, text

CONTEXT_ITEMS = ("with_clause", "use_clause", "pragma_g")


def _item(cu: Node) -> Node | None:
    return next((c for c in cu.named_children if c.type != "comment"), None)


def _context_of(root: Node, node: Node | None) -> list[Node]:
    """The compilation_unit nodes of the context items and library item holding
    ``node`` (the first library item of the file when ``node`` is None)."""
    group: list[Node] = []
    for cu in (c for c in root.named_children if c.type == "compilation_unit"):
        group.append(cu)
        item = _item(cu)
        if item is None or item.type in CONTEXT_ITEMS:
            continue
        if node is None or cu.start_byte <= node.start_byte < cu.end_byte:
            return group
        group = []
    return []


def withed(clause: Node) -> list[str]:
    """The units a ``with`` clause names, lower case, no blanks (``limited with``
    names none: it gives no visibility of declarations)."""
    words = " ".join(text(clause).lower().split())
    if words.startswith("limited"):
        return []
    words = re.sub(r"^(private\s+)?with\s+", "", words).rstrip(";")
    return [u.replace(" ", "") for u in words.split(",")]


def withs_of(fu, node: Node | None = None) -> set[str]:
    """The units the context of ``node``'s library item withs, lower case."""
    return {u for cu in _context_of(fu.tree.root_node, node) for c in cu.named_children
            if c.type == "with_clause" for u in withed(c)}


def context_edit(fu, units: list[str], origin: str, node: Node | None = None,
                 private: set[str] = frozenset()) -> Edit | None:
    """One edit adding the ``with`` clauses that the context of ``node``'s library
    item (the file's first, by default) lacks; those in ``private`` (lower case) as
    ``private with``."""
    group = _context_of(fu.tree.root_node, node)
    if not group:
        return None
    have = withs_of(fu, node)
    missing = [u for u in dict.fromkeys(units) if u.lower() not in have]
    if not missing:
        return None
    at = next(cu for cu in group if _item(cu) is None or _item(cu).type != "pragma_g"
              or cu is group[-1])
    txt = "".join(f"{'private ' if u.lower() in private else ''}with {u};\n"
                  for u in missing)
    return Edit(fu.src.path, at.start_byte, at.start_byte, txt, origin + " (context)")


def with_edits(requests) -> list[Edit]:
    """The edits for ``base.WithRequest``s: one per context clause asked of, adding
    the units asked for (in the order first asked) that it lacks."""
    groups: dict[tuple, list] = {}
    for r in requests:
        group = _context_of(r.fu.tree.root_node, r.at)
        groups.setdefault((r.fu.src.path, group[0].start_byte if group else -1), []).append(r)
    out = []
    for asked in groups.values():
        first = asked[0]
        origin = "; ".join(dict.fromkeys(r.origin for r in asked))
        # private only when every request of the unit is
        private = ({r.unit.lower() for r in asked if r.private}
                   - {r.unit.lower() for r in asked if not r.private})
        edit = context_edit(first.fu, [r.unit for r in asked], origin, first.at, private)
        if edit is not None:
            out.append(edit)
    return out
