"""Out and in out entry parameters whose mechanism GNAT chooses: taken only where
passing them by copy cannot be told from passing them by reference.

The caller-runs scheme turns an entry into a procedure with the same profile.
GNAT passes a record or constrained array parameter (neither tagged nor limited:
RM 6.2(7-9) leave its mechanism to the implementation) to an entry by reference,
to a procedure by copy when it is small.  The two can be told apart only

(a) by an exception: by copy, nothing is copied back when the body raises
    (RM 6.4.1(17)), by reference what it assigned stays.  Taken: an accept body
    that cannot propagate an exception once it may have written the formal --
    after the first statement writing it, only ``null``.  The writing assignment
    itself may raise: it evaluates and checks before it stores (RM 5.2(10-12));
(b) by another name of the actual's object read or written while the formal
    lives, or before the copy back, which now comes after the server's code
    following the accept and after the turn is given back (RM 6.2(12)): another
    formal (``T.Add (A, A, A)``), a variable the server's code or another task
    names.  Taken: every call passes a variable declared in the subprogram or
    task body making the call, named only there (not in a nested body, package,
    instance, renaming, pragma, or through 'Address or 'Access, not aliased; in an
    accept of that task body, which the task executes itself, never while it
    waits in the call), and in no other actual of the call but an elementary
    ``in`` one (a value, copied as the call starts);
(c) by aborting the caller while it runs the body: the scheme refuses programs
    that abort (plugin.py, ABORTABLE) and servers an abortable part may reach
    (abortable.py); an abortable part inside the body is aborted alone, and the
    body goes on after it, the formal holding what it was given either way;
(d) for ``out``: by copy, a formal of a type without discriminants starts
    uninitialized (RM 6.4.1(14)) and is copied back whole; by reference it is
    the actual.  Kept as ``out``: a type with discriminants (copied in, RM
    6.4.1(13.1)), or a body whose first statement naming the formal assigns it
    whole.  Otherwise (``copied_in``) the procedure's formal is ``in out``: copied
    in, it starts as the actual, as by reference (RM 6.4.1(12)) -- the plugin
    refuses it where copying in checks something (a predicate, an invariant).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...model import Entry, Location
from ...frontend.syntax import Node, ancestors, first_child, one_line, text, walk
from ...frontend.workspace import Workspace
from ..common.locals import ANOTHER_PATH

# where a name stops being the calling body's own: another thread, another moment
UNITS = {"subprogram_body", "task_body", "protected_body", "package_body",
         "package_declaration", "entry_body", "accept_statement", "task_type_declaration",
         "single_task_declaration", "protected_type_declaration",
         "single_protected_declaration", "generic_instantiation",
         "generic_package_declaration", "generic_subprogram_declaration",
         "expression_function_declaration", "object_renaming_declaration", "pragma_g",
         "aspect_specification", "attribute_definition_clause"}
OWN_BODIES = ("subprogram_body", "task_body")
NAMES = ("identifier", "selected_component", "indexed_component", "slice", "function_call")
WRAPPERS = ("expression", "term", "factor", "primary", "relation", "simple_expression")


@dataclass(frozen=True)
class Formal:
    name: str            # as declared
    mode: str            # "out" or "in out"
    subtype: str
    discriminated: bool  # its type has discriminants


@dataclass(frozen=True)
class Obstacle:
    loc: Location
    reason: str


def obstacles(ws: Workspace, entry: Entry, formal: Formal, accepts: list[tuple],
              value_formals: set[str]) -> list[Obstacle]:
    """Why passing ``formal`` by copy could be told from passing it by reference;
    ``accepts``: (file unit, accept_statement) of the entry; ``value_formals``: the
    entry's elementary ``in`` formals (lower case)."""
    head = (f"an {formal.mode} parameter of a record or constrained array type "
            f"({formal.subtype}): GNAT passes it to an entry by reference, to a procedure "
            "by copy when small, and ")
    found = [Obstacle(loc, head + why) for loc, why in _in_bodies(formal, accepts)]
    if entry.family is not None:
        found.append(Obstacle(entry.loc, head + "the calls of a family are not followed"))
        return found
    for c in entry.calls:
        why = _call(ws, c, entry, formal, value_formals)
        if why:
            found.append(Obstacle(c.loc, head + why))
    return found


