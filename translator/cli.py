"""The ``rdv2po`` command line."""

from __future__ import annotations

import argparse
import json
import signal
import sys
from pathlib import Path

from . import __version__, interrupt, rewrite, scratch
from .write import journal
from .bench import command as bench_command
from .frontend.analysis import Options, analyze
from .diagnostics import ToolFailure, positive_int
from .lint import command as lint_command
from .profile import command as profile_command
from .lsp import command as lsp_command
from .model import model_json
from .report import summary_line, text_report
from .schemes import registry

EXIT_CLEAN, EXIT_FINDINGS, EXIT_FAILURE = 0, 1, 2

DESCRIPTION = """\
rdv2po finds Ada tasks used as servers (tasks that loop over accept and
select, or that hand out work by calling other tasks' entries) and rewrites
them into protected objects after Macos & Mueller, "The Rendezvous is Dead -
Long Live the Protected Object": 'rewrite' translates, 'lint' reports (for
pre-commit and CI), 'explain' tells what a lint rule means, 'inspect' prints
the task model everything is built on, 'profile' how far the program is
from the Jorvik and Ravenscar profiles before and after the rewrite.

Syntax comes from tree-sitter-ada, names from GNAT itself: units are
compiled with 'gcc -c -gnatc' in a private temporary directory, never in
your tree."""

EPILOG = """\
exit status: 0 clean, 1 findings (lint), changes pending (rewrite --diff,
--check) or input that could not be parsed or compiled (inspect), 2 tool
failure (bad arguments, GNAT missing); 'rdv2po COMMAND --help' has the
details of each command.

examples:
  rdv2po rewrite src/                   the diff that would turn server tasks into
                                        protected objects
  rdv2po rewrite --in-place src/        write it (all files or none)
  rdv2po lint src/                      path:line:col: warning: ... [RDV001]
  rdv2po explain RDV003                 what a finding means
  rdv2po inspect src/                   tasks, entries, call sites, classification
  rdv2po bench --quick                  the paper's programs before and after
  rdv2po profile src/                   Jorvik/Ravenscar violations, before and after
  rdv2po recover src/                   complete or roll back an interrupted write"""

INSPECT_EPILOG = """\
exit status: 0 clean, 1 some input could not be parsed or compiled (see the
diagnostics on stderr), 2 tool failure (bad arguments, GNAT missing).

examples:
  rdv2po inspect src/                   tasks, entries, call sites, classification
  rdv2po inspect -P app.gpr --format json > model.json
  rdv2po inspect --no-resolve big/tree  syntax only, no GNAT"""


