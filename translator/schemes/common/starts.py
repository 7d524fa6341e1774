"""What can start a task when it is elaborated, read with GNAT's cross references
(for ``activation.early_start``).

An allocator starts a task only if the object it makes can hold one: not an
allocator of a scalar, access, or an array or record of those (``new
Integer'(0)``, ``new Arr_Int'(1 .. 8 => 0)``); a protected object starts none
unless a component of it can hold a task (realcode7) or a default of its
components allocates one -- as an object of a record type whose defaults (of
its components, discriminants, through arrays and components) do, and an
instance whose actuals do (review13).  A package body (a subunit's too: its
stub is read through it) starts the
tasks declared in it and in its package's declaration (they are activated
when it begins), those its allocators make, and what the package bodies and
instances in it start; the body of a generic package starts nothing (its
instances run it).  An instance of a language-defined generic (``Ada.``,
``GNAT.``, ``Interfaces.``, ``System.``) starts nothing; an instance of a
generic in the sources starts what its declaration and body would.  Calls
are not followed (a subprogram that starts a task is rare: the same choice
as for the functions the declarations call).  What cannot be told -- a type
GNAT does not resolve, a private or class-wide type, a generic not in the
sources -- may start a task.
"""

from __future__ import annotations

from ...frontend.syntax import (Node, ancestors, defining_names, first_child, one_line, text,
    walk)
from ...frontend.workspace import Workspace

# declarations and bodies whose elaboration runs nothing and creates no task
PASSIVE = ("subprogram_body", "task_body", "protected_body", "entry_body",
           "expression_function_declaration", "generic_subprogram_declaration",
           "generic_package_declaration", "subprogram_declaration", "task_type_declaration",
           "single_task_declaration", "protected_type_declaration",
           # a type's defaults run where its objects are made (_defaults_start)
           "full_type_declaration")
# ALI kinds of types whose objects hold no task: scalars and access types
FREE_KINDS = set("BDEFIMOP")
STANDARD = {"integer", "natural", "positive", "boolean", "character", "float", "duration",
            "string", "wide_character", "wide_string", "wide_wide_character",
            "wide_wide_string", "long_integer", "long_long_integer", "short_integer",
            "short_short_integer", "long_float", "long_long_float", "short_float"}
PREDEFINED = ("ada.", "gnat.", "interfaces.", "system.")
DEPTH = 4


