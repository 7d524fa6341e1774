"""The declarations of a task body as the server schemes see them: objects that
become components, types, subtypes and named numbers that can move out of the
task, subprograms that become protected operations, and the refusal of the rest."""

from __future__ import annotations

import re

from ...frontend.body_structure import own_nodes
from ...frontend.syntax import Node, construct_name, defining_names, one_line, text
from .refusals import ShapeError

SYNC = ("accept_statement", "selective_accept")


MOVED = ("full_type_declaration", "subtype_declaration", "number_declaration")
# what the code of the body names through them stays the same where they move (before
# the object): a use clause, and renamings of what is declared before the task
# (accepting/scheme.py checks that; a renaming of the task's own object is refused there)
NAMING = ("use_clause", "package_renaming_declaration", "object_renaming_declaration",
          "subprogram_renaming_declaration")
OPERATIONS = ("subprogram_body", "subprogram_declaration", "expression_function_declaration",
              "null_procedure_declaration")
# pragmas that only tell the compiler which warnings to give: dropped with the task body
WARNINGS_ONLY = ("unreferenced", "unmodified", "unused", "warnings")
# what a refusal says the scheme does with a body's declarations, so it never names
# another scheme's capabilities
_TRANSLATED_WITH_OTHERS = (
    "of its declarations the scheme translates variables and constants (components), "
    "types, subtypes, named numbers, use clauses and renamings (moved out), subprograms "
    "(protected operations) and pragmas that change only warnings (dropped)")
_TRANSLATED = ("of its declarations the scheme translates variables and constants "
               "(components), subprogram bodies (private protected operations) and empty "
               "packages (dropped); declare it before the task")


def _others(decls: tuple[Node, ...]) -> tuple[list[Node], list[Node]]:
    """The body's types, subtypes, named numbers, static constants, use clauses and
    renamings (moved out), and its subprograms."""
    return ([d for d in decls if d.type in MOVED and _movable(d) or d.type in NAMING
             or static_constant(d)],
            [d for d in decls if d.type in OPERATIONS])


def static_constant(d: Node) -> bool:
    """``Size : constant Integer := 4;``: one constant of a subtype named by a simple
    name, given a literal (an integer, a character, True or False).  It denotes the same
    value wherever it is declared, as a named number does (RM 4.9(5, 24)), so it moves
    out with the types whose bounds it may give; ``ranges.check_value`` shows the
    literal within the subtype (outside it the task's activation failed)."""
    if d.type != "object_declaration" or len(defining_names(d)) != 1:
        return False
    kinds = [c.type for c in d.children]
    if "constant" not in kinds or kinds.count("identifier") != 2 or ":=" not in kinds \
            or kinds[-2:] != ["expression", ";"] or "aliased" in kinds:
        return False
    words = one_line(d.children[-2]).lower()
    # (a real literal stays a component: its value is not shown within a subtype here)
    return re.fullmatch(r"-? ?\d[\d_]*|'.'|true|false", words) is not None


def warnings_only(d: Node) -> bool:
    """A pragma that changes only the compiler's warnings (``pragma Unreferenced``)."""
    if d.type != "pragma_g":
        return False
    ident = next((c for c in d.named_children if c.type == "identifier"), None)
    return ident is not None and text(ident).lower() in WARNINGS_ONLY


def _movable(d: Node) -> bool:
    """A type that can move out of the task: not tagged (its expanded name is
    observable through Ada.Tags), no task or protected type, no access type (its
    pool and accessibility level are the master's)."""
    kinds = {n.type for n in own_nodes(d)}
    words = " ".join(text(d).lower().split())
    return not (kinds & {"access_type_definition", "task_type_declaration",
                         "protected_type_declaration", "interface_type_definition"}
                or " tagged " in f" {words} " or " access " in f" {words} "
                or " new " in f" {words} ")


def _declarations(decls: tuple[Node, ...], sink=None, others: bool = False) -> list[Node]:
    """The object declarations among a body's declarative items (its structure's
    ``declarations``); ShapeError at the first other one, or, given a ``sink``, each
    other one kept there.  ``others``: types, subtypes, named numbers and subprograms
    are let through (the accepting scheme moves them)."""
    objects = []
    for d in decls:
        if d.type == "comment":
            continue
        if others and (d.type in OPERATIONS or d.type in MOVED and _movable(d)
                       or d.type in NAMING or warnings_only(d) or static_constant(d)):
            continue
        try:
            objects.append(_object(d, others))
        except ShapeError as exc:
            if sink is None:
                raise
            sink.add(exc)
    return objects


def _object(d: Node, others: bool = False) -> Node:
    """``d`` if it is an object declaration that can become a component, or ShapeError
    naming what the refusing scheme translates (``others``: the accepting scheme's list)."""
    if d.type == "number_declaration":
        raise ShapeError(d, "a named number in the task body: only variables and typed "
                            "constants can become components of the protected object; "
                            "give it a type (N : constant Natural := 3) or declare it "
                            "before the task")
    if d.type == "exception_declaration":
        raise ShapeError(d, "an exception declaration in the task body: its name, which "
                            "Ada.Exceptions.Exception_Name shows, is the task's; declare it "
                            "before the task")
    if _task_type(d) is not None:
        raise ShapeError(d, f"{construct_name(_task_type(d).type)} in the task body: its "
                            "tasks or protected actions depend on the server task, which "
                            "the translation removes; declare it before the task")
    if d.type != "object_declaration" or _is_renaming_or_exception(d):
        raise ShapeError(d, f"{construct_name(d.type)} in the task body: "
                            + (_TRANSLATED_WITH_OTHERS if others else _TRANSLATED))
    if any(c.type in SYNC for c in own_nodes(d)):
        raise ShapeError(d, "an accept in a declaration")
    return d


def _is_renaming_or_exception(d: Node) -> bool:
    kinds = {c.type for c in d.children}
    return bool(kinds & {"renames", "exception", "single_task_declaration",
                         "single_protected_declaration"})


def _task_type(d: Node) -> Node | None:
    """The task or protected type (or body) ``d`` declares, or None."""
    kinds = ("task_type_declaration", "protected_type_declaration", "task_body",
             "protected_body", "single_task_declaration", "single_protected_declaration")
    if d.type in kinds:
        return d
    return next((c for c in d.children if c.type in kinds), None)
