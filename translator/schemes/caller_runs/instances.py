"""Can a generic instantiation after an object of a task type raise?  (objects.py)

Elaborating an instance (RM 12.3(20)) evaluates its actuals, checks that the
generic's body has been elaborated (Program_Error otherwise, RM 3.11(13)), then
elaborates the instance's declaration and body.  rdv2po proves it quiet when:

- the generic is declared in the same declarative part, and its body is
  elaborated there before the instance;
- every actual is a name that evaluates nothing: a type, a subprogram, an
  object named directly (an ``in out`` formal renames it, RM 12.4(10)), or,
  for an ``in`` formal, an object of the formal's own subtype or a static
  value of a Standard type without constraint (``Integer``, not ``Positive``):
  converting it to the formal's subtype cannot fail; no formal object is
  left to its default;
- the generic package's declarations and body's declarations cannot raise
  (the checks of objects.py, on the generic's text), and its body has no
  statements.  A generic subprogram's instance declares a subprogram only.
"""

from __future__ import annotations

from ...frontend.syntax import (Node, ancestors, first_child, named_children, one_line, text,
    walk)
from .kinds import UNCONSTRAINED_SCALARS

# wrappers around a single primary in the tree of an expression
WRAPPERS = {"expression", "relation", "simple_expression", "term", "factor", "primary"}


def instance_not_quiet(objs, fu, inst: Node) -> str:
    """Why elaborating the instantiation ``inst`` might raise, or ""."""
    call = first_child(inst, "function_call")
    name = call.named_children[0] if call is not None else \
        next((c for c in inst.named_children[1:] if c.type in ("identifier",
                                                                 "selected_component")), None)
    if name is None or name.type != "identifier":
        return "an instance of a generic rdv2po does not find"
    generic = _generic(objs, fu, name)
    if generic is None or generic.parent != inst.parent:
        return "an instance of a generic declared elsewhere than in the same declarative part"
    ent = next((e for e, _k in objs.ws.xref.at(fu.pos(name))), None)
    body = objs.ws.xref.body_of(ent) if ent is not None else None
    bfu = objs.ws.by_base.get(body.file) if body is not None else None
    bid = bfu.ident_at_gnat(body.line, body.col) if bfu is not None else None
    owner = next((a for a in ancestors(bid) if a.type in ("package_body", "subprogram_body")),
                 None) if bid is not None else None
    if owner is None or bfu is not fu or owner.parent != inst.parent or \
            owner.start_byte > inst.start_byte:
        return ("an instance of a generic whose body is not elaborated before it in the "
                "same declarative part (Program_Error)")
    formals = _formals(generic)
    why = _actuals(objs, fu, call, formals)
    if why:
        return why
    spec = first_child(generic, "package_declaration")
    if spec is None:
        return ""               # a generic subprogram: its instance declares a subprogram
    if first_child(owner, "handled_sequence_of_statements") is not None:
        return "an instance of a generic package whose body has statements"
    items = [c for c in spec.named_children
             if c.type not in ("identifier", "selected_component")]
    for part in named_children(owner, "non_empty_declarative_part"):
        items += part.named_children
    return next((f"an instance of a generic package holding what may raise: {why}"
                 for c in items if (why := objs._not_quiet(fu, c))), "")


def _generic(objs, fu, name: Node) -> Node | None:
    """The generic declaration ``name`` denotes (the declaration around its name)."""
    for ent, _k in objs.ws.xref.at(fu.pos(name)):
        dfu = objs.ws.by_base.get(ent.file)
        ident = dfu.ident_at_gnat(ent.line, ent.col) if dfu is not None else None
        decl = next((a for a in ancestors(ident) if a.type in (
            "generic_package_declaration", "generic_subprogram_declaration")), None) \
            if ident is not None else None
        if decl is not None and dfu is fu:
            return decl
    return None


def _formals(generic: Node) -> list[tuple[str, Node]]:
    """The generic's formals in order: (name, declaration), one per name."""
    part = first_child(generic, "generic_formal_part")
    found: list[tuple[str, Node]] = []
    for d in part.named_children if part is not None else ():
        if d.type == "formal_object_declaration":
            colon = _colon(d)
            found += [(text(n).lower(), d) for n in d.named_children
                      if n.type == "identifier" and n.end_byte <= colon.start_byte]
        else:
            ident = next((n for n in walk(d) if n.type in ("identifier", "string_literal")),
                         None)
            found.append((text(ident).lower() if ident is not None else "", d))
    return found


