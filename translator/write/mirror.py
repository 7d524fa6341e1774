"""The program as rewritten so far, in a private folder, analysed again.

One ``rewrite`` run reaches the fixed point (docs/writing.md): when a pass
leaves tasks that the rewrite touched (a task nested in a rewritten one, a
task whose text another's rewrite changes, a task calling a rewritten
task's entries), the next pass analyses the rewritten text and translates
them.  That text must never be the user's files before the run is over, so
it lives here: every source of the analysis, rewritten or not, copied into
a private folder (flat, as GNAT knows files by their base names; with
``-P``, a copy of the project's folder), analysed by the same front end
with the same switches (project_copy.py).  The files keep the names the user knows
(``FileUnit.display``), so the next pass's decisions name the user's files;
their lines are those of the rewritten text (origin.trace maps them back).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from .. import scratch
from . import project_copy
from ..diagnostics import Diagnostic
from ..frontend.analysis import Options, TreeSitterGnat, analyze
from ..frontend.workspace import Workspace
from ..model import Model


@dataclass(frozen=True)
class Mirrored:
    """The rewritten program's analysis, and where its files stand for the user's."""
    opts: Options                  # the options that analyse (and verify) the mirror
    model: Model
    ws: Workspace
    original: dict[Path, Path]     # a mirror file -> the user's file it stands for


class _Shown(TreeSitterGnat):
    """The front end, naming each mirror file as the user knows it."""

    def __init__(self, shown: dict[Path, str]) -> None:
        super().__init__()
        self._shown = shown

    def parse(self, opts: Options) -> tuple[Workspace, list[Diagnostic]]:
        ws, diags = super().parse(opts)
        for fu in ws.files:
            fu.display = self._shown.get(fu.src.path, fu.display)
        return Workspace(ws.files), diags


@contextmanager
def rewritten(ws: Workspace, new: dict[Path, bytes], opts: Options
              ) -> Iterator[Mirrored]:
    """The program of ``ws`` with the files of ``new`` rewritten, analysed in a private
    folder that lives as long as the context (the next pass's verification reads it)."""
    with scratch.directory("verify") as tmp:
        root = Path(tmp, "mirror")
        if opts.project:
            placed, copied = _project_copy(ws, new, root, Path(opts.project))
            mopts = replace(opts, project=str(copied))
        else:
            placed = _flat_copy(ws, new, root)
            # what GNAT found beside the given files (a unit not given, next to one
            # that is) it still finds there, after the mirror
            near = sorted({str(fu.src.path.parent) for fu in ws.files})
            # the user's configuration pragma files (gnat.adc of the folders given)
            mopts = replace(opts, paths=(str(root),),
                            switches=(*opts.switches, *ws.config),
                            include=(*opts.include, *(d for d in near if d not in opts.include)))
        shown = {dest.resolve(): fu.display for dest, fu in placed.items()}
        model, mws = analyze(mopts, _Shown(shown))
        original = {dest.resolve(): fu.src.path for dest, fu in placed.items()}
        yield Mirrored(mopts, model, mws, original)


def _flat_copy(ws: Workspace, new: dict[Path, bytes], root: Path) -> dict:
    root.mkdir()
    placed = {}
    for fu in ws.files:
        dest = root / fu.base
        dest.write_bytes(new.get(fu.src.path, fu.src.data))
        placed[dest] = fu
    return placed


def _project_copy(ws: Workspace, new: dict[Path, bytes], root: Path, project: Path
                  ) -> tuple[dict, Path]:
    where = project_copy.copy(project, [fu.src.path for fu in ws.files], root)
    for path, data in new.items():
        project_copy.write(where, path, data)
    return {where.place(fu.src.path): fu for fu in ws.files}, where.project
