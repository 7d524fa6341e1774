"""The server schemes (accepting and calling) over every corpus case.

A case whose server tasks translate is rewritten in a private copy, built,
run (also with pragma Detect_Blocking) and must print exactly what the
original prints; its rewritten files must match expected/rewritten/ (the
golden translation, regenerated on purpose with --update-expected); and
rewriting the result again must change nothing.  A task the case lists
under [rewrite] refused must be refused with a diagnostic that names the
reason, and no file of it changed.
"""

from __future__ import annotations

import tomllib

import pytest

from corpus_harness import Case, cases, run_program
from rewrite_harness import in_dir, rewrite_case
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

CASES = cases()
IDS = [c.name for c in CASES]
DETECT_BLOCKING = "pragma Detect_Blocking;\n"
SERVERS = ("accepting_server", "calling_server", "mixed")


def expectations(case: Case) -> dict:
    meta = tomllib.loads((case.root / "case.toml").read_text())
    return dict(meta.get("rewrite", {}).get("refused", {}))


@pytest.fixture(scope="session")
def tmp_root(tmp_path_factory):
    return tmp_path_factory.mktemp("rewrite")


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_translated_or_refused_as_expected(case: Case, tmp_root):
    done = rewrite_case(case, tmp_root)
    refused = expectations(case)
    servers = [t for t, kind in case.tasks.items() if kind in SERVERS]
    warnings = [d.message for d in done.outcome.diagnostics if d.severity == "warning"]
    assert not [d for d in done.outcome.diagnostics if d.severity == "error"]
    for task in servers:
        names = [n.rsplit(".", 1)[-1].lower() for n in done.outcome.rewritten]
        if task in refused:
            assert task.lower() not in names
            mine = [w for w in warnings if w.startswith(f"task {task} not rewritten")]
            assert mine, f"no refusal for {task}: {warnings}"
            assert refused[task] in mine[0], mine[0]
        else:
            assert task.lower() in names, f"{task} not rewritten: {warnings}"
    assert set(refused) <= set(servers), "refused tasks must be servers"


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_golden_translation(case: Case, tmp_root, update_expected: bool):
    done = rewrite_case(case, tmp_root)
    golden = case.expected / "rewritten"
    got = done.new_files()
    if update_expected:
        if golden.exists():
            for p in golden.rglob("*"):
                if p.is_file():
                    p.unlink()
        for rel, data in got.items():
            (golden / rel).parent.mkdir(parents=True, exist_ok=True)
            (golden / rel).write_bytes(data)
    want = {str(p.relative_to(golden)): p.read_bytes()
            for p in golden.rglob("*") if p.is_file()} if golden.exists() else {}
    assert sorted(got) == sorted(want), "rewritten files changed: review, then --update-expected"
    for rel in got:
        assert got[rel] == want[rel], f"{rel} differs from the golden translation"


@pytest.mark.parametrize("config", ["", DETECT_BLOCKING], ids=["plain", "detect_blocking"])
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_translated_program_prints_the_same(case: Case, tmp_root, config: str):
    done = rewrite_case(case, tmp_root)
    if not done.outcome.changes:
        pytest.skip("nothing translated")
    result = run_program(done.src, case.main, config)
    assert result.returncode == 0, result.stderr
    assert result.stdout == (case.expected / "output.txt").read_text()


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_rewrite_is_idempotent(case: Case, tmp_root):
    done = rewrite_case(case, tmp_root)
    if not done.outcome.changes:
        pytest.skip("nothing translated")
    again = in_dir(done.root, lambda: rewrite.run(Options(paths=("src",))))
    assert not again.changes
    assert not [d for d in again.diagnostics if d.severity == "error"]
