"""What the translation keeps that the hand-written version does not, read
from the two versions' sources.

The bench compares the servers version with the protected objects an Ada
programmer writes.  Where it is slower, the reason is in the translated
protected objects: an entry where the programmer wrote a procedure (and its
barrier, which says why a caller may have to wait), an entry the programmer
did not need (and the scheme's comment saying what waits there), a requeue,
a test that the task has ended, a handler around code that can raise (and
what in it can raise), a state component the barriers read.  Each is found
here by reading both versions' protected objects with tree-sitter, so the
report's explanation follows the translation the bench just made, not a
table written beside it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..frontend.sources import load
from ..frontend.syntax import Node, one_line, parse, text, walk

# What each kind of cost is, in the order the report lists them.
KINDS = {"entry": "entries where the hand-written version has a procedure or nothing",
         "requeue": "requeues the hand-written version does not make",
         "ended": "tests that the task has ended",
         "handler": "handlers around code that can raise",
         "state": "state components the barriers read"}
_ARITHMETIC = {"binary_adding_operator", "multiplying_operator", "exponentiation_operator",
               "unary_adding_operator"}


@dataclass(frozen=True)
class Operation:
    kind: str                                   # entry, procedure or function
    barrier: str = ""                           # an entry's barrier, as written
    requeues: tuple[str, ...] = ()              # targets of its requeue statements
    ended_test: bool = False                    # raises Tasking_Error when the task has ended
    guarded: tuple[tuple[str, str], ...] = ()   # (statement, what can raise) under a handler


@dataclass(frozen=True)
class Shape:
    """One protected object: its operations and the comments on its private
    declarations (the scheme's notes on what each is for)."""
    operations: dict[str, Operation] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)       # declared name -> comment
    components: frozenset[str] = frozenset()
    spelled: dict[str, str] = field(default_factory=dict)     # lower case -> as written


@dataclass(frozen=True)
class Cost:
    kind: str               # entry, requeue, ended, handler or state (KINDS)
    obj: str
    construct: str          # what the translation has and the hand-written version not
    why: str                # why the translation keeps it

    def to_json(self) -> dict:
        return {"kind": self.kind, "object": self.obj, "construct": self.construct,
                "why": self.why}


def shapes(src: Path) -> dict[str, Shape]:
    """The protected objects of the Ada sources in ``src``, by lower-case name."""
    specs: dict[str, Node] = {}
    bodies: dict[str, Node] = {}
    for path in sorted(src.rglob("*.ad[sb]")):
        source, _ = load(path)
        if source is None:
            continue          # not text the front end reads: no protected object to compare
        root = parse(source).root_node
        for node in walk(root):
            if node.type in ("single_protected_declaration", "protected_type_declaration"):
                specs[_name(node)] = node
            elif node.type == "protected_body":
                bodies[_name(node)] = node
    return {name: Shape(_operations(body), *_private(specs.get(name)),
                        _spelling(body, specs.get(name)))
            for name, body in bodies.items()}


def _spelling(*nodes: Node | None) -> dict[str, str]:
    return {text(i).lower(): text(i) for n in nodes if n is not None
            for i in walk(n) if i.type == "identifier"}


def explain(servers: Path, hand: Path) -> list[Cost]:
    """Every construct of the servers version's protected objects that the
    hand-written version's object of the same name does without, and why the
    translation keeps it."""
    mine, theirs = shapes(servers), shapes(hand)
    out: list[Cost] = []
    for name, shape in mine.items():
        other = theirs.get(name, Shape())
        obj = _shown(shape, name)
        for op_name, op in shape.operations.items():
            out += _operation_costs(obj, op_name, op, shape, other)
        out += _state_costs(obj, shape, other)
    return out


