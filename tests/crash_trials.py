"""More crash trials than the test suite runs, with counts (docs/writing.md).

    .venv/bin/python tests/crash_trials.py [--random N] [--aimed N]

1. the write-step hook: SIGKILL, SIGTERM and SIGINT at every step of the write;
2. real signals at random instants of the whole run (N per signal);
3. real signals aimed at the write: sent 0-3 ms after the stage directory
   (or, every other trial, the journal) appears in the sources (N per signal).
After each trial ``rdv2po recover`` runs; the tree must be all old or all new,
with nothing left in it or in $TMPDIR.  Prints one line of counts per kind.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from test_crash_safe_write import (env, leftovers, make_tree, rdv2po, restore, state,  # noqa: E402
                                   tree, _wait_for_handlers)

SIGNALS = {"KILL": signal.SIGKILL, "TERM": signal.SIGTERM, "INT": signal.SIGINT}


def judge(root: Path, old: dict, new: dict, counts: collections.Counter, kind: str) -> None:
    nxt = rdv2po(root, "recover", "src")
    got = state(root, old, new) if nxt.returncode == 0 else "RECOVER FAILED"
    counts[f"{kind} {got}"] += 1
    stray = leftovers(root)
    if stray:
        counts[f"{kind} STRAY"] += 1
        print(kind, "stray:", stray, file=sys.stderr)


def editor_saves(root: Path, old: dict, new: dict, n: int, counts: collections.Counter) -> None:
    """An editor saves p2.adb (a new file renamed over it, or a write in place) or
    deletes it, 0-2 ms after the journal appears, i.e. while the files are swapped.
    Its change must survive: either the write stops ("changed on disk") or the change
    lands after the swap."""
    rng = random.Random(7)
    target = root / "src" / "p2.adb"
    for trial in range(n):
        restore(root, old)
        mine = f"-- saved by the editor, trial {trial}\n".encode() + old["p2.adb"]
        p = subprocess.Popen([sys.executable, "-m", "rdv2po", "rewrite", "--in-place", "src"],
                             cwd=root, env=env(root), stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
        while p.poll() is None and not (root / "src" / ".rdv2po-journal").exists():
            time.sleep(0.0001)
        time.sleep(rng.uniform(0.0, 0.002))
        how = ("in-place", "replace", "delete")[trial % 3]
        if how == "replace":
            tmp = target.with_name("p2.adb.editor")
            tmp.write_bytes(mine)
            os.replace(tmp, target)
        elif how == "in-place":
            with open(target, "r+b") as f:
                f.write(mine)
        else:
            target.unlink()
        _out, err = p.communicate()
        now = target.read_bytes() if target.exists() else None
        kind = f"editor {how}"
        if now == mine or (how == "in-place" and now and now.startswith(mine)) or \
                (how == "delete" and now is None):
            rest = {k: v for k, v in tree(root).items() if k != "p2.adb"}
            whole = "old" if rest == {k: v for k, v in old.items() if k != "p2.adb"} else \
                "new" if rest == {k: v for k, v in new.items() if k != "p2.adb"} else "MIXED"
            counts[f"{kind} kept (exit {p.returncode}, other files {whole})"] += 1
        else:
            counts[f"{kind} LOST (exit {p.returncode})"] += 1
            print(err, file=sys.stderr)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--random", type=int, default=20)
    ap.add_argument("--aimed", type=int, default=20)
    ap.add_argument("--editor", type=int, default=20)
    ap.add_argument("--only-editor", action="store_true")
    args = ap.parse_args()
    root = Path(tempfile.mkdtemp(prefix="crash-trials-"))
    old = make_tree(root)
    log = root / "steps.log"
    r = rdv2po(root, "rewrite", "--in-place", "src", RDV2PO_TEST_STEPS=str(log))
    assert r.returncode == 0, r.stderr
    new = tree(root)
    steps = log.read_text().splitlines()
    counts: collections.Counter = collections.Counter()
    editor_saves(root, old, new, args.editor, counts)
    for name in ([] if args.only_editor else SIGNALS):
        for k in range(1, len(steps) + 1):
            restore(root, old)
            r = rdv2po(root, "rewrite", "--in-place", "src", RDV2PO_TEST_CRASH=f"{k}:{name}")
            if "Traceback" in r.stderr:
                counts[f"hook {name} TRACEBACK"] += 1
            judge(root, old, new, counts, f"hook {name}")
    rng = random.Random(2026)
    for kind, n in (() if args.only_editor else (("random", args.random), ("aimed", args.aimed))):
        for name, sig in SIGNALS.items():
            for _ in range(n):
                restore(root, old)
                p = subprocess.Popen([sys.executable, "-m", "rdv2po", "rewrite", "--in-place",
                                      "src"], cwd=root, env=env(root),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                if kind == "random":
                    _wait_for_handlers(p.pid)
                    time.sleep(rng.uniform(0.0, 0.8))
                else:
                    # Half at the staging, half at the swaps after the commit.
                    mark = (".rdv2po-stage-", ".rdv2po-journal")[counts[kind] % 2]
                    counts[kind] += 1
                    while p.poll() is None and not any(
                            n.startswith(mark) for n in os.listdir(root / "src")):
                        time.sleep(0.0002)
                    time.sleep(rng.uniform(0.0, 0.003))
                if p.poll() is None:
                    p.send_signal(sig)
                _out, err = p.communicate()
                if "Traceback" in err:
                    counts[f"{kind} {name} TRACEBACK"] += 1
                judge(root, old, new, counts, f"{kind} {name}")
    for key in sorted(counts):
        if key not in ("random", "aimed"):
            print(f"{key}: {counts[key]}")


if __name__ == "__main__":
    main()
