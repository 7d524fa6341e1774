"""Find corpus programs whose output depends on the schedule.

    nice python bench/race_audit.py [CASE ...] [-k TEXT] [--from NAME] [--runs N]
                                    [--budget SECONDS] [--mode loaded|pinned]
                                    [--scheme original|rewritten|general]
                                    [--config plain|detect_blocking] [--corpus DIR]

For every corpus case (or the ones named, or those whose name holds TEXT),
the original program and its two translations -- ``rewritten`` (the default
scheme) and ``general`` (``--scheme general``), taken from the case's golden
files ``expected/rewritten/`` and ``expected/general/`` laid over a copy of
``src/`` (the suite checks those goldens are what rdv2po writes) -- are each
built plain and with ``pragma Detect_Blocking`` (as tests/test_corpus.py,
tests/test_rewrite_corpus.py and tests/test_general_corpus.py build them,
through tests/corpus_harness.py) and run N times (default 5) in two ways:

  loaded   while a busy process spins beside it (the other core taken)
  pinned   with ``taskset -c 0``, the busy process on CPU 0 as well, so the
           program's tasks are interleaved and preempted on one CPU

Every run whose output or exit status differs from ``expected/output.txt``
is reported, compiler style, at that file; a program whose original already
differs has a race of its own (fix it with a synchronizing call, never a
delay), one whose translation alone differs may be a wrong translation.

A window of microseconds (a task printing after its rendezvous while the
caller prints too; a conditional call made right after a rendezvous with the
same task) shows in about one run of a hundred, the way it fails CI: five
runs find the gross races only, so give a suspect ``--runs 200 --mode
loaded``, or each original a hundred runs (``--scheme original --config
plain --mode loaded --runs 100``) for a first look.  A program waiting out
delays gets fewer runs (``--budget``, per program and mode).  ``--corpus``
audits another tree's cases (a helper's worktree, an old checkout).

Exit status: 0 no run differed, 1 some did, 2 a build failed.  Not part of
the test suite: a full run builds about six programs per case and runs each
ten times (about half an hour for the corpus on two idle cores); run it over
a subset at a time on a shared machine.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import corpus_harness  # noqa: E402
from corpus_harness import RUN_TIMEOUT, Case, build_program, cases  # noqa: E402

DETECT_BLOCKING = "pragma Detect_Blocking;\n"
CONFIGS = {"plain": "", "detect_blocking": DETECT_BLOCKING}
SCHEMES = ("original", "rewritten", "general")
MODES = ("loaded", "pinned")


@dataclass(frozen=True)
class Finding:
    output: Path        # the case's expected/output.txt
    variant: str        # scheme+config, e.g. "general+detect_blocking"
    mode: str
    differing: int      # runs that differed
    runs: int
    sample: str         # the first differing output (with the exit status)


def sources(case: Case, scheme: str, into: Path) -> Path | None:
    """The program's sources for ``scheme``; None when the scheme changes nothing."""
    if scheme == "original":
        return case.src
    golden = case.expected / scheme
    files = [p for p in golden.rglob("*") if p.is_file()] if golden.is_dir() else []
    if not files:
        return None
    src = into / f"src-{scheme}"
    shutil.copytree(case.src, src)
    for p in files:
        dest = src / p.relative_to(golden)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(p, dest)
    return src


def spinner(cpu: int | None) -> subprocess.Popen:
    # The load: a process that never sleeps, pinned where the program is, and
    # that stops once the audit is gone (killed before it could stop it).
    cmd = [sys.executable, "-c", "import os\nparent = os.getppid()\n"
           "while os.getppid() == parent: pass"]
    if cpu is not None:
        cmd = ["taskset", "-c", str(cpu), *cmd]
    return subprocess.Popen(cmd)


def run_once(exe: Path, pinned: bool) -> str:
    cmd = ["taskset", "-c", "0", str(exe)] if pinned else [str(exe)]
    try:
        r = subprocess.run(cmd, cwd=exe.parent, capture_output=True, text=True,
                           timeout=RUN_TIMEOUT)
    except subprocess.TimeoutExpired:
        return f"<timed out after {RUN_TIMEOUT} s>"
    return r.stdout if r.returncode == 0 else f"{r.stdout}<exit {r.returncode}>{r.stderr}"


