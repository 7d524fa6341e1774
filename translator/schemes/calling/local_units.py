"""The task body's own subprograms and empty packages in the calling-server scheme.

The task's statements become the protected procedure ``Advance``; a subprogram
body they call becomes a private operation of the protected body, written
before ``Advance`` in the order of the task body, under its own name.  It runs
where the task's code ran, now inside the protected action: the blocking
analysis of the task's calls follows calls into it (``body_blockers``), so a
subprogram that may block is refused there.

What it names keeps its meaning, shown from GNAT's cross-references:

* its own parameters and locals;
* the task body's variables declared before it: they become components of the
  same names, which a protected procedure may read and update (a function
  sees them as constants, RM 9.5.1(2): refused in a function);
* subprograms of the task body declared before it (or itself): they stay
  before it, in order (a function calling a procedure is refused, for the
  same reason);
* anything declared outside the task, unless it is spelt like a name the
  protected object declares (a component, a loop variable, an entry, another
  of these subprograms): that name would hide or overload it there.

Anything else (a variable declared after it, the task's entries or
discriminants) is refused, and so is a use of the subprogram outside the
task's statements and the other subprograms (a variable's initial value
becomes a component default in the protected spec, where it is not seen).

An empty package specification without a body, named nowhere, is dropped:
elaborating it does nothing (RM 3.11(7), 7.1).  A package with declarations or
a body (its elaboration declares objects, runs statements or activates tasks at
the task's activation) is refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...frontend.syntax import Node, construct_name, first_child, text, walk
from ...frontend.workspace import FileUnit, Workspace
from ..common.refusals import ShapeError
from ..common.tree import is_selector

HELPERS = ("subprogram_body",)
PACKAGES = ("package_declaration", "package_body")


@dataclass(frozen=True)
class LocalUnits:
    helpers: tuple[Node, ...]          # subprogram bodies, in order
    dropped: tuple[Node, ...]          # empty packages


def split(decls) -> tuple[list[Node], LocalUnits]:
    """The declarations left for the object scheme, and the task's own units."""
    rest, helpers, dropped = [], [], []
    for d in decls:
        if d.type in HELPERS:
            helpers.append(d)
        elif d.type in PACKAGES:
            dropped.append(d)
        else:
            rest.append(d)
    return rest, LocalUnits(tuple(helpers), tuple(dropped))


def _name(unit: Node) -> Node | None:
    spec = next((c for c in unit.named_children if c.type.endswith("_specification")), None)
    if spec is not None:
        return first_child(spec, "identifier")
    return first_child(unit, "identifier")


def _is_function(unit: Node) -> bool:
    spec = next((c for c in unit.named_children if c.type.endswith("_specification")), None)
    return spec is not None and spec.type == "function_specification"


