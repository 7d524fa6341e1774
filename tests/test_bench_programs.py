"""The bench programs' servers translate with the server schemes and print the same."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.analysis import Options

PROGRAMS = Path(__file__).resolve().parent.parent / "bench" / "programs"
SERVERS = {"producer_consumer": {"Buffers.Buffer"},
           "gauss_seidel": {"Barriers.Barrier", "Crew.Run.Setup"},    # barrier and calling server
           "dining": {"Hosts.Host"},
           "micro": {"Servers.Echo", "Servers.Counter"}}


@pytest.mark.parametrize("name", sorted(SERVERS))
def test_bench_servers_translate_and_print_the_same(name, tmp_path):
    shutil.copytree(PROGRAMS / name / "src", tmp_path / "src")
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",))))
    assert set(out.rewritten) == SERVERS[name], [d.format() for d in out.diagnostics]
    rewrite.write(out)
    want = (PROGRAMS / name / "expected" / "output.txt").read_text()
    for config in ("", "pragma Detect_Blocking;\n"):
        result = run_program(tmp_path / "src", "main", config)
        assert result.returncode == 0, result.stderr
        assert result.stdout == want


def test_gauss_seidel_setup_hands_out_in_arrival_order(tmp_path):
    """Nothing can tell the 16 workers apart, so the paper's cheaper translation applies."""
    shutil.copytree(PROGRAMS / "gauss_seidel" / "src", tmp_path / "src")
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), select=("Setup",)))
    assert out.rewritten == ["Crew.Run.Setup"]
    crew = next(new for path, (_old, new) in out.changes.items() if path.name == "crew.adb")
    assert b"protected Setup is" in crew and b"Setup.Start (Id, First_Row, Last_Row);" in crew
    assert b"Is_Target" not in crew and b"task type Worker;" in crew
