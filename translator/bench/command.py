"""``rdv2po bench``: its options, and the run from options to report files."""

from __future__ import annotations

import argparse
import dataclasses
import json
import shlex
import shutil
import sys
import tempfile
from pathlib import Path

from ..diagnostics import ToolFailure
from ..schemes import registry
from . import plots, report
from .build import require_gnat
from .harness import SETTINGS, Plan, run_bench
from .suite import builtin_suite, user_program
from .versions import HAND, RENDEZVOUS

DESCRIPTION = """\
Run programs in their rendezvous form and in each translated form, and
report execution time and context switches, after the paper's Table 2.

The translated versions are made by 'rdv2po rewrite' in this run, in a
private folder (general scheme, server schemes); a version whose translation
is refused or not available is reported as "n/a (reason)" and the bench goes
on.  A hand-written version (the bundled programs' hand/src, or yours with
--hand) runs alongside, and the report gives the translation / hand-written
ratio.  Every version is built with gnatmake -O2 in a private folder, run
--runs times (versions interleaved), and its output checked against the
expected output (or the rendezvous version's).  Per run it records the time
measured in the program, user and system CPU, voluntary and involuntary
context switches (os.wait4), and, in separate runs under perf, CPU
migrations; when valgrind is installed, one more run of each version under
callgrind counts its instructions, which other load does not move.

Settings: pinned-fifo (one CPU, pragma Task_Dispatching_Policy
(FIFO_Within_Priorities): the paper's uniprocessor; checked that the threads
really ran SCHED_FIFO), pinned (one CPU, default scheduler), multicore (all
CPUs).  Before each run it waits for idle CPUs and flags runs that other
load disturbed."""

EPILOG = """\
output (in --out): report.md (tables, checks, flagged runs), results.json
(every run), plot-SETTING.png.

exit status: 0 every run ended normally with the right output; 1 some run
failed or printed a wrong result (see the report); 2 tool failure (bad
arguments, GNAT missing, the rendezvous version does not build).

examples:
  rdv2po bench --quick                       smoke test, about a minute
  rdv2po bench --setting pinned-fifo         the paper's setting, full size
  rdv2po bench --program src --main Main --args "100"   your own program
  rdv2po bench --program src --main Main --hand hand   ... against your hand-written version"""


def add_parser(sub) -> None:
    p = sub.add_parser("bench", help="before/after report: time and context switches of "
                       "each version", description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true",
                   help="small arguments, pinned-fifo only unless --setting: a smoke test")
    p.add_argument("--setting", choices=(*SETTINGS, "all"), default=None,
                   help="where to run (default: all; with --quick: pinned-fifo)")
    p.add_argument("--runs", type=int, default=5, help="timed runs per version and setting "
                   "(default 5)")
    p.add_argument("--out", default="bench-report", help="folder for the report "
                   "(default ./bench-report)")
    p.add_argument("--only", action="append", default=[], metavar="NAME",
                   help="only this bundled program or item (repeatable)")
    p.add_argument("--program", metavar="DIR", help="bench your own program: its sources")
    p.add_argument("--main", metavar="UNIT", help="with --program: the main subprogram")
    p.add_argument("--args", default="", metavar="'ARG ...'",
                   help="with --program: the program's arguments, in one string")
    p.add_argument("-I", dest="include", action="append", default=[], metavar="DIR",
                   help="with --program: another source folder, not rewritten")
    p.add_argument("--hand", metavar="DIR",
                   help="with --program: your hand-written version, files that replace "
                        "the program's (same relative paths); the report gives the "
                        "translation / hand-written ratio")
    p.add_argument("--scheme", choices=(*(s.name for s in registry.SELECTIONS.values()
                                          if s.version), "all"), default="all",
                   help="translated versions to compare (default: all)")
    p.add_argument("--perf-runs", type=int, default=1, metavar="N",
                   help="extra runs under perf per version and setting, for CPU "
                        "migrations (default 1; 0: none)")
    p.add_argument("--instructions", action=argparse.BooleanOptionalAction, default=None,
                   help="count each version's instructions in one more run under valgrind "
                        "--tool=callgrind, reported beside the times (default: when "
                        "valgrind is installed, not with --quick)")
    p.add_argument("--idle-timeout", type=float, default=None, metavar="S",
                   help="longest wait for idle CPUs before a run (default 10, quick 0.5)")
    p.add_argument("--run-timeout", type=float, default=120.0, metavar="S",
                   help="a run taking longer is killed and reported (default 120)")
    p.add_argument("--cpu", type=int, default=None,
                   help="the CPU pinned runs use (default: the least busy one)")
    p.add_argument("--keep", action="store_true",
                   help="keep the private folder of sources and builds, and say where")


