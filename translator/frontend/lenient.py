"""Parsing what GNAT accepts and tree-sitter-ada does not, without moving a byte.

The gaps of the grammar, closed around it:

- identifiers with Latin-1 letters (GNAT reads sources as Latin-1 by default,
  -gnati1): the parser decodes UTF-8, and a lone byte 16#E9# is no letter to
  it.  Each byte above 16#7F# of a Latin-1 file is parsed as an ASCII letter;
- GNAT's bracket notation for wide characters (``Ann["e9"]e``, in names and
  strings) is parsed as letters, and the replacements RM J.2 allows (``%``
  for the quotation mark of a string, ``!`` for the vertical line) as the
  characters they replace;
- pragmas where the grammar has no room for them (before the entry call of a
  select alternative, RM 2.8(5) allows one at any place an alternative or a
  statement may stand): a pragma the parser stumbles on is parsed as blanks.

Every replacement keeps the byte length, so every offset stays the file's.

Each node's text is then the file's own (``_laid``).  The pragmas parsed
as blanks stay in the text and out of the tree: ``Parsed.hidden`` names them, and a rewrite that drops one is
refused (write/verify.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import tree_sitter

MAX_ROUNDS = 8
_WORD = re.compile(rb"[A-Za-z0-9_]")
_LATIN1 = bytes(range(0x80)) + b"Q" * 0x80          # each upper-half byte as a letter


@dataclass(frozen=True)
class Parsed:
    tree: tree_sitter.Tree
    hidden: tuple[tuple[int, int], ...] = ()    # byte ranges of pragmas not in the tree


def parse(parser: tree_sitter.Parser, data: bytes, latin1: bool) -> Parsed:
    seen = readable(data, latin1)
    tree = parser.parse(seen)
    hidden: list[tuple[int, int]] = []
    for _ in range(MAX_ROUNDS):
        if not tree.root_node.has_error:
            break
        stumbled = [p for p in pragmas(seen) if p not in hidden and _in_error(tree, p)]
        if not stumbled:
            break
        hidden += stumbled
        seen = _blank(seen, stumbled)
        tree = parser.parse(seen)
    if hidden and not tree.root_node.has_error:
        seen, tree, hidden = _restore(parser, seen, readable(data, latin1), hidden, tree)
    if seen != data:
        tree = _laid(parser, seen, data) or tree
    return Parsed(tree, tuple(sorted(hidden)))


def _laid(parser: tree_sitter.Parser, seen: bytes, data: bytes) -> tree_sitter.Tree | None:
    """The tree of ``seen`` whose nodes' text is ``data``'s (same length).

    The bindings keep the buffer they parsed and read a node's text from it when
    asked: parsed from a private buffer that then takes the file's bytes, every
    node reads the file's own text.  Checked, as it rests on the bindings."""
    buf = bytearray(seen)
    tree = parser.parse(buf)
    buf[:] = data
    root = tree.root_node
    if root.text != data[root.start_byte:root.end_byte]:
        return None
    return tree


def _restore(parser, seen: bytes, full: bytes, hidden: list, tree):
    """Blanked pragmas the parser takes back one by one (an error elsewhere may have
    caught innocent ones): only those it cannot place stay hidden."""
    kept = []
    for span in hidden:
        trial = seen[:span[0]] + full[span[0]:span[1]] + seen[span[1]:]
        again = parser.parse(trial)
        if again.root_node.has_error:
            kept.append(span)
        else:
            seen, tree = trial, again
    return seen, tree, kept


_BRACKETS = re.compile(rb'\["[0-9A-Fa-f]{2,8}"\]')


# What the scans below stop at; everything else is skipped at C speed.
_READ_STOPS = re.compile(rb'--|"|\'|\[|%|!')
_PRAGMA_STOPS = re.compile(rb'--|"|\'|[Pp][Rr][Aa][Gg][Mm][Aa]\b')


