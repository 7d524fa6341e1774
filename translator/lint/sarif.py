"""SARIF 2.1.0 output, for code-scanning services and SARIF viewers.

One run; the driver lists the rules this run checked (with their rationale
as help text); suppressed findings are included with an ``inSource``
suppression and its justification, as SARIF intends, so viewers can show
them as reviewed.  Paths relative to the current directory are given
against ``%SRCROOT%``; columns count characters (``unicodeCodePoints``).
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

from .. import __version__
from .engine import LintResult
from .rule import Finding, Rule

SCHEMA = ("https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
          "sarif-schema-2.1.0.json")
LEVEL = {"error": "error", "warning": "warning", "note": "note"}


def as_sarif(result: LintResult, rules: tuple[Rule, ...]) -> str:
    index = {r.id: i for i, r in enumerate(rules)}
    results = [_result(f, index) for f in result.findings]
    results += [_result(f, index, s) for f, s in result.suppressed]
    notes = [{"level": "error", "message": {"text": d.message},
              "locations": [_location(d.path, d.line, d.col)]} for d in result.errors]
    run = {
        "tool": {"driver": {"name": "rdv2po", "version": __version__,
                            "rules": [_descriptor(r) for r in rules]}},
        "invocations": [{"executionSuccessful": result.complete,
                         "toolExecutionNotifications": notes}],
        "originalUriBaseIds": {"%SRCROOT%": {"uri": Path.cwd().resolve().as_uri() + "/"}},
        "columnKind": "unicodeCodePoints",
        "results": results,
    }
    return json.dumps({"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}, indent=2) + "\n"


def _descriptor(r: Rule) -> dict:
    return {"id": r.id, "name": r.name,
            "shortDescription": {"text": r.summary},
            "fullDescription": {"text": r.rationale},
            "help": {"text": r.rationale},
            "messageStrings": {"default": {"text": r.message}},
            "defaultConfiguration": {"level": LEVEL[r.severity], "enabled": r.default},
            "properties": {"tags": ["concurrency", "performance", "ada"]}}


def _result(f: Finding, index: dict[str, int], sup=None) -> dict:
    out = {"ruleId": f.rule, "ruleIndex": index[f.rule], "level": LEVEL[f.severity],
           "message": {"text": f.message},
           "locations": [_location(f.loc.path, f.loc.line, f.loc.col)]}
    if f.task:
        out["locations"][0]["logicalLocations"] = [{"fullyQualifiedName": f.task,
                                                    "kind": "type"}]
    if f.notes:
        out["relatedLocations"] = [
            {"id": i, "message": {"text": n.message},
             **_location(n.loc.path, n.loc.line, n.loc.col)}
            for i, n in enumerate(f.notes, 1)]
    props = {k: v for k, v in f.details}
    props["fixable"] = f.fixable
    if f.more:
        props["moreNotes"] = f.more
    out["properties"] = props
    if sup is not None:
        out["suppressions"] = [{"kind": "inSource", "justification": sup.justification,
                                "location": _location(sup.loc.path, sup.loc.line,
                                                      sup.loc.col)}]
    return out


def _location(path: str, line: int, col: int) -> dict:
    p = Path(path)
    if p.is_absolute():
        artifact = {"uri": p.as_uri()}
    else:
        artifact = {"uri": quote(p.as_posix()), "uriBaseId": "%SRCROOT%"}
    return {"physicalLocation": {"artifactLocation": artifact,
                                 "region": {"startLine": line, "startColumn": col}}}
