"""Loops that end because every pass moves one local strictly towards a bound.

A plain ``loop`` whose first or last statement is ``exit when M > B`` (or ``>=``,
``<``, ``<=``) ends if ``B`` stays put and every pass that does not leave the loop
another way moves the signed integer local ``M`` at least one step towards ``B``: the
exit test then sees ``M`` pass ``B`` after finitely many passes (an overflow or range
check failing on the way ends the loop too).  Text-folding loops are built so: ``M :=
N + 1`` after ``N`` was set, on every path, to at least ``M``.

The proof runs the loop's body once, symbolically, path by path.  A value is a base
plus an interval: a number, ``M`` as the pass found it, or ``B``.  The condition of an
``if`` narrows the interval of a local it compares; a nested loop forgets what it
assigns, except the direction of a local it only steps one way; a path that leaves the
loop (an exit, a return, a raise) needs nothing.  Another integer local starts a pass
anywhere in the hull of every value the subprogram gives it, where each is static and
GNAT lists no other change of it.  Constants and the subtype ranges of variables come
from their declarations (a scalar object holds a value of its subtype: an assignment
outside it raises); anything else is unknown, and unknown never proves a step.  A
construct the proof does not model (a block with declarations or handlers, a
``goto``, a pragma, a local changed other than by an assignment) leaves the loop
unproved.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ...frontend.ali import Entity
from ...frontend.syntax import Node, first_child, text, walk
from ...frontend.workspace import FileUnit, Workspace
from .locals import declaration_of, entity_at, local_or_constant

INF = math.inf
MAX_PATHS = 256
MAX_DEPTH = 8
FLIP = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "=": "/=", "/=": "="}
MIRROR = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "=": "=", "/=": "/="}
BOUND_ATTRIBUTES = {"first", "last", "length"}
LEAVES = {"simple_return_statement", "extended_return_statement", "raise_statement"}
UNMODELLED = {"goto_statement", "pragma_g"}
# declarations through which another name may change an object they name
ALIASING = {"object_renaming_declaration", "generic_instantiation"}
# GNAT's letters of subprograms and entries (lib-xref.ads), among the lower-case ones
CALLABLE = frozenset("uvxy")
# packages and generic packages (lib-xref.ads)
PACKAGES = frozenset("Kk")
# signed integer objects and integer named numbers
NUMBERS = frozenset("iN")


@dataclass(frozen=True)
class Val:
    """``base + [lo, hi]``: base "" is a number, "m" the ranking local as the pass
    found it, "b" the bound."""
    base: str
    lo: float
    hi: float


UNKNOWN = Val("", -INF, INF)
State = dict[str, Val]


class Unmodelled(Exception):
    """A construct the proof does not model: the loop is not proved to end."""


def ends(ws: Workspace, fu: FileUnit, loop: Node, unit: Node) -> bool:
    """Is the plain loop proved to end by a local stepping towards a fixed bound?"""
    body = first_child(loop, "sequence_of_statements")
    if body is None or first_child(loop, "iteration_scheme") is not None or \
            any(n.type in UNMODELLED for n in walk(loop)):
        return False
    stmts = _statements(body)
    for test in {s.id: s for s in stmts[:1] + stmts[-1:]}.values():
        try:
            proof = _proof(ws, fu, loop, unit, test)
            if proof is not None and proof.holds(stmts):
                return True
        except Unmodelled:
            pass
    return False


def _proof(ws: Workspace, fu: FileUnit, loop: Node, unit: Node, test: Node
           ) -> "_Proof | None":
    """The proof to try for an ``exit when M op B`` test, if it has that form."""
    cond = first_child(test, "expression") if test.type == "exit_statement" else None
    rel = _relation(cond) if cond is not None else None
    if rel is None or rel[1] not in MIRROR or rel[1] in ("=", "/="):
        return None
    left, op, right = rel
    if _name(right) is not None and _name(left) is None:
        left, right, op = right, left, MIRROR[op]
    var = _name(left)
    if var is None or len(right) != 1 or not _integer_local(ws, fu, unit, var) or \
            _changed_otherwise(ws, fu, var, unit) or \
            not _fixed(ws, fu, loop, unit, right[0], text(var).lower()):
        return None
    tracked = _tracked(ws, fu, loop, unit)
    start = {name: _start(ws, fu, ident) for name, ident in tracked.items()}
    name = text(var).lower()
    start[name] = Val("m", 0, 0)
    ev = _Eval(ws, fu, frozenset(start), _norm(right[0]), 0)
    return _Proof(ev, name, op in (">", ">="), tuple(start.items()), rel)


def _statements(seq: Node | None) -> list[Node]:
    return [c for c in seq.named_children if c.type != "comment"] if seq is not None else []


# -- values -------------------------------------------------------------------------
def _plus(a: Val, b: Val) -> Val:
    if b.base == "":
        return Val(a.base, a.lo + b.lo, a.hi + b.hi)
    return _plus(b, a) if a.base == "" else UNKNOWN


def _minus(a: Val, b: Val) -> Val:
    if b.base == "":
        return Val(a.base, a.lo - b.hi, a.hi - b.lo)
    return Val("", a.lo - b.hi, a.hi - b.lo) if a.base == b.base else UNKNOWN


def _times(a: Val, b: Val) -> Val:
    if a.base or b.base or INF in (abs(a.lo), abs(a.hi), abs(b.lo), abs(b.hi)):
        return UNKNOWN
    products = [x * y for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
    return Val("", min(products), max(products))


def _hull(vals: list[Val]) -> Val:
    if not vals or any(v.base for v in vals):
        return UNKNOWN
    return Val("", min(v.lo for v in vals), max(v.hi for v in vals))


@dataclass(frozen=True)
class _Eval:
    """Values of expressions: ``locals`` from a state, ``bound`` (its text) as B,
    other names from their declarations."""
    ws: Workspace
    fu: FileUnit
    locals: frozenset[str]
    bound: str
    depth: int

    def expr(self, node: Node, st: State) -> Val:
        if node.type == "expression":
            return self.parts([c for c in node.children if c.type != "comment"], st)
        return self.term(node, st) if node.type == "term" else self.primary(node, st)

    def parts(self, parts: list[Node], st: State) -> Val:
        """A simple expression: [unary] term {adding term}; anything else unknown."""
        if " ".join(_norm(p) for p in parts) == self.bound:
            return Val("b", 0, 0)
        acc, sign = Val("", 0, 0), "+"
        for p in parts:
            if p.type in ("unary_adding_operator", "binary_adding_operator"):
                if self.user_operator(p):
                    return UNKNOWN
                sign = text(p).strip()
            elif p.type == "term":
                v = self.term(p, st)
                acc, sign = (_plus(acc, v) if sign == "+" else _minus(acc, v)), "+"
            else:
                return UNKNOWN
        return acc

    def term(self, term: Node, st: State) -> Val:
        if _norm(term) == self.bound:
            return Val("b", 0, 0)
        kids = [c for c in term.children if c.type != "comment"]
        if len(kids) == 1:
            return self.primary(kids[0], st)
        if len(kids) == 3 and kids[0].type == "(" and kids[1].type == "expression":
            return self.expr(kids[1], st)
        if len(kids) == 3 and kids[1].type == "multiplying_operator" and \
                text(kids[1]).strip() == "*" and not self.user_operator(kids[1]):
            return _times(self.primary(kids[0], st), self.primary(kids[2], st))
        return UNKNOWN

    def user_operator(self, op: Node) -> bool:
        """Does GNAT list a reference at the operator: one the sources declare (it
        may hide the predefined one, even in a constant's initial value, which
        the loop check does not walk)?"""
        return any(self.ws.xref.at(self.fu.pos(n)) for n in walk(op))

    def primary(self, p: Node, st: State) -> Val:
        if p.type == "numeric_literal":
            digits = text(p).replace("_", "")
            return Val("", int(digits), int(digits)) if digits.isdigit() else UNKNOWN
        if p.type == "term":
            return self.term(p, st)
        if p.type != "identifier":
            return UNKNOWN
        name = text(p).lower()
        if name in self.locals:
            return st.get(name, UNKNOWN)
        return _declared(self.ws, self.fu, p, self.depth + 1)


@dataclass(frozen=True)
class _Proof:
    ev: _Eval
    ranking: str            # the local's name, lower case
    up: bool                # must it grow (exit when M > B) or shrink?
    start: tuple[tuple[str, Val], ...]
    test: tuple[list[Node], str, list[Node]]     # the exit test's relation

    def holds(self, stmts: list[Node]) -> bool:
        """Does every pass that goes on move the ranking local at least one step, or
        leave it where the test (first in the loop) is sure to let the loop end?"""
        for st in self._run(stmts, [dict(self.start)]):
            m = st[self.ranking]
            moved = m.base == "m" and (m.lo >= 1 if self.up else m.hi <= -1)
            if not moved and self._decide(self.test, st) is not True:
                return False
        return True

    def _run(self, stmts: list[Node], states: list[State]) -> list[State]:
        for s in stmts:
            states = [x for st in states for x in self._step(s, st)]
            if len(states) > MAX_PATHS:
                raise Unmodelled(s)
        return states

    def _step(self, s: Node, st: State) -> list[State]:
        kind = s.type
        if kind in LEAVES:
            return []
        if kind in ("null_statement", "procedure_call_statement"):
            return [st]     # no tracked local is an out actual: _tracked asked GNAT
        if kind == "assignment_statement":
            target, value = s.named_children[0], s.named_children[1]
            name = text(target).lower()
            if target.type == "identifier" and name in self.ev.locals:
                return [{**st, name: self.ev.expr(value, st)}]
            return [st]
        if kind == "exit_statement":
            cond = first_child(s, "expression")
            stay = self._refine(cond, st, False) if cond is not None else None
            return [stay] if stay is not None else []
        if kind == "if_statement":
            return self._if(s, st)
        if kind == "case_statement":
            return [x for alt in s.named_children if alt.type == "case_statement_alternative"
                    for x in self._run(_statements(first_child(alt, "sequence_of_statements")),
                                       [st])]
        if kind == "loop_statement":
            return [self._after_inner(s, st)]
        if kind == "block_statement":
            return self._block(s, st)
        raise Unmodelled(s)

    def _block(self, s: Node, st: State) -> list[State]:
        handled = first_child(s, "handled_sequence_of_statements")
        if handled is None or first_child(handled, "exception_handler") is not None or \
                any("declarative_part" in c.type for c in s.named_children):
            raise Unmodelled(s)
        return self._run(_statements(first_child(handled, "sequence_of_statements")), [st])

    def _if(self, s: Node, st: State) -> list[State]:
        seqs = [c for c in s.children if c.type == "sequence_of_statements"]
        if not seqs:
            raise Unmodelled(s)
        arms: list[tuple[Node | None, Node]] = [(first_child(s, "expression"), seqs[0])]
        arms += [(first_child(i, "expression"), first_child(i, "sequence_of_statements"))
                 for i in s.named_children if i.type == "elsif_statement_item"]
        has_else = any(c.type == "else" for c in s.children)
        if has_else:
            arms.append((None, seqs[-1]))
        out: list[State] = []
        rest: State | None = st
        for cond, seq in arms:
            if rest is None:
                break
            taken = rest if cond is None else self._refine(cond, rest, True)
            if taken is not None:
                out += self._run(_statements(seq), [taken])
            rest = None if cond is None else self._refine(cond, rest, False)
        if rest is not None and not has_else:
            out.append(rest)
        return out

    def _after_inner(self, inner: Node, st: State) -> State:
        """What a nested loop leaves: a local it assigns is unknown, unless every
        assignment steps it one way by a positive literal (its bound on the other
        side holds)."""
        signs: dict[str, set[str]] = {}
        for a in walk(inner):
            name = text(a.named_children[0]).lower() if a.type == "assignment_statement" \
                else None
            if name in self.ev.locals:
                rhs = " ".join(text(a.named_children[1]).lower().split())
                m = re.fullmatch(re.escape(name) + r" ?([-+]) ?[1-9][0-9_]*", rhs)
                signs.setdefault(name, set()).add(m.group(1) if m else "?")
        out = dict(st)
        for name, s in signs.items():
            v = st[name]
            out[name] = Val(v.base, v.lo, INF) if s == {"+"} else \
                Val(v.base, -INF, v.hi) if s == {"-"} else UNKNOWN
        return out

    def _decide(self, rel: tuple[list[Node], str, list[Node]], st: State) -> bool | None:
        left, op, right = rel
        d = _minus(self.ev.parts(left, st), self.ev.parts(right, st))
        if d.base != "" or op in ("=", "/="):
            return None
        if op in (">", ">="):
            d, op = Val("", -d.hi, -d.lo), MIRROR[op]
        if op == "<":
            return True if d.hi < 0 else False if d.lo >= 0 else None
        return True if d.hi <= 0 else False if d.lo > 0 else None

    def _refine(self, cond: Node, st: State, truth: bool) -> State | None:
        """The state where ``cond`` has ``truth``; None where it cannot have it."""
        rel = _relation(cond)
        if rel is None:
            return st
        decided = self._decide(rel, st)
        if decided is not None:
            return st if decided == truth else None
        left, op, right = rel
        op = op if truth else FLIP[op]
        out = dict(st)
        for mine, other, o in ((left, right, op), (right, left, MIRROR[op])):
            ident = _name(mine)
            name = text(ident).lower() if ident is not None else None
            if name not in self.ev.locals:
                continue
            v, w = out[name], self.ev.parts(other, out)
            if v.base != w.base:
                continue
            lo, hi = v.lo, v.hi
            if o in ("<", "<=", "="):
                hi = min(hi, w.hi - (o == "<"))
            if o in (">", ">=", "="):
                lo = max(lo, w.lo + (o == ">"))
            if lo > hi:
                return None
            out[name] = Val(v.base, lo, hi)
        return out


# -- names --------------------------------------------------------------------------
def _name(parts: list[Node]) -> Node | None:
    """The identifier a simple expression is, if it is one."""
    if len(parts) != 1 or parts[0].type != "term":
        return None
    kids = [c for c in parts[0].children if c.type != "comment"]
    return kids[0] if len(kids) == 1 and kids[0].type == "identifier" else None


def _relation(cond: Node) -> tuple[list[Node], str, list[Node]] | None:
    """``left op right`` of a condition that is one relation (maybe parenthesised)."""
    parts = [c for c in cond.children if c.type != "comment"]
    while len(parts) == 1 and parts[0].type == "term":
        kids = [c for c in parts[0].children if c.type != "comment"]
        if len(kids) != 3 or kids[0].type != "(" or kids[1].type != "expression":
            return None
        parts = [c for c in kids[1].children if c.type != "comment"]
    ops = [i for i, p in enumerate(parts) if p.type == "relational_operator"]
    if len(ops) != 1 or any(p.type in ("and", "or", "xor", "then", "else", "not", "in")
                            for p in parts):
        return None
    i = ops[0]
    return parts[:i], text(parts[i]).strip(), parts[i + 1:]


def _norm(n: Node) -> str:
    return " ".join(text(n).lower().split())


def _integer_local(ws: Workspace, fu: FileUnit, unit: Node, ident: Node) -> bool:
    """Is it a signed integer variable or constant declared in the unit?"""
    ent = entity_at(ws, fu, ident)
    decl = declaration_of(ws, ent) if ent is not None and ent.kind == "i" else None
    return decl is not None and decl[0] is fu and \
        unit.start_byte <= decl[1].start_byte < unit.end_byte


def _inside(fu: FileUnit, node: Node, line: int, col: int) -> bool:
    off = fu.offset_of_gnat(line, col)
    return off is not None and node.start_byte <= off < node.end_byte


def _changed_otherwise(ws: Workspace, fu: FileUnit, ident: Node, unit: Node) -> bool:
    """Does GNAT list a change of the object in the unit other than as the target of
    an assignment statement (an out actual), does a subunit name it (its changes
    are in another file), or does a renaming or a generic instantiation (an in out
    formal object renames its actual) name it?"""
    ent = entity_at(ws, fu, ident)
    if ent is None:
        return True
    for r in ent.refs:
        if r.file != fu.base:
            return True
        if r.kind != "m" or not _inside(fu, unit, r.line, r.col):
            continue
        target = fu.ident_at_gnat(r.line, r.col)
        stmt = target.parent if target is not None else None
        if stmt is None or stmt.type != "assignment_statement" or \
                stmt.named_children[0] != target:
            return True
    return aliased(ws, fu, ent, unit)


def aliased(ws: Workspace, fu: FileUnit, ent: Entity, unit: Node) -> bool:
    """May another name change the object: a subunit naming it (a file other than
    the unit's and the declaration's), a renaming or a generic instantiation (an in
    out formal object renames its actual) in the unit naming it?"""
    if any(r.file not in (fu.base, ent.file) for r in ent.refs):
        return True
    return any(n.type in ALIASING and any(
        i.type == "identifier" and entity_at(ws, fu, i) == ent for i in walk(n))
        for n in walk(unit))


def _fixed(ws: Workspace, fu: FileUnit, loop: Node, unit: Node, bound: Node, var: str
           ) -> bool:
    """Does the bound stay put while the loop runs: objects of the unit the loop never
    changes, constants, literals, and their First, Last and Length -- no call, no
    other attribute?"""
    if bound.type != "term":
        return False
    prefixes = set()
    for n in walk(bound):
        if n.type == "selected_component":
            if not _expanded(ws, fu, n):
                return False
            prefixes |= {c.id for c in walk(n.named_children[0])}
        if n.type in ("function_call", "qualified_expression", "slice",
                      "explicit_dereference", "indexed_component"):
            return False
        if n.type == "attribute_designator" and text(n).lower() not in BOUND_ATTRIBUTES:
            return False
        if n.type != "identifier" or n.id in prefixes or \
                (n.parent and n.parent.type == "attribute_designator"):
            continue
        ent = entity_at(ws, fu, n)
        if text(n).lower() == var or ent is None or \
                not (ent.kind.islower() or ent.kind == "N") or \
                ent.kind in CALLABLE or not local_or_constant(ws, fu, unit, ent):
            return False
        if any(r.kind == "m" and r.file == fu.base and _inside(fu, loop, r.line, r.col)
               for r in ent.refs) or aliased(ws, fu, ent, unit):
            return False
    return True


def _expanded(ws: Workspace, fu: FileUnit, sel: Node) -> bool:
    """Is ``P.X`` an expanded name: its prefix names packages only (``Config.Max``,
    ``Outer.Inner.Max``)?  Its selector is then judged as a direct name would be."""
    prefix = sel.named_children[0] if sel.named_children else None
    while prefix is not None and prefix.type == "selected_component":
        if not _package(ws, fu, prefix.named_children[-1]):
            return False
        prefix = prefix.named_children[0]
    return prefix is not None and _package(ws, fu, prefix)


def _package(ws: Workspace, fu: FileUnit, name: Node) -> bool:
    ent = entity_at(ws, fu, name) if name.type == "identifier" else None
    return ent is not None and ent.kind in PACKAGES


def _tracked(ws: Workspace, fu: FileUnit, loop: Node, unit: Node) -> dict[str, Node]:
    """The unit's integer locals the loop names, each by one of its identifiers; a
    local changed other than by assignment leaves the loop unproved."""
    out: dict[str, Node] = {}
    for n in walk(loop):
        name = text(n).lower() if n.type == "identifier" else None
        if name is None or (n.parent and n.parent.type == "attribute_designator"):
            continue
        if name in out:
            # values are kept by name: a second integer object of that name (a
            # block's, in a nested loop) would read as the first one
            other = entity_at(ws, fu, n)
            if other is not None and other.kind == "i" and other != entity_at(ws, fu, out[name]) \
                    and not _formal_name(n):
                raise Unmodelled(n)
            continue
        if _integer_local(ws, fu, unit, n):
            if _changed_otherwise(ws, fu, n, unit):
                raise Unmodelled(n)
            out[name] = n
    return out


def _formal_name(ident: Node) -> bool:
    """Is the identifier the formal's name in a named association (``Width => W``)?"""
    choices = ident.parent
    return choices is not None and choices.type == "component_choice_list" and \
        choices.parent is not None and choices.parent.type == "parameter_association"


