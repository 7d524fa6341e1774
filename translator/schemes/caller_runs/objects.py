"""What a task type's translation needs of the program: where its objects are made,
and what its variables and local subprograms name (typed.py says what it becomes).

**Where objects are made.**  Where the type is controlled (its ``Finalize``
waits for the server as the master waited for the task; its ``Initialize``
runs the task's start-up code), an object must be awaited only if its task
was activated, and started where it was activated.  An object made by an allocator is
activated at once; one declared in a declarative part is activated when that
part has been elaborated, and never if a later declaration raises -- then
the original master does not wait for it, and a ``Finalize`` waiting for an
object at its ``accept Start`` would wait for ever.  So an object declared
there must be followed, to the end of its part, by declarations that cannot
raise (types, subprograms, bodies, literal values, packages and generic
instances shown quiet: ``_not_quiet``, instances.py), so that nothing can tell
its start-up ran when it was made (and, for start-up, be written after the task
body: the body's code must be elaborated); a subtype's uses, and those of a
record or array type holding the type whose objects are made without raising
otherwise (holders.py), are followed as the type's; an object made through
another type (a function's result, a generic's formal type) is not followed, and
is refused; a membership test makes no object.
An object in a package's declaration is activated when the package body's
statements begin: it is followed in a library package or one in a body's or
block's declarative part, when the package has no body (the declarations
after it in the package, and in the declarative part holding the package,
must not raise); with a body, or in a generic, it is refused.  A type that can always
terminate and has no start-up code needs none of this: nothing waits for its
objects, and nothing is done when they are made.

An aliased object is taken when no access value to it can outlive its
master's tasks (aliased.py).  Always refused: an instance of
``Unchecked_Deallocation`` for it (freeing a
task object that has not terminated leaves the task running; the record
would be gone), a type derived from it.
"""

from __future__ import annotations


from ...frontend.decls import discriminant_formals, qualified_name
from ...frontend.extract import OBJECT_ATTRIBUTES
from ...frontend.syntax import (Node, ancestors, defining_names, first_child, named_children,
    named_whole, one_line, text, walk)
from ...model import Location
from ..base import Refusal
from ..common.activation import type_names, words
from ..common.ranges import check_value
from ..common.refusals import ShapeError
from .aliased import is_aliased, name_uses, shown_use, unchecked_turns
from .awaited import progenitors
from .holders import boxed_aggregates, component_unsafe, holder_of, holder_unsafe
from .instances import instance_not_quiet
from .kinds import QUIET_KINDS, QUIET_STANDARD, TYPE_KINDS

# declarative items whose elaboration cannot raise
PASSIVE = {"subprogram_declaration", "subprogram_body", "expression_function_declaration",
           "generic_subprogram_declaration", "generic_package_declaration", "task_body",
           "protected_body", "use_clause", "comment", "null_procedure_declaration",
           "abstract_subprogram_declaration", "exception_declaration", "body_stub",
           "incomplete_type_declaration", "subprogram_renaming_declaration",
           "package_renaming_declaration", "number_declaration"}
# type definitions that evaluate nothing when elaborated (or only static expressions,
# checked below)
QUIET_TYPES = {"task_type_declaration", "protected_type_declaration",
               "access_to_object_definition", "access_to_subprogram_definition",
               "enumeration_type_definition", "record_type_definition",
               "interface_type_definition", "private_type_declaration",
               "signed_integer_type_definition", "modular_type_definition",
               "floating_point_definition", "ordinary_fixed_point_definition",
               "decimal_fixed_point_definition", "array_type_definition"}
SYNCHRONIZED = ("task_type_declaration", "protected_type_declaration")
# what an entry declaration holds after its name besides a family's index subtype
NOT_FAMILY = {"formal_part", "aspect_specification", "comment"}
TASK_ATTRIBUTES = {"callable", "terminated", "identity", "priority", "storage_size"}
# what declares an object a task attribute's prefix may name
DECLARING = {"object_declaration", "parameter_specification", "formal_object_declaration",
             "object_renaming_declaration", "loop_parameter_specification",
             "iterator_specification", "component_declaration", "discriminant_specification"}
