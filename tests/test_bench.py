"""`rdv2po bench`: the quick bench as a smoke test (results and report shape,
never timings), a user's own program, and bad arguments."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

RDV2PO = [sys.executable, "-m", "rdv2po"]
TABLE2_ROWS = ("dining", "prodcons", "gauss_seidel", "calling server")


def bench(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([*RDV2PO, "bench", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=600)


@pytest.fixture(scope="module")
def quick(tmp_path_factory):
    out = tmp_path_factory.mktemp("quick")
    done = bench("--quick", "--out", str(out))
    results = json.loads((out / "results.json").read_text())
    return done, out, results


def test_quick_bench_exits_clean_and_says_where_the_report_is(quick):
    done, out, _ = quick
    assert done.returncode == 0, done.stderr[-2000:]
    assert f"report in {out / 'report.md'}" in done.stderr.splitlines()[-1]


def test_every_version_of_every_program_ran_five_times_with_the_right_result(quick):
    _, _, results = quick
    for program in results["programs"]:
        available = [v["name"] for v in program["versions"] if v["available"]]
        assert {"rendezvous", "servers"} <= set(available), program["name"]
        for item in program["items"]:
            for version in available:
                runs = [r for r in results["runs"] if r["item"] == item["name"]
                        and r["version"] == version and r["kind"] == "timed"]
                assert len(runs) == 5, (item["name"], version)
                assert all(r["status"] == "ok" and r["result"] == "" for r in runs)
                assert all(r["nvcsw"] + r["nivcsw"] > 0 for r in runs)


def test_versions_record_what_each_scheme_translated_or_why_not(quick):
    _, _, results = quick
    by_name = {p["name"]: {v["name"]: v for v in p["versions"]} for p in results["programs"]}
    rewritten = {p: {d["task"] for d in vs["servers"]["decisions"] if d["rewritten"]}
                 for p, vs in by_name.items()}
    assert rewritten["dining"] == {"Hosts.Host"}
    assert rewritten["gauss_seidel"] == {"Barriers.Barrier", "Crew.Run.Setup"}
    assert rewritten["producer_consumer"] == {"Buffers.Buffer"}
    assert rewritten["micro"] == {"Servers.Echo", "Servers.Counter"}
    for versions in by_name.values():
        general = versions["general"]
        assert general["available"] or general["reason"]      # n/a always says why
    assert by_name["producer_consumer"]["hand-written"]["available"]


def test_the_fifo_setting_really_ran_fifo_threads_or_the_report_says_not(quick):
    _, out, results = quick
    report = (out / "report.md").read_text()
    seen = [r for r in results["runs"] if r["fifo"] is not None]
    assert len(seen) > len(results["runs"]) / 2     # most runs outlast the first samples
    if all(r["fifo"] for r in seen):
        assert "thread ran under SCHED_FIFO" in report
    else:
        assert "FIFO did not take effect" in report


def test_report_has_table2_layout_micro_table_versions_and_plot(quick):
    _, out, results = quick
    report = (out / "report.md").read_text()
    assert "## Setting: pinned-fifo" in report
    for heading in ("(a) Execution time [s]", "(b) Context switches"):
        section = report.split(heading, 1)[1].split("###", 1)[0]
        assert "| Name | Rendezvous | General | Servers | Hand-written |" in section
        for row in TABLE2_ROWS:
            line = next(ln for ln in section.splitlines() if ln.startswith(f"| {row} |"))
            cells = [c.strip() for c in line.strip("|").split("|")]
            assert "%" in cells[3], line                       # servers: change in %
            general = cells[2]
            assert general.startswith("n/a (") or "%" in general
    micro = report.split("### Micro-benchmarks", 1)[1].split("###", 1)[0]
    for op in ("create/terminate", "entry/accept", "protected function",
               "protected procedure", "protected entry", "entry call, 4 callers on one entry"):
        assert f"| {op}" in micro
    assert "## Versions" in report and "| Servers | Hosts.Host | accepting-server | rewritten |" \
        in report
    assert "## The paper's Table 2" in report
    assert (out / "plot-pinned-fifo.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "plot-pinned-fifo.png" in report
    assert len(results["runs"]) > 0 and results["settings"] == {
        "pinned-fifo": results["settings"]["pinned-fifo"]}


def test_report_sets_every_program_against_its_hand_written_version(quick):
    _, out, results = quick
    for program in results["programs"]:
        hand = next(v for v in program["versions"] if v["name"] == "hand-written")
        assert hand["available"], (program["name"], hand["reason"])
    report = (out / "report.md").read_text()
    section = report.split("### Translation / hand-written", 1)[1].split("###", 1)[0]
    for name in (*TABLE2_ROWS, "entry/accept", "entry call, 4 callers on one entry"):
        line = next(ln for ln in section.splitlines() if ln.startswith(f"| {name} "))
        cells = [c.strip() for c in line.strip("|").split("|")]
        time_ratio, switch_ratio, near, why = cells[3], cells[6], cells[8], cells[9]
        assert float(time_ratio.split()[0]) > 0 and float(switch_ratio) > 0, line
        assert near in ("yes", "**no**") and (near == "yes") == (why == ""), line
        assert "no explanation" not in why, line
    # what the translation keeps, read from this run's versions
    kept = report.split("### What the servers version keeps", 1)[1].split("###", 1)[0]
    assert "`Setup.Start` is an entry (hand-written: a procedure)" in kept
    costs = {p["name"]: p["costs"] for p in results["programs"]}
    assert not any(c["object"] == "Echo" for c in costs["micro"])


USER_MAIN = """\
with Ada.Real_Time; use Ada.Real_Time;
with Ada.Text_IO;   use Ada.Text_IO;
with Counters;
procedure Main is
   T0 : constant Time := Clock;
   N  : Natural;