def _common(p: argparse.ArgumentParser, resolve_option: bool = True) -> None:
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="Ada sources (.ads, .adb, .ada) or directories, searched "
                        "recursively (or -P, not both)")
    p.add_argument("-P", dest="project", metavar="PROJECT.gpr",
                   help="a GNAT project file: its sources, naming and switches")
    p.add_argument("-I", dest="include", action="append", default=[], metavar="DIR",
                   help="another directory for GNAT to find with'ed units in")
    p.add_argument("--gnat-switch", dest="switches", action="append", default=[],
                   metavar="SWITCH", help="extra switch for GNAT, e.g. --gnat-switch=-gnat2022")
    p.add_argument("-X", dest="scenario", action="append", default=[], metavar="NAME=VALUE",
                   help="with -P: a scenario variable of the project, as for gprbuild")
    p.add_argument("-aP", dest="project_path", action="append", default=[], metavar="DIR",
                   help="with -P: another folder to find imported projects in")
    if resolve_option:      # a rewrite is always checked and verified with GNAT
        p.add_argument("--no-resolve", action="store_true",
                       help="syntax only: do not run GNAT (call sites and calls stay empty)")
    p.add_argument("-j", "--jobs", type=positive_int, default=None,
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
        epilog=INSPECT_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    _common(insp)
    insp.add_argument("--format", choices=("text", "json"), default="text")
    rw = sub.add_parser(
        "rewrite", help="rewrite server tasks into protected objects (diff by default)",
        description=REWRITE_DESCRIPTION, epilog=REWRITE_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    _common(rw, resolve_option=False)
    mode = rw.add_mutually_exclusive_group()
    mode.add_argument("--diff", dest="mode", action="store_const", const="diff",
                      help="print a unified diff and write nothing (the default)")
    mode.add_argument("--in-place", dest="mode", action="store_const", const="in-place",
                      help="write the rewritten files (all or none, atomically)")
    mode.add_argument("--check", dest="mode", action="store_const", const="check",
                      help="write nothing; exit 1 if something would change (for CI)")
    rw.add_argument("--scheme", choices=registry.NAMES, default=registry.DEFAULT,
                    help="; ".join(f"{s.name}: {s.help}" for s in registry.SELECTIONS.values()))
    rw.add_argument("--select", action="append", default=[], metavar="TASK[,TASK...]",
                    help="only these tasks (simple or full name, e.g. Server or Pkg.Server); "
                         "repeat the option or separate names with commas")
    bench_command.add_parser(sub)
    lint_command.add_parsers(sub)
    profile_command.add_parser(sub, _common)
    lsp_command.add_parser(sub)
    rec = sub.add_parser(
        "recover", help="complete or roll back a write that was interrupted",
        description="Find the journal an interrupted 'rewrite --in-place' (or 'lint --fix') "
                    "left, in the given directories, their parents and the directories "
                    "under them, and complete it (every file gets the rewrite) or roll it "
                    "back (every file gets its text from before), saying which.  Every "
                    "rdv2po command does this for its sources before it reads them; see "
                    "docs/writing.md.",
        epilog="exit status: 0 nothing left or recovered, 2 a journal that cannot be "
               "recovered (a file was edited since; the message says which).")
    rec.add_argument("paths", nargs="*", metavar="DIR", default=["."],
                     help="where to look (default: the current directory)")
    return parser


REWRITE_DESCRIPTION = """\
Rewrite server tasks into protected objects, after the paper's section 6.
An accepting server (a task that loops over accept and select) becomes a
protected object with the same entries: callers keep their code (6.1).  A
calling server (a task that hands out work by calling its workers' entries)
becomes a protected object the workers call instead, the parameters now
out parameters; its loops become state (6.2, Figure 6).  A server whose
code may block (I/O, logging) becomes a package of procedures named like its
entries: each caller takes the server's turn from a small protected object,
runs the server's code in its own thread, outside any protected action, and
gives the turn back (caller-runs).  A delay alternative of an accepting
server becomes a timing event of the object (Ada.Real_Time.Timing_Events).
These schemes run in one pass; the task disappears.  A task whose meaning
no scheme can keep is left alone with a warning naming every construct that
stands in the way, its place and the reason (a potentially blocking call and
its call path, an else alternative, a task attribute, ...).

With --scheme general (the paper's section 5) every task with entries is
kept: it becomes a protected type holding its rendezvous state, with the
task's code running in an agent task inside it, so callers still make one
call and nothing of the task's code has to move into a protected action --
blocking accept bodies, delay and else alternatives and terminate are kept.
It is the scheme of last resort: it saves no context switch and costs time.

Before anything is written, every rewritten file is parsed again and the
rewritten program is compiled by GNAT; if that fails nothing is written and
GNAT's message is shown at its line in the rewritten text.  Writes are
all or none, even if rdv2po is killed: a journal beside the files lets the
next rdv2po run (or 'rdv2po recover') complete or roll back an interrupted
write (docs/writing.md); line endings, byte order mark, mode, owner and
every byte outside the rewritten task are kept."""

REWRITE_EPILOG = """\
exit status: 0 nothing to do, or written (--in-place); 1 changes pending
(--diff, --check); 2 tool failure (bad arguments, GNAT missing, input that
does not parse or compile) -- nothing is written.  A task whose rewrite
GNAT rejects is left alone with a warning, like any other refusal.

examples:
  rdv2po rewrite src/                   show the diff
  rdv2po rewrite --in-place src/        rewrite the files
  rdv2po rewrite --check -P app.gpr     in CI: fail if a server task is left
  rdv2po rewrite --select Buffer src/   only the task Buffer
  rdv2po rewrite --scheme general src/  keep the tasks, replace every rendezvous"""


def _options(args: argparse.Namespace, whole: bool = False) -> Options:
    if not args.paths and not args.project:
        raise ToolFailure("give at least one PATH or -P PROJECT.gpr")
    if args.paths and args.project:
        raise ToolFailure("give PATHs or -P PROJECT.gpr, not both: with -P the project "
                          "names the sources")
    for d in args.include:
        if not Path(d).is_dir():
            raise ToolFailure(f"-I {d}: no such directory")
    from .frontend import gnat   # -X and -aP reach every gprbuild run of this command
    gnat.use_project_options(args.scenario, args.project_path)
    return Options(paths=tuple(args.paths), project=args.project,
                   resolve=not getattr(args, "no_resolve", False), switches=tuple(args.switches),
                   include=tuple(args.include), jobs=args.jobs, whole=whole)


def main(argv: list[str] | None = None) -> int:
    """The console script: a failure to write the output is a tool failure (exit 2),
    never a traceback with exit 1, which CI would read as findings.  SIGINT and
    SIGTERM end it with one line and 130 or 143, after every clean-up ran."""
    previous = interrupt.install()
    try:
        code = _main(argv)
        sys.stdout.flush()
        return code
    except interrupt.Interrupted as exc:
        with interrupt.deferred():
            print(exc.message(), file=sys.stderr)
        return exc.exit_code
    except BrokenPipeError:
        sys.stderr.close()      # the reader went away (| head): nothing more to say
        return EXIT_FAILURE
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else "cannot write the output: "
        print(f"rdv2po: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return EXIT_FAILURE
    except Exception:
        # A signal's exception can break the library code it lands in (a lock
        # released twice): what the user sees is still the interruption.
        if interrupt.received() is None:
            raise
        stopped = interrupt.Interrupted(interrupt.received())
        with interrupt.deferred():
            print(stopped.message(), file=sys.stderr)
        return stopped.exit_code
    finally:
        if interrupt.started_as_command():
            # Python's shutdown restores the default actions: a signal then would end a
            # finished run as killed, with no message.
            interrupt.restore({s: signal.SIG_IGN for s in interrupt.SIGNALS})
        else:
            interrupt.restore(previous)


def _main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_FAILURE
    scratch.sweep()
    try:
        if args.command == "recover":
            return _recover([Path(p) for p in args.paths])
        if getattr(args, "paths", None) or getattr(args, "project", None):
            # Before anything reads the sources: a half-written tree would not compile.
            _recover([Path(p) for p in args.paths] +
                     ([Path(args.project).parent] if getattr(args, "project", None) else []))
    except ToolFailure as exc:
        print(f"rdv2po: error: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    if args.command == "rewrite":
        return _rewrite(args)
    if args.command == "bench":
        return bench_command.main(args)
    if args.command == "lint":
        return lint_command.lint_main(args)
    if args.command == "explain":
        return lint_command.explain_main(args)
    if args.command == "profile":
        return profile_command.main(args, lambda a: _options(a, whole=True))
    if args.command == "lsp":
        return lsp_command.main(args)
    try:
        model, _ws = analyze(_options(args))
    except ToolFailure as exc:
        print(f"rdv2po: error: {exc}", file=sys.stderr)
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


def _recover(paths: list[Path]) -> int:
    for r in journal.recover_around(paths):
        print(r.message(), file=sys.stderr)
    return EXIT_CLEAN


def _rewrite(args: argparse.Namespace) -> int:
    mode = args.mode or "diff"
    try:
        select = tuple(n.strip() for v in args.select for n in v.split(",") if n.strip())
        out = rewrite.run(_options(args, whole=True), args.scheme, select)
        for d in sorted(set(out.diagnostics)):
            print(d.format(), file=sys.stderr)
        if out.input_errors:
            print("rdv2po: nothing written: a rewrite needs the whole program to compile "
                  "(errors above); 'rdv2po lint' judges the units that do", file=sys.stderr)
            return EXIT_FAILURE
        if mode == "diff":
            sys.stdout.flush()
            sys.stdout.buffer.write(out.diff().encode("utf-8", "surrogateescape"))
            sys.stdout.buffer.flush()
            root = out.diff_root()
            if root is not None:
                print(f"rdv2po: the diff's file names are relative to {root} "
                      "(apply it there: git apply, or patch -p1)", file=sys.stderr)
        elif mode == "in-place" and out.changes:
            rewrite.write(out)
    except ToolFailure as exc:
        print(f"rdv2po: error: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    verb = {"diff": "would rewrite", "check": "would rewrite", "in-place": "rewrote"}[mode]
    files = len(out.changes)
    print(f"rdv2po: {verb} {len(out.rewritten)} task(s) in {files} file(s); "
          f"{len(out.refused)} refused", file=sys.stderr)
    if mode in ("diff", "check") and out.changes:
        return EXIT_FINDINGS
    return EXIT_CLEAN
