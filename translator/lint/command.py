"""``rdv2po lint`` and ``rdv2po explain``: arguments, settings, output, exit status."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..frontend import gnat
from ..frontend.analysis import Options
from ..diagnostics import ToolFailure, positive_int
from ..schemes import registry as schemes
from . import config, engine, fix, output, registry, sarif
from .explain import explain_text

EXIT_CLEAN, EXIT_FINDINGS, EXIT_FAILURE = 0, 1, 2
FORMATS = ("text", "json", "sarif", "github")

LINT_DESCRIPTION = """\
Report server tasks that a protected object could replace, and why the
others cannot be, in the compiler's format 'path:line:col: warning: message
[RDVnnn]'.  The verdicts come from the rewrite schemes themselves (the same
run as 'rdv2po rewrite', GNAT-verified unless --no-verify); 'rdv2po explain
RDVnnn' tells what a rule means.

Settings are read from .rdv2po.toml or a [tool.rdv2po] table in
pyproject.toml, in this directory or above it up to the repository root
(source-dirs, project, select, ignore, scheme, verify); options win.  With
source-dirs or a project set, the whole program is analysed and only
findings in the given PATHs are reported (what a pre-commit hook wants).

Suppress a finding with '--## rule off RDVnnn ## why' ... '--## rule on
RDVnnn', or '--## rule line off RDVnnn ## why' at the end of a line."""

LINT_EPILOG = """\
exit status: 0 no findings (or only notes of rules on by default: why a task
stays); 1 findings (whatever the format), or --fix changed files; 2 tool
failure (bad arguments or settings, GNAT missing, input that does not parse
or compile: the lint is then incomplete).

examples:
  rdv2po lint src/                        report
  rdv2po lint -P app.gpr --format sarif > rdv2po.sarif
  rdv2po lint --select RDV003 src/        only: servers that cannot be eliminated
  rdv2po lint --fix src/                  rewrite what can be, report the rest
  rdv2po explain RDV004                   what a rule means, with examples"""


def add_parsers(sub) -> None:
    lint = sub.add_parser("lint", help="report eliminable and non-eliminable server tasks",
                          description=LINT_DESCRIPTION, epilog=LINT_EPILOG,
                          formatter_class=argparse.RawDescriptionHelpFormatter)
    lint.add_argument("paths", nargs="*", metavar="PATH",
                      help="Ada sources or directories (default: source-dirs from the "
                           "settings); with source-dirs or -P, only findings in these")
    lint.add_argument("-P", dest="project", metavar="PROJECT.gpr",
                      help="a GNAT project file: its sources, naming and switches")
    lint.add_argument("-I", dest="include", action="append", default=[], metavar="DIR",
                      help="another directory for GNAT to find with'ed units in")
    lint.add_argument("--gnat-switch", dest="switches", action="append", default=[],
                      metavar="SWITCH", help="extra switch for GNAT, e.g. --gnat-switch=-gnat2022")
    lint.add_argument("-X", dest="scenario", action="append", default=[], metavar="NAME=VALUE",
                      help="with -P: a scenario variable of the project, as for gprbuild")
    lint.add_argument("-aP", dest="project_path", action="append", default=[], metavar="DIR",
                      help="with -P: another folder to find imported projects in")
    lint.add_argument("-j", "--jobs", type=positive_int, default=None,
                      help="parallel GNAT compilations (default: number of CPUs)")
    lint.add_argument("--select", action="append", default=[], metavar="RULES",
                      help="only these rules (ids, names or id prefixes, comma-separated; "
                           "repeatable); also turns on rules that are off by default (RDV005)")
    lint.add_argument("--ignore", action="append", default=[], metavar="RULES",
                      help="not these rules")
    lint.add_argument("--format", choices=FORMATS, default="text",
                      help="text (compiler style, default), json (docs/lint.md), sarif "
                           "(SARIF 2.1.0), github (workflow annotations)")
    fixing = lint.add_mutually_exclusive_group()
    fixing.add_argument("--fix", action="store_true",
                        help="rewrite the flagged tasks that have a fix (verified by GNAT, "
                             "all files or none), then report what is left")
    fixing.add_argument("--fix-only", action="store_true",
                        help="rewrite as --fix, report nothing else; exit 1 if files changed")
    lint.add_argument("--scheme", default=None,
                      choices=[s.name for s in schemes.SELECTIONS.values() if not s.lint_note],
                      help="the schemes that decide (default: settings, else auto)")
    lint.add_argument("--no-verify", action="store_true",
                      help="do not compile translations with GNAT: faster, and 'eliminable' "
                           "then means 'expected to translate' (--fix still verifies)")
    lint.add_argument("--show-all-obstacles", action="store_true",
                      help=f"list every obstacle of a task that cannot be eliminated (by "
                           f"default the first {engine.SHORT_NOTES + 1}, then how many more)")
    where = lint.add_mutually_exclusive_group()
    where.add_argument("--config", metavar="FILE", help="settings file instead of the search")
    where.add_argument("--no-config", action="store_true", help="ignore settings files")
    ex = sub.add_parser("explain", help="what a lint rule means: rationale and examples",
                        description="Print a lint rule's rationale, message and Ada "
                                    "examples; with no rule, list the rules.")
    ex.add_argument("rules", nargs="*", metavar="RULE", help="rule id or name, e.g. RDV001")


