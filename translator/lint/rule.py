"""What a lint rule is, and what it reports.

A rule lives in one module of the ``rules/`` folder (installed as the
``rdv2po_rules`` package) and exposes ``RULE``, a :class:`Rule`.  Its
``check`` reads a :class:`~rdv2po.lint.facts.Context` and yields findings;
rules about suppression comments run in a second phase, once the
suppressions have been applied (``phase = 2``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..model import Location

SEVERITIES = ("error", "warning", "note")
RULE_ID = r"RDV\d{3}"


@dataclass(frozen=True)
class Example:
    """Ada sources, by file name.  Lines a rule must report end in ``-- FLAG``; the
    notes of its findings (other obstacles of a task), in ``-- NOTE``."""
    files: tuple[tuple[str, str], ...]
    note: str = ""

    def flagged_lines(self) -> set[tuple[str, int]]:
        return self._ending("-- FLAG")

    def noted_lines(self) -> set[tuple[str, int]]:
        return self._ending("-- NOTE")

    def _ending(self, mark: str) -> set[tuple[str, int]]:
        return {(name, i) for name, text in self.files
                for i, line in enumerate(text.splitlines(), 1)
                if line.rstrip().endswith(mark)}


@dataclass(frozen=True)
class Note:
    """A place that belongs to a finding: another obstacle of the same task."""
    loc: Location
    message: str


@dataclass(frozen=True)
class Finding:
    rule: str                      # "RDV001"
    severity: str                  # one of SEVERITIES
    loc: Location
    message: str
    task: str | None = None        # qualified name, for findings about a task
    anchors: tuple[Location, ...] = ()   # other places a suppression may name it
    fixable: bool = False          # ``--fix`` rewrites this task
    details: tuple[tuple[str, str], ...] = ()   # extra fields for JSON and SARIF
    notes: tuple[Note, ...] = ()   # shown under the finding (SARIF: relatedLocations)
    more: int = 0                  # notes left out of a short report (--show-all-obstacles)

    def lines(self) -> set[tuple[str, int]]:
        return {(loc.path, loc.line) for loc in (self.loc, *self.anchors)}


@dataclass(frozen=True)
class Rule:
    id: str
    name: str                      # kebab-case, stable like the id
    severity: str
    summary: str                   # one line
    message: str                   # str.format template of the finding's message
    rationale: str                 # why, with the paper's argument
    flagged: Example               # every ``-- FLAG`` line reported, no other line
    clean: Example                 # nothing reported by this rule
    check: Callable[..., Iterable[Finding]] = field(repr=False, compare=False,
                                                    default=lambda ctx: ())
    default: bool = True           # enabled unless selected otherwise
    phase: int = 1
    supersedes: tuple[str, ...] = ()   # on the same task, this rule's finding replaces theirs
    fixable: bool = False

    def finding(self, loc: Location, task: str | None = None, *,
                anchors: tuple[Location, ...] = (), fixable: bool = False,
                details: dict[str, str] | None = None, notes: tuple[Note, ...] = (),
                **args: str) -> Finding:
        return Finding(self.id, self.severity, loc, self.message.format(**args), task,
                       tuple(a for a in anchors if a != loc), fixable,
                       tuple(sorted((details or {}).items())), notes)
