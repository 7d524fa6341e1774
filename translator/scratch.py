"""rdv2po's private temporary directories, removed on every way out.

``directory()`` is ``tempfile.TemporaryDirectory`` with three differences:
creating and removing it cannot be cut in half by SIGINT or SIGTERM (see
interrupt.py); a failure to create it is a tool failure that names the
temporary directory (a full /tmp is not the user's input error); and it holds
a lock for as long as its process lives, so that ``sweep()``, run when any
rdv2po command starts, can remove the directories of a process that was
killed with SIGKILL, and only those.
"""

from __future__ import annotations

import errno
import fcntl
import os
import shutil
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from . import interrupt
from .diagnostics import ToolFailure

KINDS = ("gnat", "gpr", "verify", "reparse", "lsp")
OWNER = ".rdv2po-owner"
# A directory of an older rdv2po (no lock, no process id in its name) this old is
# not in use.
UNLOCKED_GRACE = 3600.0


def temp_root() -> str:
    return tempfile.gettempdir()


@contextmanager
def directory(kind: str):
    path = None
    lock = -1
    try:
        with interrupt.deferred():
            try:
                path = tempfile.mkdtemp(prefix=f"rdv2po-{kind}-{os.getpid()}-")
                lock = os.open(os.path.join(path, OWNER), os.O_CREAT | os.O_RDWR, 0o600)
                fcntl.flock(lock, fcntl.LOCK_EX)
            except OSError as exc:
                raise ToolFailure(f"cannot use the temporary directory {temp_root()}: "
                                  f"{exc.strerror or exc} (set TMPDIR to another directory)"
                                  ) from exc
        yield Path(path)
    except OSError as exc:
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            raise ToolFailure(f"the temporary directory {temp_root()} is full "
                              f"({exc.strerror}); free space there or set TMPDIR to another "
                              "directory") from exc
        raise
    finally:
        with interrupt.deferred():
            if lock >= 0:
                os.close(lock)
            if path is not None:
                shutil.rmtree(path, ignore_errors=True)


def sweep() -> list[str]:
    """Remove the directories of rdv2po processes that no longer run; their names."""
    gone = []
    try:
        entries = list(os.scandir(temp_root()))
    except OSError:
        return gone
    prefixes = tuple(f"rdv2po-{k}-" for k in KINDS)
    for e in entries:
        if not e.name.startswith(prefixes):
            continue
        try:
            if not e.is_dir(follow_symlinks=False):
                continue
            if _abandoned(Path(e.path)):
                shutil.rmtree(e.path, ignore_errors=True)
                gone.append(e.path)
        except OSError:
            continue
    return gone


def _abandoned(path: Path) -> bool:
    try:
        fd = os.open(path / OWNER, os.O_RDWR)
    except FileNotFoundError:
        # Cut off between mkdtemp and the lock: its name says whose it is.  A name
        # without a process id is an older rdv2po's, surely abandoned after a while.
        tail = path.name.split("-", 2)[2]
        if "-" in tail:
            return not process_alive(tail)
        return time.time() - path.stat().st_mtime > UNLOCKED_GRACE
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False        # its process is alive
    finally:
        os.close(fd)
    # Unlocked, but its creator may be between creating the lock file and locking it
    # (a concurrent run once removed a live directory there): its name says whose it is.
    tail = path.name.split("-", 2)[2]
    return "-" not in tail or not process_alive(tail)


def process_alive(name_tail: str) -> bool:
    """Whether the process whose id starts ``name_tail`` (PID-XXXX) may still run: a
    directory cut off between its creation and its lock is known by its creator."""
    try:
        os.kill(int(name_tail.split("-", 1)[0]), 0)
    except (ValueError, ProcessLookupError):
        return False
    except PermissionError:
        return True         # alive, someone else's
    return True
