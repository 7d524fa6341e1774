"""Task and protected types completing a private type, which GNAT's cross
references list only at the partial view.

``type T is limited private; ... private task type T is ... end T;`` is one
entity in the ``.ali`` files, declared at the partial view, and (unlike a
full type declaration, which gets a ``c`` reference) nothing names the task
type declaration itself: the task's uses, its objects and its body hang on
the partial view's entity.  The end label of the full declaration (``end
T;``) is listed, as an ``l`` reference of that entity, so it tells which
entity the declaration completes; the index then answers for the full
declaration's name with it.  A declaration without a definition (``task type
T;``) has no end label and stays without an entity.
"""

from __future__ import annotations

from .syntax import Node, first_child, text
from .workspace import Workspace

DEFINITIONS = {"task_type_declaration": "task_definition",
               "protected_type_declaration": "protected_definition"}


def record_completions(ws: Workspace) -> None:
    for fu in ws.units():
        for kind, definition in DEFINITIONS.items():
            for decl in fu.nodes_of_type(kind):
                name = first_child(decl, "identifier")
                if name is None or ws.xref.declared_at(fu.pos(name)) is not None:
                    continue
                label = _end_label(first_child(decl, definition))
                if label is None:
                    continue
                named = text(name).lower()
                hits = {ent.key for ent, kind_ in ws.xref.at(fu.pos(label))
                        if kind_ == "l" and ent.name.lower() == named}
                if len(hits) == 1:
                    ws.xref.completes[fu.pos(name)] = hits.pop()


def _end_label(definition: Node | None) -> Node | None:
    """The name after a definition's ``end``."""
    kids = definition.children if definition is not None else []
    for i, c in enumerate(kids[:-1]):
        if c.type == "end" and kids[i + 1].type == "identifier":
            return kids[i + 1]
    return None
