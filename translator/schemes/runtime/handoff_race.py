"""Calls the general scheme would hand on in a way GNAT 12 can hang on, refused
when their caller may be cancelling the call at that moment.

GNAT 12 cancels a call -- a timed call whose time-out expired, the call of an
aborted task -- by locking the server the call names (s-taenca.adb,
Lock_Server) and, after a look at the queue, unlocking the server the call
names *then* (Unlock_Server).  A requeue in an accept body changes the
call's server without any lock (s-tpobop.adb, Requeue_Task_To_Protected_Entry
and s-tasren.adb, Requeue_Task_Entry: "the call is not abortable at this
point").  When the two meet, the caller unlocks a protected object it never
locked and keeps the agent's lock for ever: the agent and every later caller
of the task wait on it.  Seen as a hang in about one run in 150 of a program
whose timed callers (1 and 10 microseconds) called the entries of a select
with a terminate alternative, under load; gdb showed the timed caller asleep
holding the agent's mutex.  The general scheme requeues in an agent's accept
body at the Wake accepts of a select with a terminate alternative
(general/agent.py, _wake_select), which the callers of its entries reach.

The object's own ``requeue F with abort`` (an internal requeue with abort in
an accept body) has a bug of its own: made by a proxy, a same-object requeue
with abort of a call whose time-out expired cancels the call without waking
its caller (s-tpobop.adb, Requeue_Call), which then sleeps for ever (7 runs
in 30 of an acceptance program).  The callers of the entry whose accept body
holds it reach it.

A caller may be cancelling if its call is timed, or if the program aborts
tasks (an abort statement, an asynchronous select, Abort_Task).  A call
requeued there from elsewhere may be a timed one too if the program makes any
timed entry call, or an aborted task's if the requeue was with abort.  A
conditional call is safe: GNAT cancels it at once if nobody waits for it.
"""

from __future__ import annotations

from typing import Any

from ...model import CallSite, Task
from ...frontend.syntax import one_line, text
from ...frontend.workspace import Workspace
from ..base import Refusal
from ..common.site import Nodes
from .conditional_requeue import requeue_statement_at, with_abort

# The general scheme's analysis calls this check with its shape and entry plans
# (general/shape.py); runtime/ sits below the families, so they are not imported.
GeneralShape = EntryPlan = Any


def check(ws: Workspace, task: Task, nodes: Nodes, shape: GeneralShape, aborts: bool) -> None:
    timed_anywhere = any(fu.nodes_of_type("timed_entry_call") for fu in ws.units())
    model = {e.loc: e for e in task.entries}
    own = {rq.node.id for rq in shape.requeues.values()}

    def witness(plan: EntryPlan, inside_too: bool = True) -> CallSite | None:
        entry = model.get(nodes.spec_fu.loc(plan.decl.named_children[0]))
        if entry is None:
            return None
        # A requeue in the task's own accept bodies arrives while the agent is busy,
        # never at its terminate wait.
        calls = [c for c in entry.calls if inside_too or c.kind != "requeue"
                 or getattr(requeue_statement_at(ws, c.loc), "id", None) not in own]
        return cancelling_call(ws, calls, aborts, timed_anywhere)

    for site in shape.selects.values():
        if site.terminate is None:
            continue
        for alt in site.accepts:
            call = witness(alt.accept.entry, inside_too=False)
            if call is not None:
                raise Refusal(nodes.body_fu.loc(site.terminate.node), "terminate",
                              f"{alt.accept.entry.name} {_how(call)} at {call.loc}, and such "
                              "a call can race with this terminate alternative (GNAT 12 can "
                              f"then hang the translated task): {_remedy(call)}, or end the "
                              "task by an entry of its own instead of terminate")
    for rq in shape.requeues.values():
        call = witness(rq.entry) if rq.internal is not None and rq.with_abort else None
        if call is not None:
            raise Refusal(nodes.body_fu.loc(rq.node), one_line(rq.node),
                          f"{rq.entry.name} {_how(call)} at {call.loc}, and such a call can "
                          "race with this requeue with abort (GNAT 12 can then leave its "
                          f"caller waiting for ever): {_remedy(call)}, or requeue without "
                          "abort")


def cancelling_call(ws: Workspace, calls: list[CallSite], aborts: bool,
                    timed_anywhere: bool) -> CallSite | None:
    """One of an entry's calls that may be cancelled while it waits: a timed one first.
    A requeued call counts whenever the program makes timed calls (it may be one; where
    GNAT keeps it uncancellable after a requeue without abort is not worth the risk),
    and, for a requeue with abort, when the program aborts tasks."""
    def maybe(c: CallSite) -> bool:
        if c.kind == "requeue":
            stmt = requeue_statement_at(ws, c.loc)
            return timed_anywhere or (aborts and (stmt is None or with_abort(stmt)))
        return c.kind == "timed" or (c.kind == "simple" and aborts)
    return min((c for c in calls if maybe(c)), key=lambda c: c.kind != "timed",
               default=None)


def _how(call: CallSite) -> str:
    return {"timed": "is called with a time-out",
            "requeue": "is the target of a requeue"}.get(
                call.kind, "is called by a task the program may abort")


def _remedy(call: CallSite) -> str:
    """What the user can change at the call that may be cancelled."""
    return {"timed": "make that call a plain or conditional one",
            "requeue": "make that requeue one without abort and the program's timed entry "
                       "calls plain ones"}.get(call.kind, "do not abort that task")
