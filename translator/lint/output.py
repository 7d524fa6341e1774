"""The lint's report formats: compiler-style text, JSON, GitHub annotations.

SARIF is in sarif.py.  The JSON form is stable (docs/lint.md): fields are
only added, never renamed or removed, without a new ``rdv2po_lint`` version.
"""

from __future__ import annotations

import json

from .. import __version__
from ..diagnostics import Diagnostic
from .engine import LintResult
from .registry import all_rules
from .rule import Finding

LINT_VERSION = 1


def text(result: LintResult) -> str:
    lines = [d.format() for d in result.errors]
    for f in result.findings:
        lines.append(Diagnostic(f.loc.path, f.loc.line, f.loc.col, f.severity, f.message,
                                f.rule).format())
        lines += [f"  {line}" for line in note_lines(f)]
    return "".join(line + "\n" for line in lines)


def note_lines(f: Finding) -> list[str]:
    """A finding's notes, each as a compiler's note, and how many were left out."""
    lines = [Diagnostic(n.loc.path, n.loc.line, n.loc.col, "note", n.message).format()
             for n in f.notes]
    if f.more:
        lines.append(f"({f.more} more obstacle(s) of this task: --show-all-obstacles "
                     "lists them)")
    return lines


def summary(result: LintResult) -> str:
    """The one line on stderr: findings, then how much of the program was judged."""
    by_rule: dict[str, int] = {}
    for f in result.findings:
        by_rule[f.rule] = by_rule.get(f.rule, 0) + 1
    counts = ", ".join(f"{n} {rid}" for rid, n in sorted(by_rule.items()))
    found = (f"{len(result.findings)} finding(s)" + (f" ({counts})" if counts else "")
             + f", {len(result.suppressed)} suppressed")
    where = f"{result.files} file(s)"
    if result.programs > 1:
        where += f" in {result.programs} program(s) (file names repeat: judged one by one)"
    if not result.errors:
        return f"rdv2po: {found}; {result.tasks} task(s) in {where}"
    causes = ", ".join(f"{n} {c}" + (_top_missing(result) if c == "missing unit" else "")
                       for c, n in result.causes.most_common())
    return (f"rdv2po: lint incomplete: {found}; {result.judged} of {result.tasks} task(s) "
            f"judged, {result.tasks - result.judged} not: {len(result.errors)} file(s) do not "
            f"compile ({causes}), listed above; {where}")


def _top_missing(result: LintResult) -> str:
    """The few missing units most files wait for: what to give first."""
    top = result.missing.most_common(3)
    more = len(result.missing) - len(top)
    shown = ", ".join(f"{name} {n}" for name, n in top)
    return f" ({shown}{f', {more} more' if more > 0 else ''})" if top else ""


def finding_json(f: Finding) -> dict:
    rule = {r.id: r for r in all_rules()}[f.rule]
    return {"rule": f.rule, "name": rule.name, "severity": f.severity, "path": f.loc.path,
            "line": f.loc.line, "col": f.loc.col, "message": f.message, "task": f.task,
            "fixable": f.fixable, "details": dict(f.details),
            "notes": [{"path": n.loc.path, "line": n.loc.line, "col": n.loc.col,
                       "message": n.message} for n in f.notes],
            "more_notes": f.more}


def as_json(result: LintResult) -> str:
    data = {
        "rdv2po_lint": LINT_VERSION,
        "tool": {"name": "rdv2po", "version": __version__},
        "complete": result.complete,
        "verified": result.verified,
        "findings": [finding_json(f) for f in result.findings],
        "suppressed": [{**finding_json(f), "suppression": {
            "path": s.loc.path, "line": s.loc.line, "justification": s.justification}}
            for f, s in result.suppressed],
        "errors": [d.to_json() for d in result.errors],
        "summary": {"findings": len(result.findings), "suppressed": len(result.suppressed),
                    "errors": len(result.errors), "files": result.files,
                    "tasks": result.tasks, "judged": result.judged,
                    "programs": result.programs},
    }
    return json.dumps(data, indent=2) + "\n"


GITHUB_LEVEL = {"error": "error", "warning": "warning", "note": "notice"}


def github(result: LintResult) -> str:
    """GitHub Actions workflow commands: one annotation per finding or error."""
    out = []
    for d in result.errors:
        out.append(_annotation("error", d.path, d.line, d.col, "rdv2po", d.message))
    for f in result.findings:
        out.append(_annotation(GITHUB_LEVEL[f.severity], f.loc.path, f.loc.line, f.loc.col,
                               f"{f.rule} {_rule_name(f.rule)}",
                               "\n".join([f.message, *note_lines(f)])))
    return "".join(line + "\n" for line in out)


def _rule_name(rid: str) -> str:
    return next(r.name for r in all_rules() if r.id == rid)


def _annotation(level: str, path: str, line: int, col: int, title: str, message: str) -> str:
    props = ",".join(f"{k}={_escape_property(str(v))}" for k, v in
                     (("file", path), ("line", line), ("col", col), ("title", title)))
    return f"::{level} {props}::{_escape_data(message)}"


def _escape_data(s: str) -> str:
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(s: str) -> str:
    return _escape_data(s).replace(":", "%3A").replace(",", "%2C")
