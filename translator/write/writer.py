"""Writing rewritten files: every file or none, whatever happens to the process.

This module decides whether the files may be written at all (each still holds
the bytes the run read, and may be replaced without losing something the user
would miss: its owner, a read-only mark, another hard link to it); journal.py
writes them, through a journal that a later run completes or rolls back if
this one is killed.  docs/writing.md has the whole design.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from . import journal
from ..diagnostics import ToolFailure


def write_all(changes: dict[Path, tuple[bytes, bytes]]) -> None:
    """``changes`` maps a path to (original bytes, new bytes)."""
    if not changes:
        return
    targets = [_checked(Path(path), old, new) for path, (old, new) in changes.items()]
    root = journal.common_root([t.path for t in targets])
    _check_root(root, targets)
    for r in journal.write(targets):
        print(r.message(), file=sys.stderr)


def _checked(path: Path, old: bytes, new: bytes) -> journal.Target:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except FileNotFoundError:
        raise ToolFailure(f"{path}: deleted since it was read; nothing written") from None
    except OSError as exc:
        raise ToolFailure(f"{path}: cannot read: {exc.strerror}; nothing written") from exc
    try:
        st = os.fstat(fd)
        current = journal.read_fd(fd)
    finally:
        os.close(fd)
    if current != old:
        raise ToolFailure(f"{path}: changed on disk since it was read; nothing written")
    if not stat.S_ISREG(st.st_mode):
        raise ToolFailure(f"{path}: not a regular file; nothing written")
    # Mode bits too: root passes os.access, but a read-only file says "keep out".
    if not stat.S_IMODE(st.st_mode) & 0o222 or not os.access(path, os.W_OK):
        raise ToolFailure(f"{path}: not writable (read-only file); nothing written")
    _check_dir(path.parent, f"{path}: its directory {path.parent}")
    if st.st_nlink > 1:
        # Replacing the file by rename would leave its other names with the old text;
        # writing in place would give up all-or-none.  Neither is what the user asked.
        raise ToolFailure(f"{path}: has {st.st_nlink} hard links; rdv2po replaces files "
                          "and would leave the other links with the old text, so it refuses "
                          "hard-linked files (break the link, e.g. cp, then run again); "
                          "nothing written")
    return journal.Target(path, old, new, st)


def _check_dir(d: Path, shown: str) -> None:
    try:
        st = d.stat()
    except OSError as exc:
        raise ToolFailure(f"{shown}: {exc.strerror}; nothing written") from exc
    if not stat.S_IMODE(st.st_mode) & 0o222 or not os.access(d, os.W_OK | os.X_OK):
        raise ToolFailure(f"{shown} is not writable (read-only directory); nothing written")


def _check_root(root: Path, targets: list[journal.Target]) -> None:
    """The journal lives in ``root`` and its files are renamed into the targets'
    directories: one file system, and a directory the user lets us write in."""
    _check_dir(root, f"{root} (where rdv2po keeps its write journal)")
    dev = root.stat().st_dev
    for t in targets:
        if t.path.parent.stat().st_dev != dev:
            raise ToolFailure(f"{t.path}: on another file system than {root}, where the "
                              "write journal of this run lives; rewrite the sources of each "
                              "file system in a run of its own; nothing written")


