"""Every scheme, and the choices ``--scheme`` offers: the one list that ``rewrite``,
``cli``, ``lint`` and ``bench`` read.  A new scheme is added here (and in its folder).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Task
from .base import Scheme
from .caller_runs.plugin import CALLER_RUNS
from .general.plugin import GENERAL
from .server.plugin import ACCEPTING, CALLING

SCHEMES: tuple[Scheme, ...] = (ACCEPTING, CALLING, CALLER_RUNS, GENERAL)


@dataclass(frozen=True)
class Selection:
    """A ``--scheme`` value: the schemes a run tries, the first that takes a task wins."""
    name: str
    schemes: tuple[Scheme, ...]
    help: str
    not_taken: str              # why ``--select`` of a task none takes fails ({kind}: its kind)
    lint_note: str = ""         # why the lint cannot report with it ("": it can)
    version: str = ""           # the name of the version the bench makes with it ("": none)
    label: str = ""             # that version in the bench report
    colour: str = ""            # and in its plots

    def scheme_for(self, task: Task) -> Scheme | None:
        return next((s for s in self.schemes if s.takes(task)), None)

    def schemes_for(self, task: Task) -> tuple[Scheme, ...]:
        """Every scheme of the selection that takes ``task``, in order: a task one
        refuses goes to the next (the caller-runs scheme after the accepting one)."""
        return tuple(s for s in self.schemes if s.takes(task))


SERVER = Selection(
    "server", (ACCEPTING, CALLING, CALLER_RUNS),
    "eliminate server tasks, accepting servers (paper 6.1) and calling servers (6.2), "
    "and servers whose code may block, the caller running it (caller-runs), in one run",
    "is {kind}, which the server schemes do not translate",
    version="servers", label="Servers", colour="#2b6fd0")
GENERAL_ONLY = Selection(
    "general", (GENERAL,),
    "keep every task with entries and let its rendezvous go through a protected object "
    "(section 5; fewer refusals, no fewer context switches, slower)",
    "has no entries",
    lint_note="keeps every task, so it has nothing to report",
    version="general", label="General", colour="#d08c2b")
AUTO = Selection("auto", SERVER.schemes, "the server schemes where they apply (default)",
                 SERVER.not_taken)

SELECTIONS = {s.name: s for s in (SERVER, GENERAL_ONLY, AUTO)}
NAMES = tuple(SELECTIONS)
DEFAULT = AUTO.name
BENCHED = (GENERAL_ONLY, SERVER)     # the translated versions the bench makes, in its order
