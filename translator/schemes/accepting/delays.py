"""What a select's delay alternative says: its statement, its expression, whether
it is absolute, and the spans a timing event can keep (timeouts.py drives it)."""

from __future__ import annotations

from ...frontend.syntax import Node, first_child, text
from ..common.refusals import ShapeError

# GNAT 12's timer task looks at the queue of timing events every 0.1 s (a-rttiev.adb)
PERIOD = 0.1


def delay_statement(alt) -> Node:
    return alt.plan


def is_until(alt) -> bool:
    return delay_statement(alt).type == "delay_until_statement"


def expression(alt) -> Node:
    return first_child(delay_statement(alt), "expression")


def _literal(expr: Node) -> float | None:
    """The value of a decimal literal delay (``0.5``, ``-1.0``), else None."""
    raw = "".join(text(expr).split()).replace("_", "")
    try:
        return float(raw)
    except ValueError:
        return None


def _span(alt) -> list[ShapeError]:
    """A relative delay must be a literal of at least GNAT's timer period."""
    expr = expression(alt)
    if is_until(alt) or expr is None:
        return []
    span = _literal(expr)
    if span is not None and span <= 0:
        return [ShapeError(delay_statement(alt), "a delay alternative of at most 0.0 "
                           "seconds: the task polls, as with an else part, which a "
                           "protected object cannot do")]
    if span is None or span < PERIOD:
        what = "a delay whose value is not a literal" if span is None else \
            f"a delay of {text(expr).strip()} s"
        return [ShapeError(delay_statement(alt), f"{what}: GNAT 12's timing events fire at "
                           f"its timer task's period of {PERIOD} s (a-rttiev.adb), so a "
                           f"shorter timeout would come up to {PERIOD} s late each time; "
                           f"only a literal of at least {PERIOD} s is translated")]
    return []
