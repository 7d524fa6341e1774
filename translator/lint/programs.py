"""Trees that hold several programs: split them where file names repeat.

GNAT knows a source by its file name alone, so two ``main.adb`` (two example
programs, a course's exercises, a program and its expected rewrite) cannot be
resolved in one analysis.  Rather than refuse the whole tree, the lint judges
it program by program:
- a *unit* is a largest folder whose files' names are all different (the
  files lying directly in a folder whose subfolders repeat names are a unit
  of their own);
- units are packed, largest first, into programs without a repeated name:
  the first program takes every folder that does not repeat one of its
  names (the big shared code, a library's src/, and one of each variant),
  the rest of a unit goes first-fit into the others;
- every program also gets the files of the others that its ``with``
  clauses need, transitively (GNAT's default file naming), its own files
  first: from the first program (an example sees the bodies of the library
  it calls), or a file that one other program alone has (a shared folder
  packed elsewhere because a program overrides one of its bodies); their
  tasks are judged in the program they belong to only.  GNAT also looks in
  the first program's folders, after the program's own.
A program with no task declaration and no ``--##`` comment cannot yield a
finding and is not analysed (its files still count).
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ..frontend import sources
from ..frontend.analysis import Options

_MATTERS = re.compile(rb"(?i)\btask\b|--##")
_WITH = re.compile(rb"(?im)^\s*(?:limited\s+)?(?:private\s+)?with\s+([\w.,\s]+?)\s*;")
_SEPARATE = re.compile(rb"(?i)^\s*separate\s*\(\s*([\w.]+)\s*\)", re.M)


@dataclass(frozen=True)
class Program:
    options: Options
    own: frozenset[Path] | None = None   # None: every file; else the files it judges


@dataclass(frozen=True)
class Split:
    programs: tuple[Program, ...]   # the ones worth analysing
    files: int                      # Ada files in the whole tree
    skipped: int                    # programs without tasks or suppression comments


def split(opts: Options) -> Split:
    """One ``Options`` per program; the given ones when no file name repeats."""
    if opts.project or not opts.paths:
        return Split((Program(opts),), 0, 0)
    files, _problems = sources.discover(list(opts.paths))
    names = Counter(f.name for f in files)
    if not files or max(names.values()) == 1:
        return Split((Program(opts),), len(files), 0)
    bins: list[tuple[list[Path], set[str]]] = [([], set())]

    def put(group: list[Path], home: tuple[list[Path], set[str]]) -> None:
        home[0].extend(group)
        home[1].update(f.name for f in group)

    for unit in sorted(_units(files, 0), key=lambda u: (-len(u), str(u[0]))):
        rest = []
        # Folder by folder, what fits goes to the first program: a library's
        # variant folder (os-windows beside os-unix) must not take its
        # sibling folders out of the program the others compile against.
        for folder in _folders(unit):
            if {f.name for f in folder} & bins[0][1]:
                rest.extend(folder)
            else:
                put(folder, bins[0])
        if rest:
            mine = {f.name for f in rest}
            home = next((b for b in bins[1:] if not mine & b[1]), None)
            if home is None:
                bins.append(([], set()))
                home = bins[-1]
            put(rest, home)
    core_dirs = tuple(sorted({str(f.parent) for f in bins[0][0]}))
    programs, skipped = [], 0
    for i, (members, mine) in enumerate(bins):
        if not any(_worth(f) for f in members):
            skipped += 1
            continue
        lib = _closure(members, _lenders(bins, i))
        if i == 0 and not lib:
            programs.append(Program(dataclasses.replace(
                opts, paths=tuple(str(f) for f in sorted(members)))))
            continue
        include = opts.include if i == 0 else (*opts.include, *core_dirs)
        programs.append(Program(dataclasses.replace(
            opts, paths=tuple(str(f) for f in sorted({*members, *lib})), include=include),
            frozenset(members)))
    return Split(tuple(programs), len(files), skipped)


def _lenders(bins: list[tuple[list[Path], set[str]]], i: int) -> dict[str, Path]:
    """The files other programs can lend program ``i``, by name: the first program's
    (the shared code), and a name one other program alone has (a shared folder that
    went elsewhere because one of its files repeats a name of this program's)."""
    mine = bins[i][1]
    others: dict[str, list[Path]] = {}
    for j, (members, _names) in enumerate(bins):
        if j not in (0, i):
            for f in members:
                others.setdefault(f.name, []).append(f)
    lent = {name: fs[0] for name, fs in others.items() if len(fs) == 1}
    if i != 0:
        lent.update({f.name: f for f in bins[0][0]})
    return {name: f for name, f in lent.items() if name not in mine}


def _closure(start: list[Path], lib: dict[str, Path]) -> set[Path]:
    """The files of ``lib`` that ``start`` needs through with clauses (and their
    bodies, parents, subunits' parents), by GNAT's default naming (a.b -> a-b.ads)."""
    found: set[Path] = set()
    todo = list(start)
    while todo:
        data = _read(todo.pop())
        units = [u for m in _WITH.finditer(data) for u in m[1].split(b",")]
        units += [m[1] for m in _SEPARATE.finditer(data)]
        for raw in units:
            parts = raw.strip().decode("latin-1").lower().split(".")
            for k in range(1, len(parts) + 1):
                stem = "-".join(parts[:k])
                for name in (f"{stem}.ads", f"{stem}.adb"):
                    f = lib.get(name)
                    if f is not None and f not in found:
                        found.add(f)
                        todo.append(f)
    return found


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


def _folders(unit: list[Path]) -> list[list[Path]]:
    by_dir: dict[Path, list[Path]] = {}
    for f in unit:
        by_dir.setdefault(f.parent, []).append(f)
    return [by_dir[d] for d in sorted(by_dir)]


def _units(files: list[Path], depth: int) -> list[list[Path]]:
    """Largest folders (below ``depth`` path parts) whose file names do not repeat."""
    if len({f.name for f in files}) == len(files):
        return [files]
    loose = [f for f in files if len(f.parent.parts) == depth]
    below: dict[str, list[Path]] = {}
    for f in files:
        if len(f.parent.parts) > depth:
            below.setdefault(f.parent.parts[depth], []).append(f)
    found = [loose] if loose else []
    for key in sorted(below):
        found.extend(_units(below[key], depth + 1))
    return found


def _worth(path: Path) -> bool:
    try:
        return _MATTERS.search(path.read_bytes()) is not None
    except OSError:
        return True    # let the analysis report the unreadable file