# -- (a) and (d): the accept bodies -----------------------------------------------

def _in_bodies(formal: Formal, accepts: list[tuple]) -> list[tuple[Location, str]]:
    f = formal.name.lower()
    found = []
    for fu, acc in accepts:
        hss = first_child(acc, "handled_sequence_of_statements")
        if hss is None:
            continue
        if any(ANOTHER_PATH.match(fu.src.data[n.end_byte:n.end_byte + 40].decode("latin-1"))
               for n in walk(hss) if n.type == "identifier" and text(n).lower() == f):
            found.append((fu.loc(acc), "the accept body takes an access path to it ('Address "
                                       "or 'Access): another name of the formal"))
            continue
        ok, _written = _raise_after_write(_sequence(hss), f, False)
        if not ok:
            found.append((fu.loc(acc), "the accept body may raise after it may have written "
                                       "it: by copy, the caller would lose what was written "
                                       "(RM 6.4.1(17))"))
    return found


def copied_in(formal: Formal, accepts: list[tuple]) -> bool:
    """(d): must the procedure take ``formal`` ``in out``: an ``out`` formal of a type
    without discriminants that an accept names (or leaves alone: by copy it would
    copy back what it never wrote) before assigning it whole?"""
    if formal.mode != "out" or formal.discriminated:
        return False
    f = formal.name.lower()
    return any(first_child(acc, "handled_sequence_of_statements") is None
               or not _assigned_first(first_child(acc, "handled_sequence_of_statements"), f)
               for _fu, acc in accepts)


def _sequence(node: Node) -> list[Node]:
    seq = first_child(node, "sequence_of_statements")
    return [c for c in seq.named_children if c.type != "comment"] if seq is not None else []


def _plain_block(s: Node) -> bool:
    """A block without declarations or handlers: its statements are the sequence's."""
    hss = first_child(s, "handled_sequence_of_statements")
    return s.type == "block_statement" and first_child(s, "declarative_part") is None and \
        hss is not None and first_child(hss, "exception_handler") is None and \
        not any(c.type == "identifier" for c in s.children)


def _raise_after_write(stmts: list[Node], f: str, written: bool) -> tuple[bool, bool]:
    """(no exception can propagate once ``f`` may have been written, may it have
    been written): after a statement that may write it, only ``null``."""
    for s in stmts:
        if s.type == "null_statement":
            continue            # (a pragma may raise: Assert)
        if written:
            return False, True
        if s.type == "assignment_statement":
            written = _writes(s, f)
        elif _plain_block(s):
            ok, written = _raise_after_write(
                _sequence(first_child(s, "handled_sequence_of_statements")), f, written)
            if not ok:
                return False, True
        elif s.type == "if_statement":
            for part in [s] + [c for c in s.named_children
                               if c.type in ("elsif_statement_item", "else_statement_item")]:
                conds = [c for c in part.named_children if c.type == "expression"]
                if any(_writes(c, f) for c in conds):
                    return False, True
                ok, w = _raise_after_write(_sequence(part), f, False)
                if not ok:
                    return False, True
                written = written or w
        elif s.type == "procedure_call_statement":
            if _writes(s, f):
                return False, True  # the procedure may write it, then raise
        elif _mentions(s, f):
            return False, True      # a loop or block that may write it, then raise
    return True, written


def _mentions(node: Node, f: str) -> bool:
    return any(n.type == "identifier" and text(n).lower() == f for n in walk(node))


def _root(node: Node) -> Node | None:
    while node.type in WRAPPERS and len(node.named_children) == 1:
        node = node.named_children[0]
    while node.type in NAMES[1:] and node.named_children:
        node = node.named_children[0]
    return node if node.type == "identifier" else None


def _writes(s: Node, f: str) -> bool:
    """May ``s`` write ``f``: the target of an assignment, or an actual of a call
    (a procedure's out parameter, a function's in out one) named from it."""
    if s.type == "assignment_statement":
        target = _root(s.named_children[0])
        if target is not None and text(target).lower() == f:
            return True
    for a in walk(s):
        # an attribute's parameters (Integer'Image (P.A)) are values
        if a.type == "parameter_association" and not any(
                c.type == "tick" for c in a.parent.parent.children):
            value = a.named_children[-1]
            root = _root(value)
            if root is not None and text(root).lower() == f:
                return True
    return False