def runs_of(exe: Path, mode: str, n: int, budget: float) -> Counter:
    pinned = mode == "pinned"
    load = spinner(0 if pinned else None)
    got: Counter = Counter()
    start = time.monotonic()
    try:
        # A slow program (one waiting out delays) gets fewer runs, not hours.
        while sum(got.values()) < n and (not got or time.monotonic() - start < budget):
            got[run_once(exe, pinned)] += 1
        return got
    finally:
        load.kill()
        load.wait()


def audit_case(case: Case, n: int, budget: float, modes: tuple[str, ...] = MODES,
               schemes: tuple[str, ...] = SCHEMES,
               configs: tuple[str, ...] = tuple(CONFIGS)) -> list[Finding]:
    want_path = case.expected / "output.txt"
    want = want_path.read_text()
    found = []
    with tempfile.TemporaryDirectory(prefix=f"race-{case.name}-") as tmp:
        for scheme in schemes:
            src = sources(case, scheme, Path(tmp))
            if src is None:
                continue
            for config in configs:
                pragmas = CONFIGS[config]
                out = Path(tmp, f"{scheme}-{config}")
                out.mkdir()
                exe = build_program(src, case.main, out, pragmas)
                for mode in modes:
                    got = runs_of(exe, mode, n, budget)
                    bad = {o: k for o, k in got.items() if o != want}
                    if bad:
                        found.append(Finding(want_path, f"{scheme}+{config}", mode,
                                             sum(bad.values()), sum(got.values()),
                                             next(iter(bad))))
    return found


def report(f: Finding) -> str:
    where = f"{os.path.relpath(f.output)}:1:1"
    head = (f"{where}: {f.variant} {f.mode}: {f.differing} of {f.runs} runs "
            f"printed something else; first:")
    return head + "\n" + "".join(f"    | {line}\n" for line in f.sample.splitlines())


def chosen(args) -> list[Case]:
    every = cases()
    picked = [c for c in every if (not args.cases or c.name in args.cases)
              and (not args.k or args.k in c.name)
              and (not args.start or c.name >= args.start)]
    unknown = set(args.cases) - {c.name for c in every}
    if unknown:
        print(f"race_audit: no such corpus case: {', '.join(sorted(unknown))}", file=sys.stderr)
        raise SystemExit(2)
    return picked


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cases", nargs="*", help="corpus case names (default: all)")
    ap.add_argument("-k", help="only cases whose name holds this text")
    ap.add_argument("--from", dest="start", help="only cases from this name on (sorted)")
    ap.add_argument("--runs", type=int, default=5, help="runs per program and mode")
    ap.add_argument("--budget", type=float, default=20.0, metavar="SECONDS",
                    help="stop a program's runs in one mode after this long (default 20)")
    ap.add_argument("--mode", choices=MODES, action="append",
                    help="only this way of running (repeatable; default: both)")
    ap.add_argument("--scheme", choices=SCHEMES, action="append",
                    help="only this program of each case (repeatable; default: all three)")
    ap.add_argument("--config", choices=tuple(CONFIGS), action="append",
                    help="only this build (repeatable; default: both)")
    ap.add_argument("--corpus", type=Path, help="another corpus folder (default: this tree's)")
    args = ap.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(2))     # so the load is stopped
    if args.corpus:
        corpus_harness.CORPUS = args.corpus.resolve()
    status = 0
    picked = chosen(args)
    for i, case in enumerate(picked, 1):
        try:
            found = audit_case(case, args.runs, args.budget, tuple(args.mode or MODES),
                               tuple(args.scheme or SCHEMES),
                               tuple(args.config or CONFIGS))
        except AssertionError as e:     # build_program's failure
            print(f"{os.path.relpath(case.root / 'case.toml')}:1:1: build failed: {e}",
                  flush=True)
            status = 2
            continue
        for f in found:
            print(report(f), end="", flush=True)
        status = max(status, 1 if found else 0)
        print(f"race_audit: [{i}/{len(picked)}] {case.name}: "
              f"{'RACY' if found else 'ok'}", file=sys.stderr, flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
