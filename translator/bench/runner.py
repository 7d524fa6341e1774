"""Run a built program once and collect what the kernel says about it.

The child is forked by hand rather than through subprocess so that it can set
its CPU affinity, note its own context switches just before ``exec`` (they
are subtracted: the count is the program's alone), and, for a run under perf,
stop itself until ``perf stat -p`` has attached.  ``os.wait4`` then gives user
and system CPU and the voluntary and involuntary switches of all its threads.
While it runs, the threads' scheduling policy is sampled from /proc.
"""

from __future__ import annotations

import os
import resource
import select
import signal
import struct
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from . import machine

SAMPLE_AT = (0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.4)   # seconds; then every 0.4 s
PERF_EVENTS = "cpu-migrations,context-switches"


@dataclass(frozen=True)
class Raw:
    status: str                 # "ok", "exit N", "signal N", "timeout"
    stdout: str
    stderr: str
    wall: float                 # fork to exit, seconds (includes start-up)
    user: float
    system: float
    nvcsw: int
    nivcsw: int
    other_load: float           # seconds other programs kept the run's CPUs busy
    policies: tuple = ()        # per sample: {policy: threads}, in time order
    perf: dict = field(default_factory=dict)       # event -> count, or {"error": ...}


def run_once(exe: Path, args: tuple[str, ...], cwd: Path, cpus: frozenset[int] | None,
             timeout: float, perf: bool = False) -> Raw:
    watched = cpus or frozenset(machine.cpu_count())
    busy0, _ = machine.cpu_busy(watched)
    self0 = os.times()
    base_r, base_w = os.pipe()
    pid = os.fork()
    if pid == 0:                                   # the child: never returns
        _child(exe, args, cwd, cpus, base_w, base_r, stop=perf)
    os.close(base_w)
    perf_proc, perf_out = None, cwd / "perf.txt"
    if perf:
        os.waitpid(pid, os.WUNTRACED)
        perf_proc = _attach_perf(pid, perf_out)
        os.kill(pid, signal.SIGCONT)
    t0 = time.perf_counter()
    status, policies = _wait(pid, t0, timeout)
    _, code, ru = os.wait4(pid, 0)
    wall = time.perf_counter() - t0
    base = os.read(base_r, 16)
    os.close(base_r)
    pre_v, pre_i = struct.unpack("qq", base) if len(base) == 16 else (0, 0)
    busy1, _ = machine.cpu_busy(watched)
    self1 = os.times()
    own = (self1.user - self0.user + self1.system - self0.system) if cpus is None else 0.0
    other = max(0.0, busy1 - busy0 - ru.ru_utime - ru.ru_stime - own)
    return Raw(status or _status(code), (cwd / "stdout.txt").read_text(errors="replace"),
               (cwd / "stderr.txt").read_text(errors="replace"), wall, ru.ru_utime,
               ru.ru_stime, ru.ru_nvcsw - pre_v, ru.ru_nivcsw - pre_i, other, policies,
               _perf_result(perf_proc, perf_out) if perf else {})


def _child(exe, args, cwd, cpus, base_w, base_r, stop) -> None:
    try:
        os.close(base_r)
        os.chdir(cwd)
        if cpus:
            os.sched_setaffinity(0, cpus)
        out = os.open("stdout.txt", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        err = os.open("stderr.txt", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(out, 1)
        os.dup2(err, 2)
        if stop:
            os.kill(os.getpid(), signal.SIGSTOP)
        ru = resource.getrusage(resource.RUSAGE_SELF)
        os.write(base_w, struct.pack("qq", ru.ru_nvcsw, ru.ru_nivcsw))
        os.close(base_w)
        os.execv(str(exe), [str(exe), *args])
    except BaseException as exc:    # noqa: BLE001 - the child must never return
        try:
            os.write(2, f"rdv2po bench: cannot run {exe}: {exc}\n".encode())
        finally:
            os._exit(127)


def _wait(pid: int, t0: float, timeout: float) -> tuple[str, tuple]:
    """Wait for the child's exit, sampling its threads' policy; kill it at the time-out."""
    pidfd = os.pidfd_open(pid)
    poller = select.poll()
    poller.register(pidfd, select.POLLIN)
    policies: list[dict] = []
    samples = list(SAMPLE_AT)
    try:
        while True:
            now = time.perf_counter() - t0
            if not samples:
                samples.append(now + 0.4)
            until = min(samples[0], timeout)
            if poller.poll(max(0.0, until - now) * 1000):
                return "", tuple(policies)
            if time.perf_counter() - t0 >= timeout:
                os.kill(pid, signal.SIGKILL)
                return "timeout", tuple(policies)
            samples.pop(0)
            seen: dict[str, int] = {}
            for policy in machine.thread_policies(pid).values():
                seen[policy] = seen.get(policy, 0) + 1
            if seen:
                policies.append(seen)
    finally:
        os.close(pidfd)


def _status(code: int) -> str:
    if os.WIFSIGNALED(code):
        return f"signal {os.WTERMSIG(code)}"
    rc = os.waitstatus_to_exitcode(code)
    return "ok" if rc == 0 else f"exit {rc}"


def _attach_perf(pid: int, out: Path) -> subprocess.Popen | None:
    """Start ``perf stat -p`` on the stopped child; wait until its counters are open."""
    try:
        proc = subprocess.Popen(["perf", "stat", "-x,", "-o", str(out), "-e", PERF_EVENTS,
                                 "-p", str(pid)], stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError:
        return None
    want = PERF_EVENTS.count(",") + 1
    deadline = time.monotonic() + 5.0
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            links = [os.readlink(f"/proc/{proc.pid}/fd/{fd}")
                     for fd in os.listdir(f"/proc/{proc.pid}/fd")]
        except OSError:
            links = []
        if sum("perf_event" in ln for ln in links) >= want:
            return proc
        time.sleep(0.005)
    proc.kill()
    proc.wait()
    return None


def _perf_result(proc: subprocess.Popen | None, out: Path) -> dict:
    if proc is None:
        return {"error": "perf stat could not attach"}
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        return {"error": "perf stat did not end"}
    counts = {}
    for line in out.read_text(errors="replace").splitlines() if out.is_file() else []:
        fields = line.split(",")
        if len(fields) >= 3 and fields[2] in PERF_EVENTS.split(","):
            counts[fields[2]] = int(fields[0]) if fields[0].isdigit() else None
    return counts or {"error": "perf stat printed no counts"}


def perf_works() -> str:
    """'' when ``perf stat`` counts software events here, else why not."""
    try:
        done = subprocess.run(["perf", "stat", "-x,", "-e", PERF_EVENTS, "true"],
                              capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"perf not usable: {exc}"
    if done.returncode != 0 or "cpu-migrations" not in done.stderr or "<not" in done.stderr:
        return "perf stat cannot count cpu-migrations here: " + done.stderr.strip()[:200]
    return ""
