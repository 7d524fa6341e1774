"""A calling server's own entries (a mixed task): its accepts become stops too.

A task that hands out work may also accept entries outside loops, e.g.
``accept Start (N : Positive) do Count := N; end Start;`` before its hand-out
loop.  In the object, such an accept is a stop like a call: ``Stage := k;
return;``.  The task's entry stays an entry of the object, with the profile
as declared, so its callers keep their code; its barrier is open at the
stages of its accepts, and its body runs the accept body and then, as the
task would have, the server's statements up to its next stop (``Advance``).

What the caller could observe is kept: it waits until the server stands at
the accept (the barrier), an exception in the accept body reaches the caller
and ends the server (or runs its handler), and once the server has ended
(``Stage = Done``), callers waiting or coming later get Tasking_Error, as
callers of a completed task do (RM 9.5.3).  Not started, the
first caller runs the statements before the server's first stop and is
requeued, as for the workers' entries.

Refused: families and overloads, an accept in a ``select`` or in another
accept, a ``requeue`` or entry call in the accept body (the call would be a
stop inside a protected entry body, which cannot wait), and ``'Count``,
``'Caller`` or ``Current_Task`` in the server (their answers differ once the
callers queue on the object).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...frontend.body_structure import own_nodes
from ...frontend.decls import formals
from ...frontend.syntax import Node, entry_name, first_child, text
from ..common.fragments import STEP, Source, Sub
from ..common.refusals import ShapeError
from . import worker as worker
from ..common.fragments import param_parts
from .ending import Ending
from .flow import DONE, NOT_STARTED



@dataclass(eq=False)
class Accepted:
    """One entry of the server itself, and its accepts in the server's body."""
    name: str
    decl: Node                          # the entry_declaration in the task's spec
    accepts: list[Node] = field(default_factory=list)
    identity: bool = False              # never: its callers are whoever calls


def collect(model, task, decl: Node, body: Node, calls: list[Node]) -> list[Accepted]:
    """The server's entries and their accepts; ShapeError on what cannot be kept.
    ``calls``: the server's entry call statements (they become stops)."""
    found: list[Accepted] = []
    kinds = {t.qualified_name: t.classification.kind for t in model.tasks}
    for e in task.entries:
        same = [x for x in task.entries if x.name.lower() == e.name.lower()]
        node = next(d for d in own_nodes(decl) if d.type == "entry_declaration"
                    and text(entry_name(d)).lower() == e.name.lower())
        if e.family is not None:
            raise ShapeError(node, f"{task.name}.{e.name} is an entry family")
        if len(same) > 1:
            raise ShapeError(node, f"{task.name}.{e.name} is overloaded: the scheme finds its "
                                   "accepts by name")
        boss = next((c.caller_task for c in e.calls
                     if kinds.get(c.caller_task) == "calling_server"), None)
        if boss is not None:
            raise ShapeError(node, _handed_work(model, task, boss, e.name))
        found.append(Accepted(e.name, node))
    by_name = {a.name.lower(): a for a in found}
    for n in own_nodes(body):
        if n.type == "accept_statement":
            entry = by_name.get(text(n.named_children[0]).lower())
            if entry is not None:
                _check(n, body, calls, task.name)
                entry.accepts.append(n)
        elif n.type == "attribute_designator" and text(n).lower() in ("count", "caller") \
                and found:
            raise ShapeError(n.parent, f"'{text(n)} in {task.name}, which also accepts "
                                       "entries: its callers queue on the object now")
        elif n.type == "identifier" and text(n).lower() == "current_task" and found:
            raise ShapeError(n, f"Current_Task in {task.name}, which also accepts entries: "
                                "in the object its accept bodies run in their callers")
    return found


def _handed_work(model, task, boss: str, entry: str) -> str:
    """Why ``task``, whose ``entry`` the calling server ``boss`` calls, stays a task.
    Said as a condition: whether ``boss`` is translated is decided on its own, and
    where ``task`` calls ``boss``'s entries too, neither is."""
    name = boss.rsplit(".", 1)[-1]
    why = (f"{name}, a calling server too, hands work to {task.name} through {entry}: "
           f"translating {name} would turn {task.name}'s accept into a call, so "
           f"{task.name} stays a task")
    other = next((t for t in model.tasks if t.qualified_name == boss), None)
    mutual = other is not None and any(c.caller_task == task.qualified_name
                                       for e in other.entries for c in e.calls)
    if mutual:
        why += (f"; {task.name} calls {name}'s entries too, so {name} stays a task for the "
                "same reason, and neither of the two is translated by this scheme")
    return why


