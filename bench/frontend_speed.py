"""Front-end speed: parse phase in lines/s, and a full inspect, over a source tree.

Prints numbers; asserts nothing (timings belong in benchmarks, not tests).
Default tree: GNAT 12's run-time library.  Repeats the parse phase and
reports median, min and max, since these machines are shared and noisy.

    python bench/frontend_speed.py [DIR] [--runs N] [--full]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from rdv2po.frontend import sources, syntax
from rdv2po.frontend.analysis import Options, analyze

RTL = "/usr/lib/gcc/x86_64-linux-gnu/12/adainclude"


def parse_phase(paths: list[Path]) -> tuple[int, int, float]:
    start = time.perf_counter()
    lines = 0
    for p in paths:
        src, _ = sources.load(p)
        if src is None:
            continue
        tree = syntax.parse(src)
        syntax.syntax_errors(src, tree, str(p))
        lines += src.n_lines
    return len(paths), lines, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tree", nargs="?", default=RTL)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--full", action="store_true",
                    help="also time a full inspect (parse + GNAT resolution + model)")
    args = ap.parse_args()
    paths, _ = sources.discover([args.tree])
    rates = []
    for _ in range(args.runs):
        files, lines, secs = parse_phase(paths)
        rates.append(lines / secs)
    print(f"parse phase: {files} files, {lines} lines, "
          f"median {statistics.median(rates):,.0f} lines/s "
          f"(min {min(rates):,.0f}, max {max(rates):,.0f}, {args.runs} runs)")
    if args.full:
        start = time.perf_counter()
        model, ws = analyze(Options(paths=(args.tree,)))
        secs = time.perf_counter() - start
        compiled = sum(1 for fu in ws.files if fu.resolved)
        errors = sum(1 for d in model.diagnostics if d.severity == "error")
        print(f"full inspect: {secs:.1f} s, {len(model.tasks)} tasks, "
              f"{compiled} files resolved by GNAT, {errors} error diagnostics")


if __name__ == "__main__":
    main()
