"""Every corpus case has its profile report (expected/profile.txt): what GNAT
finds under Jorvik and Ravenscar, as written and as the default schemes rewrite
it, at the user's lines.  Regenerate on purpose with --update-expected."""

from __future__ import annotations

import shutil

import pytest

from corpus_harness import Case, cases
from rewrite_harness import in_dir
from rdv2po.frontend.analysis import Options
from rdv2po.profile import engine, output

CASES = cases()


@pytest.fixture(scope="session")
def profile_root(tmp_path_factory):
    return tmp_path_factory.mktemp("profile")


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_profile_report(case: Case, profile_root, update_expected: bool):
    root = profile_root / case.name
    shutil.copytree(case.src, root / "src")
    before = {p: p.read_bytes() for p in (root / "src").rglob("*") if p.is_file()}
    report = in_dir(root, lambda: engine.check(Options(paths=("src",)),
                                               ("jorvik", "ravenscar")))
    got = output.text(report)
    golden = case.expected / "profile.txt"
    if update_expected:
        golden.write_text(got)
    assert golden.exists(), "no expected/profile.txt: run pytest --update-expected"
    assert got == golden.read_text(), "profile report changed: review, then --update-expected"
    after = {p: p.read_bytes() for p in (root / "src").rglob("*") if p.is_file()}
    assert after == before, "the profile check wrote to the sources"
