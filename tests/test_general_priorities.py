"""The general scheme and priorities (schemes/general/priorities.py).

A rendezvous lends the caller's priority to the accept body (RM D.1(21)) and
Priority_Queuing serves callers by priority (RM D.4); the agent does neither.
corpus/general_priority_inheritance and corpus/general_priority_queuing are
refused (test_general_corpus); here, with the refusal taken away, their
translations print otherwise -- the reason for it.  Beside them: a priority
with no policy that reads it, a protected object's ceiling, FIFO_Queuing, are
no obstacle; a policy in gnat.adc is one.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from corpus_harness import CORPUS, run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options
from rdv2po.schemes.general import priorities

INHERITANCE = CORPUS / "general_priority_inheritance"
QUEUING = CORPUS / "general_priority_queuing"
POLICIES = ("pragma Task_Dispatching_Policy (FIFO_Within_Priorities);\n"
            "pragma Locking_Policy (Ceiling_Locking);\n")
needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="FIFO_Within_Priorities "
                                "needs root for real thread priorities")


def _copy(case: Path, tmp_path: Path, drop: str = "") -> Path:
    src = tmp_path / "src"
    shutil.copytree(case / "src", src)
    main = src / "main.adb"
    main.write_text(main.read_text().replace(drop, "", 1) if drop else main.read_text())
    return src


def _general(tmp_path: Path) -> rewrite.Outcome:
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "general"))
    if out.changes:
        rewrite.write(out)
    return out


def _decision(out: rewrite.Outcome, task: str):
    return next(d for q, d in out.decisions.items() if q.rsplit(".", 1)[-1] == task)


@needs_root
@pytest.mark.parametrize("case", [INHERITANCE, QUEUING], ids=["inheritance", "queuing"])
def test_without_the_refusal_the_translation_prints_otherwise(case, tmp_path, monkeypatch):
    monkeypatch.setattr(priorities, "refusals", lambda ws: [])
    src = _copy(case, tmp_path)
    assert _decision(_general(tmp_path), "Server").rewritten
    assert run_program(src, "main").stdout != (case / "expected" / "output.txt").read_text()


def test_every_priority_and_policy_is_named(tmp_path):
    _copy(INHERITANCE, tmp_path)
    d = _decision(_general(tmp_path), "Server")
    assert not d.rewritten
    named = {(f.loc.line, f.construct) for f in d.obstacles}
    assert named == {(1, "pragma Task_Dispatching_Policy (FIFO_Within_Priorities)"),
                     (2, "pragma Locking_Policy (Ceiling_Locking)"),
                     (38, "pragma Priority (Low)"), (63, "pragma Priority (High)")}
    assert "RM D.1(21)" in d.reason


@needs_root
def test_priorities_no_policy_reads_are_kept(tmp_path):
    """Without a dispatching, locking or queuing policy nothing reads a priority."""
    src = _copy(INHERITANCE, tmp_path, drop=POLICIES)
    original = run_program(src, "main").stdout
    assert _decision(_general(tmp_path), "Server").rewritten
    assert run_program(src, "main").stdout == original
    assert run_program(src, "main", "pragma Detect_Blocking;\n").stdout == original


def test_a_policy_in_gnat_adc_counts(tmp_path):
    _copy(INHERITANCE, tmp_path, drop=POLICIES)
    (tmp_path / "gnat.adc").write_text("--  the build's configuration\n"
                                       "pragma Task_Dispatching_Policy (FIFO_Within_Priorities);\n")
    d = _decision(_general(tmp_path), "Server")
    assert not d.rewritten
    assert any(f.loc.path.endswith("gnat.adc") and f.loc.line == 2 for f in d.obstacles)


def test_fifo_queuing_is_no_policy_of_priorities(tmp_path):
    src = _copy(QUEUING, tmp_path)
    main = src / "main.adb"
    main.write_text(main.read_text().replace("(Priority_Queuing)", "(FIFO_Queuing)", 1))
    assert _decision(_general(tmp_path), "Server").rewritten
