"""The report as text (grouped by family and restriction, compiler-style places)
and as JSON; the one-line summary a reviewer reads first."""

from __future__ import annotations

from collections import Counter

from .findings import ProfileResult, Report, Violation
from .restrictions import ADVICE, FAMILIES, OTHER, PROFILES

_ORDER = {key: i for i, key in enumerate([*FAMILIES, OTHER])}


def counts(vs: tuple[Violation, ...]) -> Counter:
    return Counter(v.restriction for v in vs)


def _ranked(c: Counter) -> list[tuple[str, int]]:
    return sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))


def summary(r: ProfileResult) -> str:
    """'as written: 41 violations in 9 restrictions; after rewrite: 6 in 3
    (No_Local_Protected_Objects 2, ...)'"""
    w, a = counts(r.written), counts(r.rewritten)
    after = f"{len(r.rewritten)} in {len(a)}"
    if a:
        after += " (" + ", ".join(f"{k} {n}" for k, n in _ranked(a)) + ")"
    return (f"as written: {len(r.written)} violation{'s' * (len(r.written) != 1)} in "
            f"{len(w)} restriction{'s' * (len(w) != 1)}; after rewrite: {after}")


def file_states(r: ProfileResult, changed: tuple[str, ...]) -> tuple[list[str], dict[str, Counter]]:
    """The files that meet the profile once rewritten (they did not as written, or
    the rewrite changed them), and what each file still violates."""
    before = {v.path for v in r.written}
    still: dict[str, Counter] = {}
    for v in r.rewritten:
        still.setdefault(v.path, Counter())[v.restriction] += 1
    fixed = sorted((before | set(changed)) - set(still))
    return fixed, {p: still[p] for p in sorted(still)}


def text(report: Report) -> str:
    out = []
    for r in report.results:
        name = PROFILES[r.profile]
        out.append(f"== {name} ==")
        out.append(summary(r))
        out += _section("as written", r.written)
        if r.rewritten == r.written:
            out.append("after rewrite: the same violations (the rewrite changes none of them)")
        else:
            out += _section("after rewrite", r.rewritten)
        fixed, still = file_states(r, report.changed_files)
        if fixed:
            out.append(f"meet {name} once rewritten: {', '.join(fixed)}")
        for path, c in still.items():
            out.append(f"still violates {name}: {path} ("
                       + ", ".join(f"{k} {n}" for k, n in _ranked(c)) + ")")
        out.append("")
    tasks = ", ".join(report.rewritten_tasks) or "none"
    out.append(f"rewritten (default schemes, nothing written): {tasks}")
    if report.refused_tasks:
        out.append(f"left alone (see 'rdv2po rewrite' for why): "
                   f"{', '.join(report.refused_tasks)}")
    for r in report.results:
        verdict = "meets" if r.meets else "does not meet"
        out.append(f"{PROFILES[r.profile]}: {summary(r)} -- the rewritten program "
                   f"{verdict} it")
    return "\n".join(out) + "\n"


def _section(title: str, vs: tuple[Violation, ...]) -> list[str]:
    if not vs:
        return [f"{title}: none"]
    out = [f"{title}:"]
    by_restriction: dict[str, list[Violation]] = {}
    for v in vs:
        by_restriction.setdefault(v.restriction, []).append(v)
    ordered = sorted(by_restriction, key=lambda r: (_ORDER[by_restriction[r][0].family], r))
    family = None
    for restriction in ordered:
        group = by_restriction[restriction]
        if group[0].family != family:
            family = group[0].family
            out.append(f"  [{FAMILIES[family][0] if family in FAMILIES else 'other errors GNAT reports only under the profile'}]")
        advice = ADVICE.get(restriction)
        out.append(f"    {restriction} ({len(group)})" + (f": {advice}" if advice else ""))
        for v in group:
            out.append(f"      {_place(v)}")
    return out


def _place(v: Violation) -> str:
    what = v.shown if v.shown != v.restriction else f"violation of {v.restriction}"
    if v.by != "GNAT":
        what += f" (found by {v.by}: GNAT checks it only at run time)"
    line = f"{v.path}:{v.line}:{v.col}: {what}"
    if v.generated:
        line += f"; rewritten as '{v.generated}'"
    if v.verdict:
        line += f"; {v.verdict}"
    return line


def to_json(report: Report) -> dict:
    profiles = []
    for r in report.results:
        fixed, still = file_states(r, report.changed_files)
        profiles.append({
            "profile": r.profile, "meets": r.meets, "summary": summary(r),
            "as_written": _half(r.written), "after_rewrite": _half(r.rewritten),
            "files_meeting_once_rewritten": fixed,
            "files_still_violating": {p: dict(_ranked(c)) for p, c in still.items()}})
    return {"meets": report.meets, "profiles": profiles,
            "rewritten_tasks": list(report.rewritten_tasks),
            "refused_tasks": list(report.refused_tasks),
            "changed_files": list(report.changed_files)}


def _half(vs: tuple[Violation, ...]) -> dict:
    return {"count": len(vs), "restrictions": dict(_ranked(counts(vs))),
            "violations": [v.to_json() for v in vs]}