class Starts:
    """``skip``: the lower-case name of a task type whose own objects start nothing
    that matters (a server calling no entries), or None.  ``calls``: where the
    server's own entries are called, (file shown, byte offset): a call made while
    the window is elaborated (a package body's statements) comes before the server
    is activated too, and a timed or conditional one does not even wait for it."""

    def __init__(self, ws: Workspace, skip: str | None,
                 calls: frozenset[tuple[str, int]] = frozenset(), harmless=None):
        self.ws, self.skip, self.calls = ws, skip, calls
        # harmless(fu, ident): a call of the server a scheme keeps the meaning of
        self.harmless = harmless or (lambda fu, ident: False)
        self.entry_call = False       # the construct found calls the server's entry

    def starter(self, fu, node: Node) -> Node | None:
        """The first allocator, package body or package instance in ``node`` (a later
        declaration of the part activating the task) that can start a task.  Tasks
        declared there are activated with the server, not before."""
        stack = [node]
        while stack:
            n = stack.pop()
            if n.type in PASSIVE:
                continue
            if self.calls_server(fu, n):
                return n
            if n.type == "allocator":
                if not self._free_allocator(fu, n):
                    return n
                continue
            if n.type == "package_body":
                if self._body_starts(fu, n):
                    return n
                continue
            if n.type == "package_body_stub":
                if self._subunit_starts(fu, n):
                    return n
                continue
            if n.type == "generic_instantiation":
                # the actuals are evaluated when the instance is elaborated
                found = self._actual_allocator(fu, n)
                if found is not None:
                    return found
                if _package_instance(n) and self._instance_starts(fu, n):
                    return n
                continue
            if n.type == "object_declaration" and self._defaults_start(fu, n):
                return n
            stack.extend(reversed(n.named_children))
        return None

    def _actual_allocator(self, fu, inst: Node) -> Node | None:
        """An allocator among an instantiation's actuals that can make a task."""
        call = first_child(inst, "function_call")
        for part in (call.named_children[1:] if call is not None else ()):
            for m in walk(part):
                if m.type == "allocator" and not self._free_allocator(fu, m):
                    return m
        return None

    def _defaults_start(self, fu, decl: Node) -> bool:
        """Does making the object run a default expression of its type's components
        or discriminants (of a record or protected type, through arrays and
        components) holding an allocator that can make a task?  (review13: a
        record's default ``new Caller`` started a task before the server was.)"""
        mark = _object_mark(decl)
        if mark is None:
            return False
        if mark.type == "selected_component" and mark.named_children:
            mark = mark.named_children[-1]
        return mark.type == "identifier" and any(
            self._allocating(e, DEPTH) for e, _k in self.ws.xref.at(fu.pos(mark)))

    def _allocating(self, ent, depth: int) -> bool:
        if depth == 0 or ent.kind in FREE_KINDS:
            return False
        if ent.kind == "A":
            ref = ent.component_ref
            if not ref or ":" not in ref:
                return False
            base, line, col = ref.rsplit(":", 2)
            inner = self.ws.xref.entities.get((base, int(line), int(col)))
            return inner is not None and self._allocating(inner, depth - 1)
        if ent.kind not in ("R", "W"):
            return False
        kind = "full_type_declaration" if ent.kind == "R" else "protected_type_declaration"
        found = self._node_at(ent.file, ent.line, ent.col, kind)
        if found is None:
            return False
        gfu, node = found
        if any(m.type == "allocator" and not self._free_allocator(gfu, m)
               for m in walk(node)):
            return True
        for comp in (c for c in walk(node) if c.type == "component_declaration"):
            mark = _component_mark(comp)
            if mark is not None and mark.type == "selected_component" and mark.named_children:
                mark = mark.named_children[-1]
            if mark is not None and mark.type == "identifier" and any(
                    self._allocating(e, depth - 1) for e, _k in self.ws.xref.at(gfu.pos(mark))):
                return True
        return False

    def _inside(self, fu, nodes: list[Node]) -> bool:
        """Do ``nodes``, elaborated while a package body is, start a task (the tasks
        they declare are activated when that body begins)?"""
        stack = list(reversed(nodes))
        while stack:
            n = stack.pop()
            if n.type == "single_task_declaration":
                return True
            if n.type == "object_declaration" and not self._free_object(fu, n):
                return True
            if n.type in PASSIVE:
                continue
            if self.calls_server(fu, n) or \
                    n.type == "allocator" and not self._free_allocator(fu, n) or \
                    n.type == "package_body" and self._body_starts(fu, n) or \
                    _package_instance(n) and self._instance_starts(fu, n):
                return True
            if n.type in ("allocator", "package_body") or _package_instance(n):
                continue
            stack.extend(reversed(n.named_children))
        return False

    def calls_server(self, fu, n: Node) -> bool:
        """Is ``n`` the name in a call of one of the server's entries?"""
        hit = n.type == "identifier" and (fu.display, n.start_byte) in self.calls \
            and not self.harmless(fu, n)
        self.entry_call = self.entry_call or hit
        return hit

    def free_object(self, fu, decl: Node) -> bool:
        """Can the object ``decl`` declares hold no task (a scalar, an access value)?"""
        return self._free_object(fu, decl)

    def _body_starts(self, fu, body: Node) -> bool:
        spec = _spec_of(body)
        if spec is not None and spec.parent is not None and \
                spec.parent.type == "generic_package_declaration" or self._generic_body(fu, body):
            return False          # a generic's body: its instances run it
        nodes = [c for c in body.named_children if c.type != "identifier"]
        if spec is not None:
            nodes += [c for c in spec.named_children if c.type != "identifier"]
        return self._inside(fu, nodes)

    def _subunit_starts(self, fu, stub: Node) -> bool:
        """A ``package body P is separate;``: what the subunit's body and P's
        declaration start (review13 separate-body-allocator-starts-task); a subunit
        not in the sources may start anything."""
        ident = first_child(stub, "identifier")
        name = text(ident).lower() if ident is not None else ""
        # GNAT's cross references give the stub as the body: the subunit is found
        # by its name among the units' subunits
        bodies = [(u, b) for u in self.ws.units() for b in u.nodes_of_type("package_body")
                  if any(a.type == "subunit" for a in ancestors(b))
                  and first_child(b, "identifier") is not None
                  and text(first_child(b, "identifier")).lower() == name]
        if not bodies:
            return True
        spec = _spec_of(stub.parent) if stub.parent is not None else None
        if spec is not None and self._inside(
                fu, [c for c in spec.named_children if c.type != "identifier"]):
            return True
        return any(self._inside(u, [c for c in b.named_children if c.type != "identifier"])
                   for u, b in bodies)

    def _generic_body(self, fu, body: Node) -> bool:
        """Is ``body`` the body of a generic package declared elsewhere (in the
        enclosing package's spec, say), by GNAT's cross references?"""
        ident = first_child(body, "identifier")
        if ident is None:
            return False
        for ent, _k in self.ws.xref.at(fu.pos(ident)):
            decl = self._node_at(ent.file, ent.line, ent.col, "package_declaration")
            if decl is not None and decl[1].parent is not None and \
                    decl[1].parent.type == "generic_package_declaration":
                return True
        return False

    def _instance_starts(self, fu, inst: Node) -> bool:
        name = next((c for c in inst.named_children[1:]), None)
        if name is not None and name.type == "function_call":
            name = name.named_children[0]
        if name is None:
            return True
        if one_line(name).lower().startswith(PREDEFINED):
            return False
        generic = self._generic(fu, name)
        if generic is None:
            return True
        (gfu, spec), body = generic
        if self._inside(gfu, [c for c in spec.named_children if c.type != "identifier"]):
            return True
        # the body is read in its own file (the cross references are per file)
        return body is not None and self._inside(
            body[0], [c for c in body[1].named_children if c.type != "identifier"])

    def _generic(self, fu, name: Node):
        """The generic package's declaration (package part) and body in the sources,
        each with the file unit holding it (the body None when it is not there), or
        None."""
        ident = name if name.type == "identifier" else name.named_children[-1]
        for ent, _k in self.ws.xref.at(fu.pos(ident)):
            decl = self._node_at(ent.file, ent.line, ent.col, "package_declaration")
            if decl is None or decl[1].parent is None or \
                    decl[1].parent.type != "generic_package_declaration":
                continue
            ref = self.ws.xref.body_of(ent)
            body = self._node_at(ref.file, ref.line, ref.col, "package_body") \
                if ref is not None else None
            return decl, body
        return None

    def _node_at(self, base: str, line: int, col: int, kind: str):
        gfu = self.ws.by_base.get(base)
        ident = gfu.ident_at_gnat(line, col) if gfu is not None else None
        node = next((a for a in ancestors(ident) if a.type == kind), None) \
            if ident is not None else None
        return (gfu, node) if node is not None else None

    # -- types ----------------------------------------------------------------------

    def _free_allocator(self, fu, alloc: Node) -> bool:
        inner = alloc.named_children[0] if alloc.named_children else None
        if inner is not None and inner.type == "qualified_expression":
            inner = inner.named_children[0] if inner.named_children else None
        return inner is not None and self._free_mark(fu, inner)

    def _free_object(self, fu, decl: Node) -> bool:
        protected = first_child(decl, "single_protected_declaration")
        if protected is not None:
            # how the parser holds ``protected P is ... end P;``
            return all(self._free_component(fu, d) for d in walk(protected)
                       if d.type == "component_declaration")
        mark = _object_mark(decl)
        return mark is not None and self._free_mark(fu, mark)

    def _free_mark(self, fu, mark: Node) -> bool:
        """Can no object of the subtype ``mark`` names hold a task?"""
        if mark.type == "selected_component" and mark.named_children:
            mark = mark.named_children[-1]
        if mark.type != "identifier":
            return False
        ents = [e for e, _k in self.ws.xref.at(fu.pos(mark))]
        if not ents:
            return text(mark).lower() in STANDARD
        return all(self._free(e, DEPTH) for e in ents)

    def _free(self, ent, depth: int) -> bool:
        if ent.kind in FREE_KINDS:
            return True
        if self.skip is not None and ent.kind == "T" and ent.name.lower() == self.skip:
            return True
        if depth == 0:
            return False
        if ent.kind == "A":
            return self._free_ref(ent.component_ref, depth - 1)
        if ent.kind in ("R", "W"):
            # a record's components, or a protected type's: its object starts no task
            # unless one of them is one (realcode7: a generic's protected object)
            kind = "full_type_declaration" if ent.kind == "R" else "protected_type_declaration"
            decl = self._node_at(ent.file, ent.line, ent.col, kind)
            if decl is None:
                return False
            gfu, node = decl
            comps = [c for c in walk(node) if c.type == "component_declaration"]
            return all(self._free_component(gfu, c) for c in comps)
        return False

    def _free_ref(self, ref: str, depth: int) -> bool:
        if not ref:
            return False
        if ":" not in ref:
            return ref.lower() in STANDARD
        base, line, col = ref.rsplit(":", 2)
        ent = self.ws.xref.entities.get((base, int(line), int(col)))
        return ent is not None and self._free(ent, depth)

    def _free_component(self, fu, comp: Node) -> bool:
        mark = _component_mark(comp)
        return mark is not None and self._free_mark(fu, mark)


