"""The general scheme (paper section 5) as the registry lists it."""

from __future__ import annotations

from ...write.edits import Edit
from ...model import Task
from ...frontend.syntax import Node
from ..base import SchemeContext
from . import scheme


class General:
    name = scheme.SCHEME

    def takes(self, task: Task) -> bool:
        return bool(task.entries)

    def order(self, task: Task) -> int:
        return 0

    def generated(self, decl: Node) -> bool:
        return scheme.is_agent(decl)

    def translate(self, ctx: SchemeContext, task: Task) -> list[Edit]:
        return scheme.translate(ctx.ws, ctx.model, task, ctx.site(task), ctx)


GENERAL = General()
