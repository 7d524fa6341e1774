"""Initial values and default initialisations of the task's variables, which become
the protected object's components: shown not to raise, or refused.

The task elaborated its declarations when it was activated: an exception there
failed the activation, and the activator got Tasking_Error at its ``begin`` (RM
9.2(1), 9.2(5)); the task's own handlers never ran (RM 11.4(7): they cover its
statements).  The protected object evaluates the same initial values, and the
same component defaults of the variables' types, where it is declared: the same
check then raises Constraint_Error in the declarative part around the task.  So
each variable's initial value, or its default initialisation, must be shown not
to raise.  What is shown (anything else is refused, naming the declaration and
the value or component that stands in the way):

- an initial value ``quiet.Quiet.initial_values`` accepts (a literal in the
  subtype, an object or enumeration literal of exactly the subtype, ...);
- an integer value whose every value lies within the subtype's range
  (spans.py: literals, named numbers, constants of static value, objects with
  an initial value, discriminants and formal objects, ``+ - * abs **``,
  ``'First``, ``'Last``, ``'Pred``, ``'Succ``; ranges whose bounds are such);
- a value of one of Standard's scalar types whose every value lies in the
  subtype (Integer, Boolean, Character, Float, Duration, not Natural or Positive)
  that ``raising.cannot_raise`` shows not to raise;
- an enumeration literal of an enumeration type's first subtype; an object
  declared with exactly the subtype mark (a value of a subtype lies in it:
  GNAT's default validity checking, as everywhere in rdv2po);
- ``null`` or ``'Access`` for a named access type without ``not null``;
- a string literal for String (unconstrained), or of the length of a subtype
  ``String (L .. H)`` of static bounds (an object's own index constraint: its
  length is checked by common/ranges.py);
- ``(others => V)`` of an array, a positional aggregate of an anonymous array
  of its length, a record aggregate of a type without discriminants: each value
  shown within its component's subtype;
- a constraint written in the declaration: a range within the mark's range, an
  index range null or within the index subtype, discriminant values within
  the discriminants' subtypes;
- without an initial value: a scalar or access type (no Default_Value aspect: a
  predicate is not checked on an object given no value, RM 3.2.4(31)), and
  records, arrays and derived types whose component defaults are shown as
  above and whose other components are so again; a component constraint naming
  a discriminant (evaluated for each object, RM 3.8(18)) must lie within the
  index subtype for every value of the discriminant's subtype; a discriminant's
  default is refused (evaluated for each object);
- language-defined types (outside the sources) are made without raising;
  their constants, ``Ada.Calendar.Time_Of`` of a day that exists, and a few of
  their functions of literal arguments (``To_Unbounded_String``,
  ``Milliseconds``...) are values that cannot raise.

What the scheme refuses for another reason (startup.py: a call, a variable that
changes, a read through an access value) is not refused again here.
"""

from __future__ import annotations

from ...frontend.syntax import Node, defining_names, first_child, one_line, text, walk
from ...frontend.workspace import FileUnit, Workspace
from .bounded import Bounded
from .refusals import ShapeError
from .startup import PREDEFINED, is_object, type_declaration
from .quiet import Quiet, STANDARD_SCALARS
from .raising import cannot_raise
from .spans import Range, Span, Spans, symmetric

# Standard's scalar subtypes holding every value of their type
FULL_STANDARD = STANDARD_SCALARS - {"natural", "positive"}
POSITIVE = Span(1, 2**31 - 1)
STRINGS = {"string", "wide_string", "wide_wide_string"}
SCALAR_OR_ACCESS = set("BEIMFODP")      # GNAT's letters of such types and subtypes
WRAPPERS = ("expression", "relation", "term", "factor", "primary", "simple_expression")
QUIET_DEFINITIONS = {"enumeration_type_definition", "signed_integer_type_definition",
                     "modular_type_definition", "floating_point_definition",
                     "ordinary_fixed_point_definition", "decimal_fixed_point_definition",
                     "access_to_object_definition", "access_to_subprogram_definition"}


def core(n: Node) -> Node:
    while n.type in WRAPPERS and len([c for c in n.named_children if c.type != "comment"]) == 1:
        n = next(c for c in n.named_children if c.type != "comment")
    return n


