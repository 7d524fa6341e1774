"""Reading Ada source files: discovery, bytes, encodings, line endings.

A file is kept as the exact bytes read; everything downstream works on byte
offsets into them, so that a later rewrite can leave every other byte alone.
"""

from __future__ import annotations

import bisect
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..diagnostics import Diagnostic

ADA_SUFFIXES = (".ads", ".adb", ".ada")
BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True)
class SourceFile:
    path: Path          # absolute
    data: bytes
    encoding: str       # "utf-8", "ascii" or "latin-1"
    newline: str        # "lf", "crlf", "mixed" or "none"
    has_bom: bool
    line_starts: tuple[int, ...] = field(repr=False)

    @property
    def codec(self) -> str:
        """How the file's bytes read as characters: a Latin-1 file one byte each."""
        return "latin-1" if self.encoding == "latin-1" else "utf-8"

    @property
    def n_lines(self) -> int:
        """Lines as an editor counts them: a final newline ends a line, starts none."""
        n = len(self.line_starts)
        return n - 1 if n > 1 and self.line_starts[-1] == len(self.data) else n

    def line_col(self, offset: int) -> tuple[int, int]:
        """1-based line and character column of a byte offset."""
        line = bisect.bisect_right(self.line_starts, offset) - 1
        start = self.line_starts[line]
        prefix = self.data[start:offset]
        if line == 0 and self.has_bom:
            prefix = prefix[len(BOM):]
        col = len(prefix.decode(self.codec, errors="replace")) + 1
        return line + 1, col

    def line_bytes(self, line: int) -> bytes:
        """The bytes of 1-based ``line`` without its line terminator."""
        start = self.line_starts[line - 1]
        end = self.line_starts[line] if line < len(self.line_starts) else len(self.data)
        return self.data[start:end].rstrip(b"\r\n")


def decoded(data: bytes) -> str:
    """Text GNAT wrote with identifiers as their sources' bytes (an ALI file's
    entity names): each line as UTF-8, or as Latin-1 where it is not -- as a source
    file of either encoding reads (syntax.text does the same for a node)."""
    lines = []
    for line in data.splitlines(keepends=True):
        try:
            lines.append(line.decode("utf-8"))
        except UnicodeDecodeError:
            lines.append(line.decode("latin-1"))
    return "".join(lines)


def _line_starts(data: bytes) -> tuple[int, ...]:
    starts = [0]
    pos = data.find(b"\n")
    while pos != -1:
        starts.append(pos + 1)
        pos = data.find(b"\n", pos + 1)
    return tuple(starts)


def _newline_kind(data: bytes) -> str:
    lf = data.count(b"\n")
    crlf = data.count(b"\r\n")
    if lf == 0:
        return "none"
    if crlf == 0:
        return "lf"
    return "crlf" if crlf == lf else "mixed"


def _encoding(data: bytes) -> str | None:
    """The file's encoding, or None when UTF-8 and Latin-1 are mixed."""
    try:
        data.decode("ascii")
        return "ascii"
    except UnicodeDecodeError:
        pass
    try:
        data.decode("utf-8")
        return "utf-8"
    except UnicodeDecodeError as exc:
        # Valid multi-byte UTF-8 before the bad byte means two encodings in one file.
        head = data[: exc.start]
        if any(b >= 0x80 for b in head):
            return None
        return "latin-1"


def load(path: Path) -> tuple[SourceFile | None, Diagnostic | None]:
    shown = str(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        return None, Diagnostic(shown, 1, 1, "error", f"cannot read file: {exc.strerror}")
    odd = _odd(data)
    if odd is not None:
        return None, Diagnostic(shown, 1, 1, "error", odd)
    encoding = _encoding(data)
    if encoding is None:
        bad = _first_bad_utf8(data)
        line = data[:bad].count(b"\n") + 1
        col = bad - (data.rfind(b"\n", 0, bad) + 1) + 1       # in bytes: the line is not text
        return None, Diagnostic(
            shown, line, col, "error",
            "mixed encoding: valid UTF-8 and non-UTF-8 bytes in one file; "
            "convert the file to one encoding")
    src = SourceFile(
        path=path.resolve(), data=data, encoding=encoding,
        newline=_newline_kind(data), has_bom=data.startswith(BOM),
        line_starts=_line_starts(data))
    return src, None


_WIDE_BOMS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
              (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16"))


def _odd(data: bytes) -> str | None:
    """Why a file cannot be read as Ada source text the way GNAT reads it, if so."""
    for bom, name in _WIDE_BOMS:
        if data.startswith(bom):
            return (f"encoded in {name}, which GNAT does not read: convert it to UTF-8 "
                    "or Latin-1")
    if b"\x00" in data:
        return "holds NUL bytes: not a text file"
    if b"\r" in data and b"\n" not in data:
        return ("its lines end with CR alone, which rdv2po does not count as GNAT does: "
                "convert them to LF or CR LF")
    return None


def _first_bad_utf8(data: bytes) -> int:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.start
    return 0


def walk_tree(top: Path) -> Iterator[tuple[str, list[str], list[str]]]:
    """``os.walk`` of ``top`` as rdv2po reads a tree: symbolic links to directories
    are followed, each real directory once (a link back up the tree is a loop, and a
    unit behind it is still a source); hidden directories are not entered.  Each
    folder's ``dirs`` is seen whole before the hidden ones are pruned."""
    seen: set[str] = set()
    for root, dirs, files in os.walk(top, followlinks=True):
        real = os.path.realpath(root)
        if real in seen:
            dirs[:] = []
            continue
        seen.add(real)
        yield root, dirs, files
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))


def discover(paths: list[str]) -> tuple[list[Path], list[Diagnostic]]:
    """Every Ada file under the given files and directories, sorted, once."""
    found: dict[Path, None] = {}
    problems: list[Diagnostic] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            for root, _dirs, files in walk_tree(p):
                for name in sorted(files):
                    if name.lower().endswith(ADA_SUFFIXES):
                        found.setdefault(Path(root, name).resolve())
        elif p.exists():
            if not p.name.lower().endswith(ADA_SUFFIXES):
                problems.append(Diagnostic(raw, 1, 1, "warning",
                                           "not an Ada source (.ads, .adb, .ada): skipped"))
            else:
                found.setdefault(p.resolve())
        else:
            problems.append(Diagnostic(raw, 1, 1, "error", "no such file or directory"))
    return sorted(found), problems
