"""The bench run: translate, build, then run every version of every program
in rounds (versions interleaved, so that a slow spell of the machine hits all
of them alike), and record every run.

Each run waits for idle CPUs first and is flagged when other load disturbed
it.  Runs under perf are extra runs, kept apart from the timed ones: perf's
counters slow every context switch (by about 40% of a rendezvous-heavy
run's time, measured here), so they count migrations, never time.
"""

from __future__ import annotations

import dataclasses
import datetime
import os
import subprocess
from dataclasses import asdict, dataclass
from pathlib import Path

from .. import __version__
from ..diagnostics import ToolFailure
from . import costs, instructions, machine
from .build import DEFAULT, FIFO, build
from .measure import check_result, parse
from .progress import Progress
from .runner import Raw, perf_works, run_once
from .suite import Item, Program
from .versions import GENERAL, HAND, RENDEZVOUS, SERVERS, Version, make_versions

SETTINGS = {"pinned-fifo": (FIFO, True), "pinned": (DEFAULT, True),
            "multicore": (DEFAULT, False)}
SETTING_TEXT = {
    "pinned-fifo": "pinned to one CPU, pragma Task_Dispatching_Policy "
                   "(FIFO_Within_Priorities) (the paper's uniprocessor setting)",
    "pinned": "pinned to one CPU, default scheduler",
    "multicore": "all CPUs, default scheduler"}


@dataclass(frozen=True)
class Plan:
    programs: tuple[Program, ...]
    settings: tuple[str, ...]
    versions: tuple[str, ...]
    runs: int
    perf_runs: int
    idle_timeout: float
    run_timeout: float
    cpu: int | None
    self_checking: bool       # programs print PASSED after checking themselves
    quick: bool
    instructions: bool = False   # count each version's instructions (callgrind), if there


def run_bench(plan: Plan, work: Path, progress_stream=None) -> dict:
    cpus = machine.cpu_count()
    cpu = plan.cpu if plan.cpu is not None else machine.quietest_cpu(cpus)
    if cpu not in cpus:
        raise ToolFailure(f"--cpu {cpu}: this process may only use CPUs {cpus}")
    perf_why = perf_works() if plan.perf_runs else "not asked for (--perf-runs 0)"
    counting = instructions.unavailable() if plan.instructions else "not asked for"
    configs = sorted({SETTINGS[s][0] for s in plan.settings})
    progress = Progress(len(plan.programs) * len(plan.versions) * (1 + len(configs)),
                        progress_stream)
    started = _now()
    state = _State(progress, plan, cpu, cpus)
    try:
        programs = [state.prepare(p, configs, work) for p in plan.programs]
        perf_runs = 0 if perf_why else plan.perf_runs
        progress.add((1 + plan.runs + perf_runs) * sum(
            len(list(_round(programs, s, 0))) for s in plan.settings))
        for setting in plan.settings:
            state.settle(setting)
            # A warm-up run of each version first (recorded, never counted):
            # it loads the program and its libraries from disk.
            for entry in _round(programs, setting, 0):
                state.run(*entry, kind="warmup")
            for r in range(plan.runs):
                for entry in _round(programs, setting, r):
                    state.run(*entry, kind="timed", round_no=r + 1)
            for _ in range(perf_runs):
                for entry in _round(programs, setting, 0):
                    state.run(*entry, kind="perf")
        counted: list[dict] = []
        if not counting:
            where = "pinned-fifo" if "pinned-fifo" in plan.settings else plan.settings[0]
            entries = list(_round(programs, where, 0))
            progress.add(len(entries))
            counted = [state.count(*entry) for entry in entries]
    finally:
        os.sched_setaffinity(0, cpus)
        progress.close()
    return {"tool": f"rdv2po {__version__} bench", "started": started, "finished": _now(),
            "quick": plan.quick, "machine": machine.describe(), "cpu": cpu,
            "settings": {s: SETTING_TEXT[s] for s in plan.settings},
            "runs_per_version": plan.runs, "perf": perf_why or "ok",
            "instructions": counting or "ok", "counts": counted,
            "programs": [p.to_json() for p in programs], "runs": state.records}


@dataclass
class _Prepared:
    program: Program
    versions: list[Version]
    builds: dict            # (version name, config) -> Build

    def usable(self, config: str) -> list[Version]:
        return [v for v in self.versions if v.available and (v.name, config) in self.builds]

    def to_json(self) -> dict:
        p = self.program
        return {"name": p.name, "title": p.title, "main": p.main,
                "items": [{"name": i.name, "args": list(i.args),
                           "rows": [asdict(r) for r in i.rows],
                           "ops": [asdict(o) for o in i.ops]} for i in p.items],
                "versions": [{"name": v.name, "available": v.available,
                              "reason": v.reason, "decisions": list(v.decisions)}
                             for v in self.versions],
                "costs": self._costs(), "protocol": self._protocol()}

    def _src(self, name: str) -> Path | None:
        return next((v.src for v in self.versions if v.name == name and v.available), None)

    def _costs(self) -> list[dict] | None:
        """What the servers version keeps that the hand-written one does not."""
        mine, hand = self._src(SERVERS), self._src(HAND)
        if mine is None or hand is None:
            return None
        return [c.to_json() for c in costs.explain(mine, hand)]

    def _protocol(self) -> list[dict] | None:
        """The protected objects the general scheme added, and their operations."""
        mine, before = self._src(GENERAL), self._src(RENDEZVOUS)
        if mine is None or before is None:
            return None
        return costs.added_objects(mine, before)


