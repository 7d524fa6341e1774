"""A private copy of a GNAT project, for GNAT to compile rewritten sources in.

A project names its source folders relative to itself, and they need not lie
in its folder (``for Source_Dirs use ("../src")``): the copy holds the
project's folder and every source folder outside it, each at its place
relative to their common folder, so that the copied project file finds the
copied sources.  Object files and ``.git`` are left out; symbolic links are
copied as links (a rewritten file is never written through one).
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

_SKIP = shutil.ignore_patterns("*.ali", "*.o", ".git")


@dataclass(frozen=True)
class ProjectCopy:
    project: Path      # the copied project file
    base: Path         # the common folder of the originals
    root: Path         # its copy: a file's copy is root / its path below base

    def place(self, path: Path) -> Path:
        """Where the copy of the user's ``path`` is."""
        return self.root / path.resolve().relative_to(self.base)


def copy(project: Path, sources: list[Path], root: Path) -> ProjectCopy:
    home = project.resolve().parent
    outside = {p.resolve().parent for p in sources} - {home}
    outside = {d for d in outside if home not in d.parents}
    tops = [home, *sorted(d for d in outside if not any(t in d.parents for t in outside))]
    base = Path(os.path.commonpath([str(t) for t in tops]))
    for top in tops:
        shutil.copytree(top, root / top.relative_to(base), symlinks=True, ignore=_SKIP,
                        dirs_exist_ok=True)
    return ProjectCopy(root / project.resolve().relative_to(base), base, root)


def write(where: ProjectCopy, path: Path, data: bytes) -> None:
    """The rewritten text of the user's ``path``, in the copy."""
    dest = where.place(path)
    if dest.is_symlink():
        dest.unlink()        # never write through a link into the user's tree
    dest.write_bytes(data)