class Checker:
    """``body``: the task body; ``objects``: its object declarations;
    ``protected_names``: lower-case names the protected object declares."""

    def __init__(self, ws: Workspace, fu: FileUnit, body: Node, objects: list[Node],
                 units: LocalUnits, spec_fu: FileUnit, decl: Node):
        self.ws, self.fu, self.body, self.units = ws, fu, body, units
        self.objects, self.spec_fu, self.decl = objects, spec_fu, decl

    def packages(self) -> None:
        for p in self.units.dropped:
            self._package(p)

    def check(self, protected_names: set[str]) -> None:
        helper_names = {text(_name(h)).lower() for h in self.units.helpers}
        for h in self.units.helpers:
            name = text(_name(h)).lower()
            if name in protected_names:
                raise ShapeError(h, f"subprogram {text(_name(h))} in the task body: the "
                                    "protected object that replaces the task declares the "
                                    "name too (a component, an entry or a loop variable), "
                                    "so calls could denote another operation")
            self._references(h)
            self._own(h)
            self._names(h, protected_names | helper_names)

    def _own(self, h: Node) -> None:
        """What the subprogram declares whose expanded name a program can see: an
        exception (Exception_Name), a tagged type (Expanded_Name), or that makes
        tasks or protected actions of its own."""
        for n in walk(h):
            words = f" {' '.join(text(n).lower().split())} " if n.type in (
                "full_type_declaration", "private_type_declaration") else ""
            if n.type in ("exception_declaration", "task_type_declaration",
                          "single_task_declaration", "protected_type_declaration",
                          "single_protected_declaration") or " tagged " in words:
                raise ShapeError(n, f"{construct_name(n.type)} in {text(_name(h))}, a "
                                    "subprogram of the task body: its expanded name, which "
                                    "the program can see, or its tasks would change as a "
                                    "protected operation; declare it outside the task")

    def _package(self, p: Node) -> None:
        if p.type == "package_body":
            raise ShapeError(p, "a package body in the task body: its elaboration (its "
                                "declarations, statements and tasks) belongs to the task's "
                                "activation and would happen at another moment; declare it "
                                "before the task")
        inner = [c for c in p.named_children
                 if c.type not in ("identifier", "comment", "name")
                 and c is not _name(p)]
        if inner or any(c.type == "private" for c in p.children):
            raise ShapeError(p, "a package with declarations in the task body: their "
                                "elaboration belongs to the task's activation; declare it "
                                "before the task")
        ent = self.ws.xref.declared_at(self.fu.pos(_name(p)))
        if ent is None:
            raise ShapeError(p, "GNAT's cross-references do not give this package, so "
                                "the scheme cannot show it is named nowhere")
        for r in ent.refs:
            if r.kind in ("e", "b", "l", "t"):
                continue
            raise ShapeError(p, f"package {text(_name(p))} in the task body is named "
                                f"at line {r.line}: the scheme drops only an empty "
                                "package named nowhere")

    def _inside(self, ent, node: Node) -> bool:
        loc = self.ws.loc_of(ent.file, ent.line, ent.col)
        if loc is None or loc.path != self.fu.display:
            return False
        off = self.fu.offset_of(loc)
        return node.start_byte <= off < node.end_byte

    def _references(self, h: Node) -> None:
        """Every call of the subprogram is in the task's statements or in another of
        its subprograms (all of which the protected body holds, after it)."""
        ent = self.ws.xref.declared_at(self.fu.pos(_name(h)))
        if ent is None:
            raise ShapeError(h, f"GNAT's cross-references do not give {text(_name(h))}, "
                                "so its uses cannot be checked")
        hss = first_child(self.body, "handled_sequence_of_statements")
        places = [hss] + list(self.units.helpers)
        for r in ent.refs:
            if r.kind in ("e", "b", "l", "t"):
                continue
            loc = self.ws.loc_of(r.file, r.line, r.col)
            off = self.fu.offset_of(loc) if loc is not None and \
                loc.path == self.fu.display else None
            if off is None or not any(p.start_byte <= off < p.end_byte for p in places):
                raise ShapeError(h, f"{text(_name(h))} is named at {r.line}:{r.col}, "
                                    "outside the task's statements: there the protected "
                                    "object cannot call it (a component's initial value "
                                    "is evaluated in the protected specification)")

    def _names(self, h: Node, protected_names: set[str]) -> None:
        fn = _is_function(h)
        before = [d for d in self.objects if d.end_byte <= h.start_byte]
        helpers_before = [u for u in self.units.helpers if u.start_byte <= h.start_byte]
        for n in walk(h):
            if n.type != "identifier" or n == _name(h):
                continue
            spelt = text(n).lower()
            found = [e for e, _k in self.ws.xref.at(self.fu.pos(n))]
            if not found:
                if spelt in protected_names and not is_selector(n):
                    raise ShapeError(n, f"{text(n)} in {text(_name(h))}: GNAT's "
                                        "cross-references do not say what it denotes, and "
                                        "the protected object declares the name")
                continue
            for e in found:
                self._one(h, n, e, fn, before, helpers_before, protected_names, spelt)

    def _one(self, h, n, e, fn, before, helpers_before, protected_names, spelt) -> None:
        who = text(_name(h))
        if self._inside(e, h):
            return
        if not self._inside(e, self.body):
            if self._in_task_spec(e):
                raise ShapeError(n, f"{text(n)} in {who} names the task's own entry or "
                                    "discriminant, which the protected object replaces")
            if spelt in protected_names and not is_selector(n):
                raise ShapeError(n, f"{text(n)} in {who} denotes a declaration outside the "
                                    "task, but the protected object that replaces the task "
                                    "declares the name too: there it would be hidden or "
                                    "overloaded; rename one of them")
            return
        if any(self._inside(e, d) for d in before):
            if fn:
                raise ShapeError(n, f"function {who} reads {text(n)}, a variable of the "
                                    "task body: as a protected function it would see the "
                                    "component as a constant; make it a procedure or pass "
                                    "the value")
            return
        unit = next((u for u in helpers_before if self._inside(e, _name(u))), None)
        if unit is not None:
            if fn and not _is_function(unit):
                raise ShapeError(n, f"function {who} calls procedure {text(n)}: a protected "
                                    "function cannot call a protected procedure")
            return
        raise ShapeError(n, f"{text(n)} in {who} denotes a declaration of the task body "
                            "that does not become a component seen there (declared after "
                            f"{who}, or not a variable); declare {who} after it or before "
                            "the task")

    def _in_task_spec(self, e) -> bool:
        loc = self.ws.loc_of(e.file, e.line, e.col)
        return loc is not None and loc.path == self.spec_fu.display and \
            self.decl.start_byte <= self.spec_fu.offset_of(loc) < self.decl.end_byte
