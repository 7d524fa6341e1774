"""Compiler-style diagnostics: ``path:line:col: severity: message [CODE]``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Diagnostic:
    path: str
    line: int
    col: int
    severity: str  # "error", "warning", "note"
    message: str
    code: str = ""

    def format(self) -> str:
        code = f" [{self.code}]" if self.code else ""
        return f"{self.path}:{self.line}:{self.col}: {self.severity}: {self.message}{code}"

    def to_json(self) -> dict:
        return {
            "path": self.path,
            "line": self.line,
            "col": self.col,
            "severity": self.severity,
            "message": self.message,
            "code": self.code,
        }


class ToolFailure(Exception):
    """The tool itself cannot go on (bad arguments, GNAT missing): exit code 2."""


def positive_int(value: str) -> int:
    """argparse type for -j: a count of 1 or more."""
    import argparse
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {value!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more: {value}")
    return n
