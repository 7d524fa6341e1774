"""What the general scheme needs to know of a task: its entries and sync points.

Unlike the server schemes, the general scheme keeps the task's code where it
is; it only replaces each ``accept`` and each ``select`` of accepts by calls
on the task's rendezvous object.  So the shape is a flat list of those
constructs, found anywhere in the task body, plus everything in the body
that names an entry (``E'Count``, ``requeue E``) or the task itself.  A
construct the scheme cannot keep the meaning of is refused by raising
``ShapeError`` with the node and the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...frontend.body_structure import Accept, BodyStructure, Select, own_nodes, walk_sequence
from ...frontend.decls import formals
from ...frontend.syntax import (Node, entry_name, first_child, named_children, squeeze, text,
    walk)
from ..common.refusals import ShapeError
from ..common.tree import innermost_accept

SYNC = ("accept_statement", "selective_accept")


@dataclass(frozen=True)
class Param:
    name: str
    mode: str          # "in", "in out", "out"
    subtype: str       # as written in the entry declaration
    indefinite: bool = False   # String, unconstrained array...: kept on the heap
    by_copy: bool = True       # elementary: GNAT copies it back only if the accept body ends well
    stored: str = ""           # the object's component's subtype, when not ``subtype``

    @property
    def component(self) -> str:
        return self.stored or self.subtype


@dataclass
class EntryPlan:
    name: str
    key: str                     # unique among the task's entries (entries may be overloaded)
    decl: Node
    family: Node | None          # the discrete subtype definition of a family
    formal: Node | None
    params: list[Param]
    formal_text: str = ""         # the formal part as declared (defaults must conform)
    family_text: str = ""         # a family's discrete subtype definition, as written
    family_type: str | None = None  # the type of a family's range written without one
    # the formal part without defaults, for E_Held: only requeues reach it, and its
    # defaults would be copies GNAT warns of again (a default raising Constraint_Error)
    held_formal_text: str = ""
    has_body: bool = False        # some accept of it has a do-part: its caller waits in Queue
    standalone: bool = False      # accepted outside a select
    in_select: bool = False       # accepted in a select (family entries: index via Select_Arm)
    woken: bool = False           # an alternative of a select with a terminate alternative
    sticky: bool = False          # woken, and reached by requeues without abort from outside
    count_used: bool = False
    caller_used: bool = False     # E'Caller in an accept body: the object keeps E's caller
    requeues: list["RequeueSite"] = field(default_factory=list)
    # formals whose type has defaulted discriminants, handed to the accept body
    # constrained as in the rendezvous (mutable.Mutable, set by mutable.plan)
    mutable: list = field(default_factory=list)

    @property
    def ins(self) -> list[Param]:
        """Parameters whose value the agent starts with: all of them.  An ``out`` one
        too: passed by reference its formal denotes the caller's object; a scalar with
        Default_Value or an access value is copied in (RM 6.4.1(12-13)); and after a
        requeue it holds what the first accept body wrote (RM 9.5.4(17))."""
        return list(self.params)

    @property
    def outs(self) -> list[Param]:
        return [p for p in self.params if p.mode in ("out", "in out")]

    @property
    def ref_outs(self) -> list[Param]:
        """Out parameters passed by reference: the caller sees what the accept body
        wrote even when it raised."""
        return [p for p in self.outs if not p.by_copy]

    def profile_key(self) -> tuple:
        return tuple((p.mode, " ".join(p.subtype.lower().split())) for p in self.params)


@dataclass
class RequeueSite:
    node: Node
    entry: EntryPlan             # the entry whose accept body holds it
    number: int                  # 1, 2, ... within that entry
    target: Node                 # the name, as written
    internal: EntryPlan | None   # a target entry of this same task
    index: Node | None           # its family index expression
    with_abort: bool
    # the target names what only the task body sees: the object hands the caller back
    # to the agent, whose accept of its own entry makes the requeue (scheme._check_requeues)
    by_agent: bool = False


@dataclass
class AcceptSite:
    node: Node
    entry: EntryPlan
    index: Node | None
    hss: Node | None              # the do-part
    in_select: bool


@dataclass
class Alternative:
    kind: str                     # "accept", "delay", "terminate"
    guard: Node | None
    node: Node                    # accept_statement, delay statement, terminate_alternative
    after: Node | None            # sequence_of_statements after it
    accept: AcceptSite | None = None


@dataclass
class SelectSite:
    node: Node
    alternatives: list[Alternative]
    else_part: Node | None

    @property
    def accepts(self) -> list[Alternative]:
        return [a for a in self.alternatives if a.kind == "accept"]

    @property
    def delay(self) -> Alternative | None:
        return next((a for a in self.alternatives if a.kind == "delay"), None)

    @property
    def delays(self) -> list[Alternative]:
        return [a for a in self.alternatives if a.kind == "delay"]

    @property
    def terminate(self) -> Alternative | None:
        return next((a for a in self.alternatives if a.kind == "terminate"), None)


@dataclass
class GeneralShape:
    entries: dict[str, EntryPlan]          # by key
    accepts: dict[int, AcceptSite]         # by node id
    selects: dict[int, SelectSite]
    counts: list[tuple[Node, Node, EntryPlan, Node | None, str]]
    # (first, last, entry, family index, "count" or "caller")
    requeues: dict[int, RequeueSite]
    formal_refs: list[tuple[Node, str, Node]] = field(default_factory=list)
    # E.X naming the formal X of the enclosing accept E: (selected component, X, accept)
    returns: list[Node] = field(default_factory=list)  # return; completing an accept
    # A (X) by the task itself, nested units included: names the object's entry now
    self_calls: list[Node] = field(default_factory=list)

    def entry_list(self) -> list[EntryPlan]:
        return list(self.entries.values())


def entry_plans(decl: Node, src_node_text, indefinite=lambda mark: False,
                limited=lambda mark: False, by_copy=lambda mark: True,
                range_type=lambda rng: None, stored=lambda mark: None) -> dict[str, EntryPlan]:
    """The task's entries, in declaration order, with their parameters as written;
    ``range_type(range)`` is the type of a family's range without a subtype mark."""
    tdef = first_child(decl, "task_definition")
    plans: dict[str, EntryPlan] = {}
    for e in (tdef.named_children if tdef is not None else ()):
        if e.type != "entry_declaration" or entry_name(e) is None:
            continue
        name = text(entry_name(e))
        family, family_text = _family(e, src_node_text)
        formal = first_child(e, "formal_part")
        written = squeeze(src_node_text(formal)) if formal is not None else ""
        key = name.lower() if name.lower() not in plans else f"{name.lower()}#{len(plans)}"
        plans[key] = EntryPlan(name, key, e, family, formal,
                               _params(formal, src_node_text, indefinite, limited, by_copy,
                                       stored),
                               written,
                               family_text=family_text,
                               family_type=range_type(family) if family is not None else None,
                               held_formal_text=_without_defaults(formal, src_node_text)
                               or written)
    return plans


