"""Checking rewritten sources before anything is written: reparse, then GNAT.

The rewritten files and every other source of the analysis are placed in a
private temporary mirror and compiled for semantics (``gcc -c -gnatc``, or
the project's own gprbuild run with ``-P``), then the units the rewrite
changed with code generation (without ``-P``: GNAT's naming).  A failure is
reported at its file and line *in the rewritten text*, with GNAT's own
message.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from ..frontend import gnat, syntax
from .. import scratch
from ..diagnostics import Diagnostic
from ..frontend.gnat import runtime_warning
from ..frontend.sources import load
from . import project_copy
from ..frontend.workspace import Workspace


def reparse(ws: Workspace, new: dict[Path, bytes]) -> list[Diagnostic]:
    """Syntax errors in the rewritten files (a bug of ours if any)."""
    found = []
    for fu in ws.files:
        if fu.src.path not in new:
            continue
        with scratch.directory("reparse") as tmp:
            p = Path(tmp, fu.base)
            p.write_bytes(new[fu.src.path])
            src, problem = load(p)
        if problem is not None:
            found.append(Diagnostic(fu.display, problem.line, problem.col, "error",
                                    f"rewritten text: {problem.message}"))
            continue
        tree = syntax.parse(src)
        for d in syntax.syntax_errors(src, tree, fu.display):
            found.append(Diagnostic(d.path, d.line, d.col, "error",
                                    f"rewritten text does not parse: {d.message}"))
        found += _dropped_pragmas(fu, new[fu.src.path])
    return found


def _dropped_pragmas(fu, new: bytes) -> list[Diagnostic]:
    """Pragmas the parser could not place (lenient.py) are not in the tree a scheme
    reads: a rewrite that loses one loses it unseen, and is refused."""
    found = []
    old = fu.src.data
    for start, end in fu.hidden:
        pragma = old[start:end]
        if new.count(pragma) < old.count(pragma):
            # at the rewritten text's line where the change around it begins
            first = next((k for k in range(min(start, len(new))) if old[k] != new[k]), start)
            line = new[:first].count(b"\n") + 1
            col = first - (new.rfind(b"\n", 0, first) + 1) + 1
            found.append(Diagnostic(fu.display, line, col, "error",
                                    f"the rewrite drops '{' '.join(pragma.decode(fu.src.codec).split())}'"
                                    ", a pragma where rdv2po's parser has no place for one"))
    return found


def compile_mirror(ws: Workspace, new: dict[Path, bytes], targets: set[Path],
                   switches: list[str], include: list[str], project: str | None,
                   jobs: int | None, code_targets: set[Path] = frozenset()
                   ) -> list[Diagnostic]:
    """GNAT errors for the rewritten program, shown at the rewritten files' lines.

    ``code_targets`` (the files that compile the changed units) are compiled once
    more with code generation when the analysis found no error: a translation GNAT
    accepts but then crashes on (GNAT 12's back end, e.g. on access discriminants
    designating the protected type of a translated task type) must be refused, not
    written.  Only errors count there: warnings were compared in the analysis."""
    with scratch.directory("verify") as tmp:
        root = Path(tmp)
        if project:
            return _project(ws, new, root, Path(project), jobs)
        shown: dict[str, str] = {}
        for fu in ws.files:
            dest = root / fu.base
            dest.write_bytes(new.get(fu.src.path, fu.src.data))
            shown[fu.base] = fu.display
        files = sorted(root / t.name for t in targets)
        search = [root] + [Path(i).resolve() for i in include]
        show = lambda p: shown.get(Path(p).name, p)
        switches = [*switches, *ws.config]
        comps = gnat.compile_units(files, search, switches, jobs)
        found = _errors(comps, show, ws.runtime_warnings, _failed(ws, new))
        if found or not code_targets:
            return found
        coded = gnat.compile_units(sorted(root / t.name for t in code_targets), search,
                                   switches, jobs, code=True)
        return [d for d in _errors(coded, show, Counter(), _failed(ws, new))
                if d.severity == "error"
                and not d.message.startswith(_WARNS)]


def _project(ws: Workspace, new: dict[Path, bytes], root: Path, project: Path,
             jobs: int | None) -> list[Diagnostic]:
    # the project's folder and its source folders outside it (project_copy.py)
    where = project_copy.copy(project, [fu.src.path for fu in ws.files], root / "project")
    for path, data in new.items():
        project_copy.write(where, path, data)
    shown = {str(where.place(fu.src.path).resolve()): fu.display for fu in ws.files}
    _sources, comps = gnat.compile_project(where.project, jobs)
    return _errors(comps, lambda p: shown.get(str(Path(p).resolve()), p),
                   ws.runtime_warnings, _failed(ws, new))


_WARNS = "GNAT warns"


def _failed(ws: Workspace, new: dict[Path, bytes]) -> set[str]:
    """Files the rewrite left alone that GNAT rejected (or never took) before it: the
    lint judges the units that compile, and their errors are not the translation's."""
    return {fu.base for fu in ws.files if not fu.resolved and fu.src.path not in new}


def _errors(comps, show, before: Counter, failed: set[str] = frozenset()) -> list[Diagnostic]:
    """GNAT's errors, and its warnings of a run-time failure the original had not
    (e.g. a call before the body is elaborated, moved by the rewrite); none in a file
    that ``failed`` before the rewrite."""
    found, seen = [], Counter()
    for c in comps:
        for m in c.messages:
            if Path(m.path).name in failed:
                continue
            if m.severity == "error":
                found.append(Diagnostic(show(m.path), m.line, m.col, "error",
                                        f"GNAT, in the rewritten text: {m.message}"))
            elif runtime_warning(m):
                key = (Path(m.path).name, m.message)
                seen[key] += 1
                if seen[key] > before[key]:
                    found.append(Diagnostic(
                        show(m.path), m.line, m.col, "error",
                        f"{_WARNS}, in the rewritten text: {m.message}"))
    return sorted(set(found))