def lint_main(args: argparse.Namespace) -> int:
    try:
        opts = options(args)
        result = engine.run(opts)
        done = None
        if (args.fix or args.fix_only) and result.complete and result.programs == 1:
            done = fix.apply(opts, result)
            fix.remaining(result, done)
        elif args.fix or args.fix_only:
            print(_NO_FIX if not result.complete else _NO_FIX_TREE, file=sys.stderr)
    except ToolFailure as exc:
        print(f"rdv2po: error: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    if done is not None:
        for d in done.refused:
            print(d.format(), file=sys.stderr)
        print(f"rdv2po: fixed {len(done.fixed)} task(s) in {done.files} file(s)",
              file=sys.stderr)
    if args.fix_only:
        for d in result.errors:
            print(d.format(), file=sys.stderr)
        if done is None:
            return EXIT_FAILURE     # nothing could be rewritten; the line above says why
        return EXIT_FINDINGS if done.files else EXIT_CLEAN
    sys.stdout.write(render(args.format, result, opts))
    print(output.summary(result), file=sys.stderr)
    changed = done is not None and done.files > 0
    if any(_counts(f, opts.asked) for f in result.findings) or changed:
        return EXIT_FINDINGS      # findings stand even when other units could not be judged
    return EXIT_CLEAN if result.complete else EXIT_FAILURE


def _counts(f, asked: frozenset[str]) -> bool:
    """A finding that makes the exit status 1: a warning, or a note of a rule the user
    asked for (--select RDV005); a default rule's note only tells why a task stays
    (RDV006)."""
    return (f.severity != "note" or f.rule in asked
            or not registry.by_code(f.rule)[0].default)


# A rewrite is written only over a program GNAT compiles whole (rewrite.py's rule).
_NO_FIX = ("rdv2po: --fix: nothing written: a rewrite needs the whole program to compile, "
           "and some files do not (listed); the findings are for the units that compile")
_NO_FIX_TREE = ("rdv2po: --fix: nothing written: the tree holds several programs (file names "
                "repeat); run --fix on one program's folder")


def render(fmt: str, result: engine.LintResult, opts: engine.LintOptions) -> str:
    if fmt == "json":
        return output.as_json(result)
    if fmt == "sarif":
        return sarif.as_sarif(result, opts.rules)
    if fmt == "github":
        return output.github(result)
    return output.text(result)


def options(args: argparse.Namespace) -> engine.LintOptions:
    """Command line over settings file over defaults."""
    if args.config:
        cfg = config.load(Path(args.config))
    else:
        cfg = config.load(None if args.no_config else config.find(Path.cwd()))
    # The rule selection is one setting: --select or --ignore replaces the file's whole choice.
    if args.select or args.ignore:
        select, ignore = registry.split_codes(args.select), registry.split_codes(args.ignore)
    else:
        select, ignore = cfg.select, list(cfg.ignore)
    project = args.project or cfg.project
    # Command-line -X and -aP come after the file's: gprbuild takes the last -X.
    gnat.use_project_options([*cfg.scenario, *args.scenario],
                             [*cfg.project_path, *args.project_path])
    if args.paths:
        given = tuple(p for path in args.paths for p in (path, *_other_half(path)))
        analysed = () if project else tuple(dict.fromkeys((*cfg.source_dirs, *given)))
        report = tuple(Path(p) for p in args.paths) if (project or cfg.source_dirs) else ()
    elif project or cfg.source_dirs:
        analysed, report = (() if project else cfg.source_dirs), ()
    else:
        raise ToolFailure("give at least one PATH, -P PROJECT.gpr, or source-dirs in "
                          ".rdv2po.toml / [tool.rdv2po]")
    analysis = Options(paths=analysed, project=project, switches=tuple(args.switches),
                       include=tuple(args.include), jobs=args.jobs,
                       whole=bool(getattr(args, "fix", False) or getattr(args, "fix_only", False)))
    scheme = args.scheme or cfg.scheme
    note = schemes.SELECTIONS[scheme].lint_note
    if note:
        raise ToolFailure("the lint reports server tasks that the server schemes can eliminate "
                          f"(or why not); scheme '{scheme}' {note} -- use 'rdv2po rewrite "
                          f"--scheme {scheme}' to apply it")
    asked = frozenset(r.id for code in registry.split_codes(select or [])
                      for r in registry.by_code(code))
    return engine.LintOptions(analysis, registry.enabled(select, ignore), report,
                              scheme, cfg.verify and not args.no_verify,
                              bool(getattr(args, "show_all_obstacles", False)), asked)


def _other_half(path: str) -> tuple[str, ...]:
    """The spec of a body given alone, or the body of a spec (GNAT's default naming):
    the task is declared in one and served in the other, and the lint needs both."""
    p = Path(path)
    other = {".adb": ".ads", ".ads": ".adb"}.get(p.suffix.lower())
    if other is None or not p.is_file():
        return ()
    twin = p.with_suffix(other)
    return (str(twin),) if twin.is_file() else ()


def explain_main(args: argparse.Namespace) -> int:
    try:
        sys.stdout.write(explain_text(args.rules))
    except ToolFailure as exc:
        print(f"rdv2po: error: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    return EXIT_CLEAN