def readable(data: bytes, latin1: bool) -> bytes:
    """``data`` as the grammar reads it, byte for byte: Latin-1 letters and bracket
    notation as letters, ``%`` strings and ``!`` as ``"`` and ``|``."""
    out = bytearray(data.translate(_LATIN1) if latin1 else data)
    if b'["' not in out and b"%" not in out and b"!" not in out:
        return bytes(out)
    pos = 0
    while (m := _READ_STOPS.search(out, pos)) is not None:
        i = m.start()
        c = out[i]
        pos = i + 1
        if c == 0x2D:                                       # --
            pos = _line_end(out, i)
        elif c == 0x5B and (b := _BRACKETS.match(out, i)):
            out[i:b.end()] = b"Q" * (b.end() - i)
            pos = b.end()
        elif c == 0x22:
            pos = _string_end(out, i, brackets=True)
        elif c == 0x27 and _char_literal(out, i):
            pos = i + 3
        elif c == 0x25:                                     # %string%
            end = out.find(b"%", i + 1)
            if end != -1 and end < _line_end(out, i) and b'"' not in out[i:end]:
                out[i] = out[end] = 0x22
                pos = end + 1
        elif c == 0x21:                                     # ! for |
            out[i] = 0x7C
    return bytes(out)


def pragmas(data: bytes) -> list[tuple[int, int]]:
    """Byte ranges of the pragmas of ``data``, from the word through its ';', outside
    comments, strings and character literals."""
    found = []
    pos = 0
    while (m := _PRAGMA_STOPS.search(data, pos)) is not None:
        i = m.start()
        c = data[i]
        pos = i + 1
        if c == 0x2D:
            pos = _line_end(data, i)
        elif c == 0x22:
            pos = _string_end(data, i)
        elif c == 0x27:
            pos = i + 3 if _char_literal(data, i) else i + 1
        elif i == 0 or not _WORD.match(data, i - 1):
            pos = _statement_end(data, i)
            found.append((i, pos))
    return found


def _statement_end(data: bytes, i: int) -> int:
    depth, n = 0, len(data)
    while i < n:
        c = data[i]
        if data.startswith(b"--", i):
            i = _line_end(data, i)
            continue
        if c == 0x22:
            i = _string_end(data, i)
            continue
        if c == 0x27 and _char_literal(data, i):
            i += 3
            continue
        if c == 0x28:
            depth += 1
        elif c == 0x29:
            depth -= 1
        elif c == 0x3B and depth <= 0:
            return i + 1
        i += 1
    return n


def _line_end(data: bytes, i: int) -> int:
    end = data.find(b"\n", i)
    return len(data) if end == -1 else end


def _string_end(data, i: int, brackets: bool = False) -> int:
    """The end of the string literal at ``i``; ``brackets``: its wide characters in
    bracket notation made letters on the way (``data`` a bytearray then)."""
    i += 1
    while i < len(data):
        if brackets and data[i] == 0x5B and (m := _BRACKETS.match(data, i)):
            data[i:m.end()] = b"Q" * (m.end() - i)
            i = m.end()
            continue
        if data[i] == 0x22:
            if data[i + 1:i + 2] == b'"':
                i += 2
                continue
            return i + 1
        if data[i] == 0x0A:
            return i
        i += 1
    return i


def _char_literal(data: bytes, i: int) -> bool:
    """``'x'`` (not the tick of ``T'Image`` or ``T'('x')``)."""
    if data[i + 2:i + 3] != b"'":
        return False
    return i == 0 or not (_WORD.match(data, i - 1) or data[i - 1] == 0x29)


def _in_error(tree: tree_sitter.Tree, span: tuple[int, int]) -> bool:
    """Does an ERROR or MISSING node of ``tree`` lie in (or start in) ``span``?"""
    start, end = span
    return any(e < end and start < f for e, f in _errors(tree))


def _errors(tree: tree_sitter.Tree):
    """Byte ranges of the ERROR and MISSING nodes (a MISSING one is one byte wide)."""
    stack = [tree.root_node]
    while stack:
        n = stack.pop()
        if n.is_error or n.is_missing:
            yield n.start_byte, max(n.end_byte, n.start_byte + 1)
        elif n.has_error:
            stack.extend(n.children)


def _blank(data: bytes, spans: list[tuple[int, int]]) -> bytes:
    out = bytearray(data)
    for start, end in spans:
        for k in range(start, end):
            if out[k] not in (0x0A, 0x0D):
                out[k] = 0x20
    return bytes(out)