def _assigned_first(hss: Node, f: str) -> bool:
    """The first statement naming ``f`` (outside plain blocks) is ``f := E`` and
    E does not name it: nothing read the formal's initial value."""
    stmts = _sequence(hss)
    while stmts:
        s = stmts.pop(0)
        if _plain_block(s):
            stmts = _sequence(first_child(s, "handled_sequence_of_statements")) + stmts
            continue
        if not _mentions(s, f):
            continue
        kids = [c for c in s.named_children if c.type != "comment"]
        return s.type == "assignment_statement" and len(kids) == 2 and \
            kids[0].type == "identifier" and text(kids[0]).lower() == f and \
            not _mentions(kids[1], f)
    return False


# -- (b): the calls ---------------------------------------------------------------

def _call(ws: Workspace, c, entry: Entry, formal: Formal, value_formals: set[str]) -> str:
    """Why the call ``c`` may let another name reach the actual, or ""."""
    if c.kind not in ("simple", "conditional", "timed") or c.via is not None:
        return f"its {c.kind} call{' through ' + c.via if c.via else ''} is not followed"
    fu = ws.by_display.get(c.loc.path)
    ident = fu.ident_at(c.loc.line, c.loc.col) if fu is not None else None
    stmt = next((a for a in ancestors(ident) if a.type == "procedure_call_statement"), None) \
        if ident is not None else None
    actuals = _actuals(stmt, [n.lower() for p in entry.params for n in p.names])
    if actuals is None or formal.name.lower() not in actuals:
        return "the call's actuals are not understood"
    actual = _converted(ws, fu, actuals[formal.name.lower()])
    root = _root(actual)
    if root is None or not _same(_unwrapped(actual), root):
        return (f"the call passes {one_line(actual)}, not a whole variable "
                "declared in the calling body")
    why = _own_variable(ws, fu, root)
    if why:
        return f"the call passes {text(root)}, {why}"
    name = text(root).lower()
    for other, a in actuals.items():
        if other != formal.name.lower() and other not in value_formals and _mentions(a, name):
            return (f"the call names {text(root)} in another actual too: the entry's formals "
                    "denote one object, a procedure's may be copies (RM 6.2(12))")
    return ""


def _converted(ws: Workspace, fu, actual: Node) -> Node:
    """The object of a view conversion ``T (V)``: by copy, V is converted to T and
    back, which for types convertible so changes no value (the same components,
    RM 4.6(24.1-24.7)); the lengths were checked as the call began."""
    node = _unwrapped(actual)
    while node.type in ("function_call", "indexed_component") and node.named_children:
        mark = node.named_children[0]
        part = first_child(node, "actual_parameter_part")
        args = [c for c in part.named_children if c.type == "parameter_association"] \
            if part is not None else []
        kinds = {e.kind for e, _k in ws.xref.at(fu.pos(mark))} \
            if mark.type == "identifier" else set()
        if len(args) != 1 or first_child(args[0], "component_choice_list") is not None or \
                not kinds or not all(k.isupper() for k in kinds):
            break
        node = _unwrapped(args[0].named_children[-1])
    return node


def _unwrapped(node: Node) -> Node:
    while node.type in WRAPPERS and len(node.named_children) == 1:
        node = node.named_children[0]
    return node


def _actuals(stmt: Node | None, order: list[str]) -> dict[str, Node] | None:
    """The call's actuals by formal (lower case)."""
    part = first_child(stmt, "actual_parameter_part") if stmt is not None else None
    if part is None:
        return None
    found: dict[str, Node] = {}
    for i, a in enumerate(c for c in part.named_children if c.type == "parameter_association"):
        choice = first_child(a, "component_choice_list")
        if choice is None:
            if i >= len(order):
                return None
            found[order[i]] = a.named_children[-1]
        else:
            found[text(choice).strip().lower()] = a.named_children[-1]
    return found


def _unit(node: Node) -> Node | None:
    return next((a for a in ancestors(node) if a.type in UNITS), None)