def _operation_costs(obj: str, name: str, op: Operation, shape: Shape,
                     other: Shape) -> list[Cost]:
    theirs = other.operations.get(name.lower())
    label = f"{obj}.{_shown(shape, name)}"
    out = []
    if op.kind == "entry" and (theirs is None or theirs.kind != "entry"):
        was = f"a {theirs.kind}" if theirs else "no such operation"
        out.append(Cost("entry", obj, f"`{label}` is an entry (hand-written: {was})",
                        _why_entry(name, op, shape)))
    extra = [t for t in op.requeues if theirs is None or t not in theirs.requeues]
    for target in dict.fromkeys(extra):
        out.append(Cost("requeue", obj, f"`requeue {target}` in `{label}`",
                        _why_requeue(target, shape)))
    if op.ended_test and not (theirs and theirs.ended_test):
        out.append(Cost("ended", obj, f"a test that the task has ended in `{label}`",
                        "the task's code can raise (handlers below), and an exception "
                        "ends the task: every later call must raise Tasking_Error, as a "
                        "call of an ended task does"))
    mine_guarded = {s for s, _ in theirs.guarded} if theirs else set()
    for stmt, what in dict.fromkeys(op.guarded):
        if stmt not in mine_guarded:
            out.append(Cost("handler", obj, f"a handler around `{stmt}` in `{label}`",
                            f"{what}; an exception there would end the task, which "
                            "later calls must see"))
    return out


def _why_entry(name: str, op: Operation, shape: Shape) -> str:
    reasons = []
    if not _always_open(op.barrier):
        reasons.append(f"its barrier `{op.barrier}` can be closed, and a caller must "
                       "then wait, which a procedure cannot")
    callers = [o for o, other in shape.operations.items()
               if any(t.lower() == name.lower() for t in other.requeues)]
    if callers:
        reasons.append("calls are requeued to it from "
                       + ", ".join(f"`{_shown(shape, c)}`" for c in callers))
    note = shape.notes.get(name.lower())
    if note:
        reasons.append(f"the scheme's note: \"{note}\"")
    if not reasons:
        reasons.append("a caller could tell an entry from a procedure (a conditional or "
                       "timed call, a requeue, 'Count, or a call inside a protected "
                       "action: docs/accepting-server.md)")
    return "; ".join(reasons)


def _why_requeue(target: str, shape: Shape) -> str:
    op = shape.operations.get(target.lower())
    if op is None:
        return "the call goes on waiting elsewhere, as the task's code made it wait"
    note = shape.notes.get(target.lower())
    why = f"the call waits in `{target}` (barrier `{op.barrier}`)"
    return why + (f": \"{note}\"" if note else "") + ", where the task's code made it wait"


def _state_costs(obj: str, shape: Shape, other: Shape) -> list[Cost]:
    """Components the translation's barriers read and the hand-written object
    does not declare: the task's place in its code, or whether it has ended."""
    read = set()
    for op in shape.operations.values():
        read |= set(re.findall(r"[A-Za-z]\w*", op.barrier.lower()))
    out = []
    for comp in sorted((read & shape.components) - other.components):
        note = shape.notes.get(comp) or "state the task's code needs"
        out.append(Cost("state", obj, f"component `{_shown(shape, comp)}` in the barriers",
                        f"the scheme's note: \"{note}\""))
    return out


def _always_open(barrier: str) -> bool:
    return barrier.strip().lower() in ("", "true")


# -- reading the trees ---------------------------------------------------------------

def _name(node: Node) -> str:
    ident = next((c for c in node.named_children if c.type == "identifier"), None)
    return text(ident).lower() if ident is not None else ""


def _shown(shape: Shape, name: str) -> str:
    return shape.spelled.get(name, name)


def _operations(body: Node) -> dict[str, Operation]:
    out = {}
    for node in body.named_children:
        if node.type == "entry_body":
            out[_name(node)] = _operation(node, "entry")
        elif node.type == "subprogram_body":
            spec = node.named_children[0]
            kind = "function" if spec.type == "function_specification" else "procedure"
            out[_name(spec)] = _operation(node, kind)
    return out


def _operation(node: Node, kind: str) -> Operation:
    barrier = next((c for c in node.named_children if c.type == "entry_barrier"), None)
    cond = "" if barrier is None else one_line(barrier)[len("when "):]
    requeues = tuple(_requeue_target(n) for n in walk(node) if n.type == "requeue_statement")
    ended = any(n.type == "if_statement" and _raises_tasking_error(n) for n in walk(node))
    guarded = tuple(g for block in walk(node)
                    if block.type == "handled_sequence_of_statements"
                    and block.parent is not None and block.parent.type == "block_statement"
                    and _handles_others(block)
                    for g in _raising(_statements(block)))
    return Operation(kind, cond, requeues, ended, guarded)


