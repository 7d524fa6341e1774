"""Names the task body reads through its package body's context clause, in the text
that moves to the package's spec (both server schemes).

A task declared in a package spec becomes an object declared there: the task
body's variables, types and named numbers move into the spec, where a name the
package body made visible (``with Sizes; use Sizes;`` on pool.adb only) is not.
Such a name is written expanded (``Sizes.Max_Items``) wherever the task's text
uses it, and ``with Sizes;`` joins the spec's context clause, when:

- the name denotes a declaration of the visible part of a library package U,
  itself in the sources, that the package body's context clause withs and the
  spec's does not (a name already expanded keeps its prefix; its prefix U
  needs only the ``with``) -- or that the spec withs without a use clause of U
  (only the prefix is new then);
- U's elaboration cannot be seen: U has ``pragma Pure`` or ``Preelaborate``
  (RM 10.2.1: it calls nothing, creates no task, and its closure is of the same
  kind), or U's spec withs nothing, has no body in the sources and declares
  only named numbers -- static values.  The new ``with`` makes U elaborate
  before the spec instead of before the body; nothing can tell;
- U's name is spelt nowhere in the spec's or the body's file but in context
  clauses and as the prefix of a name denoting U's own declarations: the
  prefix ``Sizes.`` then denotes U in both files, and the ``with`` hides or
  changes no name of the spec.  (The spec's ``with`` also reaches the child
  units of the package; those name U nowhere either, or are refused.)

Otherwise the name is refused (ShapeError) with that reason -- before, GNAT
rejected the translation with "is not visible".  Names that are operators
(``"+"`` of U, visible through ``use type``) are not expanded: GNAT still
rejects those, and the task is left alone.
"""

from __future__ import annotations

from ...frontend.syntax import Node, first_child, text, walk
from ...frontend.workspace import FileUnit, Workspace
from .context import withs_of
from .moved import defining, literals
from .refusals import ShapeError

ELABORATION_FREE = ("pure", "preelaborate")
PACKAGE_SPECS = ("package_declaration",)


def qualified(ws: Workspace, spec_fu: FileUnit, decl: Node, body_fu: FileUnit,
              body: Node, moving: list[Node]) -> tuple[dict[int, tuple[int, str]], list[str]]:
    """The identifiers of ``moving`` (declarations of ``body``, in ``body_fu``) to spell
    expanded, by start byte (end byte, new spelling), and the units the spec's context
    clause must then with (``decl``: the task's declaration in ``spec_fu``)."""
    if spec_fu is body_fu and _unit_start(decl) == _unit_start(body):
        return {}, []               # one library item: what moves stays in its scope
    spec_withs, body_withs = withs_of(spec_fu, decl), withs_of(body_fu, body)
    spec_uses = {" ".join(text(u).split()).lower() for c in spec_fu.nodes_of_type("use_clause")
                 for u in c.named_children if u.type in ("identifier", "selected_component")}
    renames: dict[int, tuple[int, str]] = {}
    units: list[str] = []
    for node in moving:
        for n in walk(node):
            if n.type != "identifier":
                continue
            for ent, _kind in ws.xref.at(body_fu.pos(n)):
                ufu = ws.by_base.get(ent.file)
                unit = _package_name(ufu)
                if unit is None or unit.lower() not in body_withs | spec_withs \
                        or unit.lower() in spec_uses:
                    continue
                _check_unit(ws, ufu, unit, n, spec_fu, body_fu,
                            elaborated=unit.lower() in spec_withs)
                if unit.lower() not in spec_withs:
                    units.append(unit)
                if _is_selector(n) or _defines_unit(ufu, ent):
                    continue
                if not _visible_part_item(ufu, ent):
                    raise ShapeError(n, f"{text(n)} is declared in {unit} but not in its "
                                        "visible part, and the task's declarations that "
                                        "name it move to the package's spec, where the "
                                        f"body's `use {unit}` does not reach")
                renames[n.start_byte] = (n.end_byte, f"{unit}.{text(n)}")
    return renames, list(dict.fromkeys(units))


def _unit_start(n: Node) -> int:
    while n.parent is not None and n.type != "compilation_unit":
        n = n.parent
    return n.start_byte


def _package_name(ufu: FileUnit | None) -> str | None:
    """The name of the library package ``ufu`` declares (its spec), as written."""
    if ufu is None or ufu.tree is None:
        return None
    for cu in ufu.tree.root_node.named_children:
        item = next((c for c in cu.named_children if c.type != "comment"), None)
        if item is not None and item.type in PACKAGE_SPECS:
            name = item.named_children[0] if item.named_children else None
            return " ".join(text(name).split()) if name is not None else None
    return None


def _library_item(ufu: FileUnit) -> Node:
    return next(c for cu in ufu.tree.root_node.named_children for c in cu.named_children
                if c.type in PACKAGE_SPECS)


