"""One lint run: analyse, ask the schemes, run the rules, apply suppressions.

The schemes decide (``rewrite.run`` with the chosen scheme, GNAT-verified
unless ``verify`` is off); the rules only turn decisions and the model into
findings.  The analysis runs once: ``rewrite.run`` reuses this model and its
syntax trees.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from ..frontend import gnat
from .. import interrupt, rewrite
from ..frontend.analysis import Options, _compile_targets, analyze
from ..diagnostics import Diagnostic
from ..model import Model
from ..schemes import registry
from ..frontend.workspace import Workspace
from . import facts, programs, suppress, unjudged
from .facts import Suppression
from .rule import Finding, Rule


@dataclass(frozen=True)
class LintOptions:
    analysis: Options
    rules: tuple[Rule, ...]
    report: tuple[Path, ...] = ()     # report only findings in these files or folders
    scheme: str = registry.DEFAULT
    verify: bool = True
    all_notes: bool = False            # every obstacle of a task (--show-all-obstacles)
    asked: frozenset[str] = frozenset()   # rule ids the user selected by name (--select)


# A reviewer reads a task's first obstacles; --show-all-obstacles lists the rest.
SHORT_NOTES = 3


@dataclass
class LintResult:
    findings: list[Finding] = field(default_factory=list)
    suppressed: list[tuple[Finding, Suppression]] = field(default_factory=list)
    # One line per file that does not parse or compile (unjudged.py), not GNAT's every line.
    errors: list[Diagnostic] = field(default_factory=list)
    files: int = 0
    tasks: int = 0
    judged: int = 0            # tasks whose units GNAT compiled: the schemes decided on them
    programs: int = 1          # a tree whose file names repeat is judged program by program
    causes: Counter = field(default_factory=Counter)   # why files were not judged
    missing: Counter = field(default_factory=Counter)  # missing unit files -> files needing them
    verified: bool = True
    outcome: rewrite.Outcome | None = None    # the rewrite behind the verdicts (one program)

    @property
    def complete(self) -> bool:
        return not self.errors


def run(opts: LintOptions) -> LintResult:
    split = programs.split(opts.analysis)
    parts = [(dataclasses.replace(opts, analysis=p.options), p.own) for p in split.programs]
    if len(parts) == 1:
        result = _run_program(*parts[0])
    else:
        # Programs are independent; GNAT runs in subprocesses, so two threads keep
        # both cores busy while the other thread parses or waits.
        with interrupt.deferred(), ThreadPoolExecutor(max_workers=2) as pool:
            result = _merge(interrupt.pool_map(pool, lambda p: _run_program(*p), parts))
        result.outcome = None     # --fix rewrites one program at a time, not a tree of them
    result.programs = len(parts) + split.skipped
    result.files = max(result.files, split.files)
    return result


def _merge(results: list[LintResult]) -> LintResult:
    out = LintResult(verified=all(r.verified for r in results))
    for r in results:
        out.findings += r.findings
        out.suppressed += r.suppressed
        out.errors += r.errors
        out.files += r.files
        out.tasks += r.tasks
        out.judged += r.judged
        out.causes += r.causes
        out.missing += r.missing
    # A library file another program also reads can yield the same finding twice
    # (a suppression comment's RDV011): once is enough.
    out.findings = sorted(dict.fromkeys(out.findings), key=lambda f: (f.loc, f.rule))
    out.suppressed.sort(key=lambda h: h[0].loc)
    out.errors.sort()
    return out


def _run_program(opts: LintOptions, own: frozenset[Path] | None = None) -> LintResult:
    model, ws = analyze(opts.analysis)
    if own is not None:
        model, ws = _own_part(model, ws, own)
    result = LintResult(files=len(model.files), tasks=len(model.tasks), verified=opts.verify)
    errors = [d for d in model.diagnostics if d.severity == "error"]
    if errors:
        # Judge what compiles: a task whose units GNAT compiled gets the schemes'
        # verdict; the files that do not compile are listed, once each.
        project = opts.analysis.project
        summary = unjudged.summarize(
            errors, ws, gnat.scenario_variables(Path(project)) if project else None)
        result.errors, result.causes = list(summary.lines), summary.causes
        result.missing = summary.missing
        model, ws = _judgeable(model, ws, opts.analysis)
    result.judged = len(model.tasks)
    decisions = {}
    if model.tasks:
        # a partial program's rewritten text would not compile again: one pass only
        result.outcome = rewrite.run(opts.analysis, opts.scheme, verify_with_gnat=opts.verify,
                                     analysed=(model, ws), passes=1 if errors else
                                     rewrite.MAX_PASSES)
        decisions = result.outcome.decisions
    enabled = frozenset(r.id for r in opts.rules)
    ctx = facts.build(model, ws, decisions, opts.verify, enabled)
    wanted = _in_report(opts.report, _task_files(model))
    found = [f for r in opts.rules if r.phase == 1 for f in r.check(ctx)]
    found = [f for f in _supersede(found, opts.rules) if wanted(f)]
    sups = suppress.collect(ws)
    kept, hidden, used = suppress.apply(found, sups)
    if not opts.all_notes:
        kept = [_short(f) for f in kept]
    ctx = dataclasses.replace(ctx, suppressions=sups, used=frozenset(used))
    kept += [f for r in opts.rules if r.phase == 2 for f in r.check(ctx) if wanted(f)]
    result.findings = sorted(kept, key=lambda f: (f.loc, f.rule))
    result.suppressed = [(f, sups[i]) for f, i in sorted(hidden, key=lambda h: h[0].loc)]
    return result


def _short(f: Finding) -> Finding:
    if len(f.notes) <= SHORT_NOTES:
        return f
    return dataclasses.replace(f, notes=f.notes[:SHORT_NOTES],
                               more=len(f.notes) - SHORT_NOTES)


def _own_part(model: Model, ws: Workspace, own: frozenset[Path]) -> tuple[Model, Workspace]:
    """A program of a tree that also holds library files another program judges:
    only its own files' tasks, files and errors count here."""
    mine = {fu.display for fu in ws.files if fu.src.path in own}
    return dataclasses.replace(
        model, files=tuple(f for f in model.files if f.path in mine),
        tasks=tuple(t for t in model.tasks if t.spec.path in mine),
        diagnostics=tuple(d for d in model.diagnostics
                          if d.severity != "error" or d.path in mine)), ws


