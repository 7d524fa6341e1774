"""The general scheme (``--scheme general``) over every corpus case.

Every task with entries is either translated -- the program, rewritten in a
private copy, must print exactly what the original prints, also with
pragma Detect_Blocking; its files must match ``expected/general/`` (the
golden translation, regenerated on purpose with --update-expected); and a
second rewrite must change nothing -- or refused with the reason the case
lists under ``[general.refused]``.
"""

from __future__ import annotations

import tomllib

import pytest

from corpus_harness import Case, cases, run_program
from rewrite_harness import in_dir, rewrite_case
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options, analyze

CASES = cases()
IDS = [c.name for c in CASES]
DETECT_BLOCKING = "pragma Detect_Blocking;\n"


def refusals(case: Case) -> dict:
    meta = tomllib.loads((case.root / "case.toml").read_text())
    return dict(meta.get("general", {}).get("refused", {}))


@pytest.fixture(scope="session")
def tmp_root(tmp_path_factory):
    return tmp_path_factory.mktemp("general")


def with_entries(case: Case) -> list[str]:
    model, _ws = in_dir(case.root, lambda: analyze(Options(paths=("src",))))
    return [t.name for t in model.tasks if t.entries]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_every_task_with_entries_translated_or_refused_as_listed(case: Case, tmp_root):
    done = rewrite_case(case, tmp_root, "general")
    expected = refusals(case)
    assert not [d for d in done.outcome.diagnostics if d.severity == "error"]
    decided = {q.rsplit(".", 1)[-1]: d for q, d in done.outcome.decisions.items()}
    for task in with_entries(case):
        assert task in decided, f"no decision for {task}"
        d = decided[task]
        if task in expected:
            assert not d.rewritten, f"{task} was translated, the case expects a refusal"
            assert expected[task] in f"{d.construct}: {d.reason}", d.reason
        else:
            assert d.rewritten, f"{task} refused: {d.construct}: {d.reason}"
    assert set(expected) <= set(decided), "listed refusals must name tasks with entries"


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_golden_translation(case: Case, tmp_root, update_expected: bool):
    done = rewrite_case(case, tmp_root, "general")
    golden = case.expected / "general"
    got = done.new_files()
    if update_expected:
        for p in (golden.rglob("*") if golden.exists() else ()):
            if p.is_file():
                p.unlink()
        for rel, data in got.items():
            (golden / rel).parent.mkdir(parents=True, exist_ok=True)
            (golden / rel).write_bytes(data)
    want = {str(p.relative_to(golden)): p.read_bytes()
            for p in golden.rglob("*") if p.is_file()} if golden.exists() else {}
    assert sorted(got) == sorted(want), "translated files changed: review, then --update-expected"
    for rel in got:
        assert got[rel] == want[rel], f"{rel} differs from the golden translation"


@pytest.mark.parametrize("config", ["", DETECT_BLOCKING], ids=["plain", "detect_blocking"])
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_translated_program_prints_the_same(case: Case, tmp_root, config: str):
    done = rewrite_case(case, tmp_root, "general")
    if not done.outcome.changes:
        pytest.skip("nothing translated")
    result = run_program(done.src, case.main, config)
    assert result.returncode == 0, result.stderr
    assert result.stdout == (case.expected / "output.txt").read_text()


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_second_rewrite_changes_nothing(case: Case, tmp_root):
    done = rewrite_case(case, tmp_root, "general")
    if not done.outcome.changes:
        pytest.skip("nothing translated")
    rewritten = {q for q, d in done.outcome.decisions.items() if d.rewritten}
    for scheme in ("general", "server"):
        again = in_dir(done.root, lambda: rewrite.run(Options(paths=("src",)), scheme))
        assert not [d for d in again.diagnostics if d.severity == "error"]
        translated = [q for q, d in again.decisions.items() if d.rewritten]
        # the server scheme may take a task the general one left (refused, or a
        # calling server without entries); never one it translated, nor its agents
        others = [q for q in translated if scheme == "general" or q in rewritten
                  or q.endswith("_Agent")]
        assert not others, f"a {scheme} rewrite after the general one changed {others}"
        assert translated or not again.changes
