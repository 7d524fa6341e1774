"""What a run printed: the measurement lines on standard error, and whether
its result (standard output) is right.

The protocol (bench/support/bench_support.ads): ``time LABEL SECONDS``,
``switches LABEL COUNT``, ``count LABEL N`` on standard error; anything else
there is kept as information.  Standard output is the result, compared
whole; no measurement is ever part of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

KINDS = ("time", "switches", "count")


@dataclass(frozen=True)
class Lines:
    time: dict = field(default_factory=dict)        # label -> seconds
    switches: dict = field(default_factory=dict)    # label -> count
    count: dict = field(default_factory=dict)       # label -> operations
    info: list = field(default_factory=list)        # other lines, as printed


def parse(stderr: str) -> Lines:
    found: dict[str, dict] = {k: {} for k in KINDS}
    info = []
    for line in stderr.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] in KINDS:
            try:
                value = float(parts[2]) if parts[0] == "time" else int(parts[2])
            except ValueError:
                info.append(line)
                continue
            found[parts[0]][parts[1]] = value
        elif line.strip():
            info.append(line)
    return Lines(found["time"], found["switches"], found["count"], info)


def check_result(stdout: str, reference: str | None, self_checking: bool) -> str:
    """'' when the result is right, else what is wrong.

    ``reference`` is the expected output: the program's expected file, or else
    what the rendezvous version printed first in this bench run (None for that
    first run itself).  A self-checking program (every bundled one) must also
    end with PASSED: it checks its own sums and that every task finished."""
    if self_checking and stdout.rstrip("\n").rsplit("\n", 1)[-1] != "PASSED":
        return "the program's own check failed (no PASSED at the end)"
    if reference is not None and stdout != reference:
        return f"result differs from the reference: {_first_difference(stdout, reference)}"
    return ""


def _first_difference(got: str, want: str) -> str:
    a, b = got.splitlines(), want.splitlines()
    for i, (x, y) in enumerate(zip(a, b), 1):
        if x != y:
            return f"line {i}: {x!r} instead of {y!r}"
    return f"{len(a)} lines instead of {len(b)}"
