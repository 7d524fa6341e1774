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


def trace(data: bytes, edits: list[Edit], new: bytes, line: int, col: int) -> tuple[int, int]:
    """The place in ``data`` (the original file) that ``(line, col)`` of ``new`` (the file
    rewritten with ``edits``) stands for.  Outside the edits it is exact.  A line of an
    edit's text is most often the user's line moved (an accept body becomes an entry
    body, a nested task moves with it): the one line of the replaced text that reads
    the same, with the column shifted by the change of indentation; failing that, where
    the replaced text began."""
    new_line = orig_line = 1
    pos = 0
    for e in sorted(edits, key=lambda e: (e.start, e.end)):
        kept = data.count(b"\n", pos, e.start)
        # the line the edit starts on is the user's when the user's text begins it
        whole = e.start == 0 or data[e.start - 1:e.start] == b"\n"
        if line < new_line + kept or (line == new_line + kept and not whole):
            break
        new_line += kept
        orig_line += kept
        added = e.text.replace("\r\n", "\n").count("\n")
        if line < new_line + added:
            return _moved(data, e, _line_of(new, line), orig_line, col)
        new_line += added
        orig_line += data.count(b"\n", e.start, e.end)
        pos = e.end
    return orig_line + (line - new_line), col


def _line_of(data: bytes, line: int) -> bytes:
    lines = data.split(b"\n")
    return lines[line - 1].rstrip(b"\r") if 0 < line <= len(lines) else b""


def _moved(data: bytes, e: Edit, text: bytes, first: int, col: int) -> tuple[int, int]:
    wanted = text.strip()
    start = data.rfind(b"\n", 0, e.start) + 1
    region = data[start:e.end].split(b"\n")
    hits = [i for i, ln in enumerate(region) if wanted and ln.strip() == wanted]
    if len(hits) != 1:
        return first, 1
    was = region[hits[0]]
    indent = (len(was) - len(was.lstrip())) - (len(text) - len(text.lstrip()))
    return first + hits[0], max(1, col + indent)
