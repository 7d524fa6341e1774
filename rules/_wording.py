"""Phrases several rules share, so their messages read alike."""

from __future__ import annotations


def checked(verified: bool) -> str:
    """How sure an "eliminable" verdict is."""
    if verified:
        return "GNAT compiles the translated units"
    return "expected to translate; GNAT did not compile the translation (verify is off)"


def task_noun(task) -> str:
    return "task type" if task.kind == "type" else "task"


def kind_noun(kind: str) -> str:
    return kind.replace("_", " ")


def refusal(decision, task) -> str:
    """'<construct>: <reason>' as the rewrite says it, without the construct's own ';'."""
    construct = decision.construct.rstrip().rstrip(";")
    if construct in ("", task.name):
        return decision.reason
    return f"{construct}: {decision.reason}"
