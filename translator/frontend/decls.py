"""Reading declarations off the syntax tree: names, parameters, unit names."""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Param
from .syntax import Node, first_child, squeeze, text

UNIT_KINDS = {
    "package_declaration", "package_body", "subprogram_body", "subprogram_declaration",
    "generic_package_declaration", "generic_subprogram_declaration",
    "generic_instantiation", "package_renaming_declaration",
}
SCOPE_KINDS = {
    "package_declaration", "package_body", "subprogram_body", "task_body",
    "protected_body", "single_task_declaration", "task_type_declaration",
    "entry_body",       # (a generic package's name is its package_declaration's)
    "single_protected_declaration", "protected_type_declaration",
    "expression_function_declaration", "null_procedure_declaration",
}


def defining_name(node: Node) -> str:
    """The name a declaration or body introduces, as written ('' if none)."""
    if node.type == "generic_package_declaration":     # generic ... package P is
        inner = first_child(node, "package_declaration")
        return defining_name(inner) if inner is not None else ""
    for c in node.named_children:
        if c.type in ("identifier", "selected_component", "string_literal"):
            return text(c)
        if c.type in ("procedure_specification", "function_specification"):
            return defining_name(c)
    return ""


def name_node(node: Node) -> Node | None:
    if node.type == "generic_package_declaration":
        inner = first_child(node, "package_declaration")
        return name_node(inner) if inner is not None else None
    for c in node.named_children:
        if c.type in ("identifier", "selected_component"):
            return c
        if c.type in ("procedure_specification", "function_specification"):
            return name_node(c)
    return None


def last_identifier(node: Node) -> Node:
    """The identifier that names the entity: the selector of ``A.B.C``."""
    while node.type == "selected_component":
        node = node.named_children[-1]
    return node


def qualified_name(node: Node) -> str:
    """Enclosing scopes' names joined with dots, ending with the node's own name.

    A named block (``A : declare ...``) is a scope too, as in Ada's expanded names:
    two tasks T in blocks A and B are P.A.T and P.B.T."""
    parts = []
    cur: Node | None = node
    while cur is not None:
        if cur.type in SCOPE_KINDS:
            parts.append(defining_name(cur))
        elif cur.type == "block_statement" and cur is not node:
            label = first_child(cur, "loop_label")
            ident = first_child(label, "identifier") if label is not None else None
            if ident is not None:
                parts.append(text(ident))
        if cur.type == "subunit":
            parent = first_child(cur, "selected_component") or first_child(cur, "identifier")
            if parent is not None:
                parts.append(text(parent))
        cur = cur.parent
    return ".".join(reversed([p for p in parts if p]))


@dataclass(frozen=True)
class Formal:
    """One parameter or discriminant specification, read once for every reader.

    ``A, B : in out T := D`` has names (A, B), mode "in out", mark T, default D.
    A comment between the colon and the subtype is skipped; ``not null`` and
    ``aliased`` are kept apart from the mark.  The model (``param``), the
    accepting scheme's overload resolution (``key``) and the schemes' code
    generators (``mark``'s text as written) are views of this one reading."""
    node: Node                       # the parameter_ or discriminant_specification
    name_nodes: tuple[Node, ...]     # the defining identifiers
    mode: str                        # "in" (also when not written), "out", "in out"
    mark: Node | None                # the subtype mark, or the access_definition
    default: Node | None = None      # the default expression
    null_exclusion: bool = False     # ``not null`` before a named access subtype
    aliased: bool = False

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(text(n) for n in self.name_nodes)

    @property
    def is_access(self) -> bool:
        """An anonymous access parameter or discriminant (``access T``)."""
        return self.mark is not None and self.mark.type == "access_definition"

    @property
    def subtype(self) -> str:
        """The subtype as written (null exclusion included), layout normalised."""
        words = (["not null"] if self.null_exclusion else []) + \
            ([text(self.mark)] if self.mark is not None else [])
        return squeeze(" ".join(words))

    def param(self) -> Param:
        """The model's view: an anonymous access one has the mode "access"."""
        return Param(self.names, "access" if self.is_access else self.mode, self.subtype)

    def key(self) -> tuple[tuple[str, str, str], ...]:
        """(name, mode, subtype) per name, case and layout ignored: ``A, B : Integer``
        and ``A : in Integer; B : in Integer`` read the same (RM 6.3.1 conformance)."""
        subtype = "".join(self.subtype.lower().split())
        return tuple((n.lower(), self.mode, subtype) for n in self.names)


def read_formal(spec: Node) -> Formal:
    names, mode, mark, default, seen_colon = [], "in", None, None, False
    null_exclusion = aliased = False
    for c in spec.children:
        if c.type == ":":
            seen_colon = True
        elif c.type == ":=":
            default = next((d for d in spec.children if d.is_named
                            and d.start_byte > c.start_byte and d.type != "comment"), None)
            break
        elif not seen_colon:
            if c.type == "identifier":
                names.append(c)
        elif c.type == "non_empty_mode":
            mode = " ".join(text(c).lower().split())
        elif c.type == "null_exclusion":
            null_exclusion = True
        elif c.type == "aliased":
            aliased = True
        elif c.is_named and c.type != "comment" and mark is None:
            mark = c
    return Formal(spec, tuple(names), mode, mark, default, null_exclusion, aliased)


def formals(part: Node | None) -> tuple[Formal, ...]:
    """The specifications of a formal part or discriminant list, in order."""
    if part is None:
        return ()
    return tuple(read_formal(c) for c in part.named_children
                 if c.type in ("parameter_specification", "discriminant_specification"))


def params(formal_part: Node | None) -> tuple[Param, ...]:
    return tuple(f.param() for f in formals(formal_part))


def discriminant_formals(decl: Node) -> tuple[Formal, ...]:
    """The known discriminants of a task or type declaration."""
    part = first_child(decl, "known_discriminant_part")
    if part is None:
        return ()
    return formals(first_child(part, "discriminant_specification_list"))


def discriminants(decl: Node) -> tuple[Param, ...]:
    return tuple(f.param() for f in discriminant_formals(decl))


def unit_names(root: Node) -> tuple[str, ...]:
    """Library unit names a file holds (a subunit is Parent.Name)."""
    found = []
    for cu in root.named_children:
        if cu.type != "compilation_unit":
            continue
        for c in cu.named_children:
            if c.type in UNIT_KINDS:
                found.append(defining_name(c))
            elif c.type == "subunit":
                body = c.named_children[-1]
                found.append(f"{qualified_name(c)}.{defining_name(body)}"
                             if body is not c else qualified_name(c))
    return tuple(found)


def subunit_parent(root: Node) -> str | None:
    for cu in root.named_children:
        for c in cu.named_children:
            if c.type == "subunit":
                parent = first_child(c, "selected_component") or first_child(c, "identifier")
                return text(parent) if parent is not None else None
    return None


def is_spec_unit(root: Node) -> bool:
    kinds = {c.type for cu in root.named_children for c in cu.named_children}
    return bool(kinds & {"package_declaration", "subprogram_declaration",
                         "generic_package_declaration", "generic_subprogram_declaration"}) \
        and not kinds & {"package_body", "subprogram_body", "subunit"}
