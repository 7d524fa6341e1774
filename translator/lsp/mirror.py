"""A private copy of a program with the editor's unsaved buffers in it.

The lint and the rewrite read files from disk; an editor's text is not on
disk until it is saved, and the user's tree must never be written.  So a
program is copied under a private directory, each file at its absolute path
below the mirror's root (``/src/a.adb`` -> ``<root>/src/a.adb``), so that the
relative paths of project files and settings keep working, and the open
buffers replace their files.  A mirror is kept between runs and brought up
to date: only files whose buffer, size or time changed are copied again.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from ..frontend.sources import BOM

# What a program is made of: Ada sources under GNAT's and other common naming
# schemes, project files, configuration pragmas, settings.
SUFFIXES = (".ads", ".adb", ".ada", ".a", ".spc", ".bdy", ".gpr", ".adc", ".toml")
LARGEST = 4 * 1024 * 1024     # bigger files are no sources (generated data, archives)


@dataclass(frozen=True)
class Program:
    """What a file belongs to: the folders to copy, the settings, the project."""
    root: Path                     # where a command line would run (paths are shown from it)
    trees: tuple[Path, ...]        # copied, with their subfolders
    settings: Path | None = None   # .rdv2po.toml or pyproject.toml
    project: Path | None = None    # -P given to the server
    paths: tuple[Path, ...] = ()   # the PATHs a command line would give


def inside(root: Path, real: Path) -> Path:
    """Where ``real`` (absolute) lies in the mirror at ``root``."""
    return root / real.relative_to(real.anchor)


def outside(root: Path, cwd: Path, shown: str) -> str:
    """The user's path for a path the engine showed (relative to ``cwd``, or absolute)."""
    p = Path(shown)
    p = p if p.is_absolute() else cwd / p
    try:
        return str(Path("/") / p.relative_to(root))
    except ValueError:
        return shown        # a library outside the mirror (-I, -aP): read where it is


def decode(data: bytes) -> str:
    """A source's text as the editor holds it: without a byte order mark; UTF-8,
    else Latin-1 (as the front end reads it)."""
    if data.startswith(BOM):
        data = data[len(BOM):]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def encode(text: str, like: bytes | None) -> bytes:
    """A buffer's text as its file would be saved: in the encoding of the file on
    disk (Latin-1 stays Latin-1), with its byte order mark if it had one."""
    bom = like is not None and like.startswith(BOM)
    text = text.removeprefix("\ufeff")
    data = None
    if like is not None and not bom:
        try:
            like.decode("utf-8")
        except UnicodeDecodeError:
            try:
                data = text.encode("latin-1")
            except UnicodeEncodeError:
                data = None
    if data is None:
        data = text.encode("utf-8")
    return BOM + data if bom else data


class Mirror:
    """The mirrors of the programs the editor has open, under one private directory."""

    def __init__(self, base: Path) -> None:
        self.base = base.resolve()
        self._seen: dict[Path, dict[Path, tuple]] = {}   # mirror root -> file -> its stamp

    def root(self, program: Program) -> Path:
        key = hashlib.sha256(repr(program).encode()).hexdigest()[:16]
        return self.base / key

    def sync(self, program: Program, buffers: dict[Path, str]) -> bool:
        """Bring the program's mirror up to date; whether anything changed."""
        root = self.root(program)
        seen = self._seen.setdefault(root, {})
        wanted = _files(program)
        wanted |= {p for p in buffers if p.suffix.lower() in SUFFIXES
                   and any(t == p.parent or t in p.parents for t in program.trees)}
        changed = False
        for real in sorted(wanted):
            stamp = _stamp(real, buffers.get(real))
            if stamp is not None and seen.get(real) == stamp:
                continue
            data = _content(real, buffers.get(real))
            if data is None:
                wanted.discard(real)     # gone since the walk: removed below
                continue
            target = inside(root, real)
            if not (target.is_file() and target.read_bytes() == data):
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
                changed = True
            seen[real] = stamp
        for real in set(seen) - wanted:
            inside(root, real).unlink(missing_ok=True)
            del seen[real]
            changed = True
        return changed


def _files(program: Program) -> set[Path]:
    found = {p for p in (program.settings, program.project) if p is not None and p.is_file()}
    visited: set[str] = set()
    for tree in program.trees:
        # Symbolic links to folders are followed, as the lint's walk does, each once.
        for top, dirs, names in os.walk(tree, followlinks=True):
            real = os.path.realpath(top)
            if real in visited:
                dirs[:] = []
                continue
            visited.add(real)
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            for name in names:
                p = Path(top, name)
                if p.suffix.lower() in SUFFIXES and _small(p):
                    found.add(p)
    return found


def _small(p: Path) -> bool:
    try:
        return p.is_file() and p.stat().st_size <= LARGEST
    except OSError:
        return False


def _stamp(real: Path, buffer: str | None) -> tuple | None:
    """What says a file changed since it was copied: the buffer's text, or the file's
    size and time; None: unreadable."""
    if buffer is not None:
        return ("buffer", hashlib.sha256(buffer.encode("utf-8", "surrogatepass")).digest())
    try:
        st = real.stat()
    except OSError:
        return None
    return ("disk", st.st_size, st.st_mtime_ns)


def _content(real: Path, buffer: str | None) -> bytes | None:
    try:
        disk = real.read_bytes()
    except OSError:
        disk = None
    if buffer is not None:
        return encode(buffer, disk)
    return disk