class Initial:
    def __init__(self, ws: Workspace, fu: FileUnit, quiet: Quiet):
        self.ws, self.fu, self.quiet = ws, fu, quiet
        self.spans = Spans(ws)

    def check(self, decl: Node) -> None:
        """ShapeError unless ``decl`` (``X : T [:= V];`` of the task body) is shown
        to be elaborated without raising."""
        kids = decl.children
        colon = next(i for i, c in enumerate(kids) if c.type == ":")
        assign = next((i for i, c in enumerate(kids) if c.type == ":="), None)
        stop = assign if assign is not None else len(kids) - 1
        parts = [c for c in kids[colon + 1:stop] if c.is_named
                 and c.type not in ("aliased", "constant", "comment")]
        what = f"{', '.join(defining_names(decl))} : {' '.join(text(p) for p in parts)}"
        value = kids[assign + 1] if assign is not None else None
        if value is not None and self.quiet.initial_values(decl):
            return
        if len(parts) == 1 and parts[0].type in ("identifier", "selected_component"):
            why = self.fits(self.fu, parts[0], self.fu, value) if value is not None else \
                self.made(self.fu, parts[0], 0)
        else:
            why = self._constrained_object(parts, value)
        if why:
            kind = "initial value" if value is not None else "default initialisation"
            raise ShapeError(value if value is not None else decl,
                             f"the {kind} of {what} may raise ({why}): " + CONSEQUENCE)

    def _constrained_object(self, parts: list[Node], value: Node | None) -> str:
        """``X : T range L .. H``, ``X : T (L .. H)``, ``X : array (...) of T``."""
        fu = self.fu
        first = parts[0]
        if len(parts) == 2 and first.type == "identifier" and parts[1].type == "range_constraint":
            mark = self.spans.range_of(fu, first)
            r = self.spans.constraint(fu, parts[1], 0)
            if mark is None or r is None or not _within(r.outer, mark.inner):
                return f"{text(parts[1])} is not shown within {text(first)}"
            return self.fits_range(fu, value, r, text(first)) if value is not None else ""
        if len(parts) == 1 and first.type == "slice":
            kids = [c for c in first.named_children if c.type != "comment"]
            if len(kids) == 2 and kids[1].type != "range_g":      # T (V): one discriminant
                return self._discriminants(fu, kids[0], [kids[1]], text(first)) or \
                    (self.made(fu, kids[0], 0, constrained=True) if value is None else
                     "an initial value of a subtype constrained in the declaration")
            if len(kids) != 2:
                return f"the constraint of {text(first)} is not read"
            return self._slice(fu, kids[0], kids[1], value)
        if len(parts) == 2 and first.type in ("identifier", "selected_component") and \
                parts[1].type in ("discriminant_constraint", "index_constraint"):
            found = type_declaration(self.ws, fu, first)
            if found is None or first_child(found[1], "known_discriminant_part") is None:
                rngs = [c for c in parts[1].named_children if c.type != "comment"]
                if len(rngs) == 1 and rngs[0].type == "range_g":
                    return self._slice(fu, first, rngs[0], value)
                return f"the index constraint {text(parts[1])} is not read"
            return self._discriminants(fu, first, [c for c in parts[1].named_children
                                                   if c.type != "comment"],
                                       f"{text(first)} {text(parts[1])}") or \
                (self.made(fu, first, 0, constrained=True) if value is None else
                 "an initial value of a subtype constrained in the declaration")
        if len(parts) == 1 and first.type == "array_type_definition":
            for i in (c for c in first.named_children
                      if c.type not in ("component_definition", "comment")):
                if i.type == "range_g" and self.spans._bounds(fu, i, 0) is None:
                    return f"the index range {text(i)} is not shown to evaluate without raising"
                if i.type not in ("range_g", "identifier", "selected_component"):
                    return f"the index {text(i)} is not read"
            comp = _component_mark(first)
            if comp is None:
                return "its component subtype is not a plain subtype mark"
            if value is None:
                return self.made(fu, comp, 0)
            return self._array_value(fu, None, comp, value, self._length(first))
        return "its subtype is constrained in the declaration"

    def _slice(self, fu: FileUnit, mark: Node, rng: Node, value: Node | None) -> str:
        """``T (L .. H)``: L .. H null or within T's index subtype (RM 3.6.1(7))."""
        index = self._index_range(fu, mark)
        r = self.spans._bounds(fu, rng, 0)
        if index is None or r is None or not (r.outer.high < r.outer.low or
                                              _within(r.outer, index.inner)):
            return f"{text(rng)} is not shown within the index subtype of {text(mark)}"
        if value is None:
            return self.made(fu, mark, 0)
        length = r.outer.high - r.outer.low + 1 if r.inner == r.outer else None
        return self._array_value(fu, mark, None, value, length)

    def _discriminants(self, fu: FileUnit, mark: Node, args: list[Node], shown: str) -> str:
        """``T (D => V)``, ``T (V)``: each V within its discriminant's subtype."""
        found = type_declaration(self.ws, fu, mark)
        disc = first_child(found[1], "known_discriminant_part") if found is not None else None
        if disc is None:
            return f"the constraint of {shown} is not read"
        specs = [(n.lower(), d) for d in walk(disc)
                 if d.type == "discriminant_specification" for n in defining_names(d)]
        by_name = dict(specs)
        if len(args) != len(specs):
            return f"the constraint of {shown} is not read"
        for i, a in enumerate(args):
            if a.type == "discriminant_association":
                kids = [c for c in a.children if c.type != "comment"]
                arrow = next(k for k, c in enumerate(kids) if c.type == "=>")
                names = [text(c).lower() for c in kids[:arrow] if c.type == "identifier"]
                value = kids[-1]
            else:
                names, value = [specs[i][0]], a
            for name in names:
                d = by_name.get(name)
                dmark = next((c for c in d.named_children if c.type in (
                    "identifier", "selected_component") and text(c).lower() not in by_name),
                    None) if d is not None else None
                if dmark is None:
                    return f"the discriminant {name} of {text(mark)} is not read"
                why = self.fits(found[0], dmark, fu, value)
                if why:
                    return why
        return ""

    def _array_value(self, fu: FileUnit, mark: Node | None, comp: Node | None,
                     value: Node, length: int | None = None) -> str:
        """A string literal (its length: common/ranges.py) or ``(others => V)``."""
        v = core(value)
        if v.type == "string_literal":
            return ""
        if v.type == "positional_array_aggregate" and comp is not None and length is not None:
            elems = [c for c in v.named_children if c.type != "comment"]
            if len(elems) != length or any(c.type != "expression" for c in elems):
                return f"{one_line(value)} is not shown of length {length}"
            return next((why for e in elems if (why := self.fits(fu, comp, fu, e))), "")
        inner = _others_value(v)
        if inner is None:
            return f"{one_line(value)}: only a string literal or " \
                   "(others => V) is shown"
        if comp is not None:
            return self.fits(fu, comp, fu, inner)
        if mark is not None and text(mark).lower() in STRINGS and \
                not self.ws.xref.at(fu.pos(mark)):
            return "" if core(inner).type == "character_literal" else \
                f"{one_line(inner)} is not shown to be a character"
        found = type_declaration(self.ws, fu, mark)
        array = first_child(found[1], "array_type_definition") if found is not None else None
        cmark = _component_mark(array) if array is not None else None
        if cmark is None:
            return f"the component subtype of {text(mark)} is not read"
        return self.fits(found[0], cmark, fu, inner)

    def _length(self, array: Node) -> int | None:
        """The length of an anonymous array of one index of static bounds."""
        indexes = [c for c in array.named_children if c.type not in ("component_definition",
                                                                     "comment")]
        if len(indexes) != 1:
            return None
        i = indexes[0]
        r = self.spans._bounds(self.fu, i, 0) if i.type == "range_g" else \
            self.spans.range_of(self.fu, i) if i.type == "identifier" else None
        return max(0, r.outer.high - r.outer.low + 1) if r is not None and \
            r.inner == r.outer else None

    def _index_range(self, fu: FileUnit, mark: Node) -> Range | None:
        """The range of the index subtype of the array type ``mark``: Positive for
        Standard's strings."""
        if not self.ws.xref.at(fu.pos(mark)) and fu.resolved and \
                text(mark).lower() in STRINGS:
            return Range(POSITIVE, POSITIVE)
        found = type_declaration(self.ws, fu, mark)
        array = first_child(found[1], "array_type_definition") if found is not None else None
        if array is None:
            return None
        indexes = [c for c in array.named_children if c.type not in ("component_definition",
                                                                     "comment")]
        if len(indexes) != 1:
            return None
        index = indexes[0]
        first = index.named_children[0] if index.named_children else None
        if index.type in ("identifier", "selected_component"):
            first = index
        return self.spans.range_of(found[0], first) if first is not None and \
            first.type in ("identifier", "selected_component") else None

    def fits_range(self, vfu: FileUnit, value: Node, r: Range, shown: str) -> str:
        got = self.spans.of(vfu, value, symmetric(r.inner))
        return "" if got is not None and _within(got, r.inner) else \
            f"{one_line(value)} is not shown within {shown}"

    # -- a value within a subtype ------------------------------------------------------

    def fits(self, mfu: FileUnit, mark: Node, vfu: FileUnit, value: Node) -> str:
        """Why ``value`` (in ``vfu``) may raise or lie outside the subtype ``mark`` (in
        ``mfu``), or ""."""
        last = mark.named_children[-1] if mark.type == "selected_component" else mark
        v = core(value)
        shown = f"{one_line(value)} is not shown within {text(mark)}"
        ents = [e for e, _k in self.ws.xref.at(mfu.pos(last))]
        standard = not ents and mfu.resolved
        name = text(last).lower()
        plain = _Plain(self.ws, vfu)
        r = self.spans.range_of(mfu, mark)
        if r is not None:
            got = self.spans.of(vfu, value, symmetric(r.inner))
            if got is not None and _within(got, r.inner):
                return ""
        if standard and name in FULL_STANDARD:
            quiet = Quiet(self.ws, vfu, set())
            return "" if cannot_raise(value, plain, set(), quiet.kind_of,
                                      Bounded(self.ws, vfu, plain)) else \
                f"{one_line(value)} is not shown to evaluate without raising"
        if standard and name in STRINGS and v.type == "string_literal":
            return ""
        if standard and name in STRINGS and v.type.endswith("_aggregate"):
            return self._array_value(mfu, mark, None, value)
        if standard and v.type == "identifier":
            return "" if self._of_subtype(vfu, v, name) else shown
        if self._predefined(vfu, v, ents):
            return ""
        if len(ents) != 1:
            return shown
        ent = ents[0]
        if text(v).lower() == "null" and ent.kind == "P":
            decl = self._declaration(ent)
            return "" if decl is not None and "not null" not in \
                " ".join(text(decl).lower().split()) else shown
        if ent.kind == "P" and any(c.type == "tick" for c in v.children) and \
                text(v.children[-1]).lower() in ("access", "unchecked_access",
                                                 "unrestricted_access"):
            return ""            # a named access type: its accessibility check is static
        if v.type == "string_literal":
            return "" if self._string_length(ent) == len(text(v)[1:-1].replace('""', '"')) \
                else shown
        if v.type == "identifier":
            return "" if self._of_subtype(vfu, v, f"{ent.file}:{ent.line}:{ent.col}",
                                          ent) else shown
        if v.type.endswith("_aggregate"):
            return self._aggregate(ent, vfu, v) or ""
        return shown

    def _of_subtype(self, vfu: FileUnit, v: Node, key: str, mark_ent=None) -> bool:
        """``v`` names an enumeration literal of the first subtype ``mark_ent``, or an
        object declared with exactly the subtype mark ``key`` (a cross-reference's
        type: base:line:col, or a Standard subtype's name)."""
        found = [e for e, _k in self.ws.xref.at(vfu.pos(v))]
        if len(found) != 1:
            return False
        src = found[0]
        if src.kind == "n":
            decl = self._declaration(mark_ent) if mark_ent is not None else None
            return src.type_ref == key and decl is not None and \
                first_child(decl, "enumeration_type_definition") is not None
        if not is_object(src) or src.type_ref != key:
            return False
        decl = self._declaration(src)
        if decl is not None and decl.type in ("discriminant_specification",
                                              "formal_object_declaration"):
            return not any(c.type in ("range_constraint", "access_definition")
                           for c in decl.children)
        return self.quiet._plain_object(src)

    def _string_length(self, ent) -> int | None:
        """The length of a subtype ``S is String (L .. H)`` of literal bounds."""
        decl = self._declaration(ent)
        dfu = self._file(ent)
        slc = first_child(decl, "slice") if decl is not None and \
            decl.type == "subtype_declaration" else None
        kids = [c for c in slc.named_children if c.type != "comment"] if slc else []
        if len(kids) != 2 or text(kids[0]).lower() not in STRINGS or \
                self.ws.xref.at(dfu.pos(kids[0])) or kids[1].type != "range_g":
            return None
        r = self.spans._bounds(dfu, kids[1], 0)
        if r is None or r.inner != r.outer:
            return None
        return max(0, r.outer.high - r.outer.low + 1)

    def _predefined(self, vfu: FileUnit, v: Node, ents) -> bool:
        """A constant of a language-defined unit (``Time_First``, ``Null_Task_Id``) given
        to a subtype declared there (no constraint to check: a private type), or a
        call of one of its functions that cannot raise, of literal arguments."""
        if len(ents) != 1 or self.ws.loc_of(ents[0].file, ents[0].line, ents[0].col) \
                is not None or self.ws.xref.unit_of_file(ents[0].file).lower().split(".")[0] \
                not in PREDEFINED:
            return False
        key = f"{ents[0].file}:{ents[0].line}:{ents[0].col}"
        name = v.named_children[0] if v.type == "function_call" and v.named_children else v
        last = name.named_children[-1] if name.type == "selected_component" else name
        found = [e for e, _k in self.ws.xref.at(vfu.pos(last))] if last.type == "identifier" \
            else []
        if len(found) != 1 or self.ws.loc_of(found[0].file, found[0].line, found[0].col) \
                is not None or self.ws.xref.unit_of_file(found[0].file).lower().split(".")[0] \
                not in PREDEFINED:
            return False
        if v.type != "function_call":
            return is_object(found[0]) and found[0].type_ref == key
        part = first_child(v, "actual_parameter_part")
        args = [c for c in part.named_children if c.type != "comment"] if part else []
        if found[0].name.lower() == "time_of" and \
                self.ws.xref.unit_of_file(found[0].file).lower() == "ada.calendar":
            return _valid_date(args)
        return ents[0].kind not in SCALAR_OR_ACCESS and found[0].name.lower() in SAFE_CALLS and all(
            core(a).type in ("numeric_literal", "string_literal") or
            a.type == "parameter_association" and len(a.named_children) == 1 and
            core(a.named_children[0]).type in ("numeric_literal", "string_literal")
            for a in args)

    def _aggregate(self, mark_ent, vfu: FileUnit, agg: Node) -> str:
        decl, dfu = self._declaration(mark_ent), self._file(mark_ent)
        if decl is None or dfu is None:
            return f"{one_line(agg)}: its type is not declared in the sources"
        if decl.type == "subtype_declaration":
            parent = decl.named_children[1] if len(decl.named_children) > 1 else None
            if parent is not None and parent.type == "slice":
                parent = parent.named_children[0]
            if parent is None or parent.type not in ("identifier", "selected_component"):
                return f"an aggregate of the subtype {text(decl.named_children[0])}"
            return self.fits(dfu, parent, vfu, agg)
        array = first_child(decl, "array_type_definition")
        if array is not None:
            comp = _component_mark(array)
            inner = _others_value(agg)
            if comp is None or inner is None:
                return f"{one_line(agg)}: only (others => V) is shown"
            return self.fits(dfu, comp, vfu, inner)
        rec = first_child(decl, "record_type_definition")
        if rec is None or first_child(decl, "known_discriminant_part") is not None:
            return f"{one_line(agg)}: an aggregate of a type with discriminants " \
                   "or not a record"
        comps = _components(rec)
        values = _record_values(agg, [n.lower() for n, _d in comps])
        if values is None:
            return f"{one_line(agg)}: an aggregate rdv2po does not read"
        by_name = {n.lower(): d for n, d in comps}
        spelt = {n.lower(): n for n, _d in comps}
        for cname, val in values:
            cdecl = by_name.get(cname)
            cmark = _component_mark(cdecl) if cdecl is not None else None
            if cmark is None:
                return f"component {spelt.get(cname, cname)}: its subtype is not a " \
                       "plain subtype mark"
            why = self.fits(dfu, cmark, vfu, val)
            if why:
                return f"component {spelt[cname]}: {why}"
        return ""

    # -- default initialisation -----------------------------------------------------------

    def made(self, tfu: FileUnit, mark: Node, depth: int, constrained: bool = False) -> str:
        """Why an object of the subtype ``mark`` (in ``tfu``), made without an initial
        value, may raise, or ""."""
        if mark.type not in ("identifier", "selected_component"):
            return f"{text(mark)} is not a plain subtype mark"
        last = mark.named_children[-1] if mark.type == "selected_component" else mark
        ents = [e for e, _k in self.ws.xref.at(tfu.pos(last))]
        if not ents:
            return "" if tfu.resolved else f"GNAT does not say what {text(mark)} is"
        if depth > 6:
            return f"{text(mark)} nests too deep"
        ent = ents[0]
        found = type_declaration(self.ws, tfu, last)
        if found is None:
            unit = self.ws.xref.unit_of_file(ent.file).lower()
            return "" if unit.split(".")[0] in PREDEFINED else \
                f"{text(mark)} is declared outside the sources"
        dfu, decl = found
        aspects = [a for a in decl.children if a.type == "aspect_specification"]
        if ent.kind in SCALAR_OR_ACCESS:
            # no value given, none checked: a predicate is not checked on an object
            # without a default (RM 3.2.4(31)); but a Default_Value of the type (a
            # subtype's or a derived type's parent's, inherited) is, against the
            # subtype's range (RM 3.3.1(18/3))
            if any("default_value" in text(a).lower() for a in aspects):
                return f"{text(mark)} has a Default_Value aspect"
            parent = _parent_mark(decl)
            return self.made(dfu, parent, depth + 1) if parent is not None else ""
        if any(_initialising(a) for a in aspects):
            return f"{text(mark)} has aspects (a Default_Value, a predicate)"
        if decl.type == "subtype_declaration":
            parent = decl.named_children[1] if len(decl.named_children) > 1 else None
            return self.made(dfu, parent, depth + 1) if parent is not None else \
                f"the subtype {text(mark)}"
        if decl.type == "private_type_declaration":
            return f"the full view of {text(mark)} is not found"
        if decl.type != "full_type_declaration":
            return f"{text(mark)} is not a type rdv2po knows to make without raising"
        if ent.kind in SCALAR_OR_ACCESS:
            return ""
        parts = [c for c in decl.named_children if c.type != "comment"]
        definition = parts[-1] if parts else None
        disc = first_child(decl, "known_discriminant_part")
        if disc is not None and not constrained and any(n.type == ":=" for n in walk(disc)):
            return f"the discriminants of {text(mark)} have defaults, evaluated for each object"
        if definition is None:
            return f"{text(mark)}"
        if definition.type in QUIET_DEFINITIONS:
            return ""
        if definition.type == "array_type_definition":
            comp = _component_mark(definition)
            return self.made(dfu, comp, depth + 1) if comp is not None else \
                f"the components of {text(mark)}"
        if definition.type == "record_type_definition":
            return self._record(dfu, definition, mark, disc, depth)
        if definition.type == "derived_type_definition":
            parent = next((c for c in definition.named_children
                           if c.type in ("identifier", "selected_component")), None)
            why = self.made(dfu, parent, depth + 1) if parent is not None else \
                f"the parent of {text(mark)}"
            ext = first_child(definition, "record_extension_part")
            rec = first_child(ext, "record_definition") if ext is not None else None
            return why or (self._record(dfu, rec, mark, disc, depth) if rec is not None
                           else "")
        return f"{text(mark)} is not a type rdv2po knows to make without raising"

    def _record(self, dfu: FileUnit, rec: Node, mark: Node, disc, depth: int) -> str:
        discs = {n.lower() for d in (walk(disc) if disc is not None else ())
                 if d.type == "discriminant_specification" for n in defining_names(d)}
        for name, comp in _components(rec):
            cmark = _component_mark(comp)
            cdef = first_child(comp, "component_definition")
            where = f"component {name} of {text(mark)} ({dfu.loc(comp)})"
            if cdef is not None and discs and any(
                    n.type == "identifier" and text(n).lower() in discs for n in walk(cdef)):
                # evaluated for each object (RM 3.8(18)): within the index subtype for
                # every value of the discriminant's subtype
                mark_rng = _index_constrained(cdef)
                why = self._slice(dfu, *mark_rng, None) if mark_rng is not None and \
                    _default(comp) is None else \
                    "its constraint names a discriminant, checked for each object"
                if why:
                    return f"{where}: {why}"
                continue
            default = _default(comp)
            if default is not None:
                why = self.fits(dfu, cmark, dfu, default) if cmark is not None else \
                    "its subtype is constrained in the declaration"
            else:
                why = self.made(dfu, cmark, depth + 1) if cmark is not None else \
                    self._constrained(dfu, cdef, depth)
            if why:
                return f"{where}: {why}"
        return ""

    def _constrained(self, dfu: FileUnit, cdef: Node | None, depth: int) -> str:
        """A component ``C : T (constraint);`` without a default: its constraint is
        evaluated with the type (RM 3.8(18)), not for each object; T's components
        decide."""
        first = next((c for c in cdef.named_children if c.type != "comment"), None) \
            if cdef is not None else None
        mark = first.named_children[0] if first is not None and first.type in (
            "slice", "function_call") and first.named_children else \
            first if first is not None and first.type in ("identifier", "selected_component") \
            else None
        return self.made(dfu, mark, depth + 1) if mark is not None else \
            "a component rdv2po does not read"

    # -- declarations --------------------------------------------------------------------

    def _file(self, ent) -> FileUnit | None:
        loc = self.ws.loc_of(ent.file, ent.line, ent.col)
        return self.ws.by_display.get(loc.path) if loc is not None else None

    def _declaration(self, ent) -> Node | None:
        loc = self.ws.loc_of(ent.file, ent.line, ent.col)
        dfu = self.ws.by_display.get(loc.path) if loc is not None else None
        ident = dfu.ident_at(loc.line, loc.col) if dfu is not None else None
        return ident.parent if ident is not None else None


