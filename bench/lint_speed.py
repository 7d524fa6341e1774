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

    python bench/lint_speed.py [DIR] [--runs N] [--no-verify] [--gnat-switch S]
                               [--per-file 50,100,200]
"""

from __future__ import annotations

import argparse
import os
import statistics
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
    args = ap.parse_args()
    if args.tree != "-":
        tree(args)
    if args.per_file:
        per_file([int(n) for n in args.per_file.split(",")], args.no_verify)


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


if __name__ == "__main__":
    main()