def _without_defaults(formal: Node | None, src_node_text) -> str:
    """``(A : in T; B : out U)``: the formal part as declared, defaults left out;
    "" when it has none (then it stays as written)."""
    parts = []
    if not any(f.default is not None for f in formals(formal)):
        return ""
    for f in formals(formal):
        mark = squeeze(src_node_text(f.mark)) if f.mark is not None else ""
        parts.append(f"{', '.join(f.names)} : {f.mode} {mark}")
    return f"({'; '.join(parts)})" if parts else ""


def _family(e: Node, src_node_text) -> tuple[Node | None, str]:
    """The family part of ``entry E (Index_Range) (...)``: its first node and its text."""
    kids = e.children
    open_at = next((i for i, c in enumerate(kids) if c.type == "("), None)
    if open_at is None:
        return None, ""
    close_at = next(i for i in range(open_at + 1, len(kids)) if kids[i].type == ")")
    inner = [c for c in kids[open_at + 1:close_at] if c.type != "comment"]
    if not inner:
        return None, ""
    text_ = " ".join(squeeze(src_node_text(c)) for c in inner)
    return inner[0], text_


def _params(formal: Node | None, src_node_text, indefinite=lambda mark: False,
            limited=lambda mark: False, by_copy=lambda mark: True,
            stored=lambda mark: None) -> list[Param]:
    """One Param per name of a formal part (read by decls.formals), with the facts of
    its type the object needs; a formal it cannot hold is refused."""
    out = []
    for f in formals(formal):
        if f.aliased:
            raise ShapeError(f.node, "an aliased parameter")
        if f.is_access or f.null_exclusion:
            raise ShapeError(f.node, "an access parameter: the rendezvous object would have "
                                     "to keep the access value past the call's accessibility")
        mark = f.mark
        if mark is not None and limited(mark):
            raise ShapeError(f.node, f"a parameter of the limited type {src_node_text(mark)}: "
                                     "the rendezvous object would have to copy it")
        subtype = src_node_text(mark) if mark is not None else ""
        indef = mark is not None and indefinite(mark)
        copied = mark is None or by_copy(mark)
        kept = (stored(mark) if mark is not None else None) or ""
        out += [Param(n, f.mode, subtype, indef, copied, kept) for n in f.names]
    return out