def _check(acc: Node, body: Node, calls: list[Node], server: str) -> None:
    p = acc.parent
    while p is not None and p != body:
        if p.type in ("select_statement", "selective_accept"):
            raise ShapeError(acc, f"an accept in a select statement of {server}, which also "
                                  "hands out work: the object would have to offer several "
                                  "stops at once")
        if p.type == "accept_statement":
            raise ShapeError(acc, "an accept nested in another accept")
        if p.type == "exception_handler":
            raise ShapeError(acc, f"an accept in {server}'s exception handler")
        p = p.parent
    hss = first_child(acc, "handled_sequence_of_statements")
    if hss is None:
        return
    for n in own_nodes(hss):
        if n.type == "requeue_statement":
            raise ShapeError(n, "a requeue in an accept body of a task that also hands out "
                                "work")
    inner = next((c for c in calls if hss.start_byte <= c.start_byte < hss.end_byte), None)
    if inner is not None:
        raise ShapeError(inner, f"an entry call inside an accept body of {server}: the "
                                "object would have to hold its caller while it waits for "
                                "the callee")


@dataclass(frozen=True)
class Names:
    stage: str
    advance: str
    wake: str | None            # the identity scheme's Wake, if any worker keeps identity
    accepted: str = "Accepted"  # a label after an accept body its returns jump to


def spec_lines(src: Source, a: Accepted) -> list[str]:
    """The entry as the task declared it."""
    return src.block(a.decl.start_byte, a.decl.end_byte, "").split("\n")


def body_lines(src: Source, a: Accepted, stages: list[int], names: Names, ending: Ending,
               server_locals: dict[str, str]) -> list[str]:
    """The entry body: wait for the server at one of its accepts, run the accept body
    and the server's next statements."""
    formal = first_child(a.decl, "formal_part")
    profile = f" {src.one_line(formal)}" if formal is not None else ""
    choices = " | ".join(str(k) for k in [NOT_STARTED, DONE] + stages)
    wake = [f"{names.wake};"] if names.wake else []
    lines = [f"entry {a.name}{profile}", f"  when {names.stage} in {choices}", "is", "begin",
             f"if {names.stage} = {DONE} then",
             STEP + "raise Tasking_Error;  --  the task has ended",
             f"elsif {names.stage} = {NOT_STARTED} then",
             STEP + f"{names.advance};"] + [STEP + w for w in wake] + [
             STEP + f"requeue {a.name} with abort;", "end if;"]
    lines = lines[:4] + [STEP + ln for ln in lines[4:]]
    bodies = [_accept_body(src, acc, ending, server_locals,
                           names.accepted + (f"_{k}" if len(a.accepts) > 1 else ""))
              for k, acc in enumerate(a.accepts, 1)]
    if len(set(map(tuple, bodies))) == 1:
        lines += [STEP + ln if ln else "" for ln in bodies[0]]
    else:
        lines.append(STEP + f"case {names.stage} is")
        for k, b in zip(stages, bodies):
            lines.append(STEP * 2 + f"when {k} =>")
            lines += [STEP * 3 + ln if ln else "" for ln in (b or ["null;"])]
        lines += [STEP * 2 + "when others =>", STEP * 3 + "null;", STEP + "end case;"]
    lines += [STEP + f"{names.advance};"] + [STEP + w for w in wake] + [f"end {a.name};"]
    return lines


def _accept_body(src: Source, acc: Node, ending: Ending,
                 server_locals: dict[str, str], label: str) -> list[str]:
    """The accept body's statements for the entry body.  A return in it ends the
    rendezvous only: a jump past them to ``label``, where the server's next
    statements follow (Advance)."""
    hss = first_child(acc, "handled_sequence_of_statements")
    if hss is None:
        return []
    returns = [n for n in own_nodes(hss)
               if n.type in ("simple_return_statement", "extended_return_statement")]
    if not returns:
        return _copied(src, acc, hss, ending, server_locals, [])
    subs = [Sub(r.start_byte, r.end_byte, f"goto {label};") for r in returns]
    return _copied(src, acc, hss, ending, server_locals, subs) + [f"<<{label}>>"]


def _copied(src: Source, acc: Node, hss: Node, ending: Ending,
            server_locals: dict[str, str], subs: list[Sub]) -> list[str]:
    formal = first_child(acc, "formal_part")
    params = {}
    if formal is not None:
        for f in formals(formal):
            names_, _mode, subtype = param_parts(src, f)
            params.update({n.lower(): subtype for n in names_})
    has_handler = any(c.type == "exception_handler" for c in hss.named_children)
    stmts = first_child(hss, "sequence_of_statements")
    if not has_handler:
        copied = src.block(stmts.start_byte, stmts.end_byte, "", subs).split("\n")
    else:
        copied = ["begin"] + src.block(hss.start_byte, hss.end_byte, STEP,
                                       subs).split("\n") + ["end;"]
    known = {**server_locals, **params}           # a parameter hides a variable
    plain = not subs and all(c.type in worker.SAFE_STATEMENTS for c in stmts.named_children)
    if not has_handler and plain and worker.cannot_raise(src, acc, known, known):
        return copied
    return (["begin"] + [STEP + ln if ln else "" for ln in copied]
            + ending.accept_part() + ["end;"])
