"""Suppression comments, as AdaControl and GNATcheck users write them.

    --## rule off RDV001 ## Buffer stays a task: it runs the display refresh
    ...
    --## rule on RDV001

    Pool.Start (I);  --## rule line off RDV005 ## measured: not on a hot path

``rule off`` covers its own line through the matching ``rule on`` (or the
end of the file); ``rule line off`` covers the line it ends.  A rule is
named by its id or its name; several are separated by commas.  The text
after the second ``##`` is the justification; a suppression without one is
reported (RDV010), and so is one that hid nothing (RDV011) or that cannot be
read (RDV012).  A ``--`` after the rule names starts a remark, not a
justification.  A finding about a task can be suppressed at the finding's
line or at the task's declaration; a note of it (another obstacle of the
task) at the note's line.
"""

from __future__ import annotations

import dataclasses
import re

from ..diagnostics import ToolFailure
from ..frontend.workspace import FileUnit, Workspace
from . import registry
from .facts import Suppression
from .rule import Finding

MARK = b"--##"
# The rule names end at "##" (a justification follows) or at "--" (a remark follows).
_FORM = re.compile(r"--##\s*rule\s+(?P<line>line\s+)?(?P<state>off|on)\b\s*"
                   r"(?P<rules>(?:(?!##|--).)*?)\s*(?:##\s*(?P<why>.*?)|--.*)?\s*$",
                   re.IGNORECASE)


def collect(ws: Workspace) -> tuple[Suppression, ...]:
    found: list[Suppression] = []
    for fu in ws.units():
        if MARK in fu.src.data:      # most files have none: skip their comment nodes
            found.extend(_in_file(fu))
    return tuple(found)


def _in_file(fu: FileUnit) -> list[Suppression]:
    found: list[Suppression] = []
    open_regions: dict[str, int] = {}        # rule id -> index into found
    for node in fu.nodes_of_type("comment"):
        comment = node.text.decode("utf-8", "replace").rstrip()
        if not comment.startswith("--##"):
            continue
        loc = fu.loc(node)
        m = _FORM.match(comment)
        ids, problem = _rule_ids(m["rules"]) if m else ((), "")
        if m is None or problem:
            found.append(Suppression(ids, loc, loc.line, loc.line, "", "line",
                                     problem or "not a suppression: write '--## rule off RDVnnn "
                                     "## why', '--## rule on RDVnnn' or '--## rule line off "
                                     "RDVnnn ## why'"))
        elif m["state"].lower() == "on":
            if m["line"]:
                found.append(Suppression(ids, loc, loc.line, loc.line, "", "line",
                                         "'rule line on' has no meaning: a line form only "
                                         "turns rules off"))
            for rid in ids:
                if rid not in open_regions:
                    found.append(Suppression((rid,), loc, loc.line, loc.line, "", "region",
                                             f"'rule on {rid}' without an earlier "
                                             f"'rule off {rid}' in this file"))
                    continue
                i = open_regions.pop(rid)
                s = found[i]
                found[i] = Suppression(s.rule_ids, s.loc, s.first, loc.line,
                                       s.justification, s.form)
        else:
            why = (m["why"] or "").strip()
            form = "line" if m["line"] else "region"
            last = loc.line if m["line"] else fu.src.n_lines
            found.append(Suppression(ids, loc, loc.line, last, why, form))
            if not m["line"]:
                for rid in ids:
                    open_regions[rid] = len(found) - 1
    return found


def _rule_ids(names: str) -> tuple[tuple[str, ...], str]:
    ids = []
    for code in registry.split_codes([names]):
        try:
            hits = registry.by_code(code)
        except ToolFailure:
            return tuple(ids), f"unknown rule {code!r} in a suppression comment"
        if len(hits) != 1:
            return tuple(ids), f"{code!r} names {len(hits)} rules; name one rule by id or name"
        ids.append(hits[0].id)
    if not ids:
        return (), "a suppression comment names no rule"
    return tuple(ids), ""


def covers(s: Suppression, f: Finding) -> bool:
    if s.problem or f.rule not in s.rule_ids:
        return False
    return any(path == s.loc.path and s.first <= line <= s.last for path, line in f.lines())


def apply(findings: list[Finding], sups: tuple[Suppression, ...]
          ) -> tuple[list[Finding], list[tuple[Finding, int]], set[int]]:
    """Split findings into kept and suppressed (with the suppression's index).  A
    suppression at a note's line (another obstacle of the task) hides that note."""
    kept, hidden, used = [], [], set()
    for f in findings:
        f = _without_hidden_notes(f, sups, used)
        hit = next((i for i, s in enumerate(sups) if covers(s, f)), None)
        if hit is None:
            kept.append(f)
        else:
            hidden.append((f, hit))
            used.add(hit)
    return kept, hidden, used


def _without_hidden_notes(f: Finding, sups: tuple[Suppression, ...], used: set[int]
                          ) -> Finding:
    if not f.notes:
        return f
    notes = []
    for n in f.notes:
        hit = next((i for i, s in enumerate(sups) if not s.problem and f.rule in s.rule_ids
                    and s.loc.path == n.loc.path and s.first <= n.loc.line <= s.last), None)
        if hit is None:
            notes.append(n)
        else:
            used.add(hit)
    return dataclasses.replace(f, notes=tuple(notes))
