"""``rdv2po lsp``: its arguments (the lint's, for every program) and the server's life."""

from __future__ import annotations

import argparse
import logging
import os
import sys

from .. import scratch
from ..diagnostics import ToolFailure, positive_int
from ..schemes import registry as schemes
from .scope import ServerOptions

DESCRIPTION = """\
A language server over standard input and output for editors (Neovim,
Emacs, Helix, VS Code: docs/editor.md).  On opening and on saving an Ada
file it publishes the lint's findings for the program the file belongs to,
computed on the editor's text, saved or not; on an eliminable task it
offers the code action "Rewrite task T as a protected object", whose edit
is exactly what 'rdv2po rewrite --select T' would write; hovering a
finding (or a rule's id) shows 'rdv2po explain'.

The program of a file: the project (-P here, or project in the settings),
else the settings' source-dirs, else the file's folder; the settings file is
the one 'rdv2po lint' would find from the file's folder.  The options are
the lint's and apply to every program."""


def add_parser(sub) -> None:
    p = sub.add_parser("lsp", help="language server for editors (stdio): lint diagnostics, "
                                   "the rewrite as a code action",
                       description=DESCRIPTION,
                       epilog="exit status: 0 after the editor's shutdown and exit; 2 the "
                              "server cannot start (pygls missing: pip install "
                              "'rdv2po[lsp]')",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-P", dest="project", metavar="PROJECT.gpr",
                   help="a GNAT project file: the program of every file")
    p.add_argument("-I", dest="include", action="append", default=[], metavar="DIR",
                   help="another directory for GNAT to find with'ed units in")
    p.add_argument("--gnat-switch", dest="switches", action="append", default=[],
                   metavar="SWITCH", help="extra switch for GNAT, e.g. --gnat-switch=-gnat2022")
    p.add_argument("-X", dest="scenario", action="append", default=[], metavar="NAME=VALUE",
                   help="a scenario variable of the project, as for gprbuild")
    p.add_argument("-aP", dest="project_path", action="append", default=[], metavar="DIR",
                   help="another folder to find imported projects in")
    p.add_argument("-j", "--jobs", type=positive_int, default=None,
                   help="parallel GNAT compilations of one run (default: number of CPUs)")
    p.add_argument("--select", action="append", default=[], metavar="RULES",
                   help="only these rules (as for 'rdv2po lint')")
    p.add_argument("--ignore", action="append", default=[], metavar="RULES",
                   help="not these rules")
    p.add_argument("--scheme", default=None,
                   choices=[s.name for s in schemes.SELECTIONS.values() if not s.lint_note],
                   help="the schemes that decide (default: settings, else auto)")
    p.add_argument("--no-verify", action="store_true",
                   help="do not compile translations with GNAT for the diagnostics "
                        "(the rewrite action still does)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--config", metavar="FILE", help="settings file instead of the search")
    where.add_argument("--no-config", action="store_true", help="ignore settings files")


def main(args: argparse.Namespace) -> int:
    opts = ServerOptions(
        project=args.project, include=tuple(args.include), switches=tuple(args.switches),
        scenario=tuple(args.scenario), project_path=tuple(args.project_path), jobs=args.jobs,
        select=tuple(args.select), ignore=tuple(args.ignore), scheme=args.scheme,
        no_verify=args.no_verify, config=args.config, no_config=args.no_config)
    try:
        from .mirror import Mirror
        from .server import build
    except ImportError as exc:
        print(f"rdv2po: error: the language server needs pygls ({exc}): "
              "pip install 'rdv2po[lsp]'", file=sys.stderr)
        return 2
    # The protocol has standard output to itself: anything else written there (a
    # stray print, a library's warning) goes to standard error, which editors log.
    channel = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING,
                        format="rdv2po lsp: %(levelname)s: %(message)s")
    try:
        with scratch.directory("lsp") as base:
            ls, session = build(opts, Mirror(base))
            try:
                ls.start_io(sys.stdin.buffer, channel)
            finally:
                session.stop()
    except ToolFailure as exc:
        print(f"rdv2po: error: {exc}", file=sys.stderr)
        return 2
    # The protocol's rule: exit without shutdown first is an error.
    return 0 if session.shut_down else 1
