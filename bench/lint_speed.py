"""Lint speed over a source tree, and in tasks per file.

Prints numbers; asserts nothing (timings belong in benchmarks, not tests).
1. A whole ``rdv2po lint`` run over a tree.  Default tree: GNAT 12's
   run-time library (1,563 files, 451 k lines), which must lint without a
   crash; the goal is 30 s or less on a 2-core machine.  For a real code
   base give its folder (AWS: the goal is 20 s), with --gnat-switch as a
   user would.  Repeats the run and reports median, min and max, since
   these machines are shared and noisy.
2. ``--per-file N,N,...``: one generated file of N accepting servers, each
   eliminable (so every task is translated and verified); the time per task
   must stay flat as N grows (it grew with N while every task's translation
   collected every identifier of the program again).
3. ``--units N,N,...``: a generated tree of N library units (a package spec
   and body each, ~90 lines), as large code bases are: a server task in one
   unit of a hundred, a quarter of the units calling one, and a few small
   programs in folders of their own whose file names repeat (main.adb), so
   the tree is judged program by program.  Each size is linted in a fresh
   process, which reports its wall time and peak memory (the process's own:
   GNAT's compilations are small, and at most one per CPU runs at a time);
   the time must grow linearly with the units (the 2,000-unit tree at most
   4.5 times the 500-unit one, 60 s at most on 2 cores), the memory stay
   under 1 GB.

    python bench/lint_speed.py [DIR|-] [--runs N] [--no-verify] [--gnat-switch S]
                               [--per-file 50,100,200] [--units 500,2000]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from rdv2po.frontend.analysis import Options
from rdv2po.lint import engine, registry

RTL = "/usr/lib/gcc/x86_64-linux-gnu/12/adainclude"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tree", nargs="?", default=RTL)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-verify", action="store_true")
    ap.add_argument("--gnat-switch", dest="switches", action="append", default=[])
    ap.add_argument("--per-file", default="", metavar="N,N,...",
                    help="also time one file of N servers, for each N")
    ap.add_argument("--units", default="", metavar="N,N,...",
                    help="also lint a generated tree of N library units, for each N")
    ap.add_argument("--measure", metavar="DIR", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.measure:
        measure(args.measure, args.no_verify)
        return
    if args.tree != "-":
        tree(args)
    if args.per_file:
        per_file([int(n) for n in args.per_file.split(",")], args.no_verify)
    if args.units:
        generated([int(n) for n in args.units.split(",")], args.runs, args.no_verify)


def tree(args) -> None:
    opts = engine.LintOptions(Options(paths=(args.tree,), switches=tuple(args.switches)),
                              registry.enabled(None, []), verify=not args.no_verify)
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        result = engine.run(opts)
        times.append(time.perf_counter() - start)
    rules = Counter(f.rule for f in result.findings)
    print(f"lint {args.tree}: {result.files} files in {result.programs} program(s), "
          f"{result.tasks} tasks, {result.judged} judged, "
          f"{len(result.findings)} finding(s) {dict(sorted(rules.items()))}, "
          f"{len(result.errors)} file(s) not judged {dict(result.causes)}, "
          f"complete={result.complete}")
    print(f"wall time: median {statistics.median(times):.1f} s (min {min(times):.1f}, "
          f"max {max(times):.1f}, {args.runs} runs, {os.cpu_count()} CPUs, "
          f"verify={'off' if args.no_verify else 'on'})")
    for f in result.findings:
        print(f"  {f.loc}: {f.message} [{f.rule}]")


SERVER = """\
   task S{i} is
      entry Put (X : Integer);
      entry Get (X : out Integer);
   end S{i};

   task body S{i} is
      V : Integer := 0;
   begin
      loop
         select
            accept Put (X : Integer) do
               V := X;
            end Put;
         or
            accept Get (X : out Integer) do
               X := V;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end S{i};

