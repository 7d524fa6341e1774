"""The workers' side of calling-server elimination: accepts become calls.

``accept Start (Id : in Integer) do Me := Id; end Start;`` becomes

    declare
       Id : Integer;
    begin
       Setup.Start (Id);
       Me := Id;
    end;

The accept body now runs after the call has returned.  That is only
invisible if the body keeps to the worker's own variables, so anything else
is refused.  If the body may raise (a constraint check), the server must not
go on before it is done: in the original the exception would have reached
the server too (RM 9.5.2(24)), before it ran another statement.  So the
object holds (``Handing``) until the worker calls ``Resume`` after the body,
or ``Abandon`` from a handler around it, which ends the server (or runs its
exception handler with the occurrence) before the worker re-raises.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...frontend.body_structure import family_index
from ...frontend.structure import own_nodes
from ...frontend.syntax import Node, first_child, text
from ..common.fragments import STEP, Source
from ..common.refusals import ShapeError

SAFE_STATEMENTS = ("assignment_statement", "null_statement", "comment")


def check_accept(acc: Node, worker_body: Node, locals_: dict[str, str],
                 call_locs: list[int], worker: str) -> None:
    """Refuse accepts whose meaning would change once they no longer hold the server.
    ``worker``: the accepting task's name -- the refusal is the calling server's, at a
    place in the worker's body, so each message says whose accept it is."""
    whose = f"{worker}'s accept body (the worker's)"
    p = acc.parent
    while p is not None and p != worker_body:
        if p.type in ("select_statement", "selective_accept"):
            raise ShapeError(acc, f"{worker}'s accept (the worker's) is an alternative of "
                                  "a select: the worker would have to choose before it "
                                  "knows who calls")
        if p.type == "accept_statement":
            raise ShapeError(acc, f"{worker}'s accept (the worker's) is nested in another "
                                  "accept")
        p = p.parent
    if family_index(acc) is not None:
        raise ShapeError(acc, f"{worker}'s accept (the worker's) is of an entry family "
                              "member")
    hss = first_child(acc, "handled_sequence_of_statements")
    if hss is None:
        return
    if any(c.type == "exception_handler" for c in own_nodes(hss)):
        raise ShapeError(hss, f"an exception handler in {whose}")
    for s in first_child(hss, "sequence_of_statements").named_children:
        if s.type not in SAFE_STATEMENTS:
            raise ShapeError(s, f"{whose} does more than store what it receives: once "
                                "the server is a protected object it would run after the "
                                "server has moved on, where the original server waited for it")
        if s.type == "assignment_statement":
            root = s.named_children[0]
            while root.type != "identifier" and root.named_children:
                root = root.named_children[0]
            if text(root).lower() not in locals_:
                raise ShapeError(root, f"{whose} assigns {text(root)}, which is not "
                                       "a variable of the worker: the server could see the "
                                       "change later than it did")
    if any(hss.start_byte <= off < hss.end_byte for off in call_locs):
        raise ShapeError(hss, f"{whose} calls a subprogram: once the server is a "
                              "protected object it would run after the server has moved on")


def cannot_raise(src: Source, acc: Node, locals_: dict[str, str], params: dict[str, str]) -> bool:
    """Only ``Local := Param;`` of the same subtype, as written: no check can fail."""
    hss = first_child(acc, "handled_sequence_of_statements")
    if hss is None:
        return True
    for s in first_child(hss, "sequence_of_statements").named_children:
        if s.type in ("comment", "null_statement"):
            continue
        target, value = s.named_children[0], s.named_children[-1]
        name = src.one_line(value).lower()
        if target.type != "identifier" or name not in params:
            return False
        if _norm(locals_.get(text(target).lower(), "?")) != _norm(params[name]):
            return False
    return True


def _norm(subtype: str) -> str:
    return " ".join(subtype.lower().split())


@dataclass(frozen=True)
class HandOver:
    """A worker's accept body that may raise: the server waits for it, as in the
    rendezvous, until the worker calls ``resume`` (done) or ``abandon`` (it raised:
    the server received the exception too)."""
    resume: str
    abandon: str | None          # None for an accept of this entry that cannot raise
    error: str | None            # the choice parameter passed to abandon, if it takes one


def call_block(src: Source, acc: Node, params: list[tuple[list[str], str]], call: str,
               hand_over: HandOver | None) -> str:
    """The text that replaces ``acc``, starting at its column."""
    args = [n for names, _t in params for n in names]
    call_stmt = call + (f" ({', '.join(args)})" if args else "") + ";"
    hss = first_child(acc, "handled_sequence_of_statements")
    resume = [f"{hand_over.resume};"] if hand_over else []
    if not params and hss is None and not resume:
        return call_stmt
    out = ["declare"] if params else []
    out += [f"{STEP}{', '.join(names)} : {subtype};" for names, subtype in params]
    out += ["begin", STEP + call_stmt]
    abandon = hand_over.abandon if hand_over else None
    if hss is not None:
        seq = first_child(hss, "sequence_of_statements")
        body = src.block(seq.start_byte, seq.end_byte, STEP * (2 if abandon else 1))
        body = body.split("\n")
        if abandon:
            error = hand_over.error
            out += [STEP + "begin"] + body + [STEP + "exception",
                    STEP * 2 + (f"when {error} : others =>" if error else "when others =>"),
                    STEP * 3 + "--  the server received this exception too",
                    STEP * 3 + f"{abandon}{f' ({error})' if error else ''};",
                    STEP * 3 + "raise;", STEP + "end;"]
        else:
            out += body
    out += [STEP + r for r in resume]
    out.append("end;")
    col = src.column(acc.start_byte)
    return "\n".join(out[:1] + [" " * col + ln if ln.strip() else "" for ln in out[1:]])
