"""The bench's parts on their own: the runner against real processes, the
machine readings, the measurement protocol, the summaries and the versions."""

from __future__ import annotations

import io
import os
import shutil
import threading
from pathlib import Path

import pytest

from rdv2po.bench import machine, measure, report, stats
from rdv2po.bench.build import FIFO, build
from rdv2po.bench.progress import Progress
from rdv2po.bench.runner import run_once
from rdv2po.bench.suite import Item, Program, builtin_suite
from rdv2po.bench.versions import GENERAL, RENDEZVOUS, SERVERS, Version, make_versions

SH = Path(shutil.which("sh"))


def test_runner_gives_status_output_and_measurement_lines(tmp_path):
    raw = run_once(SH, ("-c", "echo result; echo 'time work 0.25' >&2; exit 3"), tmp_path,
                   None, timeout=30)
    assert raw.status == "exit 3"
    assert raw.stdout == "result\n"
    assert measure.parse(raw.stderr).time == {"work": 0.25}


def test_runner_counts_the_programs_own_switches(tmp_path):
    raw = run_once(SH, ("-c", "sleep 0.05; sleep 0.05; sleep 0.05"), tmp_path, None,
                   timeout=30)
    assert raw.status == "ok"
    # Each sleep is a child of sh, waited for: sh blocks at least once per child.
    assert raw.nvcsw >= 3
    assert raw.wall >= 0.15


def test_runner_pins_the_program_to_the_cpu_it_is_given(tmp_path):
    cpu = machine.cpu_count()[-1]
    raw = run_once(Path("/bin/grep"), ("Cpus_allowed_list", "/proc/self/status"), tmp_path,
                   frozenset({cpu}), timeout=30)
    assert raw.stdout.split() == ["Cpus_allowed_list:", str(cpu)]


def test_runner_kills_a_program_at_the_time_out(tmp_path):
    raw = run_once(SH, ("-c", "sleep 30"), tmp_path, None, timeout=0.3)
    assert raw.status == "timeout"
    assert raw.wall < 10


def test_runner_samples_the_threads_policy_while_the_program_runs(tmp_path):
    raw = run_once(SH, ("-c", "sleep 0.3"), tmp_path, None, timeout=30)
    assert raw.policies and all(set(s) == {"SCHED_OTHER"} for s in raw.policies)


def test_thread_policies_lists_every_thread_of_a_process():
    stop = threading.Event()
    t = threading.Thread(target=stop.wait)
    t.start()
    try:
        found = machine.thread_policies(os.getpid())
    finally:
        stop.set()
        t.join()
    assert len(found) >= 2 and set(found.values()) == {"SCHED_OTHER"}


def test_waiting_for_idle_cpus_gives_up_at_the_time_out():
    idle = machine.wait_idle(frozenset(machine.cpu_count()), timeout=0.0, threshold=-1.0)
    assert not idle.ok and idle.waited < 1.0


def test_disturbance_needs_more_than_a_fifth_of_the_run_and_two_ticks():
    assert not machine.disturbed(0.0, 0.1)
    assert not machine.disturbed(1.5 / machine.HZ, 0.0)
    assert machine.disturbed(0.5, 1.0)


def test_measurement_lines_are_parsed_and_anything_else_kept_as_information():
    lines = measure.parse("time setup 0.001\nswitches setup 17\ncount op 40\n"
                          "requeued 12\ntime broken x\n")
    assert lines.time == {"setup": 0.001}
    assert lines.switches == {"setup": 17} and lines.count == {"op": 40}
    assert lines.info == ["requeued 12", "time broken x"]


@pytest.mark.parametrize("stdout, reference, checking, verdict", [
    ("a\nPASSED\n", "a\nPASSED\n", True, ""),
    ("a\nFAILED\n", None, True, "own check failed"),
    ("b\nPASSED\n", "a\nPASSED\n", True, "line 1: 'b' instead of 'a'"),
    ("a\n", "a\nb\n", False, "1 lines instead of 2"),
    ("anything\n", None, False, ""),
])
def test_results_are_checked_against_the_reference(stdout, reference, checking, verdict):
    got = measure.check_result(stdout, reference, checking)
    assert (verdict in got) if verdict else got == ""


