"""What the general scheme costs against the rendezvous, on the paper's Figure 1.

    python bench/general_cost.py [--runs N] [--unpinned]

Each program in bench/general_cost/ (the Figure 1 resource server, once
leaving its loop when done as in the figure, once waiting at a terminate
alternative) is translated at bench time by ``rdv2po rewrite`` with the
general and with the server scheme, built with -O2 and the configuration
pragma Task_Dispatching_Policy (FIFO_Within_Priorities), and run pinned to
CPU 0, the versions interleaved.  Each run must print the original's result.
The table gives the time measured inside the program (median, min-max), the
ratio to the rendezvous version's median, and the voluntary and involuntary
context switches of the whole process (kernel accounting, os.wait4).

Numbers, not a test: the machine is shared, so compare the versions of one
run with each other and quote ratios.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

HERE = Path(__file__).resolve().parent / "general_cost"
FIFO = "pragma Task_Dispatching_Policy (FIFO_Within_Priorities);\n"
VERSIONS = ("rendezvous", "general", "server")


def translate(src: Path, dest: Path, scheme: str | None) -> list[str]:
    shutil.copytree(src, dest)
    if scheme is None:
        return []
    old = os.getcwd()
    os.chdir(dest.parent)
    try:
        out = rewrite.run(Options(paths=(dest.name,)), scheme)
        if out.changes:
            rewrite.write(out)
        return [f"{q}: {d.reason}" for q, d in out.decisions.items() if not d.rewritten]
    finally:
        os.chdir(old)


def build(src: Path, work: Path) -> Path:
    adc = work / "fifo.adc"
    adc.write_text(FIFO)
    subprocess.run(["gnatmake", "-q", "-O2", "-gnat2012", f"-I{src}", f"-D{work}",
                    f"-gnatec={adc}", "-o", str(work / "main"), str(src / "main.adb")],
                   cwd=work, check=True, capture_output=True, text=True)
    return work / "main"


def run_once(exe: Path, pinned: bool) -> dict:
    pre = (lambda: os.sched_setaffinity(0, {0})) if pinned else None
    proc = subprocess.Popen([str(exe)], stdout=subprocess.PIPE, text=True, preexec_fn=pre)
    fifo = _policy_seen(proc.pid)
    out = proc.stdout.read()
    _pid, status, usage = os.wait4(proc.pid, 0)
    lines = out.splitlines()
    timing = float(next(ln.split()[1] for ln in lines if ln.startswith("time")))
    return {"status": status, "result": [ln for ln in lines if not ln.startswith("time")],
            "time": timing, "vol": usage.ru_nvcsw, "invol": usage.ru_nivcsw, "fifo": fifo}


def _policy_seen(pid: int, tries: int = 40) -> bool:
    """Did some thread of the program run SCHED_FIFO (policy 1)?  Sampled at start."""
    for _ in range(tries):
        try:
            for tid in os.listdir(f"/proc/{pid}/task"):
                fields = Path(f"/proc/{pid}/task/{tid}/stat").read_text().rsplit(")", 1)[1].split()
                if fields[38] == "1":
                    return True
        except (OSError, IndexError):
            return False
        time.sleep(0.002)
    return False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--unpinned", action="store_true", help="do not pin to CPU 0")
    args = ap.parse_args()
    for prog in sorted(p for p in HERE.iterdir() if (p / "src").is_dir()):
        with tempfile.TemporaryDirectory(prefix="rdv2po-cost-") as tmp:
            exes = {}
            for v in VERSIONS:
                refused = translate(prog / "src", Path(tmp, v, "src"),
                                    None if v == "rendezvous" else v)
                if refused:
                    print(f"{prog.name} {v}: refused: {refused}")
                    continue
                exes[v] = build(Path(tmp, v, "src"), Path(tmp, v))
            runs = {v: [] for v in exes}
            for _ in range(args.runs):
                for v, exe in exes.items():
                    runs[v].append(run_once(exe, not args.unpinned))
            report(prog.name, runs, not args.unpinned)
    return 0


def report(name: str, runs: dict, pinned: bool) -> None:
    want = runs["rendezvous"][0]["result"]
    base = statistics.median(r["time"] for r in runs["rendezvous"])
    fifo = all(r["fifo"] for rs in runs.values() for r in rs)
    print(f"\n{name}: {'pinned to CPU 0' if pinned else 'unpinned'}, "
          f"{'SCHED_FIFO seen in every run' if fifo else 'SCHED_FIFO NOT in effect'}, "
          f"{len(runs['rendezvous'])} runs each, interleaved")
    print(f"{'version':<11} {'time s (median, min-max)':<30} {'ratio':>7} {'vol':>8} {'invol':>8}")
    for v, rs in runs.items():
        bad = [r for r in rs if r["status"] != 0 or r["result"] != want]
        times = [r["time"] for r in rs]
        med = statistics.median(times)
        vol = statistics.median(r["vol"] for r in rs)
        invol = statistics.median(r["invol"] for r in rs)
        flag = f"  {len(bad)} WRONG RESULT(S)" if bad else ""
        print(f"{v:<11} {med:.4f} ({min(times):.4f}-{max(times):.4f}){'':<8} "
              f"{med / base:>6.2f}x {vol:>8.0f} {invol:>8.0f}{flag}")


if __name__ == "__main__":
    sys.exit(main())
