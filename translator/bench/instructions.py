"""Instructions each version executes, counted by callgrind beside the times.

Times on a shared machine move by several percent with other load;
instruction counts do not.  Each version of each item runs once more under
``valgrind --tool=callgrind`` (which runs one thread at a time, like a pinned
run) with the item's arguments: its total instructions (start-up and Main's
own checks included, the same in every version), how often it entered GNAT's
entry-call, protected-subprogram, requeue and rendezvous paths, whether its
and whether its output was right.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

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


@dataclass(frozen=True)
class Count:
    instructions: int
    calls: dict[str, int]
    stdout: str


def unavailable() -> str:
    """Why instructions cannot be counted here, or '' when they can."""
    return "" if shutil.which("valgrind") else "valgrind is not installed"


def count(exe: Path, args: tuple[str, ...], cwd: Path, timeout: float) -> Count:
    """One run of ``exe`` under callgrind."""
    with tempfile.TemporaryDirectory(prefix="rdv2po-cg-") as tmp:
        out = Path(tmp) / "cg.out"
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                               str(exe), *args], capture_output=True, text=True,
                              cwd=cwd, timeout=timeout)
        found = re.search(r"Collected : (\d+)", done.stderr)
        if done.returncode != 0 or found is None or not out.exists():
            raise RuntimeError(f"callgrind failed ({done.returncode}): "
                               + done.stderr.strip()[-300:])
        return Count(int(found.group(1)), calls_of(out.read_text(errors="replace")),
                     done.stdout)


def calls_of(profile: str) -> dict[str, int]:
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