def _run(version, wall, disturbed=False, kind="timed", result=""):
    return {"item": "x", "version": version, "setting": "pinned", "kind": kind,
            "status": "ok", "result": result, "disturbed": disturbed, "wall": wall,
            "time": {"t": wall}, "nvcsw": 1, "nivcsw": 1, "switches": {}, "count": {}}


def test_medians_leave_disturbed_runs_out_while_three_clean_ones_remain():
    runs = [_run("rendezvous", w) for w in (1.0, 2.0, 3.0)] + [_run("rendezvous", 50.0, True)]
    s = stats.metric({"runs": runs}, "x", "rendezvous", "pinned", lambda r: r["wall"])
    assert (s.median, s.low, s.high, s.n, s.all_runs) == (2.0, 1.0, 3.0, 3, False)
    runs = runs[:2] + [_run("rendezvous", 50.0, True)]
    s = stats.metric({"runs": runs}, "x", "rendezvous", "pinned", lambda r: r["wall"])
    assert (s.median, s.n, s.all_runs) == (2.0, 3, True)


def test_wrong_results_and_warmups_never_count_and_change_is_against_the_base():
    runs = [_run("rendezvous", 2.0), _run("rendezvous", 9.0, kind="warmup"),
            _run("rendezvous", 9.0, result="differs"), _run("servers", 0.5)]
    base = stats.metric({"runs": runs}, "x", "rendezvous", "pinned", lambda r: r["wall"])
    new = stats.metric({"runs": runs}, "x", "servers", "pinned", lambda r: r["wall"])
    assert base.n == 1 and new.change(base) == pytest.approx(-75.0)


def test_the_builtin_suite_has_the_papers_rows_and_expected_outputs():
    full = {i.name: i for p in builtin_suite(quick=False) for i in p.items}
    quick = {i.name: i for p in builtin_suite(quick=True) for i in p.items}
    rows = [r.name for i in full.values() for r in i.rows]
    assert {"dining", "prodcons", "gauss_seidel", "calling server"} <= set(rows)
    assert "prodcons_io" in full and "prodcons_io" not in quick
    assert all(i.expected is not None for i in quick.values())
    assert all(i.expected is not None for n, i in full.items() if n != "prodcons_io")


def test_a_refused_translation_is_a_version_that_says_why(tmp_path):
    # a delay alternative shorter than GNAT's timing-event period: refused (timeouts.py)
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(
        "procedure Main is\n"
        "   task Server is\n      entry Ping;\n   end Server;\n"
        "   task body Server is\n   begin\n      loop\n         select\n"
        "            accept Ping;\n         or\n            delay 0.05;\n"
        "         end select;\n      end loop;\n   end Server;\n"
        "begin\n   Server.Ping;\nend Main;\n")
    program = Program("p", "p", src, "main", (), (Item("p", (), ()),))
    versions = {v.name: v for v in make_versions(program, [RENDEZVOUS, GENERAL, SERVERS],
                                                tmp_path / "work")}
    assert versions[RENDEZVOUS].available
    servers = versions[SERVERS]
    assert not servers.available and servers.reason.startswith("no task translated")
    assert "delay" in servers.reason and servers.decisions[0]["rewritten"] is False
    assert versions[GENERAL].available or versions[GENERAL].reason
    assert (src / "main.adb").read_text().count("delay 0.05") == 1   # the original untouched


