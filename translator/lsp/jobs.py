"""The server's runs: one at a time per program, in worker processes, stale lints cancelled.

A lint asked for while another lint of the same program runs ends that one
(its process group, GNAT included): only the newest text's diagnostics are
worth the wait.  A rewrite the user asked for is never cancelled; lints
asked for meanwhile wait for it.  Two programs may run at once (the
machine's cores are the limit that matters; GNAT is the work).  One worker
is kept started ahead, its imports done, so that a save does not wait for
Python to start (a third of a second of the half second a small program's
lint takes).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from .mirror import Program

WORKER = [sys.executable, "-m", "rdv2po.lsp.worker"]
TIMEOUT = 600.0        # a run this long is stuck (a compiler that hangs): ended
PARALLEL = 2


@dataclass
class _State:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    lints: int = 0                         # lint requests so far; the newest one counts
    running: asyncio.subprocess.Process | None = None
    running_kind: str = ""
    cancelled: set = field(default_factory=set)


class Superseded(Exception):
    """A newer lint of the same program was asked for: this one's result is not wanted."""


class Runner:
    def __init__(self, log: Callable[[str], None]) -> None:
        self._log = log
        self._states: dict[Program, _State] = {}
        self._slots = asyncio.Semaphore(PARALLEL)
        self._spare: asyncio.subprocess.Process | None = None

    async def run(self, program: Program, kind: str,
                  prepare: Callable[[], Awaitable[dict]]) -> dict:
        """Run ``kind`` ("lint" or "rewrite") on ``program``; ``prepare`` (awaited when
        the run's turn has come) brings the mirror up to date and returns the worker's
        request.  Raises Superseded for a lint a newer one replaced."""
        state = self._states.setdefault(program, _State())
        mine = 0
        if kind == "lint":
            state.lints += 1
            mine = state.lints
            if state.running is not None and state.running_kind == "lint":
                self._cancel(state)

        def stale() -> None:
            # A newer lint may come while this one waits, reads the buffers or runs.
            if kind == "lint" and mine != state.lints:
                raise Superseded()
        async with state.lock:
            stale()
            async with self._slots:
                request = await prepare()
                stale()
                answer = await self._work(state, kind, request)
            stale()
            return answer

    async def _worker(self) -> asyncio.subprocess.Process:
        """A started worker (the spare, if it is still alive), and a new spare."""
        proc, self._spare = self._spare, None
        if proc is None or proc.returncode is not None:
            proc = await _start()
        self._spare = await _start()
        return proc

    async def _work(self, state: _State, kind: str, request: dict) -> dict:
        proc = await self._worker()
        state.running, state.running_kind = proc, kind
        try:
            out, err = await asyncio.wait_for(
                proc.communicate(json.dumps(request).encode()), TIMEOUT)
        except asyncio.TimeoutError:
            _end(proc)
            await proc.wait()
            return {"failure": f"the {kind} took more than {TIMEOUT:.0f} s and was ended"}
        finally:
            state.running = None
        if proc in state.cancelled:
            state.cancelled.discard(proc)
            raise Superseded()
        if err.strip():
            self._log(err.decode("utf-8", "replace").rstrip())
        try:
            return json.loads(out)
        except ValueError:
            return {"crash": f"the {kind} worker ended with status {proc.returncode} "
                             "and no answer"}

    def _cancel(self, state: _State) -> None:
        proc = state.running
        state.cancelled.add(proc)
        _end(proc)

    def stop(self) -> None:
        """End every run and the spare (the server is going away)."""
        for state in self._states.values():
            if state.running is not None:
                self._cancel(state)
        if self._spare is not None:
            _end(self._spare)


async def _start() -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        *WORKER, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE, start_new_session=True)


def _end(proc: asyncio.subprocess.Process) -> None:
    """SIGTERM lets the worker remove its temporary directories; its group is GNAT too."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except (ProcessLookupError, PermissionError):
        pass
