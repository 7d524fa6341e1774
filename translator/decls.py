"""Reading declarations off the syntax tree: names, parameters, unit names."""

from __future__ import annotations

from .model import Param
from .syntax import Node, first_child, text

UNIT_KINDS = {
    "package_declaration", "package_body", "subprogram_body", "subprogram_declaration",
    "generic_package_declaration", "generic_subprogram_declaration",
    "generic_instantiation", "package_renaming_declaration",
}
SCOPE_KINDS = {
    "package_declaration", "package_body", "subprogram_body", "task_body",
    "protected_body", "single_task_declaration", "task_type_declaration",
    "generic_package_declaration", "entry_body",
    "single_protected_declaration", "protected_type_declaration",
    "expression_function_declaration", "null_procedure_declaration",
}


def defining_name(node: Node) -> str:
    """The name a declaration or body introduces, as written ('' if none)."""
    for c in node.named_children:
        if c.type in ("identifier", "selected_component", "string_literal"):
            return text(c)
        if c.type in ("procedure_specification", "function_specification"):
            return defining_name(c)
    return ""


def name_node(node: Node) -> Node | None:
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


def params(formal_part: Node | None) -> tuple[Param, ...]:
    if formal_part is None:
        return ()
    found = []
    for spec in formal_part.named_children:
        if spec.type not in ("parameter_specification", "discriminant_specification"):
            continue
        names, mode, subtype, seen_colon = [], "in", "", False
        for c in spec.children:
            if c.type == ":":
                seen_colon = True
            elif c.type == ":=":
                break
            elif not seen_colon and c.type == "identifier":
                names.append(text(c))
            elif seen_colon and c.type == "non_empty_mode":
                mode = " ".join(text(c).lower().split())
            elif seen_colon and c.is_named and not subtype:
                subtype = " ".join(text(c).split())
                if c.type == "access_definition":
                    mode = "access"
        found.append(Param(tuple(names), mode, subtype))
    return tuple(found)


def discriminants(decl: Node) -> tuple[Param, ...]:
    part = first_child(decl, "known_discriminant_part")
    if part is None:
        return ()
    lst = first_child(part, "discriminant_specification_list")
    return params(lst)


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
