"""Every corpus case: the program runs as expected, the model matches its golden file,
and the classification matches what the case's author wrote in case.toml."""

from __future__ import annotations

import json
import os

import pytest

from corpus_harness import Case, cases, run_program
from rdv2po.frontend.analysis import Options, analyze
from rdv2po.model import model_json

CASES = cases()
IDS = [c.name for c in CASES]


def inspect_case(case: Case) -> dict:
    old = os.getcwd()
    os.chdir(case.root)
    try:
        model, _ = analyze(Options(paths=("src",)))
    finally:
        os.chdir(old)
    return model_json(model)


def test_corpus_is_big_enough():
    assert len(CASES) >= 25


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_original_output(case: Case):
    result = run_program(case.src, case.main)
    assert result.returncode == 0, result.stderr
    assert result.stdout == (case.expected / "output.txt").read_text()
    if not _external(case):     # acceptance-set programs need not end with PASSED
        assert result.stdout.rstrip().endswith("PASSED")


def _external(case: Case) -> bool:
    import tomllib
    return "external" in tomllib.loads((case.root / "case.toml").read_text()).get("covers", [])


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_model(case: Case, update_expected: bool):
    got = inspect_case(case)
    golden = case.expected / "inspect.json"
    text = json.dumps(got, indent=2) + "\n"
    if update_expected or not golden.exists():
        golden.write_text(text)
        if not update_expected:
            pytest.fail(f"{golden} was missing: written, review and commit it")
    assert text == golden.read_text(), "model changed: review, then --update-expected"


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_classification(case: Case):
    got = inspect_case(case)
    assert not [d for d in got["diagnostics"] if d["severity"] == "error"]
    kinds = {}
    for t in got["tasks"]:
        kinds[t["name"]] = t["classification"]["kind"]
    assert kinds == case.tasks


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_no_files_written_into_case(case: Case):
    before = sorted(p for p in case.root.rglob("*"))
    inspect_case(case)
    after = sorted(p for p in case.root.rglob("*"))
    assert before == after
