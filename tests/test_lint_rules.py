"""Every lint rule's own examples, compiled by GNAT and linted for real.

A flagged example must be reported on exactly its ``-- FLAG`` lines, and a
clean one not at all, by the rule, running with the default rules beside it
(so that one rule replacing another, RDV004 over RDV001, is part of the test).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rdv2po.frontend.analysis import Options
from rdv2po.diagnostics import ToolFailure
from rdv2po.lint import engine, registry
from rdv2po.lint.rule import Example

RULES = registry.all_rules()


def lint_example(ex: Example, tmp_path: Path, rules) -> engine.LintResult:
    for name, text in ex.files:
        (tmp_path / name).write_text(text)
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        return engine.run(engine.LintOptions(Options(paths=(".",)), tuple(rules)))
    finally:
        os.chdir(old)


def with_defaults(rule):
    return [r for r in RULES if r.default or r.id == rule.id]


@pytest.mark.parametrize("rule", RULES, ids=[r.id for r in RULES])
def test_flagged_example_is_reported_on_its_flag_lines(rule, tmp_path):
    want = rule.flagged.flagged_lines()
    assert want, f"{rule.id}: the flagged example marks no line with -- FLAG"
    result = lint_example(rule.flagged, tmp_path, with_defaults(rule))
    assert result.errors == [], [d.format() for d in result.errors]
    got = {(f.loc.path, f.loc.line) for f in result.findings if f.rule == rule.id}
    assert got == want, [f"{f.loc}: {f.message}" for f in result.findings]
    noted = {(n.loc.path, n.loc.line) for f in result.findings if f.rule == rule.id
             for n in f.notes}
    # a note naming another scheme's refusal may sit on a flagged line: that scheme's
    # first obstacle is the flagged construct itself
    assert noted - want == rule.flagged.noted_lines(), [
        f"{n.loc}: {n.message}" for f in result.findings for n in f.notes]


@pytest.mark.parametrize("rule", RULES, ids=[r.id for r in RULES])
def test_clean_example_is_not_reported(rule, tmp_path):
    assert not rule.clean.flagged_lines() and not rule.clean.noted_lines()
    result = lint_example(rule.clean, tmp_path, with_defaults(rule))
    assert result.errors == [], [d.format() for d in result.errors]
    assert [f.message for f in result.findings if f.rule == rule.id] == []


def test_peers_get_a_note_saying_why_they_stay(tmp_path):
    """Not a warning (nothing to change), but a line each: why the task stays."""
    peers = registry.by_code("RDV005")[0].flagged
    result = lint_example(peers, tmp_path, [r for r in RULES if r.default])
    assert result.errors == []
    assert result.tasks == 2
    assert sorted((f.rule, f.severity, f.task) for f in result.findings) == [
        ("RDV006", "note", "Main.Pinger"), ("RDV006", "note", "Main.Ponger")]
    assert all("scheme refuses it: entry call" in f.message for f in result.findings)


def test_a_lock_gets_one_finding_and_the_general_rules_take_over_when_it_is_ignored(tmp_path):
    lock = registry.by_code("RDV004")[0].flagged
    everything = lint_example(lock, tmp_path, [r for r in RULES if r.default])
    assert sorted(f.rule for f in everything.findings) == ["RDV004", "RDV004"]
    without = lint_example(lock, tmp_path, registry.enabled(None, ["RDV004"]))
    by_task = {f.task: f.rule for f in without.findings}
    assert by_task == {"Main.Resource": "RDV001", "Main.Gate": "RDV003"}
    gate = next(f for f in everything.findings if f.task == "Main.Gate")
    assert "not translated automatically: pragma Priority (10): Priority on the task" \
        in gate.message
    assert not gate.fixable


def test_verdicts_say_when_gnat_did_not_check_them(tmp_path):
    ex = registry.by_code("RDV001")[0].flagged
    for name, text in ex.files:
        (tmp_path / name).write_text(text)
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        quick = engine.run(engine.LintOptions(Options(paths=(".",)), RULES[:1], verify=False))
    finally:
        os.chdir(old)
    [f] = quick.findings
    assert "expected to translate; GNAT did not compile the translation" in f.message
    assert dict(f.details)["verified"] == "false"


def test_rule_registry_ids_names_and_selection():
    ids = [r.id for r in RULES]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    assert {"RDV001", "RDV002", "RDV003", "RDV004", "RDV005"} <= set(ids)
    assert all(r.rationale and r.message and r.summary for r in RULES)
    default = {r.id for r in registry.enabled(None, [])}
    assert "RDV005" not in default and "RDV001" in default
    assert [r.id for r in registry.enabled(["server-task-as-lock"], [])] == ["RDV004"]
    assert {r.id for r in registry.enabled(["RDV00"], ["RDV002"])} == {
        "RDV001", "RDV003", "RDV004", "RDV005", "RDV006"}
    assert "RDV006" in default        # every task that looks like a server gets a line
    with pytest.raises(ToolFailure, match="unknown rule 'RDV999'"):
        registry.enabled(["RDV999"], [])


def rdv2po(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "rdv2po", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def test_explain_prints_rationale_message_and_both_examples():
    r = rdv2po("explain", "RDV003")
    assert r.returncode == 0, r.stderr
    rule = registry.by_code("RDV003")[0]
    assert r.stdout.startswith("RDV003 server-not-eliminable (warning; on by default)")
    assert "potentially blocking operation" in r.stdout
    for _name, text in rule.flagged.files + rule.clean.files:
        for line in text.splitlines():
            assert line in r.stdout


def test_explain_lists_rules_and_refuses_unknown_ones():
    r = rdv2po("explain")
    assert r.returncode == 0
    for rule in RULES:
        assert f"{rule.id}  {rule.name}" in r.stdout
    r = rdv2po("explain", "RDV999")
    assert r.returncode == 2 and "unknown rule 'RDV999'" in r.stderr
