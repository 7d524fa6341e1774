"""A construct a scheme cannot translate, found deep in its analysis.

``ShapeError`` carries the node and the reason; ``refusal_of`` turns it into a
``base.Refusal`` with the node's place and the construct as written.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...frontend.extract import OBJECT_ATTRIBUTES
from ...frontend.site import TaskSite
from ...frontend.syntax import Node, one_line
from ...frontend.workspace import Workspace
from ..base import Refusal
from .tree import is_within


@dataclass(frozen=True)
class NodeRefusal:
    node: Node
    reason: str


class ShapeError(Exception):
    """``primary``: a reason more telling than any potentially blocking call."""

    def __init__(self, node: Node, reason: str, primary: bool = False):
        super().__init__(reason)
        self.refusal = NodeRefusal(node, reason)
        self.primary = primary


def construct(node: Node) -> str:
    """The construct as written, on one line, comments left out, at most 40 characters
    (cut after a whole token)."""
    return one_line(node, limit=40)


def refusal_of(exc: ShapeError, ws: Workspace, site: TaskSite) -> Refusal:
    """The Refusal a ShapeError stands for, at its node in the file whose tree holds it."""
    node = exc.refusal.node
    fu = next((f for f in (site.body_fu, site.spec_fu, *ws.units())
               if f.tree is not None and is_within(node, f.tree.root_node)), site.spec_fu)
    return Refusal(fu.loc(node), construct(node), exc.refusal.reason)


ABORTED = ("an abort statement names the task: a protected object cannot be aborted "
           "(after an abort, the task's callers get Tasking_Error)")


def attribute_reason(attribute: str) -> str:
    if attribute in OBJECT_ATTRIBUTES:
        return (f"'{attribute.title()} of the task: the object that replaces it would "
                "give its own value, not the task's")
    return (f"the task attribute '{attribute.capitalize()}: a protected object is not a "
            "task and has no such attribute")