def _start(ws: Workspace, fu: FileUnit, ident: Node) -> Val:
    """Where a local may stand when a pass begins: the hull of its initial value and
    every value the unit assigns it, where each is static; else unknown."""
    ent = entity_at(ws, fu, ident)
    decl = declaration_of(ws, ent) if ent is not None else None
    init = _initial(decl[1]) if decl is not None else None
    if init is None:
        return UNKNOWN
    static = _Eval(ws, fu, frozenset(), "\0", 0)
    vals = [static.expr(init, {})]
    for r in ent.refs:
        if r.kind == "m" and r.file == fu.base:
            target = fu.ident_at_gnat(r.line, r.col)
            stmt = target.parent if target is not None else None
            if stmt is None or stmt.type != "assignment_statement":
                return UNKNOWN
            vals.append(static.expr(stmt.named_children[1], {}))
    return _hull(vals)


def _initial(decl: Node) -> Node | None:
    """The initial value of an object or number declaration."""
    after = False
    for c in decl.children:
        if c.type == ":=":
            after = True
        elif after and c.type == "expression":
            return c
    return None


def _declared(ws: Workspace, fu: FileUnit, ident: Node, depth: int) -> Val:
    """A constant's value, or the range of a variable's subtype, where each is
    static; else unknown."""
    ent = entity_at(ws, fu, ident) if depth <= MAX_DEPTH else None
    decl = declaration_of(ws, ent) if ent is not None and ent.kind in NUMBERS else None
    if decl is None:
        return UNKNOWN
    dfu, d = decl
    static = _Eval(ws, dfu, frozenset(), "\0", depth)
    init = _initial(d)
    if d.type == "number_declaration" or any(c.type == "constant" for c in d.children):
        return static.expr(init, {}) if init is not None else UNKNOWN
    constraint = first_child(d, "range_constraint")
    rng = first_child(constraint, "range_g") if constraint is not None else None
    ends_ = [c for c in rng.named_children if c.type != "comment"] if rng else []
    if init is None or len(ends_) != 2:
        return UNKNOWN
    lo, hi = static.expr(ends_[0], {}), static.expr(ends_[1], {})
    return UNKNOWN if lo.base or hi.base else Val("", lo.lo, hi.hi)
