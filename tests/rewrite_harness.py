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


CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def copy_case_sources(tmp_path: Path, case: str) -> Path:
    """A corpus case's src/ copied under ``tmp_path`` (returned), to rewrite there."""
    shutil.copytree(CORPUS / case / "src", tmp_path / "src")
    return tmp_path


def decision_of(out, task: str):
    """The run's decision on the task whose qualified name ends with ``task``."""
    return next(d for name, d in out.decisions.items() if name.endswith("." + task))


def refusal_lines(out, task: str, construct: bool = False) -> list[str]:
    """A refused task's obstacles as 'line: reason' ('line: construct: reason')."""
    d = decision_of(out, task)
    assert not d.rewritten
    return [f"{o.loc.line}: {o.construct + ': ' if construct else ''}{o.reason}"
            for o in d.obstacles or (d,)]


def main_source(tmp_path: Path, text: str) -> Path:
    """``text`` as src/main.adb under ``tmp_path`` (returned), to rewrite there."""
    (tmp_path / "src").mkdir(parents=True)
    (tmp_path / "src" / "main.adb").write_text(text.lstrip())
    return tmp_path


def case_files(case: str) -> dict[str, str]:
    """A corpus case's sources by file name."""
    return {f.name: f.read_text() for f in (CORPUS / case / "src").iterdir()}


def rewrite_files(tmp_path: Path, files: dict[str, str], scheme: str):
    """``files`` written to src/ under ``tmp_path`` and rewritten there (not written
    back); the outcome and its decisions by the task's last name."""
    (tmp_path / "src").mkdir()
    for name, data in files.items():
        (tmp_path / "src" / name).write_text(data)
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme=scheme))
    return out, {n.rsplit(".", 1)[-1]: d for n, d in out.decisions.items()}


def reasons_of(decision) -> str:
    """A decision's obstacles' reasons on one line (its own reason when it has none)."""
    return " | ".join(o.reason for o in decision.obstacles or (decision,))
