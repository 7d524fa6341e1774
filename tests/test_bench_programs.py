"""The bench programs' servers translate with the server schemes and print the same;
their hand-written versions build and print the same too."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options
from rdv2po.bench.suite import load_program
from rdv2po.bench.versions import HAND, make_versions

PROGRAMS = Path(__file__).resolve().parent.parent / "bench" / "programs"
SERVERS = {"producer_consumer": {"Buffers.Buffer"},
           "gauss_seidel": {"Barriers.Barrier", "Crew.Run.Setup"},    # barrier and calling server
           "dining": {"Hosts.Host"},
           "micro": {"Servers.Echo", "Servers.Counter"},
           "logging": {"Servers.Logger"}}       # by the caller-runs scheme
# the protected object standing for a server in the hand-written version, where it
# is not named like the server (the logger's lock: I/O stays outside it)
HAND_OBJECT = {"Servers.Logger": "lock"}


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


@pytest.mark.parametrize("name", sorted(SERVERS))
def test_every_bench_program_has_a_hand_written_version_that_prints_the_same(name, tmp_path):
    """Same output as the rendezvous form, also when a blocking call in a protected
    action would raise (Detect_Blocking): the hand-written objects are real ones."""
    program = load_program(PROGRAMS / name, True, ())
    assert program.hand is not None
    (hand,) = make_versions(program, [HAND], tmp_path)
    assert hand.available and "replace the program's" in hand.reason
    for f in program.hand.iterdir():     # the hand-written files are the ones built
        assert (hand.src / f.name).read_bytes() == f.read_bytes()
    text = " ".join((hand.src / f.name).read_text().lower() for f in program.hand.iterdir())
    for server in SERVERS[name]:         # each server task is gone, a protected object now
        simple = server.rsplit(".", 1)[1].lower()
        assert f"task {simple}" not in text and f"task body {simple}" not in text
        assert f"protected {HAND_OBJECT.get(server, simple)} is" in text
    want = (PROGRAMS / name / "expected" / "output.txt").read_text()
    for config in ("", "pragma Detect_Blocking;\n"):
        result = run_program(hand.src, "main", config)
        assert result.returncode == 0, result.stderr
        assert result.stdout == want