def test_a_version_that_does_not_build_says_what_gnatmake_said(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text("procedure Main is\nbegin\n   Oops;\nend Main;\n")
    program = Program("p", "p", src, "main", (), (Item("p", (), ()),))
    got = build(program, Version(SERVERS, src), FIFO, tmp_path / "work")
    assert got.exe is None and got.error.startswith("gnatmake failed")
    assert '"Oops" is undefined' in got.error
    assert sorted(p.name for p in src.iterdir()) == ["main.adb"]    # nothing built in src


def test_progress_off_a_terminal_prints_a_line_per_tenth():
    stream = io.StringIO()
    bar = Progress(50, stream)
    for i in range(50):
        bar.step(f"run {i}")
    bar.add(50)
    for i in range(50):
        bar.step(f"run {i}")
    lines = stream.getvalue().splitlines()
    assert 10 <= len(lines) <= 22
    assert lines[-1].startswith("rdv2po bench: [") and "100/100" in lines[-1]


def test_the_report_gives_servers_over_hand_written_and_says_why_a_gap_remains():
    def run(version, t, switches):
        return {**_run(version, t), "nvcsw": switches, "nivcsw": 0}
    runs = [run("servers", t, 12) for t in (2.0, 2.1, 2.2)] + \
        [run("hand-written", t, 10) for t in (1.0, 1.1, 1.2)] + \
        [run("servers", 0.5, 5), run("hand-written", 0.5, 5)]
    for r in runs[-2:]:
        r["item"] = "y"
    rows = [{"name": "far", "time": "t", "switches": "process", "hand_note": "the stage"}]
    near = [{"name": "near", "time": "t", "switches": "process"}]
    results = {"runs": runs, "programs": [{"versions": [
        {"name": n, "available": True} for n in ("rendezvous", "servers", "hand-written")],
        "items": [{"name": "x", "rows": rows, "ops": []},
                  {"name": "y", "rows": near, "ops": []}]}]}
    for r in runs:
        r["setting"] = "pinned"
    text = "\n".join(report._hand_ratios(results, "pinned"))
    assert ("| far | 2.1 | 1.1 | 1.91 (fastest 2.00) | 12 | 10 | 1.20 | n/a | **no** | no "
            "explanation: the servers or the hand-written version is missing. the stage |"
            in text)
    assert "| near | 0.5 | 0.5 | 1.00 (fastest 1.00) | 5 | 5 | 1.00 | n/a | yes |  |" in text


CALLGRIND_PROFILE = """\
fn=(1) _ada_main
cfn=(2) system__tasking__protected_objects__operations__protected_entry_call
calls=3 0
0 10
cfn=(3) system__tasking__protected_objects__lock
calls=5 0
0 10
cfn=(2)
calls=4 0
0 10
fn=(4) other
cfn=(5) system__tasking__rendezvous__call_simple
calls=7 0
0 1
"""


def test_callgrind_calls_are_summed_per_gnat_path_through_name_compression():
    from rdv2po.bench.instructions import calls_of
    assert calls_of(CALLGRIND_PROFILE) == {"entry": 7, "procedure": 5, "requeue": 0,
                                           "rendezvous": 7}


def test_the_report_sets_instructions_beside_the_hand_written_version_or_says_why_not():
    counts = [{"item": "x", "version": v, "instructions": n, "result": "",
               "calls": {"entry": e, "procedure": p, "requeue": 0, "rendezvous": 0}}
              for v, n, e, p in (("servers", 1100, 0, 40), ("hand-written", 1000, 0, 40))]
    results = {"instructions": "ok", "counts": counts, "programs": [{"items": [
        {"name": "x"}], "versions": []}]}
    text = "\n".join(report._instructions(results, ["rendezvous", "servers", "hand-written"]))
    assert "| x | Servers | 1,100 | 1.100 | 0 | 40 | 0 | 0 | right |" in text
    assert "| x | Hand-written | 1,000 | 1.000 |" in text
    off = report._instructions({"instructions": "valgrind is not installed"}, ["servers"])
    assert "Not counted: valgrind is not installed.\n" in off


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")
def test_callgrind_counts_a_real_program(tmp_path):
    from rdv2po.bench.instructions import count
    c = count(SH, ("-c", "echo hi"), tmp_path, 300)
    assert c.instructions > 1000 and c.stdout == "hi\n"
