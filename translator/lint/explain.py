"""``rdv2po explain``: a rule's rationale, message and examples, as text."""

from __future__ import annotations

import textwrap

from .registry import all_rules, by_code
from .rule import Example, Rule


def explain_text(codes: list[str]) -> str:
    if not codes:
        return _table()
    rules: list[Rule] = []
    for code in codes:
        for r in by_code(code):
            if r not in rules:
                rules.append(r)
    return "\n".join(_one(r) for r in rules)


def _table() -> str:
    lines = ["rules (rdv2po explain RDVnnn for one):"]
    for r in all_rules():
        state = "" if r.default else ", off by default"
        lines.append(f"  {r.id}  {r.name} ({r.severity}{state})")
        lines.extend(textwrap.wrap(r.summary, 72, initial_indent="          ",
                                   subsequent_indent="          "))
    return "\n".join(lines) + "\n"


def _one(r: Rule) -> str:
    facts = [r.severity, "on by default" if r.default else "off by default (--select it)"]
    if r.fixable:
        facts.append("fixable with --fix")
    if r.supersedes:
        facts.append("replaces " + ", ".join(r.supersedes) + " on the same task")
    parts = [f"{r.id} {r.name} ({'; '.join(facts)})", "", r.summary, "",
             "Message:", textwrap.indent(textwrap.fill(r.message, 76), "  "), "",
             "Rationale:", textwrap.indent(r.rationale, "  "), "",
             "Reported (the lines ending in '-- FLAG'):", _example(r.flagged), "",
             "Not reported:", _example(r.clean)]
    return "\n".join(parts) + "\n"


def _example(ex: Example) -> str:
    out = []
    for name, text in ex.files:
        out.append(f"  -- file {name}")
        out.append(textwrap.indent(text.rstrip("\n"), "  "))
    return "\n".join(out)
