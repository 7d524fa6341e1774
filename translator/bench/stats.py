"""Summaries of the recorded runs: median, minimum and maximum per version,
and the change against the rendezvous version, for every table row.

Only timed runs that ended normally with the right result count.  Runs that
other load disturbed are left out as long as at least MIN_CLEAN undisturbed
runs remain; otherwise all runs count and the summary says so.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

MIN_CLEAN = 3
PROCESS = "process"


@dataclass(frozen=True)
class Summary:
    median: float
    low: float
    high: float
    n: int
    all_runs: bool = False      # True: too few undisturbed runs, disturbed ones counted

    def change(self, base: "Summary | None") -> float | None:
        if base is None or base.median == 0:
            return None
        return (self.median - base.median) / base.median * 100.0


def ratio(top: Summary | None, bottom: Summary | None) -> float | None:
    """top's median over bottom's; 1.0 when both are 0 (no switches either way)."""
    if top is None or bottom is None:
        return None
    if bottom.median == 0:
        return 1.0 if top.median == 0 else None
    return top.median / bottom.median


def good_runs(results: dict, item: str, version: str, setting: str) -> tuple[list[dict], bool]:
    runs = [r for r in results["runs"] if r["item"] == item and r["version"] == version
            and r["setting"] == setting and r["kind"] == "timed"
            and r["status"] == "ok" and not r["result"]]
    clean = [r for r in runs if not r["disturbed"]]
    return (clean, False) if len(clean) >= MIN_CLEAN or len(clean) == len(runs) else (runs, True)


def summarise(values: list[float], all_runs: bool = False) -> Summary | None:
    if not values:
        return None
    return Summary(statistics.median(values), min(values), max(values), len(values), all_runs)


def row_time(run: dict, label: str | None) -> float | None:
    return run["wall"] if label is None else run["time"].get(label)


def row_switches(run: dict, label: str) -> int | None:
    if label == PROCESS:
        return run["nvcsw"] + run["nivcsw"]
    return run["switches"].get(label)


def metric(results: dict, item: str, version: str, setting: str, pick) -> Summary | None:
    """``pick(run)`` gives one number per run, or None where the run lacks it."""
    runs, all_runs = good_runs(results, item, version, setting)
    values = [v for v in (pick(r) for r in runs) if v is not None]
    return summarise(values, all_runs)


def per_op(run: dict, label: str, key: str) -> float | None:
    n = run["count"].get(label)
    value = run[key].get(label)
    if not n or value is None:
        return None
    return value / n * (1e6 if key == "time" else 1.0)


def rows_of(results: dict, item: dict) -> list[dict]:
    """The item's table rows; for a user's program, one per 'time' label it printed
    (or the harness's clock, start-up included, when it printed none)."""
    if item["rows"] or item["ops"]:
        return item["rows"]
    labels: list[str] = []
    for r in results["runs"]:
        if r["item"] == item["name"] and r["version"] == "rendezvous":
            labels += [k for k in r["time"] if k not in labels]
    if not labels:
        return [{"name": f"{item['name']} (wall clock)", "time": None, "switches": PROCESS,
                 "paper_time": [], "paper_switches": []}]
    return [{"name": f"{item['name']}: {k}", "time": k, "switches": PROCESS,
             "paper_time": [], "paper_switches": []} for k in labels]


def fifo_check(results: dict, setting: str) -> tuple[int, int, list[str]]:
    """(runs whose threads were all SCHED_FIFO, runs observed while their tasks ran,
    the policies seen in the others)."""
    runs = [r for r in results["runs"] if r["setting"] == setting and r["fifo"] is not None]
    other = sorted({p for r in runs if not r["fifo"] for s in r["policy_samples"] for p in s
                    if p != "SCHED_FIFO"})
    return sum(r["fifo"] for r in runs), len(runs), other


def flagged(results: dict, setting: str) -> list[dict]:
    """Failed runs of any kind, and disturbed timed runs (the ones medians use)."""
    return [r for r in results["runs"] if r["setting"] == setting and r["kind"] != "perf"
            and (r["result"] or r["status"] != "ok"
                 or r["disturbed"] and r["kind"] == "timed")]
