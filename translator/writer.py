"""Writing rewritten files: every file or none.

Each new content goes to a temporary file beside its target (same directory,
so ``os.replace`` is an atomic rename on the same file system) with the
target's permission bits.  Only when every temporary file is written are they
renamed over the targets; if a rename fails, the targets already replaced
get their original bytes back.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from .diagnostics import ToolFailure


def write_all(changes: dict[Path, tuple[bytes, bytes]]) -> None:
    """``changes`` maps a path to (original bytes, new bytes)."""
    for path, (old, _new) in changes.items():
        current = _read(path)
        if current != old:
            raise ToolFailure(f"{path}: changed on disk since it was read; nothing written")
        # Mode bits too: root passes os.access, but a read-only file says "keep out".
        read_only = not stat.S_IMODE(path.stat().st_mode) & 0o222
        if read_only or not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
            raise ToolFailure(f"{path}: not writable (read-only file, or its directory); "
                              "nothing written")
    staged: list[tuple[Path, Path]] = []
    try:
        for path, (_old, new) in changes.items():
            staged.append((path, _stage(path, new)))
    except OSError as exc:
        for _path, tmp in staged:
            tmp.unlink(missing_ok=True)
        raise ToolFailure(f"cannot write a temporary file: {exc}; nothing written") from exc
    done: list[Path] = []
    try:
        for path, tmp in staged:
            os.replace(tmp, path)
            done.append(path)
    except OSError as exc:
        _rollback(done, changes)
        for path, tmp in staged:
            if path not in done:
                tmp.unlink(missing_ok=True)
        raise ToolFailure(f"cannot replace {path}: {exc}; every file restored") from exc


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise ToolFailure(f"{path}: cannot read: {exc.strerror}; nothing written") from exc


def _stage(path: Path, data: bytes) -> Path:
    mode = stat.S_IMODE(path.stat().st_mode)
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".rdv2po", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(name, mode)
    except OSError:
        Path(name).unlink(missing_ok=True)
        raise
    return Path(name)


def _rollback(done: list[Path], changes: dict[Path, tuple[bytes, bytes]]) -> None:
    for path in done:
        old = changes[path][0]
        tmp = _stage(path, old)
        os.replace(tmp, path)
