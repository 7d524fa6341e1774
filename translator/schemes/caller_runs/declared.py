"""The task body's types, subtypes, named numbers, exceptions and object renamings
in the caller-runs scheme: which keep their meaning in the package, and where
they go.

A single task's declarations stay where they were written: the package body
takes the task body's place, and its declarations are elaborated in their
order there.  A task type's variables become components of a record declared
where the type was, so its types, subtypes and named numbers move out before
that package under fresh names (common/moved.py, shared with the accepting
scheme); its exceptions and renamings stay in the package body.

What changes is the moment: the task elaborated them at its activation, the
package elaborates them where the task body was (or the type's declaration).
So each is taken only when its elaboration reads nothing that moment can
change and cannot raise:

* names other than types, named numbers, enumeration literals and constants
  with a literal value are refused: a variable, a discriminant (a task type's
  own, per object), a function called;
* a range constraint must lie within its subtype's range, shown from literal
  bounds (common/ranges.py, which the accepting scheme checks its moved
  declarations with too);
* a type must hold only values: no task, protected or controlled part (their
  objects' elaboration and finalization have effects), no access type (its
  collection is finalized with its master), no tagged type (Ada.Tags shows its
  expanded name);
* an exception is one for all the task's objects, as before (RM 11.1(6): its
  declaration's elaboration has no effect), but GNAT's name of it names its
  scope (``MAIN.TTK.OOPS`` in task body T): refused where the program asks an
  occurrence its name;
* an object renaming evaluates its name when elaborated: only a name, of an
  object outside the task (or, in a single task, its own variables, which
  stay beside it).
"""

from __future__ import annotations

from ...frontend.structure import own_nodes
from ...frontend.syntax import Node, ancestors, first_child, text, walk
from ...frontend.workspace import FileUnit, Workspace
from ..common import ranges
from ..common.refusals import ShapeError
from ..common.startup import SUBPROGRAMS, is_object

# types and subtypes a task type's variables can name: they move out with it
MOVED = ("full_type_declaration", "subtype_declaration", "number_declaration")
# what asks an occurrence for its exception's name (GNAT's names the task body)
NAMES_EXCEPTION = ("exception_name", "wide_exception_name", "wide_wide_exception_name",
                   "exception_information")
# what an anonymous array's index part may hold besides names (``1 .. N``, ``T range
# 1 .. 3``)
BOUND_NODES = {"range_g", "range_constraint", "term", "factor", "primary", "expression",
               "numeric_literal", "character_literal", "unary_adding_operator"}
# cross-reference letters of types that are no task, protected, private or incomplete view
PLAIN_TYPES = frozenset("ABCDEFIMORS")
VALUE_DEFINITIONS = {"enumeration_type_definition", "signed_integer_type_definition",
                     "modular_type_definition", "floating_point_definition",
                     "ordinary_fixed_point_definition", "decimal_fixed_point_definition"}


