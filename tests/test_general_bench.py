"""The bench programs under the general scheme: every task with entries is kept,
its rendezvous go through its object, and the program prints the same -- or, for a
task type declared in a package's visible part that the scheme cannot hide behind a
public type, refused (docs/general-scheme.md, "Hidden from clients")."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PROGRAMS = Path(__file__).resolve().parent.parent / "bench" / "programs"
NAMES = sorted(p.name for p in PROGRAMS.iterdir() if (p / "src").is_dir())


@pytest.mark.parametrize("name", NAMES)
def test_bench_program_translates_and_prints_the_same(name, tmp_path):
    shutil.copytree(PROGRAMS / name / "src", tmp_path / "src")
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "general"))
    refused = {q: d.reason for q, d in out.decisions.items() if not d.rewritten}
    shown = {q for q, why in refused.items()
             if why.startswith("a task type in the visible part of a package specification")}
    assert set(refused) == shown, refused
    if not out.rewritten:
        assert shown and not out.changes
        pytest.skip(f"refused, as every task type of this program is in a visible part: "
                    f"{sorted(shown)}")
    rewrite.write(out)
    want = (PROGRAMS / name / "expected" / "output.txt").read_text()
    for config in ("", "pragma Detect_Blocking;\n"):
        result = run_program(tmp_path / "src", "main", config)
        assert result.returncode == 0, result.stderr
        assert result.stdout == want
