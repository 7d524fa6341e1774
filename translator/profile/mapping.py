"""A place in a rewritten file, back on the user's text.

The rewrite's edits are byte ranges on the original file (write/edits.py).  A
place the edits left alone is the same text, shifted: its original line and
column.  A place inside an edit's new text was written by a scheme: it maps to
where the replaced text began (as write/origin.py maps GNAT's messages), and
the generated line goes with it, so that a reader sees what was written there.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..write.edits import Edit, _codec

TAB = 8


@dataclass(frozen=True)
class Place:
    line: int
    col: int
    generated: str = ""             # the rewritten line, when a scheme wrote it
    replaced: tuple[int, int] | None = None   # the original bytes its edit replaced


def offset_of(data: bytes, line: int, col: int) -> int:
    """Byte offset of GNAT's line and column (tabs count to the next multiple of 8)."""
    start = 0
    for _ in range(line - 1):
        nl = data.find(b"\n", start)
        if nl < 0:
            return len(data)
        start = nl + 1
    c, pos = 1, start
    while c < col and pos < len(data) and data[pos:pos + 1] != b"\n":
        c = ((c - 1) // TAB + 1) * TAB + 1 if data[pos:pos + 1] == b"\t" else c + 1
        pos += 1
    return pos


def line_col(data: bytes, offset: int) -> tuple[int, int]:
    start = data.rfind(b"\n", 0, offset) + 1
    col = 1
    for b in data[start:offset]:
        col = ((col - 1) // TAB + 1) * TAB + 1 if b == 9 else col + 1
    return data.count(b"\n", 0, offset) + 1, col


def _line_at(data: bytes, offset: int) -> str:
    start = data.rfind(b"\n", 0, offset) + 1
    end = data.find(b"\n", offset)
    return data[start:end if end >= 0 else len(data)].decode("utf-8", "replace").strip()


def original_place(old: bytes, new: bytes, edits: list[Edit], encoding: str,
                   newline: str, line: int, col: int) -> Place:
    """Where GNAT's ``line``:``col`` of ``new`` (``old`` rewritten with ``edits``) is
    in ``old``."""
    target = offset_of(new, line, col)
    nl = "\r\n" if newline == "crlf" else "\n"
    shift = 0       # new offset - old offset, for text after the edits passed so far
    for e in sorted(edits, key=lambda e: (e.start, e.end)):
        text = e.text.replace("\r\n", "\n").replace("\n", nl).encode(_codec(encoding))
        begins = e.start + shift
        if target < begins:
            break
        if target < begins + len(text) or (not text and target == begins):
            ln, cl = line_col(old, e.start)
            return Place(ln, cl, _line_at(new, target), (e.start, e.end))
        shift += len(text) - (e.end - e.start)
    ln, cl = line_col(old, target - shift)
    return Place(ln, cl)
