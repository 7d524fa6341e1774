"""The profile check as one call: analyse, rewrite in memory, let GNAT judge both.

Nothing is written to the user's tree: the rewrite's outcome holds the new
bytes (rewrite.run never writes), and both programs are compiled in private
mirrors (compile.py).
"""

from __future__ import annotations

import dataclasses
import re

from .. import rewrite
from ..diagnostics import ToolFailure
from ..frontend.analysis import Options, _compile_targets, analyze
from ..frontend.workspace import Workspace
from ..model import Model
from ..schemes import registry
from . import compile as gnat_profile
from .findings import ProfileResult, Report, Violation
from .mapping import offset_of, original_place
from .restrictions import PROFILES
from .verdicts import QUEUING_SCHEMES, judge, queued_callers


def check(opts: Options, profiles: tuple[str, ...]) -> Report:
    opts = dataclasses.replace(opts, whole=True)
    model, ws = analyze(opts)
    errors = [d for d in model.diagnostics if d.severity == "error"]
    if errors:
        raise ToolFailure("the program must compile as it is to be judged against a "
                          f"profile: {errors[0].format()}"
                          + (f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""))
    out = rewrite.run(opts, registry.DEFAULT, analysed=(model, ws))
    return judge_program(ws, model, out, opts, profiles)


def judge_program(ws: Workspace, model: Model, out: rewrite.Outcome, opts: Options,
                  profiles: tuple[str, ...]) -> Report:
    """The report for the program of ``ws`` and its rewrite ``out``."""
    old = {fu.base: fu.src.data for fu in ws.files}
    new = dict(old)
    for path, (_before, after) in out.changes.items():
        new[path.name] = after
    targets = sorted({t.name for t in _compile_targets(ws, whole=True).values()})
    results = []
    for key in profiles:
        pragma = f"pragma Profile ({PROFILES[key]});"
        args = (targets, pragma, list(opts.switches), list(opts.include), opts.jobs)
        written = [_as_written(ws, f) for f in gnat_profile.violations(old, *args)]
        after = gnat_profile.violations(new, *args) if out.changes else None
        if after is None:
            rewritten = list(written)
        else:
            rewritten = [_after(ws, model, out, f, written) for f in after]
        if key == "ravenscar":
            rewritten += _queues(model, out)
        results.append(ProfileResult(key, tuple(sorted(set(written))),
                                     tuple(sorted(set(rewritten)))))
    decided = out.decisions.values()
    return Report(tuple(results), tuple(fu.display for fu in ws.files),
                  tuple(d.task for d in decided if d.rewritten),
                  tuple(d.task for d in decided if not d.rewritten),
                  tuple(sorted(out.shown[p] for p in out.changes)),
                  tuple(sorted({d for d in out.diagnostics if d.severity != "error"})))


def _file(ws: Workspace, base: str):
    return next(fu for fu in ws.files if fu.base == base)


def _as_written(ws: Workspace, f: gnat_profile.Found) -> Violation:
    return Violation(_file(ws, f.base).display, f.line, f.col, f.restriction, f.shown)


def _after(ws: Workspace, model: Model, out: rewrite.Outcome, f: gnat_profile.Found,
           written: list[Violation]) -> Violation:
    """A violation of the rewritten program at the user's place; one the rewrite
    made (not there as written) gets a verdict."""
    fu = _file(ws, f.base)
    if fu.src.path not in out.changes:
        return Violation(fu.display, f.line, f.col, f.restriction, f.shown)
    old, new = out.changes[fu.src.path]
    edits = [e for e in out.edits if e.path == fu.src.path]
    place = original_place(old, new, edits, fu.src.encoding, fu.src.newline, f.line, f.col)
    mine = [w for w in written if w.path == fu.display]
    if not place.generated:
        if any(w.restriction == f.restriction for w in mine):
            # the user's text, already in violation of this restriction as written (a
            # task that keeps some of its entries: GNAT names its first one)
            return Violation(fu.display, place.line, place.col, f.restriction, f.shown)
        had = [w.restriction for w in mine if w.line == place.line]
        return Violation(fu.display, place.line, place.col, f.restriction, f.shown,
                         verdict=judge(f.restriction, had))
    start, end = place.replaced
    had = [w.restriction for w in mine
           if start <= offset_of(old, w.line, w.col) < max(end, start + 1)
           or w.line in _task_lines(model, fu.display, place.generated)]
    return Violation(fu.display, place.line, place.col, f.restriction, f.shown,
                     place.generated, judge(f.restriction, had))


def _task_lines(model: Model, path: str, generated: str) -> set[int]:
    """The declaration lines of the tasks a generated line names (``protected
    Distributor is``): an object inserted elsewhere stands for the task there."""
    words = set(re.findall(r"\w+", generated.lower()))
    return {t.spec.line for t in model.tasks
            if t.spec.path == path and t.name.lower() in words}


def _queues(model: Model, out: rewrite.Outcome) -> list[Violation]:
    """Ravenscar's No_Entry_Queue is checked at run time: the entries of rewritten
    servers that several callers may wait on at once."""
    found = []
    for task in model.tasks:
        d = out.decisions.get(task.qualified_name)
        if d is None or not d.rewritten or d.scheme not in QUEUING_SCHEMES:
            continue
        for e in task.entries:
            callers = queued_callers(model, task).get(e.name)
            if callers:
                found.append(Violation(
                    e.loc.path, e.loc.line, e.loc.col, "No_Entry_Queue",
                    f"No_Entry_Queue: {task.name}.{e.name} may have several callers "
                    f"waiting at once ({', '.join(callers)})",
                    verdict=judge("No_Entry_Queue", []), by="rdv2po"))
    return found