"""


def per_file(counts: list[int], no_verify: bool) -> None:
    print("tasks per file (one package of N eliminable servers):")
    for n in counts:
        with tempfile.TemporaryDirectory(prefix="rdv2po-lint-speed-") as tmp:
            src = Path(tmp, "servers.adb")
            body = "".join(SERVER.format(i=i) for i in range(n))
            calls = "".join(f"   S{i}.Put ({i});\n" for i in range(n))
            src.write_text(f"procedure Servers is\n{body}begin\n{calls}end Servers;\n")
            opts = engine.LintOptions(Options(paths=(tmp,)), registry.enabled(None, []),
                                      verify=not no_verify)
            start = time.perf_counter()
            result = engine.run(opts)
            took = time.perf_counter() - start
        print(f"  {n:4d} tasks: {took:6.2f} s, {1000 * took / n:6.1f} ms/task, "
              f"{len(result.findings)} finding(s)")


def generated(sizes: list[int], runs: int, no_verify: bool) -> None:
    """Each size linted ``runs`` times, each run in a fresh process (peak memory is a
    process's): median time, and the largest peak of the runs."""
    import large_tree
    print("generated trees (bench/large_tree.py), each run in a fresh process:")
    medians, cpus = {}, {}
    for n in sizes:
        with tempfile.TemporaryDirectory(prefix="rdv2po-lint-tree-") as tmp:
            root = large_tree.write(Path(tmp, "tree"), n)
            got = [_measured(root, no_verify) for _ in range(runs)]
        times = [g["seconds"] for g in got]
        medians[n] = statistics.median(times)
        cpus[n] = statistics.median(g["cpu"] for g in got)
        last = got[-1]
        print(f"  {n:5d} units ({last['files']} files, {last['programs']} programs, "
              f"{last['tasks']} tasks, {last['findings']} finding(s) "
              f"{last['rules']}): median {medians[n]:.1f} s (min {min(times):.1f}, max "
              f"{max(times):.1f}), CPU {cpus[n]:.1f} s, peak memory "
              f"{max(g['rss_mb'] for g in got):.0f} MB")
    if len(medians) > 1:
        small, large = min(medians), max(medians)
        print(f"  {large} units / {small} units: {medians[large] / medians[small]:.2f}x the "
              f"time ({cpus[large] / cpus[small]:.2f}x the CPU) for {large / small:.1f}x the "
              f"units ({os.cpu_count()} CPUs, verify={'off' if no_verify else 'on'}, load "
              f"{os.getloadavg()[0]:.1f})")


def _measured(root: Path, no_verify: bool) -> dict:
    cmd = [sys.executable, __file__, "-", "--measure", str(root)]
    if no_verify:
        cmd.append("--no-verify")
    proc = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return json.loads(proc.stdout.splitlines()[-1])


def measure(root: str, no_verify: bool) -> None:
    """One lint of ``root`` in this process, as one JSON line (for ``generated``)."""
    opts = engine.LintOptions(Options(paths=(root,)), registry.enabled(None, []),
                              verify=not no_verify)
    start = time.perf_counter()
    result = engine.run(opts)
    took = time.perf_counter() - start
    rules = dict(sorted(Counter(f.rule for f in result.findings).items()))
    print(json.dumps({
        "seconds": took, "files": result.files, "programs": result.programs,
        "tasks": result.tasks, "findings": len(result.findings), "rules": rules,
        # ru_maxrss is in kB on Linux.  GNAT's children are not counted: on Linux a
        # child's peak starts from its parent's at the fork, so theirs says nothing.
        "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        # CPU time of the lint and of GNAT: steadier than wall time on a shared machine
        "cpu": sum(u.ru_utime + u.ru_stime for u in (
            resource.getrusage(resource.RUSAGE_SELF),
            resource.getrusage(resource.RUSAGE_CHILDREN)))}))


if __name__ == "__main__":
    main()