def _requeue_target(node: Node) -> str:
    """The entry a requeue goes to, without a family index."""
    target = one_line(node)[len("requeue "):]
    return re.split(r"\s*[(;]|\s+with\b", target)[0]


def _raises_tasking_error(node: Node) -> bool:
    body = next((c for c in node.named_children if c.type == "sequence_of_statements"), None)
    return body is not None and any(
        s.type == "raise_statement" and "tasking_error" in text(s).lower()
        for s in body.named_children)


def _handles_others(block: Node) -> bool:
    return any(h.type == "exception_handler" and "others" in text(h).split("=>")[0].lower()
               for h in block.named_children)


def _statements(block: Node) -> list[Node]:
    seq = next((c for c in block.named_children if c.type == "sequence_of_statements"), None)
    return [s for s in seq.named_children if s.type != "comment"] if seq else []


def _raising(stmts: list[Node]) -> list[tuple[str, str]]:
    """The statements of a handled block that can raise, with what in them can;
    when none shows it by its form (arithmetic, an index or call), the block's
    statements: a check the analysis could not rule out is in one of them."""
    found = [(_flat(s), why) for s in stmts if (why := _can_raise(s))]
    if found or not stmts:
        return found
    return [("; ".join(_flat(s).rstrip(";") for s in stmts) + ";",
             "none of these has arithmetic, an index or a call: a handler the analysis "
             "could not rule out (a range, length or discriminant check?)")]


def _can_raise(stmt: Node) -> str:
    """What in ``stmt`` can raise, as the kinds of its nodes say ('' when nothing
    shows)."""
    kinds = {n.type for n in walk(stmt)}
    if kinds & _ARITHMETIC:
        return "arithmetic the operands' subtypes do not keep in range (overflow or " \
               "range check)"
    if "function_call" in kinds:
        return "an index or a call (index check, or the callee raising)"
    if "procedure_call_statement" in kinds:
        return "a call of code that can raise"
    return ""


def _flat(node: Node) -> str:
    return one_line(node)


def _private(spec: Node | None) -> tuple[dict[str, str], frozenset[str]]:
    """Comments on the private declarations (a declaration's comment is the run
    of comment lines just before it; the object's opening note, 'Name: ...' or
    'Name is ...', is split by name) and the names of the components."""
    if spec is None:
        return {}, frozenset()
    notes: dict[str, str] = {}
    components: set[str] = set()
    definition = next((c for c in walk(spec) if c.type == "protected_definition"), spec)
    comment: list[str] = []
    for node in definition.named_children:
        if node.type == "comment":
            comment.append(text(node).lstrip("-").strip())
            continue
        names = _declared(node)
        if node.type == "component_declaration":
            components |= set(names)
        said = " ".join(comment)
        for n in names:
            if said:
                notes[n] = _note_for(n, said)
        comment = []
    return notes, frozenset(components)


def _note_for(name: str, said: str) -> str:
    """The sentence of a comment about ``name``: the whole comment unless it is
    the object's opening note, which names each component it explains."""
    found = re.search(rf"\b(?i:{re.escape(name)})(?::| is)\s.*?(?=\s[A-Z]\w*(?::| is)\s|$)",
                      said)
    return found.group(0).strip() if found else said


def _declared(node: Node) -> list[str]:
    if node.type == "component_declaration":
        names = []
        for c in node.named_children:
            if c.type != "identifier":
                break
            names.append(text(c).lower())
        return names
    if node.type in ("entry_declaration", "subprogram_declaration"):
        return [_name(node) or _name(node.named_children[0])]
    return []


def added_objects(mine: Path, before: Path) -> list[dict]:
    """The protected objects of ``mine`` that ``before`` does not have, with their
    entries and protected subprograms: the protocol a scheme added."""
    old = shapes(before)
    return [{"object": _shown(shape, name),
             "entries": [_shown(shape, o) for o, op in shape.operations.items()
                         if op.kind == "entry"],
             "subprograms": [_shown(shape, o) for o, op in shape.operations.items()
                             if op.kind != "entry"]}
            for name, shape in shapes(mine).items() if name not in old]
