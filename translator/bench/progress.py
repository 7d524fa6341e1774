"""A progress bar on standard error: redrawn in place on a terminal, a line
every tenth of the way otherwise (logs, CI)."""

from __future__ import annotations

import sys
import time


class Progress:
    WIDTH = 30

    def __init__(self, total: int, stream=None):
        self.total = max(1, total)
        self.done = 0
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.start = time.monotonic()
        self._tenth = -1

    def add(self, steps: int) -> None:
        """More work than planned (known once translations and builds are done)."""
        self.total += steps
        self._tenth = int(self.done / self.total * 10)

    def step(self, what: str) -> None:
        """One more unit of work finished; ``what`` says which."""
        self.done = min(self.total, self.done + 1)
        self.show(what)

    def show(self, what: str) -> None:
        frac = self.done / self.total
        elapsed = time.monotonic() - self.start
        eta = elapsed / frac - elapsed if frac > 0 else 0.0
        bar = "#" * round(frac * self.WIDTH)
        line = (f"[{bar:<{self.WIDTH}}] {self.done}/{self.total} "
                f"{_mmss(elapsed)} elapsed, ~{_mmss(eta)} left  {what}")
        if self.tty:
            self.stream.write("\r\033[K" + line[:200])
            self.stream.flush()
        elif int(frac * 10) > self._tenth:
            self._tenth = int(frac * 10)
            self.stream.write(f"rdv2po bench: {line}\n")
            self.stream.flush()

    def note(self, message: str) -> None:
        """A line of its own above the bar."""
        if self.tty:
            self.stream.write("\r\033[K")
        self.stream.write(f"rdv2po bench: {message}\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty:
            self.stream.write("\r\033[K")
            self.stream.flush()


def _mmss(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 60}m{s % 60:02d}s"