CONSEQUENCE = ("the task evaluated it when activated, where an exception failed the "
               "activation and the activator got Tasking_Error (RM 9.2(1)); the protected "
               "object evaluates it where it is declared, where the exception would "
               "propagate as it is")


# aspects that act when an object of the type is default-initialised (a default value,
# a predicate or invariant checked there); Put_Image, Stable_Properties, ... do not
INITIALISING = ("default_value", "default_component_value", "predicate",
                "type_invariant", "invariant", "default_initial_condition")


def _parent_mark(decl: Node) -> Node | None:
    """The subtype a subtype declaration or a derived type's declaration names (its
    type's parent), or None."""
    if decl.type == "subtype_declaration":
        return next((c for c in decl.named_children[1:]
                     if c.type in ("identifier", "selected_component")), None)
    definition = first_child(decl, "derived_type_definition")
    return next((c for c in definition.named_children
                 if c.type in ("identifier", "selected_component")), None) \
        if definition is not None else None


def _initialising(aspect: Node) -> bool:
    words = text(aspect).lower()
    return any(w in words for w in INITIALISING)


def _within(s, r) -> bool:
    return r.low <= s.low and s.high <= r.high


# language-defined functions that raise nothing on small literal arguments
SAFE_CALLS = {"to_unbounded_string", "milliseconds", "microseconds", "nanoseconds",
              "seconds", "minutes", "to_time_span"}


