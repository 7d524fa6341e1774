"""The ``rdv2po`` command line."""

from __future__ import annotations

import argparse
import json
import sys

from . import __version__
from .analysis import Options, analyze
from .diagnostics import ToolFailure
from .model import model_json
from .report import summary_line, text_report

EXIT_CLEAN, EXIT_FINDINGS, EXIT_FAILURE = 0, 1, 2

DESCRIPTION = """\
rdv2po finds Ada tasks used as servers (tasks that loop over accept and
select, or that hand out work by calling other tasks' entries) and, in later
versions, rewrites them into protected objects after Macos & Mueller, "The
Rendezvous is Dead - Long Live the Protected Object".

Syntax comes from tree-sitter-ada, names from GNAT itself: units are
compiled with 'gcc -c -gnatc' in a private temporary directory, never in
your tree."""

EPILOG = """\
exit status: 0 clean, 1 some input could not be parsed or compiled (see the
diagnostics on stderr), 2 tool failure (bad arguments, GNAT missing).

examples:
  rdv2po inspect src/                   tasks, entries, call sites, classification
  rdv2po inspect -P app.gpr --format json > model.json
  rdv2po inspect --no-resolve big/tree  syntax only, no GNAT"""


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="Ada sources (.ads, .adb, .ada) or directories, searched recursively")
    p.add_argument("-P", dest="project", metavar="PROJECT.gpr",
                   help="a GNAT project file: its sources, naming and switches")
    p.add_argument("-I", dest="include", action="append", default=[], metavar="DIR",
                   help="another directory for GNAT to find with'ed units in")
    p.add_argument("--gnat-switch", dest="switches", action="append", default=[],
                   metavar="SWITCH", help="extra switch for GNAT, e.g. --gnat-switch=-gnat2022")
    p.add_argument("--no-resolve", action="store_true",
                   help="syntax only: do not run GNAT (call sites and calls stay empty)")
    p.add_argument("-j", "--jobs", type=int, default=None,
                   help="parallel GNAT compilations (default: number of CPUs)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rdv2po", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"rdv2po {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    insp = sub.add_parser(
        "inspect", help="print the task model: tasks, entries, sync points, call sites",
        description="Print the model rdv2po builds of every task and task type: entries "
                    "and their call sites, the body's server loop and sync points, the "
                    "calls it makes, and a classification (accepting_server, "
                    "calling_server, mixed, client, not_server) with reasons. The JSON "
                    "form is stable; see docs/model.md.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    _common(insp)
    insp.add_argument("--format", choices=("text", "json"), default="text")
    return parser


def _options(args: argparse.Namespace) -> Options:
    if not args.paths and not args.project:
        raise ToolFailure("give at least one PATH or -P PROJECT.gpr")
    return Options(paths=tuple(args.paths), project=args.project,
                   resolve=not args.no_resolve, switches=tuple(args.switches),
                   include=tuple(args.include), jobs=args.jobs)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_FAILURE
    try:
        model, _ws = analyze(_options(args))
    except ToolFailure as exc:
        print(f"rdv2po: error: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    except KeyboardInterrupt:
        return EXIT_FAILURE
    for d in model.diagnostics:
        print(d.format(), file=sys.stderr)
    if args.format == "json":
        json.dump(model_json(model), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(text_report(model))
    print(summary_line(model), file=sys.stderr)
    errors = any(d.severity == "error" for d in model.diagnostics)
    return EXIT_FINDINGS if errors else EXIT_CLEAN