def _own_variable(ws: Workspace, fu, ident: Node) -> str:
    """Why the object ``ident`` names may be reached by another name, another task
    or the server while the call lasts or after it, or "" (module comment, (b))."""
    ents = {e.key: e for e, _kind in ws.xref.at(fu.pos(ident))}
    if len(ents) != 1:
        return "which GNAT's cross-references do not resolve to one object"
    ent = next(iter(ents.values()))
    dfu = ws.by_base.get(ent.file)
    decl_ident = dfu.ident_at_gnat(ent.line, ent.col) if dfu is not None else None
    decl = decl_ident.parent if decl_ident is not None else None
    if decl is None or decl.type != "object_declaration" or \
            any(c.type == "aliased" for c in decl.children) or \
            first_child(decl, "aspect_specification") is not None:
        return "which is not a variable declared without aliased or aspects"
    home = _unit(decl)
    if home is None or home.type not in OWN_BODIES:
        return "which is not declared in a subprogram or task body: other tasks may see it"
    for r in ent.refs:
        rfu = ws.by_base.get(r.file)
        at = rfu.ident_at_gnat(r.line, r.col) if rfu is not None else None
        unit = _unit(at) if at is not None else None
        if unit is not None and unit.type == "generic_instantiation" and \
                _same(_unit(unit), home) and _inert_generic(ws, rfu, unit):
            continue
        if at is None or rfu is not dfu or not _same(_past_own_accepts(unit, home), home):
            return ("which is named outside the body declaring it (a nested body, accept, "
                    "package, instance, renaming, pragma or aspect may see it at another "
                    "moment)")
        if ANOTHER_PATH.match(rfu.src.data[_top_name(at).end_byte:][:40].decode("latin-1")):
            return "whose 'Address or 'Access is taken: another name of it"
    return ""


# what in a generic could use its formal object after the instance is elaborated
LASTING = {"subprogram_declaration", "subprogram_body", "expression_function_declaration",
           "task_body", "task_type_declaration", "single_task_declaration",
           "protected_body", "protected_type_declaration", "single_protected_declaration",
           "entry_declaration", "generic_instantiation", "generic_package_declaration",
           "generic_subprogram_declaration", "object_renaming_declaration",
           "package_renaming_declaration", "subprogram_renaming_declaration",
           "null_procedure_declaration", "abstract_subprogram_declaration"}


def _inert_generic(ws: Workspace, fu, inst: Node) -> bool:
    """An instance of a generic package whose spec and body declare nothing that can
    run or be named after its elaboration (no subprogram, task, protected unit,
    renaming or nested instance) and take no 'Address or 'Access: its formal objects
    are used while it is elaborated only, in the instantiating body's thread."""
    call = first_child(inst, "function_call")
    name = first_child(call, "identifier") if call is not None else None
    ents = {e.key: e for e, _k in ws.xref.at(fu.pos(name))} if name is not None else {}
    if len(ents) != 1 or not any(c.type == "package" for c in inst.children):
        return False
    ent = next(iter(ents.values()))
    places = [(ent.file, ent.line, ent.col)] + \
        [(r.file, r.line, r.col) for r in ent.refs if r.kind == "b"]
    units = []
    for base, line, col in places:
        gfu = ws.by_base.get(base)
        ident = gfu.ident_at_gnat(line, col) if gfu is not None else None
        unit = next((a for a in ancestors(ident) if a.type in
                     ("generic_package_declaration", "package_body")), None) \
            if ident is not None else None
        if unit is None:
            return False
        units.append(unit)
    return len(units) == 2 and all(
        not any(n.type in LASTING for n in list(walk(u))[1:]) and
        not ANOTHER_PATH.search(text(u)) for u in units)


def _past_own_accepts(unit: Node | None, home: Node) -> Node | None:
    """The unit holding ``unit``, past the accept statements of the task body ``home``:
    the task that declares the variable executes them itself, so never while it waits
    in its call or before the copy back."""
    while unit is not None and unit.type == "accept_statement" and home.type == "task_body":
        unit = _unit(unit)
    return unit


def _same(a: Node | None, b: Node) -> bool:
    return a is not None and a.start_byte == b.start_byte and a.end_byte == b.end_byte


def _top_name(ident: Node) -> Node:
    n = ident
    while n.parent is not None and n.parent.type in NAMES[1:] and \
            n.parent.named_children and n.parent.named_children[0] == n:
        n = n.parent
    return n

