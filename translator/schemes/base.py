"""What every translation scheme is, and what it is given.

A scheme turns the tasks it takes into protected objects, or refuses one by
raising ``Refusal``: the construct that stops it, where it is and why.  The
schemes are listed in registry.py, which is all that ``rewrite``, ``cli``,
``lint`` and ``bench`` know of them.  Nothing here imports a scheme.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Protocol

from ..write.edits import Edit
from ..model import Location, Model, Task
from ..frontend.syntax import Node
from ..frontend.workspace import FileUnit, Workspace

if TYPE_CHECKING:
    from ..frontend.site import TaskSite as Nodes


@dataclass(frozen=True)
class Refusal(Exception):
    """A task the scheme leaves alone: ``construct`` (as written) at ``loc`` stops it;
    ``more``: the other obstacles a scheme found, each with its place and reason."""
    loc: Location
    construct: str
    reason: str
    more: tuple[Refusal, ...] = ()

    @property
    def all(self) -> tuple[Refusal, ...]:
        """Every obstacle, the first (the one a scheme that stopped there names) first."""
        return (Refusal(self.loc, self.construct, self.reason), *self.more)


class Declined(Exception):
    """The scheme took the task by its kind (``Scheme.takes``) but, seeing what the run
    rewrote before it, leaves it to no one: not an obstacle to report, the task is
    simply not a server of this run (a calling server's one-shot worker)."""


def refusal(found: list[Refusal]) -> Refusal:
    """One exception for the obstacles found, in the order found."""
    first, *rest = found
    return first if not rest else Refusal(first.loc, first.construct, first.reason,
                                          tuple(rest))


@dataclass(frozen=True)
class SchemeContext:
    """What a scheme reads besides its task."""
    ws: Workspace
    model: Model
    taken: frozenset[str]                 # qualified names of tasks rewritten before this one
    site: Callable[[Task], Nodes]         # the declaration, body and stub of a task
    names: frozenset[str]                 # names in use (names_in_use): a new one avoids them
    withs: list[WithRequest] = field(default_factory=list)   # what need_with asked, in order

    def need_with(self, fu: FileUnit, units: list[str], origin: str,
                  at: Node | None = None, private: bool = False) -> None:
        """Ask for ``with`` clauses in the context of the library item of ``fu`` holding
        ``at`` (the file's first by default); ``private``: only its private part and
        body need them (``private with``).  The run adds those the context lacks,
        each once however many tasks ask (common/context.with_edits)."""
        self.withs.extend(WithRequest(fu, u, at, origin, private) for u in units)


@dataclass(frozen=True)
class WithRequest:
    """A ``with`` clause a translation needs, not yet an edit."""
    fu: FileUnit
    unit: str
    at: Node | None       # a node of the library item whose context it is
    origin: str
    private: bool = False  # a ``private with`` does (RM 10.1.2(8/2))


def names_in_use(ws: Workspace) -> frozenset[str]:
    """Every identifier of the program, lower case: the names a declaration a scheme
    adds where the program can see it must not take (common/fragments.fresh_name
    picks one).  Read once per run, for every task's translation."""
    return frozenset().union(*(fu.identifier_names() for fu in ws.units()))


class Scheme(Protocol):
    name: str          # as in decisions and the lint's messages, e.g. "accepting-server"

    def takes(self, task: Task) -> bool:
        """Is ``task`` of the kind this scheme translates (it may still refuse it)?"""

    def order(self, task: Task) -> int:
        """Tasks are translated in increasing order (a scheme may need others done first)."""

    def generated(self, decl: Node) -> bool:
        """Is this task declaration one the scheme wrote itself (never taken again)?"""

    def translate(self, ctx: SchemeContext, task: Task) -> list[Edit]:
        """The edits that rewrite ``task``, or raise Refusal."""


# The comment of a call a scheme inserts where a task was activated (the timeouts of
# the accepting-server scheme): several tasks' such calls at one place commute.
ACTIVATION_NOTE = "--  rdv2po: the task was activated here"
# the object a single task's package leaves where the task was activated, whose
# finalization waits where the master waited for the task (caller_runs)
MASTER_NOTE = ACTIVATION_NOTE + " (its master waits for it)"
