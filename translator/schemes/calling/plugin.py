"""The calling-server scheme as the registry lists it (paper 6.2)."""

from __future__ import annotations

from ...write.edits import Edit
from ...model import Task
from ...frontend.syntax import Node
from ..base import SchemeContext
from ..common.server_order import ORDER
from . import scheme as calling


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


CALLING = Calling()
