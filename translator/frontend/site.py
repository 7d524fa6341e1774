"""Where a task is written, found once by the front end (analysis.build_model):
its declaration, body and body stub, each with the file unit holding it, and
the structure of its body (``body_structure.py``).

The schemes read a task's site instead of searching the trees for it again.
"""

from __future__ import annotations

from dataclasses import dataclass

from .body_structure import BodyStructure
from .syntax import Node
from .workspace import FileUnit


@dataclass(frozen=True)
class TaskSite:
    spec_fu: FileUnit
    decl: Node
    body_fu: FileUnit | None     # None: the body is not in the given sources
    body: Node | None
    stub: tuple[FileUnit, Node] | None    # ``task body T is separate;``, if any
    # the body's statements, sync points, loops, blocks and handlers, analysed once
    structure: BodyStructure | None = None