begin
   for I in 1 .. 2_000 loop
      Counters.Counter.Add (I mod 7);
   end loop;
   Counters.Counter.Read (N);
   Put_Line ("total" & Natural'Image (N));
   Put_Line (Standard_Error, "time work" & Duration'Image (To_Duration (Clock - T0)));
end Main;
"""
USER_SPEC = """\
package Counters is
   task Counter is
      entry Add (X : Natural);
      entry Read (N : out Natural);
   end Counter;
end Counters;
"""
USER_BODY = """\
package body Counters is
   task body Counter is
      Sum : Natural := 0;
   begin
      loop
         select
            accept Add (X : Natural) do
               Sum := Sum + X;
            end Add;
         or
            accept Read (N : out Natural) do
               N := Sum;
            end Read;
         or
            terminate;
         end select;
      end loop;
   end Counter;
end Counters;
"""


def test_a_users_program_gets_the_same_before_after_report(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(USER_MAIN)
    (src / "counters.ads").write_text(USER_SPEC)
    (src / "counters.adb").write_text(USER_BODY)
    before = {p: p.read_bytes() for p in src.iterdir()}
    out = tmp_path / "report"
    done = bench("--program", str(src), "--main", "Main", "--scheme", "server",
                 "--setting", "pinned", "--runs", "2", "--perf-runs", "0", "--out", str(out))
    assert done.returncode == 0, done.stderr[-2000:]
    assert {p: p.read_bytes() for p in src.iterdir()} == before     # the user's tree untouched
    results = json.loads((out / "results.json").read_text())
    servers = next(v for v in results["programs"][0]["versions"] if v["name"] == "servers")
    assert [d["task"] for d in servers["decisions"] if d["rewritten"]] == ["Counters.Counter"]
    runs = [r for r in results["runs"] if r["kind"] == "timed"]
    assert {r["version"] for r in runs} == {"rendezvous", "servers"}
    assert all(r["result"] == "" and r["time"].keys() == {"work"} for r in runs)
    report = (out / "report.md").read_text()
    assert "| Name | Rendezvous | Servers |" in report
    assert "| src: work |" in report


HAND_BODY = """\
package body Counters is
   protected body Counter is
      procedure Add (X : Natural) is
      begin
         Sum := Sum + X;
      end Add;
      procedure Read (N : out Natural) is
      begin
         N := Sum;
      end Read;
   end Counter;
end Counters;
"""
HAND_SPEC = """\
package Counters is
   protected Counter is
      procedure Add (X : Natural);
      procedure Read (N : out Natural);
   private
      Sum : Natural := 0;
   end Counter;
end Counters;
"""


def test_a_users_hand_written_version_is_a_column_with_its_ratio(tmp_path):
    src, hand = tmp_path / "src", tmp_path / "hand"
    src.mkdir()
    hand.mkdir()
    (src / "main.adb").write_text(USER_MAIN)
    (src / "counters.ads").write_text(USER_SPEC)
    (src / "counters.adb").write_text(USER_BODY)
    (hand / "counters.ads").write_text(HAND_SPEC)
    (hand / "counters.adb").write_text(HAND_BODY)
    out = tmp_path / "report"
    done = bench("--program", str(src), "--main", "Main", "--hand", str(hand), "--scheme",
                 "server", "--setting", "pinned", "--runs", "2", "--perf-runs", "0",
                 "--out", str(out))
    assert done.returncode == 0, done.stderr[-2000:]
    results = json.loads((out / "results.json").read_text())
    runs = [r for r in results["runs"] if r["kind"] == "timed"]
    assert {r["version"] for r in runs} == {"rendezvous", "servers", "hand-written"}
    assert all(r["result"] == "" for r in runs)      # the hand version printed the same
    report = (out / "report.md").read_text()
    assert "| Name | Rendezvous | Servers | Hand-written |" in report
    section = report.split("### Translation / hand-written", 1)[1].split("###", 1)[0]
    line = next(ln for ln in section.splitlines() if ln.startswith("| src: work |"))
    assert float(line.strip("|").split("|")[3].split()[0]) > 0
    assert (src / "counters.adb").read_text() == USER_BODY      # the user's tree untouched


def test_a_version_that_prints_something_else_is_reported_and_the_exit_status_is_1(tmp_path):
    """A program whose output depends on scheduling differs between runs: caught."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(USER_MAIN.replace(
        'Put_Line ("total" & Natural\'Image (N));',
        'Put_Line ("total" & Natural\'Image (N) & Duration\'Image (To_Duration (Clock - T0)));'))
    (src / "counters.ads").write_text(USER_SPEC)
    (src / "counters.adb").write_text(USER_BODY)
    out = tmp_path / "report"
    done = bench("--program", str(src), "--main", "Main", "--scheme", "server",
                 "--setting", "multicore", "--runs", "1", "--perf-runs", "0", "--out", str(out))
    assert done.returncode == 1
    assert "result differs from the reference" in (out / "report.md").read_text()


@pytest.mark.parametrize("args, message", [
    (("--program", "no/such/dir", "--main", "Main"), "--program no/such/dir: no such folder"),
    (("--program", "."), "--program needs --main UNIT"),
    (("--main", "Main"), "--main, --args, -I and --hand go with --program DIR"),
    (("--hand", "hand"), "--main, --args, -I and --hand go with --program DIR"),
    (("--only", "nothing"), "--only nothing: no such program or item"),
    (("--runs", "0"), "--runs must be at least 1"),
])
def test_bad_arguments_fail_with_a_message_and_status_2(args, message, tmp_path):
    done = bench(*args, "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert done.returncode == 2
    assert message in done.stderr


def test_a_hand_written_version_that_is_not_there_fails_with_status_2(tmp_path):
    (tmp_path / "main.adb").write_text(USER_MAIN)
    done = bench("--program", ".", "--main", "Main", "--hand", "nowhere", "--out",
                 str(tmp_path / "out"), cwd=tmp_path)
    assert done.returncode == 2
    assert "--hand " in done.stderr and "no such folder, or no files in it" in done.stderr
