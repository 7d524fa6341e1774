"""The bench programs' servers translate with the server scheme and print the same."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.analysis import Options

PROGRAMS = Path(__file__).resolve().parent.parent / "bench" / "programs"
SERVERS = {"producer_consumer": {"Buffers.Buffer"}, "gauss_seidel": {"Barriers.Barrier"},
           "dining": {"Hosts.Host"}}


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
