"""Tasks with entries that no scheme of the run takes (rewrite._untaken): each gets
a refusal naming why, in rewrite and in lint, instead of silence (realcode5:
one-alternative-select-silent, worker-protected-entry-call-silent).

The corpus (untaken_entries_refused) runs the program against the original; these
tests check the decisions and the reasons.
"""

from __future__ import annotations

from pathlib import Path

from rewrite_harness import copy_case_sources as _copy, decision_of as _decision, in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options


def _run(root: Path, scheme: str = "auto"):
    return in_dir(root, lambda: rewrite.run(Options(paths=("src",)), scheme=scheme))


def test_tasks_no_scheme_takes_are_refused_with_the_reason(tmp_path):
    out = _run(_copy(tmp_path, "untaken_entries_refused"))
    greeter, visitor, waver = (_decision(out, n) for n in ("Greeter", "Visitor", "Waver"))
    assert waver.rewritten and waver.scheme == "caller-runs-server"
    assert not greeter.rewritten and not visitor.rewritten
    assert "no scheme takes it: it has entries, but its accepts are in no server " \
        "loop" in greeter.reason
    assert "an accept inside a loop, a branch or a select is none, but for a select " \
        "of that accept, unguarded, alone or with a terminate alternative" in greeter.reason
    assert visitor.construct == "Gate.Enter" and visitor.loc.line == 48
    assert "it calls Gate.Enter, an entry" in visitor.reason
    warnings = [d.message for d in out.diagnostics if d.severity == "warning"]
    assert any(w.startswith("task Greeter not rewritten: Greeter: no scheme takes it")
               for w in warnings), warnings
    assert sorted(out.refused) == ["Main.Greeter", "Main.Visitor"]


def test_tasks_without_entries_get_no_refusal(tmp_path):
    out = _run(_copy(tmp_path, "untaken_entries_refused"))
    assert all(t in ("Main.Greeter", "Main.Visitor", "Main.Waver") for t in out.decisions)


def test_the_general_scheme_still_takes_them(tmp_path):
    out = _run(_copy(tmp_path, "untaken_entries_refused"), scheme="general")
    assert _decision(out, "Greeter").scheme == "general"


def test_selects_the_one_shot_server_does_not_take(tmp_path):
    """A select of one accept and a terminate alternative is a one-shot server's
    accept (corpus caller_runs_one_shot_terminate), but not with a guard, nor beside
    a second accept."""
    out = _run(_copy(tmp_path, "caller_runs_one_shot_terminate_refused"))
    for name in ("Guarded", "Either"):
        d = _decision(out, name)
        assert not d.rewritten and "no scheme takes it" in d.reason, d
    taken = _run(_copy(tmp_path / "taken", "caller_runs_one_shot_terminate"))
    for name in ("Stamp", "Greeter", "Plain"):
        d = _decision(taken, name)
        assert d.rewritten and d.scheme == "caller-runs-server", d
