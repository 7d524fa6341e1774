"""``--fix``: rewrite the tasks whose findings have a fix, through ``rewrite``'s machinery.

Only the flagged tasks are selected (a suppressed or ignored finding is not
fixed).  The rewrite is verified by GNAT before anything is written, and
written all or none, exactly as ``rdv2po rewrite --in-place`` does.  The
lint's own outcome is reused when it already is that verified rewrite.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import rewrite
from ..diagnostics import Diagnostic, ToolFailure
from .engine import LintOptions, LintResult


@dataclass
class FixOutcome:
    fixed: list[str] = field(default_factory=list)       # qualified task names
    refused: list[Diagnostic] = field(default_factory=list)
    files: int = 0


def fixable_tasks(result: LintResult) -> list[str]:
    return sorted({f.task for f in result.findings if f.fixable and f.task})


def apply(opts: LintOptions, result: LintResult) -> FixOutcome:
    names = fixable_tasks(result)
    if not names:
        return FixOutcome()
    out = result.outcome
    if out is None or not out.verified or set(out.rewritten) != set(names):
        out = rewrite.run(opts.analysis, opts.scheme, tuple(names), verify_with_gnat=True)
    if out.input_errors:
        raise ToolFailure("--fix: the input no longer compiles; nothing written")
    if out.changes:
        rewrite.write(out)
    return FixOutcome(list(out.rewritten), _refusals(out, names), len(out.changes))


def _refusals(out: rewrite.Outcome, names: list[str]) -> list[Diagnostic]:
    """Tasks the lint flagged as fixable that this rewrite did not take (GNAT said no)."""
    found = []
    for name in names:
        d = out.decisions.get(name)
        if name in out.rewritten or d is None:
            continue
        found.append(Diagnostic(d.loc.path, d.loc.line, d.loc.col, "warning",
                                f"--fix: task {name} not rewritten: {d.reason}"))
    return found


def remaining(result: LintResult, done: FixOutcome) -> LintResult:
    """The findings a fix left: those about tasks that were not rewritten."""
    fixed = set(done.fixed)
    result.findings = [f for f in result.findings if not (f.fixable and f.task in fixed)]
    return result
