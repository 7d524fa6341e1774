"""Every obstacle at once: the server schemes' checks, gathered instead of stopping.

A refusal that names only the first obstacle makes fixing a task trial and
error: remove it, and the next run names another.  The checks that do not
depend on each other therefore run to the end, each obstacle they find kept
with its place and reason; the scheme refuses with all of them.  A check
that needs an earlier one to have passed (code generation needs the shape)
runs only when nothing was found before it.
"""

from __future__ import annotations

from .refusals import ShapeError


class Obstacles(ShapeError):
    """Several independent obstacles.  The first stands for all where only one is
    read (it is the one a scheme that stops at the first would have named)."""

    def __init__(self, errors: list[ShapeError]):
        first = errors[0]
        super().__init__(first.refusal.node, first.refusal.reason, first.primary)
        self.errors = [e for err in errors for e in each(err)]


def each(exc: ShapeError) -> list[ShapeError]:
    """The obstacles an exception carries: one, or all an Obstacles gathered."""
    return list(exc.errors) if isinstance(exc, Obstacles) else [exc]


class Sink:
    """Collects the ShapeErrors of checks that may all run."""

    def __init__(self) -> None:
        self.errors: list[ShapeError] = []

    def add(self, exc: ShapeError) -> None:
        for e in each(exc):
            if not any(_same(e, o) for o in self.errors):
                self.errors.append(e)

    def run(self, check, *args, **kwargs):
        """``check(*args, **kwargs)``; a ShapeError is kept, and None returned."""
        try:
            return check(*args, **kwargs)
        except ShapeError as exc:
            self.add(exc)
            return None

    def close(self) -> None:
        """Raise what was found, all of it."""
        if self.errors:
            raise Obstacles(self.errors)


def _same(a: ShapeError, b: ShapeError) -> bool:
    na, nb = a.refusal.node, b.refusal.node
    return (na.start_byte, na.end_byte, na.text, a.refusal.reason) == \
        (nb.start_byte, nb.end_byte, nb.text, b.refusal.reason)
