"""Between the engine's answers and the protocol's types: diagnostics, text edits.

The engine counts lines from 1 and columns in characters from 1; the
protocol counts both from 0, columns in the client's code units (UTF-16
unless it chose otherwise), which ``units`` converts to.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from pathlib import Path

from lsprotocol import types

SOURCE = "rdv2po"
SEVERITY = {"error": types.DiagnosticSeverity.Error,
            "warning": types.DiagnosticSeverity.Warning,
            "note": types.DiagnosticSeverity.Information}
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")
_WORD = re.compile(r"[\w']+")

Units = Callable[[str], int]      # code units of a piece of a line, in the client's encoding


def lines(text: str) -> list[str]:
    """The lines of a text as the protocol counts them, each with its terminator."""
    return _LINE.findall(text)


def position(text_lines: list[str], line: int, col: int, units: Units) -> types.Position:
    """The engine's 1-based line and character column."""
    i = max(line - 1, 0)
    if i >= len(text_lines):
        return types.Position(line=i, character=0)
    own = text_lines[i].rstrip("\r\n")
    return types.Position(line=i, character=units(own[:max(col - 1, 0)]))


def word_range(text_lines: list[str], line: int, col: int, units: Units) -> types.Range:
    """From the engine's place to the end of the word that starts there (``task``,
    a name), so that the editor underlines something."""
    start = position(text_lines, line, col, units)
    i = line - 1
    if 0 <= i < len(text_lines):
        own = text_lines[i].rstrip("\r\n")
        m = _WORD.match(own, max(col - 1, 0))
        if m:
            return types.Range(start, types.Position(i, units(own[:m.end()])))
        if col - 1 < len(own):
            return types.Range(start, types.Position(i, units(own[:col])))
    return types.Range(start, start)


def diagnostic(finding: dict, text_lines: list[str], units: Units,
               related: list[types.DiagnosticRelatedInformation],
               doc: str | None) -> types.Diagnostic:
    return types.Diagnostic(
        range=word_range(text_lines, finding["line"], finding["col"], units),
        message=finding["message"], severity=SEVERITY.get(finding["severity"]),
        code=finding["rule"], source=SOURCE,
        code_description=types.CodeDescription(href=doc) if doc else None,
        related_information=related or None,
        data={"task": finding.get("task"), "fixable": finding.get("fixable", False),
              "scheme": finding.get("scheme")})


def error(err: dict, text_lines: list[str], units: Units) -> types.Diagnostic:
    """A file that does not parse or compile: the lint could not judge it."""
    return types.Diagnostic(
        range=word_range(text_lines, err["line"], err["col"], units),
        message=err["message"], severity=SEVERITY.get(err["severity"], SEVERITY["error"]),
        code=err.get("code") or None, source=SOURCE)


def text_edits(old: str, new: str, units: Units) -> list[types.TextEdit]:
    """Line by line, the edits that make ``new`` of ``old`` (what is unchanged is
    not touched: the editor keeps its marks and folds there)."""
    a, b = lines(old), lines(new)
    out = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        out.append(types.TextEdit(range=types.Range(_at(a, i1, units), _at(a, i2, units)),
                                  new_text="".join(b[j1:j2])))
    return out


def _at(a: list[str], i: int, units: Units) -> types.Position:
    """The start of line ``i``; past the last line, the end of the text."""
    if i < len(a) or not a or a[-1].endswith(("\n", "\r")):
        return types.Position(line=i, character=0)
    return types.Position(line=len(a) - 1, character=units(a[-1]))


def uri_of(path: str) -> str:
    return Path(path).as_uri()
