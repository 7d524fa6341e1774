"""Declarations of the task body that are not variables, moved out of it: their
fresh names and the text of the task body that follows them (both server schemes).

A protected object (the accepting scheme) or a task type's record (the
caller-runs scheme) holds only components.  The task body's types, subtypes and
named numbers therefore move out, just before the object's or the type's
declaration, under fresh names (``Buffer_Index`` for ``Index`` in task Buffer):
a name fresh in the whole program can neither clash with a declaration there nor
hide one from the code that follows.  Every reference in the task body follows
the new name (GNAT's cross-references say which identifiers denote the moved
entity).  (The accepting scheme's subprograms become operations of the
protected body, under their own names: accepting/scheme.py.)

Refused (``ShapeError``): a reference GNAT did not resolve, spelt like a
moved name (it might denote it); a moved name used as the selector of an
expanded name (``T.Index``); an enumeration literal spelt like a name used
elsewhere in the program (literals keep their names: ``'Image`` shows them).
"""

from __future__ import annotations

from ...frontend.syntax import Node, first_child, text, walk
from ...frontend.workspace import FileUnit, Workspace
from . import ranges
from .fragments import Source, visual_width
from .refusals import ShapeError


class Renamed(Source):
    """A file's text with some identifiers (by their byte range) spelt anew.
    Columns are those of the original text: the layout does not move."""

    def __init__(self, fu: FileUnit, renames: dict[int, tuple[int, str]]):
        super().__init__(fu)
        self.renames = renames

    def text(self, start: int, end: int) -> str:
        out, pos = [], start
        for at in sorted(k for k, (e, _n) in self.renames.items() if start <= k and e <= end):
            stop, name = self.renames[at]
            out.append(super().text(pos, at))
            out.append(name)
            pos = stop
        out.append(super().text(pos, end))
        return "".join(out)

    def column(self, offset: int) -> int:
        line_start = self.data.rfind(b"\n", 0, offset) + 1
        return visual_width(Source.text(self, line_start, offset))

    def line_indent(self, offset: int) -> str:
        line_start = self.data.rfind(b"\n", 0, offset) + 1
        raw = Source.text(self, line_start, offset)
        return " " * visual_width(raw[:len(raw) - len(raw.lstrip(" \t"))])


def defining(decl: Node) -> list[Node]:
    """The defining identifiers of a type, subtype, number or renaming declaration (a
    use clause has none)."""
    if decl.type == "use_clause":
        return []
    if decl.type == "subprogram_renaming_declaration":
        spec = next((c for c in decl.named_children if c.type.endswith("_specification")),
                    None)
        name = first_child(spec, "identifier") if spec is not None else None
        return [name] if name is not None else []
    if decl.type == "number_declaration":
        found = []
        for c in decl.children:
            if c.type == ":":
                break
            if c.type == "identifier":
                found.append(c)
        return found
    ident = first_child(decl, "identifier")
    return [ident] if ident is not None else []


def literals(decl: Node) -> list[Node]:
    enum = first_child(decl, "enumeration_type_definition")
    return [c for c in enum.named_children if c.type == "identifier"] if enum is not None else []


def renames(ws: Workspace, fu: FileUnit, body: Node, moved: list[Node], task: str,
            fresh) -> tuple[dict[int, tuple[int, str]], set[tuple]]:
    """The new spelling of every identifier of ``body`` that denotes a moved entity
    (by start byte: end byte and new name), and the keys of the moved entities and of
    their enumeration literals."""
    out: dict[int, tuple[int, str]] = {}
    keys: set[tuple] = set()
    for decl in moved:
        for ident in defining(decl):
            ent = ws.xref.declared_at(fu.pos(ident))
            if ent is None:
                raise ShapeError(ident, f"GNAT's cross-references do not give the entity "
                                        f"{text(ident)} declared here, so its uses cannot "
                                        "follow it out of the task")
            keys.add(ent.key)
            new = fresh(f"{task}_{text(ident)}")
            for n in walk(body):
                if n.type != "identifier" or text(n).lower() != text(ident).lower():
                    continue
                found = ws.xref.at(fu.pos(n))
                mine = n == ident or any(e.key == ent.key for e, _k in found)
                if not mine and not found:
                    raise ShapeError(n, f"GNAT's cross-references do not say what "
                                        f"{text(n)} denotes here; it may be {text(ident)}, "
                                        f"which moves out of the task as {new}")
                if not mine:
                    continue
                p = n.parent
                if p is not None and p.type == "selected_component" and \
                        p.named_children[-1] == n:
                    raise ShapeError(p, f"{text(ident)} named by an expanded name; it "
                                        f"moves out of the task as {new}: write {text(n)}")
                out[n.start_byte] = (n.end_byte, new)
        for lit in literals(decl):        # they move with their type, names unchanged
            ent = ws.xref.declared_at(fu.pos(lit))
            if ent is not None:
                keys.add(ent.key)
    return out, keys


def check_literals(ws: Workspace, fu: FileUnit, body: Node, moved: list[Node]) -> None:
    """Literals of a moved enumeration type keep their names (``'Image`` shows them);
    they must not meet the same name where the type now is, or anywhere else."""
    for decl in moved:
        for lit in literals(decl):
            name = text(lit).lower()
            for other in ws.units():
                if name not in other.identifier_names():
                    continue
                for n in other.nodes_of_type("identifier"):
                    inside = other is fu and body.start_byte <= n.start_byte < body.end_byte
                    if not inside and text(n).lower() == name:
                        raise ShapeError(lit, f"the enumeration literal {text(lit)} moves out "
                                              "of the task with its type, and the name "
                                              f"{text(n)} is also used at {other.loc(n)}")


def unshown_constants(ws: Workspace, fu: FileUnit, moved: list[Node]) -> list[Node]:
    """The constants among ``moved`` (declarations.static_constant) whose literal is not
    shown within their subtype: they stay components, as before, where their value is
    given when the object is made (a value outside the subtype raised at the task's
    activation; the component's default raises where the object is declared, as any
    initial value moved there)."""
    unshown = []
    for d in moved:
        if d.type != "object_declaration":
            continue
        try:
            ranges.check_value(ws, fu, d)
        except ShapeError:
            unshown.append(d)
    return unshown
