"""Every scheme, and the choices ``--scheme`` offers: the one list that ``rewrite``,
``cli``, ``lint`` and ``bench`` read.  A new scheme is added here (and in its folder).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Task
from .base import Scheme
from .caller_runs.plugin import CallerRuns
from .general.plugin import GENERAL
from .accepting.plugin import ACCEPTING
from .calling.plugin import CALLING
from .common.hidden_calls import hidden_calls_of

# the caller-runs scheme is told of calls the blocking analysis cannot follow by the
# server family, which finds them for its own schemes
CALLER_RUNS = CallerRuns(hidden_calls_of)

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
CALLER_RUNS_ONLY = Selection(
    "caller-runs", (CALLER_RUNS,),
    "only the caller-runs scheme: an accepting server whose code may block (I/O, "
    "logging) becomes a package whose procedures run that code in the caller, between "
    "two protected calls (shows its own refusals, which the server selection reports "
    "as the accepting scheme's)",
    "is {kind}, which the caller-runs scheme does not translate")
AUTO = Selection("auto", SERVER.schemes, "the server schemes where they apply (default)",
                 SERVER.not_taken)

SELECTIONS = {s.name: s for s in (SERVER, GENERAL_ONLY, CALLER_RUNS_ONLY, AUTO)}
NAMES = tuple(SELECTIONS)
DEFAULT = AUTO.name
BENCHED = (GENERAL_ONLY, SERVER)     # the translated versions the bench makes, in its order