def _is_selector(n: Node) -> bool:
    p = n.parent
    return p is not None and p.type == "selected_component" and p.named_children[-1] == n


def _defines_unit(ufu: FileUnit, ent) -> bool:
    name = _library_item(ufu).named_children[0]
    off = ufu.offset_of_gnat(ent.line, ent.col)
    return off is not None and name.start_byte <= off < name.end_byte


def _visible_part_item(ufu: FileUnit, ent) -> bool:
    """Is ``ent`` declared by a declaration of the package's visible part (its defining
    name, or a literal of its enumeration type) -- not a nested package's, not a
    record's component?"""
    item = _library_item(ufu)
    off = ufu.offset_of_gnat(ent.line, ent.col)
    private = next((c for c in item.children if c.type == "private"), None)
    if off is None or (private is not None and off >= private.start_byte):
        return False
    for d in item.named_children[1:]:
        if d.start_byte <= off < d.end_byte:
            names = _defining(d) + literals(d)
            return any(n.start_byte == off for n in names)
    return False


def _defining(d: Node) -> list[Node]:
    if d.type == "object_declaration":
        out = []
        for c in d.children:
            if c.type == ":":
                break
            if c.type == "identifier":
                out.append(c)
        return out
    if d.type == "package_declaration":
        return []
    return defining(d)


def _check_unit(ws: Workspace, ufu: FileUnit, unit: str, at: Node, spec_fu: FileUnit,
                body_fu: FileUnit, elaborated: bool) -> None:
    """``elaborated``: the spec withs the unit already (only the prefix is new)."""
    if not elaborated and not _elaboration_free(ws, ufu):
        raise ShapeError(at, f"{text(at)} is visible through the package body's `with "
                             f"{unit}`, and the task's declarations that name it move to "
                             f"the package's spec: a `with {unit}` there would elaborate "
                             f"{unit} earlier, and its elaboration may be seen (it is "
                             "neither Pure nor Preelaborate, nor a body-less spec of named "
                             "numbers)")
    first = unit.split(".")[0].lower()
    for fu in _reaching(ws, spec_fu, body_fu):
        for n in fu.nodes_of_type("identifier"):
            if text(n).lower() == first and not _names_unit(ws, fu, n, ufu):
                raise ShapeError(at, f"{text(at)} is visible through the package body's "
                                     f"`with {unit}`, and would be written {unit}."
                                     f"{text(at)} in the package's spec; the name {text(n)} "
                                     f"is also used at {fu.loc(n)}, where a `with {unit}` "
                                     "on the spec could change what it denotes")


def _reaching(ws: Workspace, spec_fu: FileUnit, body_fu: FileUnit) -> list[FileUnit]:
    """The files a ``with`` on the spec reaches: the spec, the body, the child units."""
    prefix = (spec_fu.main_unit.split("%")[0] + ".").lower()
    kids = [fu for fu in ws.units() if fu.main_unit.lower().startswith(prefix)]
    return [spec_fu, body_fu, *kids]


def _names_unit(ws: Workspace, fu: FileUnit, n: Node, ufu: FileUnit) -> bool:
    """Does ``n`` name the unit (in a context clause, or as a prefix GNAT resolved)?"""
    if any(a.type == "with_clause" or a.type == "use_clause" for a in _ancestors(n)):
        return True
    return any(ws.by_base.get(e.file) is ufu and _defines_unit(ufu, e)
               for e, _k in ws.xref.at(fu.pos(n)))


def _ancestors(n: Node):
    p = n.parent
    while p is not None:
        yield p
        p = p.parent


def _elaboration_free(ws: Workspace, ufu: FileUnit) -> bool:
    item = _library_item(ufu)
    for n in walk(ufu.tree.root_node):
        if n.type == "pragma_g" and any(text(c).lower() in ELABORATION_FREE
                                        for c in n.named_children[:1]):
            return True
        if n.type == "aspect_specification" and n.parent is item and any(
                text(m).lower() in ELABORATION_FREE for m in walk(n) if m.type == "identifier"):
            return True
    has_body = any(fu is not ufu and _package_body_of(fu, item) for fu in ws.units())
    withs = any(c.type == "with_clause" for cu in ufu.tree.root_node.named_children
                for c in cu.named_children)
    return not has_body and not withs and all(
        d.type in ("number_declaration", "comment", "identifier", "selected_component")
        for d in item.named_children[1:])      # the names: after ``package``, ``end``


def _package_body_of(fu: FileUnit, item: Node) -> bool:
    name = " ".join(text(item.named_children[0]).split()).lower()
    return fu.tree is not None and any(
        c.type == "package_body" and c.named_children
        and " ".join(text(c.named_children[0]).split()).lower() == name
        for cu in fu.tree.root_node.named_children for c in cu.named_children)
