"""Where a task is written: the nodes a scheme rewrites, and the names that find them."""

from __future__ import annotations

from dataclasses import dataclass

from ...syntax import Node
from ...workspace import FileUnit

TASK_DECLS = ("single_task_declaration", "task_type_declaration")
# model uses that name the task as a task (attribute or abort), not as an object
TASK_USES = ("attribute:callable", "attribute:terminated", "attribute:identity", "abort",
             "attribute:priority", "attribute:storage_size")


@dataclass(frozen=True)
class Nodes:
    """The task's declaration, body and body stub, each with the file unit holding it."""
    spec_fu: FileUnit
    decl: Node
    body_fu: FileUnit
    body: Node
    stub: tuple[FileUnit, Node] | None