def analyse(structure: BodyStructure, entries: dict[str, EntryPlan], is_entry, is_task,
            is_formal=lambda ident: None) -> GeneralShape:
    """The sync points of the body (read from its structure), and what in it names
    an entry.  ``is_entry(ident)`` gives the EntryPlan an identifier denotes (GNAT's
    answer), ``is_task(ident)`` whether it denotes the task, ``is_formal(ident)`` the
    EntryPlan whose formal it denotes."""
    shape = GeneralShape(entries, {}, {}, [], {})
    body = structure.node
    for s in structure.syncs:
        if isinstance(s, Accept):
            _accept(s, shape, is_entry=is_entry)
        else:
            shape.selects[s.node.id] = _select(s)
    for sel in shape.selects.values():
        for alt in sel.accepts:
            alt.accept = shape.accepts[alt.node.id]
            if sel.terminate is not None:
                alt.accept.entry.woken = True
    for n in own_nodes(body):
        if n.type == "requeue_statement":
            _requeue(n, shape, is_entry, is_task)
        elif n.type == "attribute_designator":
            _attribute(n, shape, is_entry)
        elif n.type == "identifier" and (e := is_entry(n)) is not None:
            _check_entry_use(n, e, shape)
        elif n.type == "selected_component" and _unresolved_formal_ref(n, is_entry, is_formal):
            _formal_ref(n, is_formal(n.named_children[-1]), shape)
    own = {c.id for c in shape.self_calls}
    for n in walk(body):
        if n.type == "identifier" and n.id not in own and is_entry(n) is not None \
                and _called(n):
            shape.self_calls.append(n)
    return shape


def _called(ident: Node) -> bool:
    """``E (X)``, ``E (I) (X)`` or ``E`` as an entry call statement (plain, conditional
    or timed): the task calling its own entry by its simple name."""
    node = ident
    if node.parent is not None and node.parent.type == "function_call" \
            and node.parent.named_children[0] == node:
        node = node.parent
    parent = node.parent
    return (parent is not None and parent.type == "procedure_call_statement"
            and parent.named_children[0] == node)


def _unresolved_formal_ref(sel: Node, is_entry, is_formal) -> bool:
    """``E.X := ...``: GNAT records no reference for the prefix E of a formal on the left
    of an assignment, only one for X, to the formal in E's declaration."""
    prefix, selector = sel.named_children[0], sel.named_children[-1]
    return (prefix.type == "identifier" and selector.type == "identifier"
            and is_entry(prefix) is None and is_formal(selector) is not None)


def _accept(acc: Accept, shape: GeneralShape, is_entry) -> None:
    n = acc.node
    name = text(acc.entry)
    entry = is_entry(acc.entry)      # GNAT's answer: entries may be overloaded
    if entry is None:
        raise ShapeError(n, f"accept {name}: GNAT does not tie it to an entry of the task")
    site = AcceptSite(n, entry, acc.index, acc.hss, acc.in_select)
    shape.accepts[n.id] = site
    entry.has_body |= acc.hss is not None
    if acc.in_select:
        entry.in_select = True
    else:
        entry.standalone = True
    for r in (s.node for s in (walk_sequence(acc.do) if acc.do is not None else ())):
        if r.type == "simple_return_statement":
            # ``return;`` completes the accept (RM 6.5): in the agent, a jump to its end.
            if innermost_accept(r) == n:
                shape.returns.append(r)
        elif r.type == "extended_return_statement":
            raise ShapeError(r, f"an extended return statement in accept {name}")


def _select(sel: Select) -> SelectSite:
    alts = []
    for a in sel.alternatives:
        after = a.after.node if a.after is not None else None
        if a.kind == "accept":
            alts.append(Alternative("accept", a.guard, a.accept.node, after))
        elif a.kind == "delay":
            alts.append(Alternative("delay", a.guard, a.delay, after))
        else:
            alts.append(Alternative("terminate", a.guard, a.node, None))
    site = SelectSite(sel.node, alts, sel.else_part.node if sel.else_part else None)
    return site


