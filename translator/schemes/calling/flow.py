"""The calling server's statements as a resumable procedure (paper Figure 6).

A protected entry cannot hold a loop that waits for its callers, so the
server's statements are flattened into one procedure, ``Advance``, that runs
from where the server stood to its next entry call and returns.  Every call
is a stop: ``Stage := k; return; <<Resume_k>>``.  Loops become labels and
gotos over private components (the paper's ``for`` to ``exit when``
transformation): a ``for`` loop's parameter becomes a component of the base
type, with a second component for the bound, evaluated once as Ada does.
Statements without calls are copied as they are; an ``exit`` from a
flattened loop becomes a ``goto`` to its end.

Gotos are legal here because every label sits in the procedure's own
sequence of statements (RM 5.8(4)): nothing is jumped into.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ...frontend.structure import own_nodes
from ...frontend.syntax import Node, construct_name, first_child, squeeze, text
from ..common.fragments import STEP, Source, Sub
from ..common.refusals import ShapeError

NOT_STARTED = 0
DONE = -1
# a call on a worker's entry, or an accept of one of the server's own entries
STOP_TYPES = ("procedure_call_statement", "accept_statement")


@dataclass
class Stop:
    stage: int
    call: Node                # the procedure_call_statement
    entry: object             # the scheme's key for the called entry
    label: str = ""


@dataclass
class LoopVar:
    name: str
    type: str                 # the loop parameter's type, as it can be named
    bound: str                # the component holding the other end of the range
    where: str                # "main.adb:45", for the comment


@dataclass
class Flow:
    lines: list[str] = field(default_factory=list)
    stops: list[Stop] = field(default_factory=list)
    loop_vars: list[LoopVar] = field(default_factory=list)
    copies: bool = False      # any of the server's statements or expressions: may raise


class Flattener:
    """``stop_of(stmt)`` names the entry a statement calls, or None."""

    def __init__(self, src: Source, stage: str, stop_of: Callable[[Node], object | None],
                 type_of: Callable[[Node], str], fresh: Callable[[str], str], where):
        self.src, self.stage, self.stop_of, self.type_of = src, stage, stop_of, type_of
        self.fresh, self.where = fresh, where
        self.flow = Flow()
        self.ends: dict[int, str] = {}          # loop node id -> its end label

    def run(self, stmts: list[Node]) -> Flow:
        self._seq(stmts, "")
        self.flow.lines.append(f"{self.stage} := {DONE};")
        return self.flow

    def _emit(self, indent: str, line: str) -> None:
        self.flow.lines.append(indent + line)

    def _has_stop(self, node: Node) -> bool:
        return self.stop_of(node) is not None or any(
            n.type in STOP_TYPES and self.stop_of(n) is not None for n in own_nodes(node))

    def _seq(self, stmts: list[Node], indent: str) -> None:
        for s in stmts:
            if s.type == "comment":
                self._emit(indent, self.src.node(s))
            elif s.type in ("label", "goto_statement"):
                raise ShapeError(s, "a label or goto in the calling server: its statements "
                                    "become a procedure with labels of rdv2po's own")
            elif s.type in STOP_TYPES and self.stop_of(s) is not None:
                self._stop(s, indent)
            elif not self._has_stop(s):
                self._copy(s, indent)
            elif s.type == "loop_statement":
                self._loop(s, indent)
            elif s.type == "if_statement":
                self._if(s, indent)
            else:
                inner = next(n for n in own_nodes(s) if n.type in STOP_TYPES
                             and self.stop_of(n) is not None)
                what = "an accept" if inner.type == "accept_statement" else "an entry call"
                raise ShapeError(s, f"{what} inside {_what(s)}: only loops and if "
                                    "statements around it can become state")

    def _stop(self, call: Node, indent: str) -> None:
        k = len(self.flow.stops) + 1
        label = self.fresh(f"Resume_{k}")
        self.flow.stops.append(Stop(k, call, self.stop_of(call), label))
        self._emit(indent, f"{self.stage} := {k};  --  {stop_text(self.src, call)}")
        self._emit(indent, "return;")
        self._emit(indent, f"<<{label}>>")

    def _copy(self, s: Node, indent: str) -> None:
        if s.type != "comment":
            self.flow.copies = True
        subs = []
        for ex in (n for n in own_nodes(s) if n.type == "exit_statement"):
            target = self._exit_target(ex)
            if target is not None:
                subs.append(Sub(ex.start_byte, ex.end_byte, self._goto(ex, target)))
        if s.type == "exit_statement" and (target := self._exit_target(s)) is not None:
            for ln in self._goto(s, target).split("\n"):
                self._emit(indent, ln)
            return
        for ln in self.src.block(s.start_byte, s.end_byte, "", subs).split("\n"):
            self._emit(indent if ln else "", ln)

    def _exit_target(self, ex: Node) -> str | None:
        """End label of the flattened loop this exit leaves, None for a copied loop."""
        name = first_child(ex, "identifier")
        p = ex.parent
        while p is not None:
            if p.type == "loop_statement":
                label = _loop_name(p)
                if name is None or (label is not None and label == text(name).lower()):
                    return self.ends.get(p.id)
            p = p.parent
        return None

    def _goto(self, ex: Node, label: str) -> str:
        cond = next((c for c in ex.named_children if c.type not in ("identifier", "comment")),
                    None)
        if cond is None:
            return f"goto {label};"
        return f"if {self.src.one_line(cond)} then\n{STEP}goto {label};\nend if;"

    def _loop(self, loop: Node, indent: str) -> None:
        self.flow.copies = True         # a range or condition to evaluate
        k = len(self.ends) + 1
        top, end = self.fresh(f"Loop_{k}"), self.fresh(f"End_Loop_{k}")
        self.ends[loop.id] = end
        scheme = first_child(loop, "iteration_scheme")
        head = self.src.text(loop.start_byte, token(loop, "loop").end_byte)
        self._emit(indent, f"--  {' '.join(head.split())}  ({self.where(loop)})")
        var = None
        if scheme is not None and token(scheme, "for") is not None:
            var = self._for_head(scheme, indent, end)
        self._emit(indent, f"<<{top}>>")
        if scheme is not None and token(scheme, "while") is not None:
            cond = first_child(scheme, "expression")
            self._emit(indent, f"if not ({self.src.one_line(cond)}) then")
            self._emit(indent, f"{STEP}goto {end};")
            self._emit(indent, "end if;")
        self._seq(list(first_child(loop, "sequence_of_statements").named_children),
                  indent + STEP)
        if var is not None:
            name, vtype, bound, reverse = var
            self._emit(indent, f"if {name} = {bound} then")
            self._emit(indent, f"{STEP}goto {end};")
            self._emit(indent, "end if;")
            self._emit(indent, f"{name} := {vtype}'{'Pred' if reverse else 'Succ'} ({name});")
        self._emit(indent, f"goto {top};")
        self._emit(indent, f"<<{end}>>")

    def _for_head(self, scheme: Node, indent: str, end: str):
        spec = first_child(scheme, "loop_parameter_specification")
        ident = first_child(spec, "identifier")
        if ident is None or token(spec, "of") is not None:
            raise ShapeError(spec, "an iterator loop around an entry call")
        name = text(ident)
        vtype = self.type_of(ident)
        reverse = token(spec, "reverse") is not None
        lo, hi = self._bounds(spec)
        known = next((v for v in self.flow.loop_vars if v.name.lower() == name.lower()), None)
        if known is None:
            known = LoopVar(name, vtype, self.fresh(f"{name}_Bound"), self.where(spec))
            self.flow.loop_vars.append(known)
        elif known.type.lower() != vtype.lower():
            raise ShapeError(ident, f"two loops with the parameter {name}, of types "
                                    f"{known.type} and {vtype}: one component cannot hold both")
        first, other, cmp = (hi, lo, "<") if reverse else (lo, hi, ">")
        self._emit(indent, f"{name} := {first};")
        self._emit(indent, f"{known.bound} := {other};")
        self._emit(indent, f"if {name} {cmp} {known.bound} then")
        self._emit(indent, f"{STEP}goto {end};")
        self._emit(indent, "end if;")
        return name, vtype, known.bound, reverse

    def _bounds(self, spec: Node) -> tuple[str, str]:
        # after the loop parameter: a range, or a subtype mark with an optional constraint
        kids = [c for c in spec.named_children if c.type != "comment"][1:]
        constraint = first_child(spec, "range_constraint")
        rng = first_child(constraint, "range_g") if constraint is not None else kids[0]
        if rng.type == "range_g":
            kids = [c for c in rng.children if c.type != "comment"]
            dots = next((i for i, c in enumerate(kids) if c.type == ".."), None)
            if dots is not None:
                lo = self.src.text(kids[0].start_byte, kids[dots - 1].end_byte)
                hi = self.src.text(kids[dots + 1].start_byte, kids[-1].end_byte)
                return squeeze(lo), squeeze(hi)
            attr = first_child(rng, "range_attribute_designator")
            if attr is not None:
                prefix = self.src.text(rng.start_byte, token(rng, "tick").start_byte)
                dim = first_child(attr, "expression")
                arg = f" ({self.src.node(dim)})" if dim is not None else ""
                return f"{prefix.strip()}'First{arg}", f"{prefix.strip()}'Last{arg}"
        if rng.type in ("identifier", "selected_component"):
            mark = self.src.node(rng)
            return f"{mark}'First", f"{mark}'Last"
        raise ShapeError(rng, "a loop range rdv2po cannot split into its bounds")

    def _if(self, node: Node, indent: str) -> None:
        self.flow.copies = True         # its conditions
        k = len(self.ends) + 1
        end = self.fresh(f"End_If_{k}")
        self.ends[node.id] = end       # never an exit target: ids only count
        parts = if_parts(node)
        for cond, stmts in parts:
            if cond is None:
                self._seq(stmts, indent + STEP)
                break
            nxt = self.fresh(f"Else_{k}")
            self._emit(indent, f"if not ({self.src.one_line(cond)}) then")
            self._emit(indent, f"{STEP}goto {nxt};")
            self._emit(indent, "end if;")
            self._seq(stmts, indent + STEP)
            self._emit(indent, f"goto {end};")
            self._emit(indent, f"<<{nxt}>>")
        self._emit(indent, f"<<{end}>>")


def stop_text(src: Source, stop: Node) -> str:
    """A call as written, or ``accept E`` for an accept."""
    if stop.type == "accept_statement":
        return f"accept {text(stop.named_children[0])}"
    return src.one_line(stop).rstrip(";")


def token(node: Node, kind: str) -> Node | None:
    """First child of a kind, anonymous tokens included (first_child sees named ones)."""
    return next((c for c in node.children if c.type == kind), None)


def if_parts(node: Node) -> list[tuple[Node | None, list[Node]]]:
    """(condition, statements) for if, each elsif, and else (condition None)."""
    parts, cond = [], None
    for c in node.children:
        if c.type == "expression":
            cond = c
        elif c.type == "sequence_of_statements":
            parts.append((cond, list(c.named_children)))
            cond = None
        elif c.type == "elsif_statement_item":
            e = first_child(c, "expression")
            parts.append((e, list(first_child(c, "sequence_of_statements").named_children)))
        elif c.type == "else":
            cond = None
    return parts


def _loop_name(loop: Node) -> str | None:
    lab = first_child(loop, "loop_label")
    ident = first_child(lab, "identifier") if lab is not None else None
    return text(ident).lower() if ident is not None else None


def _what(n: Node) -> str:
    return {"case_statement": "a case statement", "block_statement": "a block",
            "select_statement": "a select statement"}.get(n.type, construct_name(n.type))
