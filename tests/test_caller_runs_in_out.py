"""Conditional and timed calls of an entry with in out parameters under the
caller-runs scheme (docs/caller-runs-scheme.md, "Conditional and timed calls"):
Try_E copies an actual back unchanged when the server does not take the call.
The corpus case caller_runs_in_out_calls runs the taken ones against the
original; this test names the caller-runs scheme's own refusals beside them: a
conversion as the actual, an out parameter, a program marking objects Volatile.
"""

from __future__ import annotations

from pathlib import Path

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

CORPUS = Path(__file__).parent.parent / "corpus" / "caller_runs_in_out_calls" / "src"


def _decisions(tmp_path: Path, text: str | None = None):
    (tmp_path / "src").mkdir()
    for f in CORPUS.iterdir():
        (tmp_path / "src" / f.name).write_bytes(f.read_bytes())
    if text is not None:
        (tmp_path / "src" / "main.adb").write_text(text)
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)),
                                               scheme="caller-runs"))
    return {n.rsplit(".", 1)[-1]: d for n, d in out.decisions.items()}


def _reasons(d) -> str:
    return " | ".join(o.reason for o in d.obstacles or (d,))


def test_in_out_actuals_that_are_names_are_taken_and_the_rest_refused(tmp_path):
    got = _decisions(tmp_path)
    assert got["Doubler"].rewritten
    assert "an in out actual other than a variable's name" in _reasons(got["Rounder"])
    assert "the entry has out parameters" in _reasons(got["Filler"])


def test_a_program_marking_an_object_volatile_keeps_in_out_tries_refused(tmp_path):
    text = (CORPUS / "main.adb").read_text().replace(
        "   M : Integer := 0;\n", "   M : Integer := 0 with Volatile;\n")
    got = _decisions(tmp_path, text)
    assert not got["Doubler"].rewritten
    assert "marks objects Atomic or Volatile" in _reasons(got["Doubler"])