# bodies and blocks whose declarative part rdv2po follows an object through
OWNERS = ("subprogram_body", "block_statement", "package_body", "task_body", "entry_body")
NO_OBJECTS = {"access_to_object_definition", "access_definition", "parameter_specification",
              "formal_object_declaration", "object_renaming_declaration", "allocator",
              "use_clause", "discriminant_specification", "qualified_expression"}


class Objects:
    """The checks, over the workspace ``ws`` and the task's site ``nd``."""

    def __init__(self, ws, task, nd, static):
        self.ws, self.task, self.nd, self.static = ws, task, nd, static
        self.found: list[Refusal] = []
        self.boxes_checked = False
        self.turns_checked = self.turns_refused = False

    def refuse(self, loc: Location, construct: str, reason: str) -> None:
        self.found.append(Refusal(loc, construct, reason))

    # -- the objects ------------------------------------------------------------------

    def check_objects(self, awaited: bool, started: bool) -> None:
        """Every place naming the type.  ``awaited``: its objects' finalization waits
        for the server; ``started``: each object runs the task's start-up code when it
        is made.  Either way each object must be followed to where it is activated."""
        self.why = " and ".join(w for w, on in (
            ("the server can wait without a terminate alternative, so each object's "
             "finalization waits for it, and must know whether it was activated", awaited),
            ("each object runs the task's start-up code when it is made, which must be "
             "where it is activated", started)) if on)
        self.started = started
        named = progenitors(self.nd.decl)
        if named:
            self.refuse(self.task.spec, named, "the task type implements an interface: "
                        "its translation is a record type, which does not (nor can it "
                        "implement a task or synchronized interface)")
        name = first_child(self.nd.decl, "identifier")
        ent = self.ws.xref.declared_at(self.nd.spec_fu.pos(name)) if name is not None else None
        if ent is None:
            self.refuse(self.task.spec, self.task.name, "GNAT's cross references do not "
                        "list the task type's uses: its objects cannot be followed")
            return
        own = [self.nd.decl, self.nd.body]
        for r in ent.refs:
            fu = self.ws.by_base.get(r.file)
            ident = fu.ident_at_gnat(r.line, r.col) if fu is not None else None
            if ident is None or any(o is not None and o.start_byte <= ident.start_byte < o.end_byte
                                    and fu is f for o, f in zip(own, (self.nd.spec_fu,
                                                                      self.nd.body_fu))):
                continue
            self._reference(fu, named_whole(ident), bool(self.why))
        self._deallocations()

    def _aliased_kept(self, fu, decl: Node) -> bool:
        """An aliased object is kept when no access value to it can outlive its
        master's tasks (aliased.py); else each use that could is refused."""
        why = (": an access value to it may reach a task outside its master, which "
               "would run the server's code while the object is finalised")
        uses = name_uses(self.ws, fu, decl)
        for ufu, node, how in uses:
            self.refuse(ufu.loc(node), shown_use(node),
                        f"an aliased object of the task type {how}{why}")
        if not uses and not self.turns_checked:
            self.turns_checked = True
            turns = unchecked_turns(self.ws, self._type_names(), self._declared_with)
            for tfu, node, shown in turns:
                self.refuse(tfu.loc(node), shown, "an unchecked access value that may "
                            "designate an aliased object of the task type" + why)
            self.turns_refused = bool(turns)
        return not uses and not self.turns_refused

    def _subtype(self, fu, decl: Node, shown: str, followed: bool, depth: int) -> None:
        """A subtype of the type makes no object: its own uses are followed."""
        name = first_child(decl, "identifier")
        ent = self.ws.xref.declared_at(fu.pos(name)) if name is not None else None
        if ent is None:
            if followed:
                self.refuse(fu.loc(decl), shown, "a subtype of the task type GNAT's cross "
                            "references do not list: its objects cannot be followed")
            return
        for r in ent.refs:
            rfu = self.ws.by_base.get(r.file)
            ident = rfu.ident_at_gnat(r.line, r.col) if rfu is not None else None
            if ident is not None:
                self._reference(rfu, named_whole(ident), followed, depth + 1)

    def _reference(self, fu, whole: Node, followed: bool, depth: int = 0) -> None:
        ctx = whole.parent
        if ctx is not None and ctx.type == "component_definition" and \
                any(c.type == "aliased" for c in ctx.children):
            # its uses are a component's (A (1)'Access), which aliased.py does not follow
            self.refuse(fu.loc(ctx.parent), one_line(ctx.parent, limit=40), "an aliased "
                        "component of the task type: an access value to it may reach a task "
                        "outside its master, which would run the server's code while the "
                        "object is finalised")
            return
        if ctx is not None and ctx.type == "component_definition":
            ctx = ctx.parent      # an anonymous array's component
            if ctx is not None and ctx.type == "array_type_definition" and \
                    ctx.parent is not None and ctx.parent.type == "object_declaration":
                ctx = ctx.parent
        kind = ctx.type if ctx is not None else ""
        shown = one_line(ctx if ctx is not None else whole, limit=40)
        if kind == "derived_type_definition":
            self.refuse(fu.loc(whole), shown, "a type derived from the task type: the "
                        "translation is a tagged type, whose derived types extend it")
            return
        if is_aliased(ctx) and not self._aliased_kept(fu, ctx):
            return
        if kind == "subtype_declaration" and depth < 8:
            self._subtype(fu, ctx, shown, followed, depth)
            return
        holder = holder_of(ctx) if followed else None
        if holder is not None and depth < 8:
            self._holder(fu, holder, ctx, shown, depth)
            return
        if followed and depth and kind in ("qualified_expression", "allocator") and \
                any(n.type in ("qualified_expression", "<>") for n in walk(ctx)):
            self.refuse(fu.loc(whole), shown, "an aggregate or a value of a type holding "
                        "the task type, whose other components may raise while it is made: "
                        + self.why)
            return
        if not followed or kind in NO_OBJECTS or kind == "term" and \
                ctx.parent is not None and ctx.parent.type == "membership_choice_list":
            return                  # (a membership test makes no object)
        if kind == "object_declaration" and any(c.type == ":=" for c in ctx.children):
            self.refuse(fu.loc(ctx), shown, "an object of the task type or of a type "
                        "holding it with an initial value, whose evaluation rdv2po does "
                        "not follow: " + self.why)
            return
        if kind == "object_declaration":
            self._declared(fu, ctx, shown)
            return
        self.refuse(fu.loc(whole), shown, "objects of the task type made here are not "
                    "followed to where they are activated (rdv2po follows objects declared "
                    f"with the type in a declarative part and its allocators): {self.why}")

    def _holder(self, fu, decl: Node, comp: Node, shown: str, depth: int) -> None:
        """A record or array type holding the type: its objects are the task type's
        objects, followed as theirs when nothing else in them can raise (holders.py)."""
        why = holder_unsafe(self, fu, decl, comp)
        name = first_child(decl, "identifier")
        ent = self.ws.xref.declared_at(fu.pos(name)) if name is not None else None
        if not why and ent is None:
            why = "a type holding the task type GNAT's cross references do not list"
        if why:
            self.refuse(fu.loc(comp), shown, f"{why}: its objects cannot be followed to "
                        f"where they are activated: {self.why}")
            return
        if not self.boxes_checked:
            self.boxes_checked = True
            for afu, agg in boxed_aggregates(self.ws):
                self.refuse(afu.loc(agg), one_line(agg, limit=40),
                            "an aggregate with a box (<>), which may make an object of a "
                            "type holding the task type where rdv2po does not follow it: "
                            + self.why)
        for r in ent.refs:
            rfu = self.ws.by_base.get(r.file)
            ident = rfu.ident_at_gnat(r.line, r.col) if rfu is not None else None
            if ident is not None:
                self._reference(rfu, named_whole(ident), True, depth + 1)

    def _declared(self, fu, decl: Node, shown: str) -> None:
        part = decl.parent
        if part is not None and part.type == "package_declaration":
            self._in_package(fu, decl, part, shown)
            return
        owner = part.parent if part is not None else None
        if part is None or part.type != "non_empty_declarative_part" or owner is None or \
                owner.type not in OWNERS:
            self.refuse(fu.loc(decl), shown, "an object of the task type declared elsewhere "
                        "than in the declarative part of a body or block or in a package's "
                        f"declaration, where rdv2po does not follow it: {self.why}")
            return
        if self.started and not self._after_body(fu, decl, owner):
            self._made_early(fu, decl, shown)
            return
        self._quiet_after(fu, decl, [d for d in part.named_children
                                     if d.start_byte > decl.start_byte])

    def _in_package(self, fu, decl: Node, spec: Node, shown: str) -> None:
        """An object in a package's declaration is activated when the package body's
        statements begin (RM 9.2(3)); a package without a body has an implicit one, at
        the latest at the end of the declarative part holding the declaration (RM 7.2).
        Followed for a library package and one declared in a body's or block's
        declarative part, without a body: what is elaborated after the object in the
        declaration, and in that declarative part, must not raise."""
        outer = spec.parent
        nested = outer is not None and outer.type == "non_empty_declarative_part" and \
            outer.parent is not None and outer.parent.type in OWNERS
        if outer is None or outer.type != "compilation_unit" and not nested:
            self.refuse(fu.loc(decl), shown, "an object of the task type declared in a "
                        "package's declaration other than a library package's or one in "
                        "the declarative part of a body or block (a generic's, say), where "
                        f"rdv2po does not follow it: {self.why}")
            return
        if self._has_body(fu, spec):
            self.refuse(fu.loc(decl), shown, "an object of the task type in the declaration "
                        "of a package with a body: it is activated when the body's "
                        "statements begin, after all that is elaborated before them, which "
                        f"rdv2po does not follow: {self.why}")
            return
        if self.started and not (fu is self.nd.body_fu and
                                 decl.start_byte >= self.nd.body.end_byte):
            self._made_early(fu, decl, shown)
            return
        later = [d for d in spec.named_children if d.start_byte > decl.start_byte and
                 d.type not in ("identifier", "selected_component", "comment")]
        if nested:
            later += [d for d in outer.named_children if d.start_byte > spec.start_byte]
        self._quiet_after(fu, decl, later)

    def _has_body(self, fu, spec: Node) -> bool:
        """Has the package a body (or can rdv2po not tell)?"""
        name = spec.named_children[0] if spec.named_children else None
        if name is not None and name.type == "selected_component" and name.named_children:
            name = name.named_children[-1]      # a child unit's own name
        ent = self.ws.xref.declared_at(fu.pos(name)) if name is not None and \
            name.type == "identifier" else None
        if ent is None or self.ws.xref.body_of(ent) is not None:
            return True
        want = qualified_name(spec).lower()
        return any(qualified_name(b).lower() == want
                   for other in self.ws.units() for b in other.nodes_of_type("package_body"))

    def _made_early(self, fu, decl: Node, shown: str) -> None:
        self.refuse(fu.loc(decl), shown, "an object of the task type made before the "
                    "task body is elaborated (or in a package body elsewhere, which may "
                    "be): it runs the task's start-up code when it is made, and the "
                    "body's code is not there yet")

    def _quiet_after(self, fu, decl: Node, later: list[Node]) -> None:
        """``later`` (elaborated after ``decl`` and before its task is activated) must
        not raise."""
        for d in later:
            why = self._not_quiet(fu, d)
            if why:
                self.refuse(fu.loc(d), one_line(d, limit=40),
                            f"{why}, after an object of the task type in its declarative part: "
                            "if it raised, the task would never be activated (or would be "
                            "seen before it was): " + self.why)
                return

    def _after_body(self, fu, decl: Node, owner: Node) -> bool:
        """Is the task body elaborated before ``decl`` is (the object is made there)?
        In the body's file: written after it.  Elsewhere: in a subprogram, block or task
        body, which run after the library units are elaborated."""
        if fu is self.nd.body_fu:
            return decl.start_byte >= self.nd.body.end_byte
        return owner.type != "package_body"

    def _not_quiet(self, fu, d: Node) -> str:
        """Why elaborating ``d`` might raise, or ""."""
        if d.type in PASSIVE or d.type == "pragma_g" and self._quiet_pragma(d):
            return ""
        if d.type == "private_type_declaration":
            return ""       # a partial view: its discriminant part evaluates nothing
        if d.type == "generic_instantiation":
            return instance_not_quiet(self, fu, d)
        if d.type in ("full_type_declaration", "subtype_declaration"):
            unit = next((c for c in d.named_children if c.type in SYNCHRONIZED), None)
            if unit is not None:
                return self._family_bounds(fu, unit)
            inner = d.named_children[1] if len(d.named_children) > 1 else None
            if d.type == "full_type_declaration" and (inner is None or
                                                      inner.type not in QUIET_TYPES):
                return "a declaration rdv2po does not know to elaborate without raising"
            return self._dynamic(fu, d, d.named_children[1:])
        if d.type == "object_declaration":
            parts = [c for c in d.named_children
                     if c.type != "identifier" or text(c) not in defining_names(d)]
            return self._dynamic(fu, d, parts) or self._default_init(fu, d, parts) or \
                self._in_subtype(fu, d)
        if d.type == "object_renaming_declaration":
            renamed = d.named_children[-1]
            prefix = [n for n in walk(renamed) if n.type == "identifier"][:-1]
            if renamed.type == "identifier" or renamed.type == "selected_component" and all(
                    e.kind == "K" for n in prefix for e, _k in self.ws.xref.at(fu.pos(n))):
                return ""          # a name denoting an object: nothing is evaluated
            return "a renaming that evaluates a name (an index, a dereference)"
        if d.type == "package_body" and _generic_body(d):
            return ""              # a generic's body: its instances run it, not this
        if d.type in ("package_declaration", "package_body"):
            if d.type == "package_body" and first_child(d, "handled_sequence_of_statements"):
                return "a package body with statements"
            items = []
            for c in d.named_children:
                if c.type == "non_empty_declarative_part":
                    items += c.named_children
                elif c.type not in ("identifier", "selected_component"):
                    items.append(c)
            return next((why for c in items if (why := self._not_quiet(fu, c))), "")
        return "a declaration rdv2po does not know to elaborate without raising"

    def _family_bounds(self, fu, unit: Node) -> str:
        """A task or protected type's declaration evaluates its entry families' bounds
        and its private components' constraints (RM 3.8(18)): discriminant defaults,
        component defaults and aspects such as Priority are evaluated for each object
        (RM 3.7(23), 3.8(18), D.1(17))."""
        families = [c for e in walk(unit) if e.type == "entry_declaration"
                    for c in e.named_children[1:] if c.type not in NOT_FAMILY]
        return self._dynamic(fu, unit, families + component_constraints(unit))

    def _in_subtype(self, fu, d: Node) -> str:
        """An integer literal given to an object outside its subtype (``Y : Small :=
        5;``) raises Constraint_Error: GNAT only warns (common/ranges.py)."""
        if not any(c.type == ":=" for c in d.children):
            return ""
        try:
            check_value(self.ws, fu, d, integers_only=True)
        except ShapeError:
            return "an initial value outside its subtype (Constraint_Error)"
        return ""

    def _dynamic(self, fu, d: Node, parts: list[Node]) -> str:
        """A name in ``parts`` that is neither a type, a named number, a static constant
        nor a literal: its evaluation might raise."""
        for p in parts:
            for n in walk(p):
                if n.type == "identifier" and not self.static(text(n).lower()) and \
                        not self._is_type(fu, n) and not self._is_package(fu, n) and \
                        not _selector(n) and not self._object_access(fu, n):
                    return f"{text(n)} is evaluated there"
                if n.type == "record_type_definition":
                    # component defaults are evaluated for each object, the components'
                    # constraints here (RM 3.8(18))
                    why = self._dynamic(fu, d, component_constraints(n))
                    if why:
                        return why
                    break
        return ""

    def _default_init(self, fu, d: Node, parts: list[Node]) -> str:
        """Why the default initialization of the object ``d`` declares might raise, or
        "": without an initial value (or with a box in it), each type it names must
        be one whose objects are made without evaluating anything (default component
        values, discriminant defaults, a protected object's components are)."""
        if any(c.type == ":=" for c in d.children) and \
                not any(n.type == "<>" for p in parts for n in walk(p)):
            return ""
        for p in parts:
            for n in walk(p):
                if n.type != "identifier" or _selector(n):
                    continue
                ents = [e for e, _k in self.ws.xref.at(fu.pos(n))]
                if not ents and text(n).lower() in QUIET_STANDARD or \
                        ents and not all(e.kind in TYPE_KINDS for e in ents):
                    continue            # a Standard scalar, or no type (checked above)
                if not ents or not all(self._quietly_made(e, 0) for e in ents):
                    return (f"an object of type {text(n)}, whose default initialization "
                            "rdv2po does not know to evaluate nothing")
        return ""

    def _quietly_made(self, ent, depth: int) -> bool:
        """Are objects of the type ``ent`` made without evaluating anything?"""
        if depth > 8:
            return False
        if ent.kind in QUIET_KINDS:
            return True
        if ent.kind in "AS":            # an array: its component type decides
            comp = ent.component_ref or ent.type_ref
            return self._ref_quiet(comp, depth) if comp else ent.kind == "S"
        decl = self._full_declaration(ent)
        if decl is None:
            return False
        if ent.kind == "T":             # a task type: only discriminant defaults run
            return not self._defaults(decl, "known_discriminant_part")
        if ent.kind == "R" and decl.type == "full_type_declaration":
            if ent.type_ref:            # a subtype or a derived type: its parent decides
                return self._ref_quiet(ent.type_ref, depth)
            rec = first_child(decl, "record_type_definition")
            dfu = self.ws.by_base.get(ent.file)
            if rec is None or dfu is None or self._defaults(decl, "known_discriminant_part"):
                return False
            return not any(component_unsafe(self, dfu, comp, depth + 1) for comp in walk(rec)
                           if comp.type == "component_declaration")
        return False

    def _ref_quiet(self, ref: str, depth: int) -> bool:
        if ":" not in ref:
            return ref.lower() in QUIET_STANDARD
        base, line, col = ref.rsplit(":", 2)
        ent = self.ws.xref.entities.get((base, int(line), int(col)))
        return ent is not None and self._quietly_made(ent, depth + 1)

    def _full_declaration(self, ent) -> Node | None:
        """The type's declaration, its full one for a private type (GNAT's 'c'
        reference, or the task type completing it)."""
        dfu = self.ws.by_base.get(ent.file)
        ident = dfu.ident_at_gnat(ent.line, ent.col) if dfu is not None else None
        decl = ident.parent if ident is not None else None
        if decl is None or decl.type != "private_type_declaration":
            return decl
        for r in ent.refs:
            if r.kind == "c":
                cfu = self.ws.by_base.get(r.file)
                cid = cfu.ident_at_gnat(r.line, r.col) if cfu is not None else None
                return cid.parent if cid is not None else None
        full = [k for k, v in self.ws.xref.completes.items() if v == ent.key]
        if full:
            cfu = self.ws.by_base.get(full[0][0])
            cid = cfu.ident_at_gnat(full[0][1], full[0][2]) if cfu is not None else None
            return cid.parent if cid is not None else None
        return None

    @staticmethod
    def _defaults(decl: Node, part: str) -> bool:
        node = first_child(decl, part)
        return node is not None and any(n.type == ":=" for n in walk(node))

    def _object_access(self, fu, n: Node) -> bool:
        """``X'Access`` of a declared object: its accessibility is checked when the
        program is compiled (RM 3.10.2(28)), so evaluating it cannot raise."""
        tick = n.next_sibling
        attr = tick.next_named_sibling if tick is not None and tick.type == "tick" else None
        ents = [e for e, _k in self.ws.xref.at(fu.pos(n))]
        return attr is not None and text(attr).lower() == "access" and \
            n.parent is not None and n.parent.type != "selected_component" and \
            bool(ents) and all(e.kind.islower() for e in ents)

    def _is_package(self, fu, n: Node) -> bool:
        """A package's name (the prefix of ``Pack.T``): naming it evaluates nothing."""
        ents = [e for e, _k in self.ws.xref.at(fu.pos(n))]
        return bool(ents) and all(e.kind == "K" for e in ents)

    def _is_type(self, fu, n: Node) -> bool:
        ents = [e for e, _k in self.ws.xref.at(fu.pos(n))]
        if not ents:
            return text(n).lower() in ("integer", "natural", "positive", "boolean",
                                       "character", "float", "string", "duration")
        return all(e.kind in TYPE_KINDS for e in ents)

    @staticmethod
    def _quiet_pragma(p: Node) -> bool:
        name = text(p.named_children[0]).lower() if p.named_children else ""
        return name not in ("assert", "check", "debug", "loop_invariant", "assume")

    def _type_names(self) -> set[str]:
        return type_names(self.ws, self.task.name)

    def check_attributes(self, kept: set = frozenset()) -> None:
        """A task attribute whose prefix may be an object of the type: the object is a
        record, which has none (but those ``kept``, by file and tick: the record's
        functions answer them, attributes.py)."""
        names = self._type_names()
        for fu in self.ws.units():
            for tick in fu.nodes_of_type("tick"):
                if (fu.src.path, tick.start_byte) in kept:
                    continue
                attr = tick.next_named_sibling
                prefix = tick.prev_named_sibling
                kind = text(attr).lower() if attr is not None else ""
                if prefix is None or kind not in TASK_ATTRIBUTES | OBJECT_ATTRIBUTES:
                    continue
                why = "the object becomes a record, which has no task attributes" \
                    if kind in TASK_ATTRIBUTES else \
                    "the record replacing it would give its own value, not the task's"
                first = next((n for n in walk(prefix) if n.type == "identifier"), None)
                if first is None or self._declared_with(fu, first, names):
                    self.refuse(fu.loc(tick), f"{one_line(prefix)}'{text(attr)}",
                                f"'{text(attr)} of what may be an object of the task type: "
                                + why)

    def _declared_with(self, fu, ident: Node, names: set[str]) -> bool:
        """Is ``ident`` declared by a declaration naming one of ``names``, or unknown?"""
        ents = [e for e, _k in self.ws.xref.at(fu.pos(ident))]
        if not ents:
            return text(ident).lower() in names
        for ent in ents:
            if ent.kind.isupper():
                if ent.name.lower() in names:
                    return True
                continue
            loc = self.ws.loc_of(ent.file, ent.line, ent.col)
            dfu = self.ws.by_display.get(loc.path) if loc is not None else None
            node = dfu.ident_at(loc.line, loc.col) if dfu is not None else None
            decl = next((a for a in ancestors(node) if a.type in DECLARING), None) \
                if node is not None else None
            if decl is None or words(decl) & names:
                return True
        return False

    def _deallocations(self) -> None:
        names = self._type_names()      # its subtypes, and the types holding it, too
        for fu in self.ws.units():
            for t in fu.nodes_of_type("full_type_declaration"):
                acc = first_child(t, "access_to_object_definition")
                ident = first_child(t, "identifier")
                if acc is not None and ident is not None and self.task.name.lower() in \
                        words(acc):
                    names.add(text(ident).lower())
        for fu in self.ws.units():
            for inst in fu.nodes_of_type("generic_instantiation"):
                named = words(inst)
                if "unchecked_deallocation" in named and named & names:
                    self.refuse(fu.loc(inst), one_line(inst, limit=40),
                                "frees objects of the task type: freeing a task that has not "
                                "terminated leaves it running, the record would be gone")

    # -- the task body ----------------------------------------------------------------

    def check_body(self, shape, discriminants: set[str]) -> None:
        """What the task's variables and local subprograms name, for the record
        declared where the type was and the subprograms moved to its package."""
        names = shape.variables_declared_names() | discriminants
        for d in shape.others:
            # a null procedure's defaults may name them too
            if d.type not in ("subprogram_body", "null_procedure_declaration"):
                continue
            hit = next((n for n in walk(d) if n.type == "identifier" and
                        text(n).lower() in names), None)
            if hit is not None:
                self.refuse(self.nd.body_fu.loc(hit), text(hit), "a subprogram of the task "
                            "type's body naming its variable or discriminant: each object "
                            "has its own, and the subprogram is the package's")
        for d in shape.variables_declared():
            if first_child(d, "array_type_definition") is not None:
                self.refuse(self.nd.body_fu.loc(d), one_line(d, limit=40),
                            "a variable of an anonymous array type: it becomes a component "
                            "of the objects' record, which needs a named subtype")
            self._declared_before(d)

    def _declared_before(self, d: Node) -> None:
        """The names a variable's declaration uses must be visible where the task type
        was declared (the record holding it is declared there)."""
        fu, spec = self.nd.body_fu, self.nd.spec_fu
        for n in walk(d):
            if n.type != "identifier" or text(n) in defining_names(d):
                continue
            for ent, _k in self.ws.xref.at(fu.pos(n)):
                loc = self.ws.loc_of(ent.file, ent.line, ent.col)
                if loc is None or loc.path == fu.display and _in(self.nd.body, fu, loc) or \
                        loc.path == spec.display and _in(self.nd.decl, spec, loc):
                    continue        # predefined, the task body's own, or a discriminant
                late = loc.path == spec.display and spec.offset_of(loc) > self.nd.decl.start_byte
                if late or loc.path == fu.display and fu is not spec:
                    self.refuse(fu.loc(n), text(n), "declared after the task type or in the "
                                "body of its package: the record holding the task's variables "
                                "is declared where the task type was, which cannot see it")
                    return


