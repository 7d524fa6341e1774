"""A task type implementing interfaces: the protected type implements them instead.

A protected type can implement a synchronized or limited interface, not a task
interface (RM 3.9.4(5/2)), so a task interface becomes a synchronized one.  Its
primitive procedures are implemented by the protected type's entries as they
were by the task's.  What a task interface let the program ask of an object of
``I'Class`` -- ``'Callable``, ``'Terminated``, ``'Identity``, ``abort`` -- a
synchronized interface cannot answer: the interface gets abstract primitive
functions for it, which the protected type's ``Agent_Callable``, ... implement,
and those uses become calls of them, as for objects of the task type.

Followed only where nothing else can see the change: the interface is declared
in the file of the task type, has no progenitors, and is named only in the task
type's interface list, in its own primitives' declarations and as ``I'Class``
of subprogram parameters (no other implementation, no access type, no object
declaration).  Anything else is refused, named.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...frontend.syntax import Node, first_child, squeeze, text
from ...frontend.workspace import Workspace
from ..common.refusals import ShapeError
from ..common.uses import ATTRIBUTES, Use


@dataclass(frozen=True)
class Interface:
    decl: Node            # the full_type_declaration of the interface
    kind: Node            # its ``task`` keyword, or None when it needs no change
    fu: object            # the file unit declaring it
    uses: tuple = ()      # of Use: attributes and aborts of its class-wide objects


@dataclass(frozen=True)
class Implemented:
    progenitors: str          # as written between ``new`` and ``with``
    interfaces: tuple         # of Interface
    uses: tuple               # of Use: attributes and aborts of I'Class objects


def progenitor_names(decl: Node) -> list[Node]:
    """The names between ``new`` and ``with`` of a task declaration."""
    out, inside = [], False
    for c in decl.children:
        if c.type == "new":
            inside = True
        elif c.type == "with":
            break
        elif inside and c.type in ("identifier", "selected_component"):
            out.append(c)
    return out


def implemented(ws: Workspace, task, nodes) -> Implemented | None:
    """The interfaces the task type implements, checked; None when it implements none."""
    names = progenitor_names(nodes.decl)
    if not names:
        return None
    found, uses = [], []
    for name in names:
        iface = _checked(ws, task, nodes, name)
        found.append(iface)
        uses += iface.uses
    start, end = names[0].start_byte - nodes.decl.start_byte, names[-1].end_byte - nodes.decl.start_byte
    written = squeeze(nodes.decl.text[start:end].decode("utf-8", "replace"))
    return Implemented(written, tuple(found), tuple(uses))


def _checked(ws: Workspace, task, nodes, name: Node) -> Interface:
    """The interface ``name``; refused when it has to change and something else sees it.
    A synchronized or limited interface whose class-wide objects ask no task attribute
    stays as written, wherever declared and whoever else implements it."""
    last = name.named_children[-1] if name.type == "selected_component" else name
    ent = next((e for e, _k in ws.xref.at(nodes.spec_fu.pos(last))), None)
    found = _declaration(ws, ent) if ent is not None and ent.kind == "h" else None
    if found is None:
        raise ShapeError(name, f"GNAT did not tie {text(name)} to an interface declared "
                               "in the sources")
    fu, decl = found
    idef = first_child(decl, "interface_type_definition")
    uses, obstacle = _class_wide_uses(ws, ent, decl, nodes.decl)
    # a parameter's uses are found from its declaration and its body's: once each
    uses = list({(u.fu.src.path, u.node.start_byte): u for u in uses}.values())
    iface = Interface(decl, _token(idef, "task"), fu, tuple(uses))
    if iface.kind is None and not uses:
        return iface
    why = "a task interface" if iface.kind is not None else \
        "its class-wide objects are asked task attributes"
    if task.kind == "single":
        raise ShapeError(name, f"a single task implementing {text(name)}, {why}: rdv2po "
                               "changes an interface only for a task type")
    if fu is not nodes.spec_fu:
        raise ShapeError(name, f"the interface {text(name)} ({why}) is declared in another "
                               "file: it would have to change there (a protected type "
                               "cannot implement a task interface)")
    if _token(idef, "and") is not None:
        raise ShapeError(name, f"the interface {text(name)} ({why}) has progenitors of its "
                               "own, which rdv2po does not follow")
    if obstacle is not None:
        raise ShapeError(*obstacle)
    return iface


def _declaration(ws: Workspace, ent):
    for fu in ws.units():
        for d in fu.nodes_of_type("full_type_declaration"):
            ident = first_child(d, "identifier")
            if ident is not None and fu.pos(ident) == ent.key and \
                    first_child(d, "interface_type_definition") is not None:
                return fu, d
    return None


def _class_wide_uses(ws: Workspace, ent, decl: Node, task_decl: Node):
    """The task attributes asked of the interface's class-wide parameters, and the
    first reference of it that rdv2po does not follow, (node, reason), if any."""
    where = {(r.file, r.line, r.col) for r in ent.refs}
    uses, obstacle = [], None
    for fu in ws.units():
        for ident in fu.nodes_of_type("identifier"):
            if fu.pos(ident) not in where or _within(ident, task_decl) \
                    or _within(ident, decl):
                continue
            param = _class_wide_parameter(ident)
            if param is not None:
                uses += _attribute_uses(ws, fu, param)
            elif obstacle is not None:
                continue
            elif (other := _type_declaration(ident)) is not None:
                obstacle = (other, f"implements the interface {text(ident)} too: rdv2po "
                            "translates a task type implementing an interface only as its "
                            "one implementation (the interface changes with it: a protected "
                            "type cannot implement a task interface)")
            elif not _primitive(ident):
                obstacle = (ident.parent, f"names the interface {text(ident)}, which the "
                            "task type implements: rdv2po follows an interface only through "
                            "its primitives and I'Class parameters (it becomes a "
                            "synchronized interface, for a protected type)")
    return uses, obstacle


def _token(node: Node, kind: str) -> Node | None:
    """A keyword child (``first_child`` sees named children only)."""
    return next((c for c in node.children if c.type == kind), None)


def _within(node: Node, outer: Node) -> bool:
    return outer.start_byte <= node.start_byte and node.end_byte <= outer.end_byte


def _class_wide_parameter(ident: Node) -> Node | None:
    """``X : in out I'Class`` in a formal part: the parameter_specification."""
    spec = ident.parent
    tick = ident.next_sibling
    attr = tick.next_sibling if tick is not None else None
    if spec is None or spec.type != "parameter_specification" or tick is None \
            or tick.type != "tick" or attr is None or text(attr).lower() != "class":
        return None
    return spec