def _requeue(n: Node, shape: GeneralShape, is_entry, is_task) -> None:
    acc = next((a for a in _ancestors(n) if a.type == "accept_statement"), None)
    if acc is None or acc.id not in shape.accepts:
        raise ShapeError(n, "a requeue outside an accept body")
    site = shape.accepts[acc.id]
    target = n.named_children[0]
    callee, index = target, None
    if target.type == "function_call":          # a family member: E (I)
        callee = target.named_children[0]
        part = first_child(target, "actual_parameter_part")
        args = named_children(part, "parameter_association") if part else []
        index = args[0] if len(args) == 1 else None
    last = callee.named_children[-1] if callee.type == "selected_component" else callee
    # E, or T.E naming this very task: the same object.  X.E may be another object of
    # the same task type (another task's entry of the same name): that is external.
    own = callee.type == "identifier" or (
        callee.type == "selected_component" and len(callee.named_children) == 2
        and callee.named_children[0].type == "identifier" and is_task(callee.named_children[0]))
    internal = is_entry(last) if own and last.type == "identifier" else None
    rq = RequeueSite(n, site.entry, len(site.entry.requeues) + 1, target, internal, index,
                     any(c.type == "abort" for c in n.children))
    site.entry.requeues.append(rq)
    shape.requeues[n.id] = rq


def _attribute(n: Node, shape: GeneralShape, is_entry) -> None:
    attr = text(n).lower()
    tick = n.prev_sibling
    prefix = tick.prev_sibling if tick is not None else None
    if prefix is None:
        return
    callee, index = prefix, None
    if prefix.type == "function_call":
        callee = prefix.named_children[0]
        part = first_child(prefix, "actual_parameter_part")
        args = named_children(part, "parameter_association") if part else []
        index = args[0] if len(args) == 1 else None
    last = callee.named_children[-1] if callee.type == "selected_component" else callee
    entry = is_entry(last) if last.type == "identifier" else None
    if entry is None:
        return
    if attr == "count":
        entry.count_used = True
        shape.counts.append((prefix, n, entry, index, attr))
    elif attr == "caller" and index is None:
        entry.caller_used = True
        shape.counts.append((prefix, n, entry, None, attr))
    else:
        raise ShapeError(prefix.parent, f"{text(prefix)}'{text(n)}: the general scheme keeps "
                                        "only 'Count and 'Caller of an entry")


def _check_entry_use(ident: Node, entry: EntryPlan, shape: GeneralShape) -> None:
    """An entry named other than by an accept, a requeue or an attribute is refused.

    ``X.E`` names the entry of some object X of the task's type (another task, or this
    one through its name): it stays as written, now naming a protected entry."""
    if ident.parent is not None and ident.parent.type == "selected_component" \
            and ident.parent.named_children[-1] == ident:
        return
    if _called(ident):
        shape.self_calls.append(ident)
        return
    node = ident
    while node.parent is not None and node.parent.named_children and (
            (node.parent.type == "selected_component" and node.parent.named_children[-1] == node)
            or (node.parent.type == "function_call" and node.parent.named_children[0] == node)):
        node = node.parent
    parent = node.parent
    if parent is not None and parent.type in ("accept_statement", "requeue_statement"):
        return
    if parent is not None and parent.type == "selected_component" and node == ident \
            and parent.named_children[0] == ident and _formal_ref(parent, entry, shape):
        return
    nxt = node.next_sibling
    if nxt is not None and nxt.type == "tick":
        return          # an attribute: _attribute decides
    raise ShapeError(ident, f"the entry {entry.name} is named here other than by an accept, "
                            "a requeue or 'Count")


def _formal_ref(sel: Node, entry: EntryPlan, shape: GeneralShape) -> bool:
    """``E.X`` inside ``accept E``: X is a formal of the accept, now declared by a named
    block of the agent, whose name replaces E (a local X of the body may hide X)."""
    selector = sel.named_children[-1]
    if selector.type != "identifier":
        return False
    name = text(selector).lower()
    for acc in _ancestors(sel):
        if acc.type == "accept_statement" and text(acc.named_children[0]).lower() == entry.name.lower():
            formal = first_child(acc, "formal_part")
            names = {n.lower() for f in formals(formal) for n in f.names}
            if name not in names:
                return False
            shape.formal_refs.append((sel, text(selector), acc))
            return True
    return False


def _ancestors(n: Node):
    p = n.parent
    while p is not None:
        yield p
        p = p.parent
