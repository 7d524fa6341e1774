"""Lint precision on shapes met in code bases the project did not write.

AdaCore's training_material (the gnatsas lab's dining philosophers): the
server's accept body calls Windows.Borders, whose body calls Screen.MoveCursor
in a third file.  The lint compiles only the files the tasks need and their
callees' bodies; a callee's callee was never compiled, so its body was "not in
the analysed sources" and the lint named the wrong scheme (or the wrong reason)
where the rewrite, which compiles everything, translated.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from test_lint_cli import rdv2po

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def _copy(case: str, tmp_path: Path) -> Path:
    shutil.copytree(CORPUS / case / "src", tmp_path / "src")
    (tmp_path / ".git").mkdir()
    return tmp_path


def test_a_callee_two_files_away_is_read_and_the_lint_agrees_with_the_rewrite(tmp_path):
    root = _copy("callee_two_files_deep", tmp_path)
    out = rdv2po("lint", "src", cwd=root).stdout
    assert "eliminable by the accepting-server scheme" in out, out
    assert "not in the analysed sources" not in out, out


def test_a_callee_two_files_away_that_writes_still_needs_the_caller_runs_scheme(tmp_path):
    root = _copy("callee_two_files_deep", tmp_path)
    scales = root / "src" / "scales.adb"
    scales.write_text("with Ada.Text_IO;\n" + scales.read_text().replace(
        "      return", "      Ada.Text_IO.Put_Line (\"scaled\");\n      return"))
    out = rdv2po("lint", "src", cwd=root).stdout
    assert "eliminable by the caller-runs-server scheme" in out, out


def test_the_model_has_the_body_of_a_callee_two_files_away(tmp_path):
    root = _copy("callee_two_files_deep", tmp_path)
    model = json.loads(rdv2po("inspect", "--format", "json", "src", cwd=root).stdout)
    bodies = {s["qualified_name"]: s["body"] for s in model["subprograms"]}
    assert bodies.get("Scales.Scaled") == "src/scales.adb:2:13", bodies
