"""One lint or rewrite for the language server, in a process of its own.

``python -m rdv2po.lsp.worker`` reads a request (JSON) on standard input,
runs the command line's engine on the program's mirror and writes the
result (JSON) on standard output.  A process, not a thread: a stale run is
cancelled by ending its process group (GNAT's compilations with it), and
whatever goes wrong in it -- a crash in a rule, a compiler that hangs --
cannot take the server down.

Request: ``kind`` ("lint" or "rewrite"), ``cwd`` (the program's root in the
mirror: paths are shown from it), ``mirror`` (the mirror's root), ``args``
(``scope.lint_arguments``), and for a rewrite ``task`` and ``file`` (the
document the action was asked in).  Every path in the result is the user's.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import traceback
from pathlib import Path

from .. import interrupt, rewrite
from ..diagnostics import ToolFailure
from ..lint import command, engine, output, programs
from .mirror import decode, outside


def main() -> int:
    interrupt.install()
    channel = os.fdopen(os.dup(sys.stdout.fileno()), "w")
    # Nothing the engine prints may reach the server's pipe but the answer.
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    try:
        request = json.load(sys.stdin)
        answer = handle(request)
    except interrupt.Interrupted as exc:
        return exc.exit_code
    except ToolFailure as exc:
        answer = {"failure": str(exc)}
    except Exception:      # a bug in rdv2po: the server reports it and lives on
        answer = {"crash": traceback.format_exc()}
    json.dump(answer, channel)
    channel.close()
    return 0


def handle(request: dict) -> dict:
    cwd, root = Path(request["cwd"]), Path(request["mirror"])
    os.chdir(cwd)
    opts = command.options(argparse.Namespace(**request["args"]))

    def real(path: str) -> str:
        return outside(root, cwd, path)

    if request["kind"] == "rewrite":
        return _rewrite(opts, request["task"], Path(request["file"]), real)
    return _lint(opts, real)


def _lint(opts: engine.LintOptions, real) -> dict:
    result = engine.run(opts)
    decisions = result.outcome.decisions if result.outcome else {}
    findings = []
    for f in result.findings:
        d = decisions.get(f.task) if f.task else None
        one = output.finding_json(f)
        one["path"] = real(f.loc.path)
        one["scheme"] = d.scheme if d is not None else dict(f.details).get("scheme")
        one["related"] = _related(f, d, real)
        findings.append(one)
    errors = [{**e.to_json(), "path": real(e.path)} for e in result.errors]
    return {"findings": findings, "errors": errors, "summary": output.summary(result)}


def _related(f, d: rewrite.Decision | None, real) -> list[dict]:
    """The other places a finding is about: the other obstacles that keep its task
    a task (each finding of RDV003 stands at one), and its task's declaration."""
    seen = {(f.loc.path, f.loc.line, f.loc.col)}
    out = []

    def add(loc, message: str) -> None:
        if (loc.path, loc.line, loc.col) not in seen:
            seen.add((loc.path, loc.line, loc.col))
            out.append({"path": real(loc.path), "line": loc.line, "col": loc.col,
                        "message": message})
    if d is not None and not d.rewritten:
        for o in d.obstacles or (d,):
            add(o.loc, f"{o.construct}: {o.reason}" if o.construct else o.reason)
    for a in f.anchors:
        add(a, f"task {f.task} is declared here" if f.task else "see also")
    return out


def _rewrite(opts: engine.LintOptions, task: str, file: Path, real) -> dict:
    """What ``rdv2po rewrite --select TASK`` with the lint's scheme would write."""
    analysis = dataclasses.replace(opts.analysis, whole=True)
    split = programs.split(analysis)
    if len(split.programs) > 1:    # a tree of programs: the one the file is in
        mine = [p for p in split.programs
                if file.resolve() in (p.own or {Path(x).resolve() for x in p.options.paths})]
        analysis = dataclasses.replace((mine or split.programs)[0].options, whole=True)
    out = rewrite.run(analysis, opts.scheme, (task,), verify_with_gnat=True)
    if out.input_errors:
        first = next(d for d in out.diagnostics if d.severity == "error")
        return {"failure": f"a rewrite needs the whole program to compile, and "
                           f"{real(first.path)}:{first.line}:{first.col} does not: "
                           f"{first.message}"}
    if not out.rewritten:
        d = next(iter(out.decisions.values()), None)
        if d is None:
            return {"refused": f"task {task} not rewritten: no scheme of the lint's takes it"}
        why = d.reason if d.construct == d.task.split(".")[-1] else f"{d.construct}: {d.reason}"
        return {"refused": f"{real(d.loc.path)}:{d.loc.line}:{d.loc.col}: task {task} not "
                          f"rewritten: {why}"}
    return {"changes": [{"path": real(str(p)), "old": decode(old), "new": decode(new)}
                        for p, (old, new) in out.changes.items()],
            "rewritten": out.rewritten}


if __name__ == "__main__":
    sys.exit(main())
