"""Lint speed over a source tree: wall time of a whole ``rdv2po lint`` run.

Prints numbers; asserts nothing (timings belong in benchmarks, not tests).
Default tree: GNAT 12's run-time library (1,563 files, 451 k lines), which
must lint without a crash; the goal is 30 s or less on a 2-core machine.
Repeats the run and reports median, min and max, since these machines are
shared and noisy.  Each run analyses the tree once; rewrite.run reuses
that analysis.

    python bench/lint_speed.py [DIR] [--runs N] [--no-verify]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections import Counter

from rdv2po.analysis import Options
from rdv2po.lint import engine, registry

RTL = "/usr/lib/gcc/x86_64-linux-gnu/12/adainclude"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tree", nargs="?", default=RTL)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-verify", action="store_true")
    args = ap.parse_args()
    opts = engine.LintOptions(Options(paths=(args.tree,)), registry.enabled(None, []),
                              verify=not args.no_verify)
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        result = engine.run(opts)
        times.append(time.perf_counter() - start)
    rules = Counter(f.rule for f in result.findings)
    print(f"lint {args.tree}: {result.files} files, {result.tasks} tasks, "
          f"{len(result.findings)} finding(s) {dict(sorted(rules.items()))}, "
          f"{len(result.errors)} input error(s), complete={result.complete}")
    print(f"wall time: median {statistics.median(times):.1f} s (min {min(times):.1f}, "
          f"max {max(times):.1f}, {args.runs} runs, {os.cpu_count()} CPUs, "
          f"verify={'off' if args.no_verify else 'on'})")
    for f in result.findings:
        print(f"  {f.loc}: {f.message} [{f.rule}]")


if __name__ == "__main__":
    main()