def _round(programs: list[_Prepared], setting: str, r: int):
    """Every item of every program once per version, the versions rotated by ``r``."""
    config = SETTINGS[setting][0]
    for prepared in programs:
        versions = prepared.usable(config)
        shift = r % max(1, len(versions))
        for item in prepared.program.items:
            for v in versions[shift:] + versions[:shift]:
                yield prepared, item, v, setting


class _State:
    def __init__(self, progress: Progress, plan: Plan, cpu: int, cpus: list[int]):
        self.progress, self.plan, self.cpu, self.cpus = progress, plan, cpu, cpus
        self.records: list[dict] = []
        self.reference: dict[tuple[str, str], str] = {}    # (program, item) -> output

    def prepare(self, program: Program, configs: list[str], work: Path) -> _Prepared:
        self.progress.show(f"translating {program.name}")
        versions = make_versions(program, list(self.plan.versions), work)
        self.progress.add((len(versions) - len(self.plan.versions)) * (1 + len(configs)))
        for v in versions:
            self.progress.step(f"translated {program.name}: {v.name}")
        builds: dict = {}
        versions = [self._build(program, v, configs, work, builds) for v in versions]
        for v in versions:
            if not v.available:
                self.progress.note(f"{program.name}: {v.name}: n/a ({v.reason})")
        if not versions[0].available:
            raise ToolFailure(f"{program.name}: the rendezvous version: {versions[0].reason}")
        for item in program.items:
            if item.expected is not None:
                self.reference[(program.name, item.name)] = item.expected.read_text()
        return _Prepared(program, versions, builds)

    def _build(self, program: Program, v: Version, configs: list[str], work: Path,
               builds: dict) -> Version:
        """Build ``v`` in every configuration; a version that fails one is n/a."""
        errors = []
        for c in configs:
            if v.available:
                b = build(program, v, c, work)
                if b.exe is None:
                    errors.append(f"does not build ({c}): {b.error}")
                else:
                    builds[(v.name, c)] = b
            self.progress.step(f"built {program.name}: {v.name} ({c})")
        return dataclasses.replace(v, src=None, reason="; ".join(errors)) if errors else v

    def settle(self, setting: str) -> None:
        """Keep this process off the CPU the pinned runs use."""
        others = [c for c in self.cpus if c != self.cpu]
        pinned = SETTINGS[setting][1]
        os.sched_setaffinity(0, others if pinned and others else self.cpus)

    def run(self, prepared: _Prepared, item: Item, version: Version, setting: str,
            kind: str, round_no: int = 0) -> None:
        config, pinned = SETTINGS[setting]
        target = frozenset({self.cpu}) if pinned else None
        idle = machine.wait_idle(target or frozenset(self.cpus), self.plan.idle_timeout)
        b = prepared.builds[(version.name, config)]
        raw = run_once(b.exe, item.args, b.folder, target, self.plan.run_timeout,
                       perf=kind == "perf")
        record = self._record(prepared.program, item, version, setting, kind, round_no,
                              idle, raw)
        self.records.append(record)
        if record["result"] and kind != "perf":
            self.progress.note(f"{prepared.program.name}/{item.name} {version.name} "
                               f"({setting}): {record['result']}")
        self.progress.step(f"{setting} {item.name} {version.name} ({kind})")

    def count(self, prepared: _Prepared, item: Item, version: Version, setting: str) -> dict:
        """The instructions of one run of ``version`` under callgrind, and its output's
        verdict (callgrind runs one thread at a time, as a pinned run does)."""
        b = prepared.builds[(version.name, SETTINGS[setting][0])]
        record = {"program": prepared.program.name, "item": item.name,
                  "version": version.name, "setting": setting}
        try:
            c = instructions.count(b.exe, item.args, b.folder, self.plan.run_timeout * 50)
        except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
            return {**record, "instructions": None, "result": f"not counted: {exc}"}
        finally:
            self.progress.step(f"callgrind {item.name} {version.name}")
        result = check_result(c.stdout, self.reference.get((prepared.program.name, item.name)),
                              self.plan.self_checking)
        return {**record, "instructions": c.instructions, "calls": c.calls, "result": result}

    def _record(self, program: Program, item: Item, version: Version, setting: str,
                kind: str, round_no: int, idle: machine.Idle, raw: Raw) -> dict:
        key = (program.name, item.name)
        result = ("" if raw.status == "ok" else f"run failed: {raw.status}: "
                  + raw.stderr.strip()[-300:])
        if not result:
            result = check_result(raw.stdout, self.reference.get(key),
                                  self.plan.self_checking)
            if not result and version.name == RENDEZVOUS:
                self.reference.setdefault(key, raw.stdout)
        lines = parse(raw.stderr)
        other_hit = machine.disturbed(raw.other_load, raw.wall)
        # Only samples taken while tasks ran count: before the run-time's
        # elaboration the environment thread still has the policy it started with.
        tasking = [s for s in raw.policies if sum(s.values()) > 1]
        fifo = None if not tasking else set(tasking[-1]) == {"SCHED_FIFO"}
        return {"program": program.name, "item": item.name, "version": version.name,
                "setting": setting, "kind": kind, "round": round_no,
                "status": raw.status, "result": result, "wall": raw.wall,
                "user": raw.user, "system": raw.system, "nvcsw": raw.nvcsw,
                "nivcsw": raw.nivcsw, "time": lines.time, "switches": lines.switches,
                "count": lines.count, "info": lines.info,
                "policy_samples": list(raw.policies),
                "fifo": fifo,
                "idle_wait": round(idle.waited, 3), "idle_before": idle.ok,
                "other_load": round(raw.other_load, 4),
                "disturbed": other_hit or not idle.ok, "perf": raw.perf}


def _now() -> str:
    return datetime.datetime.now().astimezone().isoformat(timespec="seconds")