def _type_declaration(ident: Node) -> Node | None:
    """The declaration of another type naming the interface as a progenitor."""
    kinds = ("task_type_declaration", "single_task_declaration",
             "protected_type_declaration", "single_protected_declaration",
             "full_type_declaration", "private_extension_declaration")
    node = ident.parent
    while node is not None and node.type not in kinds:
        node = node.parent
    if node is not None and node.type == "full_type_declaration" and not any(
            c.type in ("interface_type_definition", "derived_type_definition")
            for c in node.named_children):
        return None          # an access type, an array: not an implementation
    return node


def _primitive(ident: Node) -> bool:
    """The name of an abstract or null primitive, or the type of its parameter."""
    node = ident
    while node is not None and node.type not in ("subprogram_declaration",
                                                 "null_procedure_declaration"):
        if node.type in ("subprogram_body", "object_declaration", "access_definition",
                         "full_type_declaration", "package_declaration"):
            return False
        node = node.parent
    if node is None:
        return False
    return node.type == "null_procedure_declaration" or _token(node, "abstract") is not None


def _attribute_uses(ws: Workspace, fu, param: Node) -> list[Use]:
    """'Callable, 'Terminated, 'Identity and ``abort`` of the parameters ``param``
    declares, in the subprogram's body."""
    keys = set()
    for name in param.named_children:
        if name.type != "identifier" or name.next_sibling is None:
            continue
        if fu.pos(name) in ws.xref.entities:
            keys.add(fu.pos(name))
        if name.next_sibling.type == ":":
            break
    refs = {(r.file, r.line, r.col) for k in keys for r in ws.xref.entities[k].refs}
    out = []
    for ufu in ws.units():
        for ident in ufu.nodes_of_type("identifier"):
            if ufu.pos(ident) not in refs:
                continue
            tick = ident.next_sibling
            attr = tick.next_sibling if tick is not None and tick.type == "tick" else None
            if attr is not None and attr.type == "attribute_designator" \
                    and text(attr).lower() in ATTRIBUTES:
                out.append(Use(ufu, attr, text(attr).lower(), ()))
            elif ident.parent is not None and ident.parent.type == "abort_statement":
                stmt = ident.parent
                named = tuple((m, m.id == ident.id) for m in stmt.named_children
                              if m.type != "comment")
                out.append(Use(ufu, stmt, "abort", named))
    return out


def declarations(interface: Interface, n) -> list[str]:
    """The abstract functions (and ``Close``) the protected type implements, to be
    written after the interface's declaration."""
    iname = text(first_child(interface.decl, "identifier"))
    kinds = {u.kind for u in interface.uses}
    lines = []
    if "callable" in kinds:
        lines.append(f"function {n.agent_callable} (Object : {iname}) return Boolean is abstract;")
    if "terminated" in kinds:
        lines.append(f"function {n.agent_terminated} (Object : {iname}) return Boolean "
                     "is abstract;")
    if kinds & {"identity", "abort"}:
        lines += [f"function {n.agent_identity} (Object : {iname})",
                  "  return Ada.Task_Identification.Task_Id is abstract;"]
    if "abort" in kinds:
        lines.append(f"procedure {n.close} (Object : in out {iname}) is abstract;")
    was = "was a task interface; " if interface.kind is not None else ""
    if lines:
        return [f"--  rdv2po: {was}{n.task} became a protected type, which answers for its "
                f"agent task what an object of {iname}'Class answered as a task"] + lines
    return [f"--  rdv2po: {was}{n.task} became a protected type"] if was else []
