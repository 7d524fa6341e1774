"""Source text moved by a scheme: sliced from the original, re-indented.

Generated code is built mostly from the user's own statements, copied with
their comments; only indentation changes (GNAT style, three columns a
level).  A substitution replaces a sub-range of a copied fragment, e.g. an
``exit`` of the server loop by the code that closes the object.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...frontend.decls import Formal
from ...frontend.syntax import Node, one_line
from ...frontend.workspace import FileUnit
from .refusals import ShapeError

STEP = "   "


@dataclass(frozen=True)
class Sub:
    start: int
    end: int
    text: str        # replacement; lines after the first are relative to the sub's column


class Source:
    """One file's bytes, decoded piecewise with the file's encoding."""

    def __init__(self, fu: FileUnit):
        self.fu = fu
        self.data = fu.src.data
        self.codec = "latin-1" if fu.src.encoding == "latin-1" else "utf-8"

    def text(self, start: int, end: int) -> str:
        return self.data[start:end].decode(self.codec).replace("\r\n", "\n")

    def node(self, node: Node) -> str:
        return self.text(node.start_byte, node.end_byte)

    def one_line(self, node: Node) -> str:
        """The node's code on one line (syntax.one_line), in the file's encoding."""
        return one_line(node, self.node)

    def column(self, offset: int) -> int:
        """Visual column (0-based, tabs to multiples of 8) of a byte offset."""
        line_start = self.data.rfind(b"\n", 0, offset) + 1
        return visual_width(self.text(line_start, offset))

    def line_indent(self, offset: int) -> str:
        line_start = self.data.rfind(b"\n", 0, offset) + 1
        raw = self.text(line_start, offset)
        return " " * visual_width(raw[:len(raw) - len(raw.lstrip(" \t"))])

    def render(self, start: int, end: int, subs: list[Sub] = ()) -> str:
        """Text of [start, end) with substitutions, every line at its original column."""
        out, pos = [], start
        for s in sorted(subs, key=lambda s: s.start):
            out.append(self.text(pos, s.start))
            col = self.column(s.start)
            lines = s.text.split("\n")
            out.append("\n".join([lines[0]] + [" " * col + ln if ln else ln for ln in lines[1:]]))
            pos = s.end
        out.append(self.text(pos, end))
        return "".join(out)

    def block(self, start: int, end: int, indent: str, subs: list[Sub] = ()) -> str:
        """Lines of [start, end) moved so the first starts at ``indent``."""
        body = self.render(start, end, subs)
        return reindent(body, self.column(start), len(indent))


def visual_width(s: str) -> int:
    col = 0
    for ch in s:
        col = (col // 8 + 1) * 8 if ch == "\t" else col + 1
    return col


def reindent(text: str, from_col: int, to_col: int) -> str:
    """Shift every line but the first by ``to_col - from_col`` columns; first gets ``to_col``."""
    lines = text.split("\n")
    shift = to_col - from_col
    out = [" " * to_col + lines[0]]
    for ln in lines[1:]:
        if not ln.strip():
            out.append("")
            continue
        stripped = ln.lstrip(" \t")
        width = visual_width(ln[:len(ln) - len(stripped)])
        out.append(" " * max(0, width + shift) + stripped)
    return "\n".join(out)


def step_in(lines: list[str]) -> list[str]:
    """``lines`` one level deeper; empty lines stay empty."""
    return [STEP + ln if ln else "" for ln in lines]


def procedure(head: str, stmts: list[str]) -> list[str]:
    """``head is begin stmts end Name;`` (``null;`` for no statements)."""
    name = head.split()[1]
    return [f"{head} is", "begin"] + step_in(stmts or ["null;"]) + [f"end {name};"]


def comment_lines(words: str, width: int) -> list[str]:
    """``words`` as ``--`` comment lines no wider than ``width``."""
    out, cur = [], ""
    for w in words.split():
        if cur and len(cur) + 1 + len(w) > width - 4:
            out.append("--  " + cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    if cur:
        out.append("--  " + cur)
    return out


def fresh_name(base: str, used: set[str], *also: set[str]) -> str:
    """``base``, else ``base_2``, ``base_3``...: the first in none of the sets (which
    hold lower-case names); it is added to each of them."""
    sets = (used, *also)
    name, k = base, 1
    while any(name.lower() in s for s in sets):
        k += 1
        name = f"{base}_{k}"
    for s in sets:
        s.add(name.lower())
    return name


def param_parts(src: Source, f: Formal) -> tuple[list[str], str, str]:
    """Names, mode and subtype (as written) of a formal the scheme copies into a local."""
    if f.is_access:
        raise ShapeError(f.node, "an access parameter used in a nested accept")
    if f.null_exclusion:
        raise ShapeError(f.node, "a null-excluding parameter: its copy could not be "
                                 "declared before it has a value")
    return list(f.names), f.mode, src.node(f.mark) if f.mark is not None else ""
