"""Phrases several rules share, so their messages read alike."""

from __future__ import annotations

import re

from rdv2po.lint.rule import Note


def checked(verified: bool) -> str:
    """How sure an "eliminable" verdict is."""
    if verified:
        return "GNAT compiles the translated units"
    return "expected to translate; GNAT did not compile the translation (verify is off)"


def task_noun(task) -> str:
    return "task type" if task.kind == "type" else "task"


# The schemes' own words, where a reader would stumble: the obstacle named for
# what it is (a call into code the analysis does not have).
_PLAINER = (("would run inside a protected action: unknown: its body is not in the given "
             "sources (imported, or outside them), so nothing proves it is not potentially "
             "blocking",
             "would run inside a protected action, and its body is not in the analysed "
             "sources (imported, or outside them): nothing shows it cannot block "
             "(RM 9.5.1)"),)


def plain(text: str) -> str:
    """The schemes' phrases as a reader wants them (GNAT's packages are GNAT.*)."""
    for old, new in _PLAINER:
        text = text.replace(old, new)
    return re.sub(r"\bGnat\.", "GNAT.", text)


def refusal(decision, task) -> str:
    """'<construct>: <reason>' as the rewrite says it, without the construct's own ';'."""
    construct = decision.construct.rstrip().rstrip(";")
    reason = plain(decision.reason)
    construct = plain(construct)
    if construct in ("", task.name):
        return reason
    return f"{construct}: {reason}"


def other_schemes(decision, task) -> tuple:
    """Notes naming the other schemes that took the task and refused it, when the
    decision carries them (the one reported came closest: fewest obstacles)."""
    return tuple(Note(first.loc, f"the {scheme} scheme refuses it too ({count} "
                                 f"obstacle(s)), first: {refusal(first, task)}")
                 for scheme, count, first in getattr(decision, "others", ()))