def _object_mark(decl: Node) -> Node | None:
    """The subtype mark of an object declaration (of an array's components), or None."""
    names = set(defining_names(decl))
    for c in decl.named_children:
        if c.type == "identifier" and text(c) in names:
            continue
        if c.type == "slice":
            c = c.named_children[0] if c.named_children else c
        if c.type == "array_type_definition":
            comp = first_child(c, "component_definition")
            c = comp.named_children[0] if comp is not None and comp.named_children else c
        return c if c.type in ("identifier", "selected_component") else None
    return None


def _component_mark(comp: Node) -> Node | None:
    """The subtype mark of a component declaration, or None."""
    definition = first_child(comp, "component_definition")
    marks = definition.named_children if definition is not None else []
    return marks[0] if marks else None


def _package_instance(n: Node) -> bool:
    return n.type == "generic_instantiation" and \
        text(n).lstrip().lower().startswith("package")


def _spec_of(body: Node) -> Node | None:
    """The declaration of the package whose body ``body`` is (or whose body stub, in
    its ``body_stub``), in the same part."""
    stub = first_child(body, "package_body_stub") if body.type == "body_stub" else None
    name = first_child(stub if stub is not None else body, "identifier")
    part = body.parent
    if name is None or part is None:
        return None
    for c in part.named_children:
        spec = first_child(c, "package_declaration") if c.type == \
            "generic_package_declaration" else c
        if spec is not None and spec.type == "package_declaration":
            ident = first_child(spec, "identifier")
            if ident is not None and text(ident).lower() == text(name).lower():
                return spec
    return None