class _Plain:
    """Reading it cannot raise: an object, an enumeration literal, a named number."""

    def __init__(self, ws: Workspace, fu: FileUnit):
        self.ws, self.fu = ws, fu

    def __call__(self, ident: Node) -> bool:
        found = self.ws.xref.at(self.fu.pos(ident))
        if not found:
            return text(ident).lower() in ("true", "false")
        return all(is_object(e) and e.kind != "p" or e.kind in ("n", "N") for e, _k in found)


def _components(rec: Node) -> list[tuple[str, Node]]:
    """(name, declaration) of a record definition's components, in order."""
    return [(n, c) for c in walk(rec) if c.type == "component_declaration"
            for n in defining_names(c)]


def _component_mark(node: Node) -> Node | None:
    """The plain subtype mark of a component declaration or array definition's
    component definition, or None (a constraint, an anonymous access type)."""
    cdef = node if node.type == "component_definition" else \
        first_child(node, "component_definition")
    if cdef is None:
        return None
    marks = [c for c in cdef.named_children if c.type not in ("comment", "aliased")]
    return marks[0] if len(marks) == 1 and marks[0].type in ("identifier",
                                                             "selected_component") else None


def _valid_date(args: list[Node]) -> bool:
    """``Time_Of (Y, M, D)`` of literals naming a day of Ada.Calendar's years: it raises
    Time_Error only for a day that does not exist (RM 9.6(25))."""
    values = []
    for a in args:
        kids = [c for c in a.named_children if c.type != "comment"] \
            if a.type == "parameter_association" else [a]
        v = core(kids[-1]) if len(kids) == 1 else None
        if v is None or v.type != "numeric_literal" or not text(v).replace("_", "").isdigit():
            return False
        values.append(int(text(v).replace("_", "")))
    if len(values) != 3:
        return False
    year, month, day = values
    if not (1901 <= year <= 2399 and 1 <= month <= 12):
        return False
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    days = [31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    return 1 <= day <= days


def _index_constrained(cdef: Node) -> tuple[Node, Node] | None:
    """(T, L .. H) of a component definition ``T (L .. H)``."""
    kids = [c for c in cdef.named_children if c.type != "comment"]
    if len(kids) == 1 and kids[0].type == "slice":
        kids = [c for c in kids[0].named_children if c.type != "comment"]
        return (kids[0], kids[1]) if len(kids) == 2 and kids[1].type == "range_g" else None
    if len(kids) != 2 or kids[1].type != "index_constraint":
        return None
    rngs = [c for c in kids[1].named_children if c.type != "comment"]
    return (kids[0], rngs[0]) if len(rngs) == 1 and rngs[0].type == "range_g" else None


def _default(comp: Node) -> Node | None:
    kids = comp.children
    at = next((i for i, c in enumerate(kids) if c.type == ":="), None)
    return kids[at + 1] if at is not None and at + 1 < len(kids) else None


def _others_value(agg: Node) -> Node | None:
    """V of ``(others => V)``, or None."""
    assocs = [c for c in agg.named_children if c.type != "comment"]
    if agg.type != "named_array_aggregate" or len(assocs) != 1 or \
            assocs[0].type != "array_component_association":
        return None
    kids = [c for c in assocs[0].children if c.type != "comment"]
    if len(kids) != 3 or kids[1].type != "=>" or \
            one_line(kids[0]).lower() != "others":
        return None
    return kids[2]


def _record_values(agg: Node, order: list[str]) -> list[tuple[str, Node]] | None:
    """(component, value) of a record aggregate written by name or by position (no
    ``others``, no ``<>``, no choices joined by ``|``), or None."""
    if agg.type == "positional_array_aggregate":
        vals = [c for c in agg.named_children if c.type != "comment"]
        if len(vals) != len(order) or any(c.type != "expression" for c in vals):
            return None
        return list(zip(order, vals))
    lst = first_child(agg, "record_component_association_list")
    if agg.type != "record_aggregate" or lst is None:
        return None
    out: list[tuple[str, Node]] = []
    names: list[str] | None = None
    for c in lst.children:
        if c.type == "component_choice_list":
            parts = [k for k in c.named_children if k.type != "comment"]
            if not parts or any(k.type != "identifier" for k in parts) or "|" in text(c):
                return None
            names = [text(k).lower() for k in parts]
        elif c.type == "expression":
            if names is None:
                if len(out) >= len(order):
                    return None
                out.append((order[len(out)], c))
            else:
                out += [(n, c) for n in names]
            names = None
        elif c.is_named and c.type != "comment":
            return None          # <>, others
    return out if names is None else None
