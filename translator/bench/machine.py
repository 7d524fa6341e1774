"""What the machine is doing: CPU load from /proc/stat, the scheduling policy
of a running program's threads, and a description of the machine.

Other programs share the machine, so the bench waits for the CPUs it uses to
be idle before each run (with a time-out), and afterwards compares the busy
time of those CPUs with the program's own CPU time: the difference is load
that disturbed the run.
"""

from __future__ import annotations

import os
import platform
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

HZ = os.sysconf("SC_CLK_TCK")
POLICIES = {0: "SCHED_OTHER", 1: "SCHED_FIFO", 2: "SCHED_RR", 3: "SCHED_BATCH",
            5: "SCHED_IDLE", 6: "SCHED_DEADLINE"}


def cpu_busy(cpus: frozenset[int]) -> tuple[float, float]:
    """Seconds busy and seconds in all, summed over ``cpus``, since boot."""
    busy = total = 0
    for line in Path("/proc/stat").read_text().splitlines():
        name, *fields = line.split()
        if not name.startswith("cpu") or name == "cpu" or int(name[3:]) not in cpus:
            continue
        ticks = [int(f) for f in fields]
        idle = ticks[3] + ticks[4]                 # idle + iowait
        total += sum(ticks[:8])                    # guest time is already in user
        busy += sum(ticks[:8]) - idle
    return busy / HZ, total / HZ


@dataclass(frozen=True)
class Idle:
    ok: bool          # the CPUs were idle before the time-out
    waited: float     # seconds spent waiting
    busy: float       # busy fraction of the CPUs in the last window


def wait_idle(cpus: frozenset[int], timeout: float, threshold: float = 0.10,
              window: float = 0.05) -> Idle:
    """Wait until ``cpus`` are at most ``threshold`` busy over one ``window``."""
    start = time.monotonic()
    while True:
        b0, t0 = cpu_busy(cpus)
        time.sleep(window)
        b1, t1 = cpu_busy(cpus)
        frac = (b1 - b0) / (t1 - t0) if t1 > t0 else 0.0
        waited = time.monotonic() - start
        if frac <= threshold:
            return Idle(True, waited, frac)
        if waited >= timeout:
            return Idle(False, waited, frac)


def disturbed(other: float, wall: float) -> bool:
    """Other load on the program's CPUs worth flagging (/proc/stat counts in ticks)."""
    return other > 0.2 * wall + 2.0 / HZ


def thread_policies(pid: int) -> dict[int, str]:
    """The scheduling policy of each live thread of ``pid`` (field 41 of stat)."""
    found = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for tid in tids:
        try:
            stat = Path(f"/proc/{pid}/task/{tid}/stat").read_text()
        except OSError:
            continue                        # the thread ended meanwhile
        fields = stat[stat.rindex(")") + 2:].split()
        found[int(tid)] = POLICIES.get(int(fields[38]), fields[38])  # stat field 41
    return found


def cpu_count() -> list[int]:
    return sorted(os.sched_getaffinity(0))


def quietest_cpu(cpus: list[int], window: float = 0.2) -> int:
    before = {c: cpu_busy(frozenset({c}))[0] for c in cpus}
    time.sleep(window)
    return min(cpus, key=lambda c: cpu_busy(frozenset({c}))[0] - before[c])


def describe() -> dict:
    model = ""
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            model = line.split(":", 1)[1].strip()
            break
    return {"cpu": model, "cpus": len(cpu_count()), "kernel": platform.release(),
            "gnat": _first_line(["gnatls", "-v"]), "root": os.geteuid() == 0,
            "loadavg": Path("/proc/loadavg").read_text().split()[:3]}


def _first_line(cmd: list[str]) -> str:
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    lines = [ln.strip() for ln in out.splitlines() if ln.strip()]
    return lines[0] if lines else "unknown"