def _colon(d: Node) -> Node:
    return next(c for c in d.children if c.type == ":")


def _mark(d: Node) -> Node | None:
    """The subtype mark of a formal object (after its mode)."""
    colon = _colon(d)
    return next((c for c in d.named_children if c.start_byte > colon.start_byte and
                 c.type in ("identifier", "selected_component")), None)


def _actuals(objs, fu, call: Node | None, formals: list[tuple[str, Node]]) -> str:
    given: dict[int, Node] = {}
    assocs = [] if call is None else \
        named_children(first_child(call, "actual_parameter_part") or call,
                       "parameter_association")
    names = [n for n, _d in formals]
    for i, a in enumerate(assocs):
        choice = first_child(a, "component_choice_list")
        if choice is None:
            given[i] = a.named_children[-1]
        elif text(choice).lower() in names:
            given[names.index(text(choice).lower())] = a.named_children[-1]
        else:
            return "an instance whose actuals rdv2po does not match to the generic's formals"
    # a formal type's name in the instance denotes the actual subtype (RM 12.5(4))
    types = {name: _unwrap(given[i]) for i, (name, d) in enumerate(formals)
             if d.type == "formal_complete_type_declaration" and i in given}
    for i, (_name, d) in enumerate(formals):
        actual = given.get(i)
        if d.type == "formal_object_declaration":
            if actual is None:
                return "an instance leaving a formal object to its default expression"
            why = _object_actual(objs, fu, d, _unwrap(actual), types)
            if why:
                return why
        elif actual is not None and not _plain_name(objs, fu, _unwrap(actual)):
            return f"an instance whose actual {text(actual)} is evaluated"
    return ""


def _unwrap(n: Node) -> Node:
    while n.type in WRAPPERS and len(n.named_children) == 1:
        n = n.named_children[0]
    return n


def _plain_name(objs, fu, n: Node, objects: bool = True) -> bool:
    """A name that evaluates nothing: a simple name, or one selected in packages
    (``Pack.X``), or an operator symbol; objects too if ``objects``."""
    if n.type == "string_literal":
        return True
    if n.type == "selected_component":
        prefix = [i for i in walk(n) if i.type == "identifier"][:-1]
        return all(e.kind == "K" for i in prefix for e, _k in objs.ws.xref.at(fu.pos(i))) \
            and all(objs.ws.xref.at(fu.pos(i)) for i in prefix)
    if n.type != "identifier":
        return False
    if objects:
        return True
    return objs._is_type(fu, n)


def _object_actual(objs, fu, d: Node, actual: Node, types: dict[str, Node]) -> str:
    mode = first_child(d, "non_empty_mode")
    shown = one_line(actual, limit=40)
    if mode is not None and "out" in text(mode).lower():
        if not _plain_name(objs, fu, actual):
            return f"an instance renaming {shown}, a name evaluated there"
        return ""
    mark = _mark(d)
    if mark is None or mark.type != "identifier":
        return f"an instance whose actual {shown} is converted to a formal's subtype"
    if actual.type in ("numeric_literal", "identifier") and \
            (actual.type == "numeric_literal" or objs.static(text(actual).lower())) and \
            text(mark).lower() not in types and not objs.ws.xref.at(fu.pos(mark)) and \
            text(mark).lower() in UNCONSTRAINED_SCALARS:
        return ""
    subtype = types.get(text(mark).lower(), mark)
    formal_type = {e.key for e, _k in objs.ws.xref.at(fu.pos(subtype))}
    ents = [e for e, _k in objs.ws.xref.at(fu.pos(actual))] \
        if actual.type == "identifier" else []
    # an object of the formal's own subtype (a Standard one: named the same)
    if ents and all(e.kind.islower() for e in ents) and (
            formal_type and all(_ref_key(e.type_ref) in formal_type for e in ents) or
            not formal_type and subtype.type == "identifier" and
            all(e.type_ref == text(subtype).lower() for e in ents)):
        return ""
    return (f"an instance whose actual {shown} is converted to the subtype of its formal "
            f"{text(mark)}, which rdv2po does not show cannot fail")


def _ref_key(ref: str):
    if ":" not in ref:
        return None
    base, line, col = ref.rsplit(":", 2)
    return (base, int(line), int(col))
