"""One lint run: analyse, ask the schemes, run the rules, apply suppressions.

The schemes decide (``rewrite.run`` with the chosen scheme, GNAT-verified
unless ``verify`` is off); the rules only turn decisions and the model into
findings.  The analysis runs once: ``rewrite.run`` reuses this model and its
syntax trees.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

from .. import rewrite
from ..analysis import Options, analyze
from ..diagnostics import Diagnostic
from . import facts, suppress
from .facts import Suppression
from .rule import Finding, Rule


@dataclass(frozen=True)
class LintOptions:
    analysis: Options
    rules: tuple[Rule, ...]
    report: tuple[Path, ...] = ()     # report only findings in these files or folders
    scheme: str = "auto"
    verify: bool = True


@dataclass
class LintResult:
    findings: list[Finding] = field(default_factory=list)
    suppressed: list[tuple[Finding, Suppression]] = field(default_factory=list)
    errors: list[Diagnostic] = field(default_factory=list)   # input GNAT or the parser rejected
    files: int = 0
    tasks: int = 0
    verified: bool = True
    outcome: rewrite.Outcome | None = None

    @property
    def complete(self) -> bool:
        return not self.errors


def run(opts: LintOptions) -> LintResult:
    model, ws = analyze(opts.analysis)
    result = LintResult(files=len(model.files), tasks=len(model.tasks), verified=opts.verify)
    result.errors = [d for d in model.diagnostics if d.severity == "error"]
    if result.errors:
        return result          # the schemes refuse to decide on input with errors
    decisions = {}
    if model.tasks:
        result.outcome = rewrite.run(opts.analysis, opts.scheme, verify_with_gnat=opts.verify,
                                     analysed=(model, ws))
        decisions = result.outcome.decisions
    enabled = frozenset(r.id for r in opts.rules)
    ctx = facts.build(model, ws, decisions, opts.verify, enabled)
    wanted = _in_report(opts.report)
    found = [f for r in opts.rules if r.phase == 1 for f in r.check(ctx)]
    found = [f for f in _supersede(found, opts.rules) if wanted(f)]
    sups = suppress.collect(ws)
    kept, hidden, used = suppress.apply(found, sups)
    ctx = dataclasses.replace(ctx, suppressions=sups, used=frozenset(used))
    kept += [f for r in opts.rules if r.phase == 2 for f in r.check(ctx) if wanted(f)]
    result.findings = sorted(kept, key=lambda f: (f.loc, f.rule))
    result.suppressed = [(f, sups[i]) for f, i in sorted(hidden, key=lambda h: h[0].loc)]
    return result


def _supersede(found: list[Finding], rules: tuple[Rule, ...]) -> list[Finding]:
    """A more specific rule's finding on a task replaces the general ones' (RDV004 > RDV001)."""
    replaced = {(other, f.task) for r in rules for f in found
                if f.rule == r.id and f.task for other in r.supersedes}
    return [f for f in found if (f.rule, f.task) not in replaced]


def _in_report(roots: tuple[Path, ...]):
    if not roots:
        return lambda f: True
    resolved = [r.resolve() for r in roots]

    def wanted(f: Finding) -> bool:
        for path, _line in f.lines():
            p = Path(path).resolve()
            if any(p == r or r in p.parents for r in resolved):
                return True
        return False
    return wanted