def component_constraints(node: Node) -> list[Node]:
    """The subtype indications of the components declared in ``node``, without their
    default expressions: elaborating the type evaluates them."""
    return [c for cd in walk(node) if cd.type == "component_declaration"
            for c in cd.named_children if c.type not in ("identifier", "expression", "comment")]


def _generic_body(body: Node) -> bool:
    """Is the package body that of a generic package declared in the same part?"""
    name = first_child(body, "identifier")
    part = body.parent
    if name is None or part is None:
        return False
    for g in named_children(part, "generic_package_declaration"):
        spec = first_child(g, "package_declaration")
        ident = first_child(spec, "identifier") if spec is not None else None
        if ident is not None and text(ident).lower() == text(name).lower():
            return True
    return False


def _in(node: Node, fu, loc: Location) -> bool:
    off = fu.offset_of(loc)
    return node.start_byte <= off < node.end_byte


def discriminant_marks(nd) -> list[tuple[str, str, bool]]:
    """The type's discriminants: (name, subtype mark as written, is an access)."""
    return [(name, text(f.mark) if f.mark is not None else "", f.is_access)
            for f in discriminant_formals(nd.decl) for name in f.names]


def _selector(n: Node) -> bool:
    """The discriminant's name before ``=>`` in ``T (Id => 1)``: it names, it is not
    evaluated."""
    p = n.parent
    if p is None or p.type != "discriminant_association":
        return False
    arrow = next((c for c in p.children if c.type == "=>"), None)
    return arrow is not None and n.end_byte <= arrow.start_byte
