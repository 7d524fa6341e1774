"""Entries a server never accepts (docs/caller-runs-scheme.md, "Entries never
accepted"): the corpus case caller_runs_never_accepted runs a one-shot server's
against the original; its loop server with a terminate alternative is refused
by the caller-runs scheme for such an entry, which this test names."""

from __future__ import annotations

from pathlib import Path

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

CORPUS = Path(__file__).parent.parent / "corpus" / "caller_runs_never_accepted" / "src"


def test_a_never_accepted_entry_is_taken_unless_the_server_can_terminate(tmp_path):
    (tmp_path / "src").mkdir()
    for f in CORPUS.iterdir():
        (tmp_path / "src" / f.name).write_bytes(f.read_bytes())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)),
                                               scheme="caller-runs"))
    got = {n.rsplit(".", 1)[-1]: d for n, d in out.decisions.items()}
    assert got["Once"].rewritten
    looper = " | ".join(o.reason for o in got["Looper"].obstacles or (got["Looper"],))
    assert "never accepts, of a server with a terminate alternative" in looper, looper
    in_dir(tmp_path, lambda: rewrite.write(out))
    text = (tmp_path / "src" / "main.adb").read_text()
    assert "entry Never when Over is" in text
    # the Try procedures are named whatever the spacing of 'entry  Never ;'
    assert "procedure Try_Never (Taken : out Boolean);" in text