class Declared:
    """The checks of a task body's declared items.  ``values_only(name)``: does the
    (lower-case) type name denote a type whose objects hold only values?
    ``statics``: names of constants with literal values and enumeration literals."""

    def __init__(self, ws: Workspace, fu: FileUnit, inside: list[tuple[FileUnit, Node]],
                 typed: bool, values_only, statics: frozenset[str]):
        self.ws, self.fu, self.inside, self.typed = ws, fu, inside, typed
        self.values_only, self.statics = values_only, statics

    def obstacles(self, declared: list[Node]) -> list[ShapeError]:
        found = []
        for d in declared:
            try:
                self._check(d)
            except ShapeError as exc:
                found.append(exc)
        return found

    def _check(self, d: Node) -> None:
        if d.type == "exception_declaration":
            self._exception(d)
        elif d.type in ("object_renaming_declaration", "object_declaration"):
            self._renaming(d)
        else:
            self._type(d)
        self._names(d)
        ranges.check(self.ws, self.fu, d)

    # -- exceptions and renamings --------------------------------------------------

    def _exception(self, d: Node) -> None:
        for other in self.ws.units():
            hit = next((n for n in other.nodes_of_type("identifier")
                        if text(n).lower() in NAMES_EXCEPTION), None)
            if hit is not None:
                raise ShapeError(d, "an exception declared in the task body, where the "
                                    f"program asks an occurrence its name ({text(hit)} at "
                                    f"{other.loc(hit)}): GNAT's name of it names the task "
                                    "body, the package's would name the package")

    def _renaming(self, d: Node) -> None:
        at = next(i for i, c in enumerate(d.children) if c.type == "renames")
        renamed = next((c for c in d.children[at + 1:] if c.is_named), None)
        if renamed is None or any(n.is_named and n.type not in ("identifier",
                                                               "selected_component")
                                  for n in walk(renamed)):
            raise ShapeError(d, "an object renaming in the task body of something other "
                                "than an object's name: the name it evaluates (an index, a "
                                "call, a dereference) would be evaluated when the package "
                                "is elaborated, not when the task was activated")

    # -- types, subtypes, named numbers --------------------------------------------

    def _type(self, d: Node) -> None:
        if d.type == "number_declaration":
            return
        words = f" {' '.join(text(d).lower().split())} "
        if " access " in words or not self._values(self.fu, d, 4, defaults=True,
                                                   made=False):
            raise ShapeError(d, _NOT_VALUES)

    def holds_values(self, fu: FileUnit, mark: Node, depth: int = 4) -> bool:
        """Does the subtype mark denote a type whose objects hold only values: scalars,
        named access types, and arrays and records (without defaults, which objects
        evaluate when made) of such?  Resolved through GNAT's cross-references; a
        name they do not give is judged by ``values_only``."""
        if mark.type == "selected_component" and mark.named_children:
            mark = mark.named_children[-1]
        if mark.type != "identifier":
            return False
        owner, decl = ranges.declaration(self.ws, fu, mark)
        if decl is None and self.ws.xref.at(fu.pos(mark)):
            return False          # a type outside the sources: a name alike says nothing
        if decl is None or depth == 0:
            return self.values_only(text(mark).lower())
        # the task body's own types: ``_names`` checks what their defaults read
        own = owner is self.fu and any(f is owner and n.start_byte <= decl.start_byte
                                       < n.end_byte for f, n in self.inside)
        return self._values(owner, decl, depth - 1, defaults=own)

    def _values(self, fu: FileUnit, d: Node, depth: int, defaults: bool = False,
                made: bool = True) -> bool:
        """``defaults``: a record's component defaults are let through (the task body's
        own types: ``_names`` checks what they read).  ``made``: an object of the type
        is made, where a record with discriminants is refused (an unconstrained one
        with defaults may take the largest size: Storage_Error, at activation before)."""
        definition = next((c for c in d.named_children[1:]
                           if c.type != "known_discriminant_part"), None)
        if definition is None:
            return False
        if d.type == "subtype_declaration":
            return self.holds_values(fu, definition, depth)
        words = f" {' '.join(text(d).lower().split())} "
        if " tagged " in words or " limited " in words:
            return False
        kind = definition.type
        if kind in VALUE_DEFINITIONS or kind in ("access_to_object_definition",
                                                 "access_to_subprogram_definition"):
            return True
        if kind == "array_type_definition":
            marks = [_last_mark(first_child(definition, "component_definition"))]
        elif kind == "record_type_definition":
            if not defaults and any(c.type == ":=" for c in walk(d)) or \
                    made and first_child(d, "known_discriminant_part") is not None:
                return False
            marks = [_last_mark(c) for c in walk(d) if c.type in (
                "component_definition", "discriminant_specification")]
        elif kind == "derived_type_definition" and " with " not in words:
            marks = [_last_mark(definition)]
        else:
            return False
        return all(m is not None and self.holds_values(fu, m, depth) for m in marks)

    # -- a variable of an anonymous array type ----------------------------------------

    def anonymous_array(self, d: Node) -> str | None:
        """For ``Data : array (1 .. Size) of Integer``: None when the object keeps its
        meaning where the package declares it (a single task: in its body, in the same
        order), else the reason.  Its bounds must read nothing a moment can change:
        literals, constants with literal values, types; its components hold values."""
        array = first_child(d, "array_type_definition")
        if self.typed:
            return ("a variable of an anonymous array type in a task type's body: the "
                    "variables become components of a record, where an anonymous array "
                    "type is not allowed; declare a named array type")
        comp = first_child(array, "component_definition")
        mark = _last_mark(comp)
        if mark is None or not self.holds_values(self.fu, mark):
            return ("an array of components of a type rdv2po does not know to hold only "
                    "values (a task, protected or controlled part would be created at "
                    "another moment, in another master)")
        for n in walk(array):
            if not n.is_named or n == array or n.type in BOUND_NODES \
                    or comp.start_byte <= n.start_byte:
                continue
            if n.type != "identifier" or not (text(n).lower() in self.statics
                                              or self._names_a_type(n)):
                return (f"an array bound naming {text(n)}, not a literal, a constant "
                        "with a literal value or a type: the task computed it when it "
                        "was activated, the package would compute it earlier")
        return None

    def _names_a_type(self, n: Node) -> bool:
        """Does the identifier name a type (GNAT's cross-references; a name of package
        Standard has none)?"""
        ents = [e for e, _k in self.ws.xref.at(self.fu.pos(n))]
        if not ents:
            return self.fu.resolved and self.values_only(text(n).lower())
        return all(e.kind in PLAIN_TYPES for e in ents)

    # -- what the declaration names -------------------------------------------------

    def _names(self, d: Node) -> None:
        """Every name must mean at the package what it meant in the task: no object
        (a constant with a literal value excepted), no call, nothing of a task type's
        own (a discriminant, a constant: per object)."""
        for n in [d, *own_nodes(d)]:
            if n.type != "identifier" or _in_attribute(n):
                continue
            for ent, _kind in self.ws.xref.at(self.fu.pos(n)):
                if self._within_itself(ent, d):
                    continue      # a record's discriminant or component, in its defaults
                if ent.kind in SUBPROGRAMS:
                    raise ShapeError(n, f"the declaration calls {text(n)}: the task did "
                                        "when it was activated, the package would when it "
                                        "is elaborated")
                if not is_object(ent) or self._outer_static(n, ent):
                    continue
                if d.type in ("object_renaming_declaration", "object_declaration") and \
                        not (self.typed and self._own(ent)):
                    continue      # a renaming names its object, and reads nothing
                own = self._own(ent)
                raise ShapeError(n, f"the declaration names {text(n)}, "
                                    + ("the task's own (a discriminant, a variable or a "
                                       "constant of each object)" if own and self.typed
                                       else "an object whose value may differ")
                                    + ": the task elaborated it when it was activated, "
                                    "the package where "
                                    + ("the task type was declared" if self.typed
                                       else "the task body was"))

    def _within_itself(self, ent, d: Node) -> bool:
        loc = self.ws.loc_of(ent.file, ent.line, ent.col)
        return loc is not None and loc.path == self.fu.display and \
            d.start_point[0] + 1 <= loc.line <= d.end_point[0] + 1

    def _outer_static(self, n: Node, ent) -> bool:
        """A constant with a literal value, not the task type's own."""
        return text(n).lower() in self.statics and not (self.typed and self._own(ent))

    def _own(self, ent) -> bool:
        loc = self.ws.loc_of(ent.file, ent.line, ent.col)
        return loc is not None and any(
            loc.path == f.display and n.start_point[0] + 1 <= loc.line <= n.end_point[0] + 1
            for f, n in self.inside)

    def visible_before(self, moved: list[Node], keys: set[tuple], spec_fu: FileUnit,
                       decl: Node) -> list[ShapeError]:
        """What the moved declarations name must be declared before the task type's
        declaration, where they now are."""
        spec_loc = spec_fu.loc(decl)
        files = (self.fu.display, spec_fu.display)
        found = []
        for d in moved:
            for n in (n for n in [d, *own_nodes(d)] if n.type == "identifier"):
                for ent, _kind in self.ws.xref.at(self.fu.pos(n)):
                    loc = self.ws.loc_of(ent.file, ent.line, ent.col)
                    if ent.key in keys or loc is None or loc.path not in files:
                        continue
                    if loc.path != spec_loc.path or loc > spec_loc:
                        found.append(ShapeError(n, f"{text(n)} is declared at {loc}, after "
                                                   "the task type's declaration, before "
                                                   "which this declaration moves"))
        return found


_NOT_VALUES = ("a type rdv2po does not know to hold only values (a task, protected or "
               "controlled part, an access or tagged type): its objects' elaboration, "
               "finalization or name would change with where it is declared; the scheme "
               "takes scalar, array and record types of such values")


def _last_mark(n: Node | None) -> Node | None:
    """The subtype mark of a component definition (``[aliased] Mark [constraint]``) or a
    derived type's parent, its last identifier for an expanded name."""
    if n is None:
        return None
    named = n.named_children[1:] if n.type == "discriminant_specification" else \
        n.named_children
    mark = next((c for c in named if c.type in ("identifier", "slice",
                                                "selected_component")), None)
    if mark is not None and mark.type == "slice":      # String (1 .. N)
        mark = mark.named_children[0]
    if mark is not None and mark.type == "selected_component":
        mark = mark.named_children[-1]
    return mark


def _in_attribute(n: Node) -> bool:
    p = n.parent
    return p is not None and p.type == "attribute_designator"
