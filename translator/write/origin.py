"""Where a line of a rewritten file came from: the user's text, not ours.

GNAT's messages about a rewritten program name lines of a text the user never
sees (nothing is written when GNAT objects).  A refusal must point at the
user's construct instead: a line the edits left alone maps to its line in the
original file; a line of an edit's new text, to the line where the text it
replaced began -- the task declaration, the task body, the statement or the
context clause that was being translated.
"""

from __future__ import annotations

import re

from .edits import Edit

_PREFIX = re.compile(r"^GNAT(?: warns)?, in the rewritten text: ")


def original_line(data: bytes, edits: list[Edit], line: int) -> int:
    """The line of ``data`` (the original file) that line ``line`` of the file rewritten
    with ``edits`` stands for."""
    new_line = orig_line = 1
    pos = 0
    for e in sorted(edits, key=lambda e: (e.start, e.end)):
        kept = data.count(b"\n", pos, e.start)
        if line <= new_line + kept:
            return orig_line + (line - new_line)
        new_line += kept
        orig_line += kept
        added = e.text.replace("\r\n", "\n").count("\n")
        if line < new_line + added:     # the new text's last line goes on as the user's
            return orig_line
        new_line += added
        orig_line += data.count(b"\n", e.start, e.end)
        pos = e.end
    return orig_line + (line - new_line)


def gnat_says(message: str) -> str:
    """GNAT's own words, without the rewritten-text prefix of verify's diagnostics."""
    return _PREFIX.sub("", message)