class _CompilingPart(Workspace):
    """The workspace as the schemes and their verification see it in a partial
    program: the files GNAT rejected (or could not compile for want of a unit)
    are still in the mirror GNAT verifies in, but are no unit to translate or
    compile -- their errors must not be taken for the rewrite's."""

    def __init__(self, ws: Workspace, failed: set) -> None:
        super().__init__(ws.files, ws.xref, ws.runtime_warnings, config=ws.config,
                         depends=ws.depends)
        self._failed = failed

    def units(self):
        return [fu for fu in super().units() if fu.src.path not in self._failed]


def _judgeable(model: Model, ws: Workspace, opts: Options) -> tuple[Model, Workspace]:
    """The tasks whose units compiled, and a workspace without the units that did not."""
    by_path = {fu.src.path: fu for fu in ws.files}
    with_errors = {d.path for d in model.diagnostics if d.severity == "error"}
    failed = {fu.src.path for fu in ws.files if fu.display in with_errors}
    failed |= {path for path, target in _compile_targets(ws, opts.whole).items()
               if not by_path[path].resolved or not by_path[target].resolved}
    tasks = tuple(t for t in model.tasks if t.resolved)
    kept = tuple(d for d in model.diagnostics if d.severity != "error")
    return dataclasses.replace(model, tasks=tasks, diagnostics=kept), _CompilingPart(ws, failed)


def _supersede(found: list[Finding], rules: tuple[Rule, ...]) -> list[Finding]:
    """A more specific rule's finding on a task replaces the general ones' (RDV004 > RDV001)."""
    replaced = {(other, f.task) for r in rules for f in found
                if f.rule == r.id and f.task for other in r.supersedes}
    return [f for f in found if (f.rule, f.task) not in replaced]


def _task_files(model: Model) -> dict[str, set[str]]:
    """Files a finding about a task belongs to: the declaration's and the body's (the
    server loop lives in the body; a commit may change only that file)."""
    files: dict[str, set[str]] = {}
    for t in model.tasks:
        mine = files.setdefault(t.qualified_name, set())
        mine.add(t.spec.path)
        if t.body is not None:
            mine.add(t.body.loc.path)
    return files


def _in_report(roots: tuple[Path, ...], task_files: dict[str, set[str]]):
    if not roots:
        return lambda f: True
    resolved = [r.resolve() for r in roots]

    def wanted(f: Finding) -> bool:
        paths = {path for path, _line in f.lines()}
        if f.task is not None:
            paths |= task_files.get(f.task.split(" (")[0], set())
        for path in paths:
            p = Path(path).resolve()
            if any(p == r or r in p.parents for r in resolved):
                return True
        return False
    return wanted
