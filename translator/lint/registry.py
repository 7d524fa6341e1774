"""The rules, and which of them a run enables (``--select``, ``--ignore``)."""

from __future__ import annotations

import re
from functools import lru_cache

from ..diagnostics import ToolFailure
from .rule import RULE_ID, SEVERITIES, Rule


@lru_cache(maxsize=1)
def all_rules() -> tuple[Rule, ...]:
    import rdv2po_rules   # the rules/ folder; imported late: the rules import this package

    found = tuple(rdv2po_rules.load())
    _check_registry(found)
    return found


def _check_registry(found: tuple[Rule, ...]) -> None:
    """A broken rule module is a bug in rdv2po: say which, rather than misreport."""
    seen: dict[str, Rule] = {}
    for r in found:
        problem = None
        if not re.fullmatch(RULE_ID, r.id):
            problem = "id is not RDVnnn"
        elif r.severity not in SEVERITIES:
            problem = f"severity {r.severity!r} is not one of {', '.join(SEVERITIES)}"
        elif r.id in seen or any(o.name == r.name for o in seen.values()):
            problem = "id or name used twice"
        if problem:
            raise ToolFailure(f"internal error: lint rule {r.id} ({r.name}): {problem}")
        seen[r.id] = r


def by_code(code: str) -> list[Rule]:
    """Rules named by ``code``: an id, a rule name, or an id prefix such as ``RDV00``."""
    want = code.strip()
    hits = [r for r in all_rules()
            if r.id.upper().startswith(want.upper()) or r.name.lower() == want.lower()]
    if not want or not hits:
        known = ", ".join(f"{r.id} ({r.name})" for r in all_rules())
        raise ToolFailure(f"unknown rule {code!r}; rules: {known}")
    return hits


def split_codes(values) -> list[str]:
    """``["RDV001,RDV002", "RDV004"]`` -> three codes (options repeat or take lists)."""
    return [c.strip() for v in values for c in str(v).split(",") if c.strip()]


def enabled(select: list[str] | None, ignore: list[str]) -> tuple[Rule, ...]:
    """Rules for this run: the selected ones (default: every default-on rule), less ignored."""
    if select:
        chosen = {r.id for code in select for r in by_code(code)}
    else:
        chosen = {r.id for r in all_rules() if r.default}
    for code in ignore:
        chosen -= {r.id for r in by_code(code)}
    return tuple(r for r in all_rules() if r.id in chosen)
