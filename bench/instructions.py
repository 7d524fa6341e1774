"""Instructions executed by each version of the bench programs (callgrind).

``rdv2po bench`` counts them itself when valgrind is installed (its report's
Instructions table, translator/bench/instructions.py); this prints the same
for the builds of a folder kept by an earlier run.  Times on a shared two-CPU machine move by several percent with other load;
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
from pathlib import Path

from rdv2po.bench.instructions import count
from rdv2po.bench.suite import REPO_BENCH, load_program

ORDER = ("rendezvous", "general", "servers", "hand-written")


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
                    rows[version] = count(builds[0], item.args, builds[0].parent, 1800)
            hand = rows["hand-written"].instructions if "hand-written" in rows else 0
            for version, c in rows.items():
                ok = ("-" if item.expected is None
                      else "same" if c.stdout == item.expected.read_text() else "DIFFERS")
                ratio = f"{c.instructions / hand:.3f}" if hand else "-"
                print(f"| {item.name} | {version} | {c.instructions:,} | {ratio} | "
                      f"{c.calls['entry']:,} | {c.calls['procedure']:,} | "
                      f"{c.calls['requeue']:,} | {c.calls['rendezvous']:,} | {ok} |",
                      flush=True)


if __name__ == "__main__":
    main()
