"""Edits as byte ranges on a file's original bytes, applied all or none.

A scheme collects every edit a task needs, across every file it touches,
before anything is applied; edits are applied by offset from the end so
earlier offsets stay valid.  Two edits that overlap are an error naming both
origins: silently dropping one would corrupt the program.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, order=True)
class Edit:
    path: Path         # the file's absolute path (FileUnit.src.path)
    start: int         # byte offsets in the original bytes, end exclusive
    end: int
    text: str          # replacement, with "\n" newlines; converted on apply
    origin: str        # what asked for it, e.g. "accepting-server Main.Server"

    def __post_init__(self) -> None:
        # a display string here would match no file: the edit would be lost silently
        if not isinstance(self.path, Path):
            raise TypeError(f"Edit.path must be a Path, not {self.path!r} ({self.origin})")


class OverlapError(Exception):
    pass


def check_overlaps(edits: list[Edit]) -> None:
    by_path: dict[Path, list[Edit]] = {}
    for e in edits:
        by_path.setdefault(e.path, []).append(e)
    for path, group in by_path.items():
        group.sort(key=lambda e: (e.start, e.end))
        for a, b in zip(group, group[1:]):
            if b.start < a.end or (a.start == b.start and a.end == a.start == b.end):
                raise OverlapError(
                    f"{path}: overlapping edits at bytes {a.start}-{a.end} "
                    f"({a.origin}) and {b.start}-{b.end} ({b.origin})")


def apply(data: bytes, edits: list[Edit], encoding: str, newline: str) -> bytes:
    """New bytes of one file: edits applied from the end, text encoded like the file."""
    check_overlaps(edits)
    nl = "\r\n" if newline == "crlf" else "\n"
    out = data
    # from the end; at one offset the replacement first, so that an insertion there
    # lands before the replacement's text, not inside it
    for e in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        if not 0 <= e.start <= e.end <= len(data):
            raise OverlapError(f"{e.path}: edit {e.start}-{e.end} outside the file ({e.origin})")
        new = e.text.replace("\r\n", "\n").replace("\n", nl)
        out = out[:e.start] + new.encode(_codec(encoding)) + out[e.end:]
    return out


def _codec(encoding: str) -> str:
    # An ASCII file may receive non-ASCII comments copied from elsewhere in it:
    # impossible, since they would have come from the same ASCII file.
    return "latin-1" if encoding == "latin-1" else "utf-8"


def between(path: Path, old: bytes, new: bytes) -> list[Edit]:
    """Edits of whole lines that make ``new`` of ``old`` (a run of several passes: its
    changes against the user's bytes, where each pass's edits were on the text the
    one before made)."""
    a, b = old.splitlines(keepends=True), new.splitlines(keepends=True)
    starts = [0]
    for line in a:
        starts.append(starts[-1] + len(line))
    codec = "utf-8"
    try:
        b"".join(b).decode(codec)
    except UnicodeDecodeError:
        codec = "latin-1"
    found = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal":
            text = b"".join(b[j1:j2]).decode(codec).replace("\r\n", "\n")
            found.append(Edit(path, starts[i1], starts[i2], text, "rewrite"))
    return found
