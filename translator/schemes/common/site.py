"""Where a task is written: the nodes a scheme rewrites, and the names that find them."""

from __future__ import annotations

from ...frontend.site import TaskSite

TASK_DECLS = ("single_task_declaration", "task_type_declaration")
# model uses that name the task as a task (attribute or abort), not as an object
TASK_USES = ("attribute:callable", "attribute:terminated", "attribute:identity", "abort",
             "attribute:priority", "attribute:storage_size")

# A task's site as the schemes get it (rewrite gives them only tasks whose body
# is in the sources): its declaration, body and body stub with their file units.
Nodes = TaskSite
