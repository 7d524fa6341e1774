"""``rdv2po profile``: arguments, output, exit status."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Callable

from ..diagnostics import ToolFailure
from ..frontend.analysis import Options
from . import engine, output
from .restrictions import PROFILES

EXIT_MEETS, EXIT_VIOLATES, EXIT_FAILURE = 0, 1, 2

DESCRIPTION = """\
How far the program is from the Jorvik and Ravenscar tasking profiles (RM
D.13), as written and as the default schemes would rewrite it ('rdv2po
rewrite' without --scheme; nothing is written).  GNAT finds the violations:
every unit is compiled with 'pragma Profile (...)' as a configuration pragma,
in a private mirror of the program and of its rewrite.  Each violation is
shown at the user's file and line -- a line the rewrite wrote maps to the text
it replaced, shown with the rewritten line and a verdict (carried over from
the original, avoidable by another generated form, or a real difference) --
grouped by restriction, with one line of what to do for the common ones.
Ravenscar's one-caller entry queues, which GNAT checks only at run time, are
checked for the rewritten servers from their callers.  docs/profiles.md."""

EPILOG = """\
exit status: 0 the rewritten program meets every profile asked for, 1 it
does not, 2 tool failure (bad arguments, GNAT missing, a program that does
not compile as it is).

examples:
  rdv2po profile src/                       both profiles, text
  rdv2po profile --profile jorvik -P app.gpr
  rdv2po profile --format json src/ > profile.json"""


def add_parser(sub, common: Callable[..., None]) -> None:
    p = sub.add_parser(
        "profile", help="violations of the Jorvik/Ravenscar profiles, before and after the "
                        "rewrite", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    common(p, resolve_option=False)
    p.add_argument("--profile", choices=tuple(PROFILES), action="append", default=[],
                   help="the profile to check (repeat for both; default: both)")
    p.add_argument("--format", choices=("text", "json"), default="text")


def main(args: argparse.Namespace, options: Callable[[argparse.Namespace], Options]) -> int:
    profiles = tuple(dict.fromkeys(args.profile)) or tuple(PROFILES)
    try:
        report = engine.check(options(args), profiles)
    except ToolFailure as exc:
        print(f"rdv2po: error: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    for d in report.warnings:
        print(d.format(), file=sys.stderr)
    if args.format == "json":
        json.dump(output.to_json(report), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(output.text(report))
    return EXIT_MEETS if report.meets else EXIT_VIOLATES
