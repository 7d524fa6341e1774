"""Aliased objects of a task type: what may be done with them (objects.py asks).

The translation's danger is a caller running the server's code while the
object is finalised: a task outside the object's master calling it once the
master has awaited its tasks.  Its master awaits every task depending on it
before it finalizes its objects (RM 7.6.1(4), 9.3), so such a caller would need
an access value to the object that outlives the master's tasks.  ``X'Access``
cannot give one: the accessibility rules (RM 3.10.2) forbid storing it where it
outlives X; an access discriminant lives as long as its object, an access
parameter as long as its call (made, like every use of the name, by code the
master awaits); the language's design principle is that without unchecked
features no dangling reference exists (RM 3.10.2(1.a)).  So an aliased object is
taken when every use of its name is a call on it (``X.Go``), ``X'Access`` as a
discriminant of an object declared after it or an actual parameter of a call
statement (kept in a variable, it could be called through by the Finalize of an
object declared before X, which runs after X's), or a task attribute (checked
as any object's), and the program turns no access value
to the type into another unchecked ('Unchecked_Access, 'Unrestricted_Access of
a dereference or parameter, ``Unchecked_Conversion``,
``Address_To_Access_Conversions``); any other use -- a renaming, an actual
parameter (an explicitly aliased formal may be given to 'Unchecked_Access),
'Address, 'Unchecked_Access of X itself -- is refused, named.
"""

from __future__ import annotations

from ...frontend.syntax import Node, one_line, text, walk
from ..common.activation import words

# attributes of the object whose value cannot designate it
PLAIN_ATTRIBUTES = {"access", "callable", "terminated"}
UNCHECKED = {"unchecked_access", "unrestricted_access"}
CONVERSIONS = {"unchecked_conversion", "address_to_access_conversions"}


def name_uses(ws, fu, decl: Node) -> list[tuple[object, Node, str]]:
    """The uses of the names the object declaration ``decl`` declares that are
    neither calls on it, 'Access nor a task attribute: (file, node, how it is
    used).  A name GNAT's cross references do not list is one such use."""
    found = []
    colon = next(c for c in decl.children if c.type == ":")
    for ident in (c for c in decl.children if c.type == "identifier" and
                  c.start_byte < colon.start_byte):
        ent = ws.xref.declared_at(fu.pos(ident))
        if ent is None:
            found.append((fu, ident, "whose uses GNAT's cross references do not list"))
            continue
        for r in ent.refs:
            rfu = ws.by_base.get(r.file)
            use = rfu.ident_at_gnat(r.line, r.col) if rfu is not None else None
            if use is None:         # a use rdv2po cannot read: it may be any
                found.append((fu, ident, "used where rdv2po cannot read the use"))
                continue
            if rfu is fu and use.start_byte == ident.start_byte:
                continue
            how = _unplain(use)
            if how:
                found.append((rfu, use, how))
    return found


def _unplain(use: Node) -> str:
    """How the name ``use`` is used, if not as a call's prefix, 'Access or a task
    attribute."""
    after = use.next_sibling
    if after is not None and after.type == "tick":
        attr = after.next_named_sibling
        kind = text(attr).lower() if attr is not None else ""
        if kind == "access" and not _handed(use):
            return ("given to 'Access other than as a discriminant of an object or an "
                    "actual parameter of a call statement (a variable may keep it)")
        return "" if kind in PLAIN_ATTRIBUTES else \
            f"given to '{text(attr) if attr is not None else ''}, whose value may outlive it"
    parent = use.parent
    if parent is not None and parent.type == "selected_component" and \
            parent.named_children and parent.named_children[0] == use:
        return ""                   # X.Go, X.Go (..): a call on it
    if parent is not None and parent.type == "object_renaming_declaration":
        return "renamed (rdv2po does not follow the renaming's uses)"
    return "named other than in a call on it, 'Access, 'Callable or 'Terminated"


def _handed(use: Node) -> bool:
    """Is ``X'Access`` a discriminant constraint of an object declaration (the object,
    declared after X, is finalized first) or an actual parameter of a call statement
    (an access parameter lives as long as the call)?  Kept in a variable (``R :=
    X'Access``), an object declared before X whose Finalize runs after X's could
    call through it."""
    node = use.parent
    while node is not None and node.type in ("term", "expression", "parameter_association",
                                             "discriminant_association"):
        node = node.parent
    if node is None or node.parent is None:
        return False
    if node.type in ("index_constraint", "discriminant_constraint"):
        return node.parent.type == "object_declaration"
    return node.type == "actual_parameter_part" and \
        node.parent.type in ("procedure_call_statement", "entry_call_statement")


def unchecked_turns(ws, names: set[str], declared_with) -> list[tuple[object, Node, str]]:
    """Where the program may make an access value to the type (``names``: its own and
    those naming it) outlive its object unchecked: 'Unchecked_Access or
    'Unrestricted_Access of what ``declared_with`` says may be one, an instance of
    Unchecked_Conversion or Address_To_Access_Conversions naming the type."""
    found = []
    for fu in ws.units():
        for tick in fu.nodes_of_type("tick"):
            attr, prefix = tick.next_named_sibling, tick.prev_named_sibling
            if attr is None or prefix is None or text(attr).lower() not in UNCHECKED:
                continue
            first = next((n for n in walk(prefix) if n.type == "identifier"), None)
            if first is None or declared_with(fu, first, names):
                found.append((fu, tick, f"{one_line(prefix)}'{text(attr)}"))
        for inst in fu.nodes_of_type("generic_instantiation"):
            named = words(inst)
            if named & CONVERSIONS and named & names:
                found.append((fu, inst, one_line(inst, limit=40)))
    return found


def shown_use(use: Node) -> str:
    """The use as a message shows it: the name with its attribute, or the
    declaration or statement holding it."""
    after = use.next_sibling
    if after is not None and after.type == "tick" and after.next_named_sibling is not None:
        return f"{text(use)}'{text(after.next_named_sibling)}"
    holder = use.parent
    while holder is not None and not holder.type.endswith(("_declaration", "_statement")):
        holder = holder.parent
    return one_line(holder if holder is not None else use, limit=40)


def is_aliased(decl: Node) -> bool:
    return decl.type == "object_declaration" and any(c.type == "aliased" for c in decl.children)
