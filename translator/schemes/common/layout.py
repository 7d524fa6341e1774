"""Laying out generated lines within 79 columns, GNAT style.

Only text rdv2po generates goes through here; the user's own lines keep
their layout.  A line too long is broken at its outermost parenthesised
list (one item a line, continued two columns in), or, for a barrier, before
its ``or else`` and then its ``and then``s; a sum before its ``+``; a comment
is refilled.  A line that still does not fit is
left as it is: a long name is better than a broken one.
"""

from __future__ import annotations

LIMIT = 79


def wrap(lines: list[str], base: int = 0) -> list[str]:
    """``lines`` indented relative to column ``base``."""
    out: list[str] = []
    for ln in lines:
        out += _wrap_line(ln, base)
    return out


def _wrap_line(line: str, base: int) -> list[str]:
    if base + len(line) <= LIMIT or not line.strip():
        return [line]
    indent = line[:len(line) - len(line.lstrip())]
    body = line.strip()
    if body.startswith("--"):
        return _comment(body, indent, base)
    if body.startswith("when ") and " or else " in body:
        head, rest = body.split(" or else ", 1)
        return [indent + head] + _wrap_line(indent + "  or else " + rest, base)
    if body.startswith("or else (") and body.endswith(")"):
        parts = _split_words(body[len("or else ("):-1], " and then ")
        if len(parts) > 1:
            pad = indent + " " * len("or else (")
            return ([indent + "or else (" + parts[0]]
                    + [pad + "and then " + p for p in parts[1:-1]]
                    + [pad + "and then " + parts[-1] + ")"])
    parts = _split_words(body, " + ")
    if len(parts) > 1:
        return [indent + parts[0]] + _wrap_line(indent + "  + " + " + ".join(parts[1:]), base)
    open_at = _outer_paren(body)
    if open_at is None:
        return [line]
    close_at = _matching(body, open_at)
    if close_at is None:
        return [line]
    head, inner, tail = body[:open_at].rstrip(), body[open_at + 1:close_at], body[close_at + 1:]
    sep = "; " if "; " in _top_level(inner) else ", "
    items = _split_top(inner, sep.strip())
    if len(items) < 2 and base + len(indent) + len(head) + 3 + len(inner) + len(tail) > LIMIT:
        return [line]
    cont = indent + "  "
    lines = [indent + head]
    for k, item in enumerate(items):
        lead = "(" if k == 0 else " "
        end = sep.strip() if k < len(items) - 1 else ")" + tail
        lines.append(cont + lead + item.strip() + end)
    return lines


def _comment(body: str, indent: str, base: int) -> list[str]:
    words = body[2:].split()
    width = LIMIT - base - len(indent) - 4
    out, cur = [], ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > width:
            out.append(f"{indent}--  {cur}")
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    if cur:
        out.append(f"{indent}--  {cur}")
    return out


def _outer_paren(s: str) -> int | None:
    quote = False
    for i, ch in enumerate(s):
        if ch == '"':
            quote = not quote
        elif ch == "(" and not quote and (i == 0 or s[i - 1] != "'"):
            return i
    return None


def _matching(s: str, open_at: int) -> int | None:
    depth, quote = 0, False
    for i in range(open_at, len(s)):
        ch = s[i]
        if ch == '"':
            quote = not quote
        elif quote:
            continue
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i
    return None


def _top_level(s: str) -> str:
    """``s`` with everything inside nested parentheses blanked."""
    out, depth = [], 0
    for ch in s:
        if ch == "(":
            depth += 1
        out.append(ch if depth == 0 else " ")
        if ch == ")":
            depth -= 1
    return "".join(out)


def _split_top(s: str, sep: str) -> list[str]:
    items, depth, cur = [], 0, ""
    for ch in s:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == sep and depth == 0:
            items.append(cur)
            cur = ""
        else:
            cur += ch
    items.append(cur)
    return items


def _split_words(s: str, sep: str) -> list[str]:
    """``s`` split at ``sep`` where it stands outside parentheses and strings."""
    top = _top_level_quoted(s)
    items, start, at = [], 0, top.find(sep)
    while at >= 0:
        items.append(s[start:at])
        start = at + len(sep)
        at = top.find(sep, start)
    return items + [s[start:]]


def _top_level_quoted(s: str) -> str:
    """``s`` with everything inside parentheses or string literals blanked."""
    out, depth, quote = [], 0, False
    for ch in s:
        if ch == '"':
            quote = not quote
        elif not quote and ch == "(":
            depth += 1
        out.append(ch if depth == 0 and not quote else " ")
        if not quote and ch == ")":
            depth -= 1
    return "".join(out)
