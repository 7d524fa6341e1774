"""The server schemes as the registry lists them: accepting servers (paper 6.1)
and calling servers (6.2)."""

from __future__ import annotations

from ...edits import Edit
from ...model import Task
from ...syntax import Node
from ..base import SchemeContext
from . import accepting, calling, hidden_calls
from .obstacles import Sink

# Accepting servers first: a calling server must know which callees they take.
# A mixed task goes to the accepting scheme, whose refusal names the call that stops it.
ORDER = {"accepting_server": 0, "mixed": 1, "calling_server": 2}


class Accepting:
    name = accepting.SCHEME

    def takes(self, task: Task) -> bool:
        return task.classification.kind in ("accepting_server", "mixed")

    def order(self, task: Task) -> int:
        return ORDER[task.classification.kind]

    def generated(self, decl: Node) -> bool:
        return False

    def translate(self, ctx: SchemeContext, task: Task) -> list[Edit]:
        return accepting.translate(ctx.ws, ctx.model, task, ctx.site(task), ctx)


class Calling:
    name = calling.SCHEME

    def takes(self, task: Task) -> bool:
        return task.classification.kind == "calling_server"

    def order(self, task: Task) -> int:
        return ORDER[task.classification.kind]

    def generated(self, decl: Node) -> bool:
        return False

    def translate(self, ctx: SchemeContext, task: Task) -> list[Edit]:
        return calling.translate(ctx.ws, ctx.model, task, ctx.site(task), ctx.site,
                                 set(ctx.taken), ctx)


ACCEPTING, CALLING = Accepting(), Calling()


def hidden_calls_of(ctx: SchemeContext, task: Task) -> list:
    """The calls of ``task``'s code the blocking analysis cannot follow (operators,
    access-to-subprogram values, dispatching, controlled objects), as ShapeErrors:
    given by the registry to a scheme of another family (caller-runs) that must
    know where they are."""
    sink = Sink()
    nodes = ctx.site(task)
    hidden_calls.check_task(ctx.ws, ctx.model, task, nodes.body_fu, nodes.body, sink)
    return sink.errors
