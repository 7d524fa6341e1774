"""Instructions executed by each version of the bench programs (callgrind).

Times on a shared two-CPU machine move by several percent with other load;
instruction counts do not.  This runs every version the bench built under
``valgrind --tool=callgrind`` (which runs one thread at a time, like a
pinned run) with the item's full arguments, checks its output against the
expected file, and prints the total instructions (start-up and Main's own
checks included: the same in every version) with the servers / hand-written
ratio, and how often the program entered GNAT's protected-entry and
rendezvous paths.  Prints numbers; asserts nothing.

    .venv/bin/rdv2po bench --setting pinned-fifo --keep      # note the folder
    .venv/bin/python bench/instructions.py /tmp/rdv2po-bench-XXXX [--only NAME]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import tempfile
from pathlib import Path

from rdv2po.bench.suite import REPO_BENCH, load_program

# GNAT run-time entry points whose call counts say which synchronisation ran:
# an entry call, a protected procedure or function (its lock), a requeue, a
# rendezvous (the caller's side).
CALLS = {"entry": ("operations__protected_entry_call",),
         "procedure": ("protected_objects__lock", "entries__lock_entries",
                       "protected_objects__lock_read_only",
                       "entries__lock_read_only_entries"),
         "requeue": ("operations__requeue_protected_entry", "operations__requeue_task_entry",
                     "rendezvous__requeue_protected_to_task_entry"),
         "rendezvous": ("rendezvous__call_simple",)}
ORDER = ("rendezvous", "general", "servers", "hand-written")


def callgrind(exe: Path, args: tuple[str, ...]) -> tuple[int, dict[str, int], str]:
    """(instructions, calls per CALLS key, standard output) of one run."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                               str(exe), *args], capture_output=True, text=True,
                              cwd=exe.parent, timeout=1800)
        total = int(re.search(r"Collected : (\d+)", done.stderr).group(1))
        return total, _calls(out.read_text(errors="replace")), done.stdout


def _calls(profile: str) -> dict[str, int]:
    """Sum the 'calls=N' lines under every call to a CALLS function."""
    names: dict[str, str] = {}          # callgrind's name compression: (id) name
    counts = dict.fromkeys(CALLS, 0)
    callee = None
    for line in profile.splitlines():
        if line.startswith(("fn=", "cfn=")):
            m = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line)
            if m and m.group(2):
                names[m.group(1)] = m.group(2)
            if line.startswith("cfn="):
                callee = names.get(m.group(1), "") if m else line[4:]
        elif line.startswith("calls=") and callee:
            for key, suffixes in CALLS.items():
                if callee.endswith(suffixes):
                    counts[key] += int(line[6:].split()[0])
            callee = None
    return counts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("work", type=Path, help="a folder kept by 'rdv2po bench --keep'")
    ap.add_argument("--only", action="append", default=[], metavar="PROGRAM")
    opts = ap.parse_args()
    print("| Item | Version | instructions | x hand-written | entry calls | procedure calls "
          "| requeues | rendezvous | output |")
    print("|---|---|---|---|---|---|---|---|---|")
    for folder in sorted(opts.work.iterdir()):
        if opts.only and folder.name not in opts.only:
            continue
        program = load_program(REPO_BENCH / "programs" / folder.name, False, ())
        for item in program.items:
            rows = {}
            for version in ORDER:
                builds = sorted((folder / version).glob("build-*/" + program.main))
                if builds:
                    rows[version] = callgrind(builds[0], item.args)
            hand = rows.get("hand-written", (0,))[0]
            for version, (total, calls, stdout) in rows.items():
                ok = ("-" if item.expected is None
                      else "same" if stdout == item.expected.read_text() else "DIFFERS")
                ratio = f"{total / hand:.3f}" if hand else "-"
                print(f"| {item.name} | {version} | {total:,} | {ratio} | {calls['entry']:,} | "
                      f"{calls['procedure']:,} | {calls['requeue']:,} | "
                      f"{calls['rendezvous']:,} | {ok} |", flush=True)


if __name__ == "__main__":
    main()
