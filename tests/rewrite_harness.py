"""Rewriting a corpus case in a private copy, once per test session."""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from corpus_harness import Case
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

_CACHE: dict[tuple[str, str], "Rewritten"] = {}


@dataclass
class Rewritten:
    root: Path                  # the private copy (holds src/)
    outcome: rewrite.Outcome

    @property
    def src(self) -> Path:
        return self.root / "src"

    def new_files(self) -> dict[str, bytes]:
        """Rewritten files by path relative to src/."""
        return {str(p.relative_to(self.src)): new for p, (_old, new) in self.outcome.changes.items()}


def in_dir(path: Path, fn):
    old = os.getcwd()
    os.chdir(path)
    try:
        return fn()
    finally:
        os.chdir(old)


def rewrite_case(case: Case, tmp_root: Path, scheme: str = "auto") -> Rewritten:
    key = (case.name, scheme)
    if key not in _CACHE:
        root = Path(tempfile.mkdtemp(prefix=f"{case.name}-{scheme}-", dir=tmp_root))
        shutil.copytree(case.src, root / "src")
        out = in_dir(root, lambda: rewrite.run(Options(paths=("src",)), scheme))
        if out.changes:
            rewrite.write(out)
        _CACHE[key] = Rewritten(root, out)
    return _CACHE[key]