def main(args: argparse.Namespace) -> int:
    try:
        plan = _plan(args)
        require_gnat()
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix="rdv2po-bench-"))
        try:
            results = run_bench(plan, work)
        finally:
            if args.keep:
                print(f"rdv2po bench: sources and builds kept in {work}", file=sys.stderr)
            else:
                shutil.rmtree(work, ignore_errors=True)
    except ToolFailure as exc:
        print(f"rdv2po: error: {exc}", file=sys.stderr)
        return 2
    (out / "results.json").write_text(json.dumps(results, indent=1) + "\n")
    drawn, note = plots.write(results, out)
    (out / "report.md").write_text(report.render(results, drawn, note))
    return _summary(results, out)


def _plan(args: argparse.Namespace) -> Plan:
    if args.runs < 1 or args.perf_runs < 0:
        raise ToolFailure("--runs must be at least 1 and --perf-runs at least 0")
    setting = args.setting or ("pinned-fifo" if args.quick else "all")
    settings = tuple(SETTINGS) if setting == "all" else (setting,)
    versions = (RENDEZVOUS, *(s.version for s in registry.BENCHED
                              if args.scheme in ("all", s.name)))
    if args.program:
        if not args.main:
            raise ToolFailure("--program needs --main UNIT (the main subprogram)")
        hand = Path(args.hand).resolve() if args.hand else None
        programs = (user_program(Path(args.program), args.main, tuple(shlex.split(args.args)),
                                 tuple(Path(i).resolve() for i in args.include), hand),)
        versions = (*versions, HAND) if hand else versions
        checking = False
    else:
        if args.main or args.args or args.include or args.hand:
            raise ToolFailure("--main, --args, -I and --hand go with --program DIR")
        programs = tuple(_only(builtin_suite(args.quick), args.only))
        versions = (*versions, HAND)
        checking = True
    idle = args.idle_timeout if args.idle_timeout is not None else (0.5 if args.quick else 10.0)
    counting = args.instructions if args.instructions is not None else not args.quick
    return Plan(programs, settings, versions, args.runs, args.perf_runs, idle,
                args.run_timeout, args.cpu, checking, args.quick, counting)


def _only(programs: list, names: list[str]) -> list:
    if not names:
        return programs
    known = {p.name for p in programs} | {i.name for p in programs for i in p.items}
    for n in names:
        if n not in known:
            raise ToolFailure(f"--only {n}: no such program or item "
                              f"(known: {', '.join(sorted(known))})")
    picked = []
    for p in programs:
        items = p.items if p.name in names else tuple(i for i in p.items if i.name in names)
        if items:
            picked.append(dataclasses.replace(p, items=items))
    return picked


def _summary(results: dict, out: Path) -> int:
    runs = [r for r in results["runs"] if r["kind"] == "timed"]
    failed = [r for r in results["runs"] if r["kind"] != "perf"
              and (r["result"] or r["status"] != "ok")]
    disturbed = sum(r["disturbed"] for r in runs)
    print(f"rdv2po bench: {len(runs)} timed run(s), {len(failed)} failed or wrong, "
          f"{disturbed} disturbed; report in {out / 'report.md'}", file=sys.stderr)
    return 1 if failed else 0
