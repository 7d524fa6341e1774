"""SIGINT and SIGTERM as an exception, and the sections they must wait for.

Python's defaults print a traceback for Ctrl-C and let SIGTERM kill the
process outright, so ``finally`` blocks (temporary directories, the write
journal) never run.  Here both signals raise :class:`Interrupted` in the main
thread; inside :func:`deferred` they are held until the section ends, so a
directory is never half removed and the journal's renames are not cut short.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from concurrent.futures import wait
from contextlib import contextmanager

SIGNALS = (signal.SIGINT, signal.SIGTERM)

_depth = 0
_pending: int | None = None
_raised = False
_received: int | None = None


class Interrupted(BaseException):
    """Not an ``Exception``: code that survives a scheme's bug must not survive Ctrl-C."""

    def __init__(self, signum: int, done: str = "") -> None:
        super().__init__(signum)
        self.signum = signum
        self.done = done        # what had already happened, for the one-line message

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name

    @property
    def exit_code(self) -> int:
        return 128 + self.signum     # as a shell reports a process the signal ended

    def message(self) -> str:
        return f"rdv2po: interrupted ({self.name}); {self.done or 'no file was changed'}"


def _handler(signum: int, _frame) -> None:
    global _pending, _raised, _received
    _received = _received or signum
    if _depth or _raised:
        # A second signal during the cleanup the first one started must not cut it short.
        _pending = _pending or signum
        return
    _raised = True
    raise Interrupted(signum)


def install() -> dict:
    """Our handlers; returns the ones they replace."""
    global _raised, _pending, _received
    _raised, _pending, _received = False, None, None
    return {s: signal.signal(s, _handler) for s in SIGNALS}


def restore(previous: dict) -> None:
    for s, h in previous.items():
        signal.signal(s, h)


def started_as_command() -> bool:
    """The process is the ``rdv2po`` command (console script or ``python -m``), not
    a test or another program that imported the package."""
    argv = getattr(sys, "orig_argv", sys.argv)
    if "-m" in argv[:-1]:
        return argv[argv.index("-m") + 1] == __name__.rsplit(".", 1)[0]
    main = sys.modules.get("__main__")
    return os.path.basename(getattr(main, "__file__", "") or "") == "rdv2po"


def _leave_now(signum: int, _frame) -> None:
    os.write(2, f"rdv2po: interrupted ({signal.Signals(signum).name}); "
                "no file was changed\n".encode())
    os._exit(128 + signum)


def install_if_command() -> None:
    """At import time, before the slow imports: until main() takes over, nothing
    needs cleaning up, so a signal ends the process at once with one line instead of
    a traceback.  A test importing the package keeps Python's handlers."""
    if started_as_command():
        for s in SIGNALS:
            signal.signal(s, _leave_now)


@contextmanager
def deferred():
    """Hold SIGINT and SIGTERM until the block ends, then raise for them (unless the
    block is already ending with an exception, which then says what happened)."""
    global _depth, _pending, _raised
    if threading.current_thread() is not threading.main_thread():
        # Signals reach only the main thread; a worker (a lint program's GNAT run)
        # must not race it on the count.
        yield
        return
    _depth += 1
    try:
        yield
    finally:
        _depth -= 1
        if not _depth and _pending is not None and not _raised and sys.exc_info()[1] is None:
            signum, _pending = _pending, None
            _raised = True
            raise Interrupted(signum)


def received() -> int | None:
    """The first signal this run received, raised or not."""
    return _received


def pool_map(pool, fn, items) -> list:
    """``list(pool.map(fn, items))`` for the main thread, to be called in a deferred
    section: an exception raised by a signal inside the wait's locks can leave them
    broken (a RuntimeError, or a hang at exit), so the wait polls for the signal
    instead, and then cancels the jobs not yet started and lets the running ones end."""
    futures = [pool.submit(fn, x) for x in items]
    while True:
        done, running = wait(futures, timeout=0.05)
        failed = any(f.exception() is not None for f in done)
        if not running:
            break
        if _pending is not None or failed:
            for f in running:
                f.cancel()
            wait(futures)
            break
    for f in futures:
        if not f.cancelled() and f.exception() is not None:
            raise f.exception()
    if _pending is not None and any(f.cancelled() for f in futures):
        global _raised
        _raised = True
        raise Interrupted(_pending)     # raised here, outside any lock: safe
    return [f.result() for f in futures]
