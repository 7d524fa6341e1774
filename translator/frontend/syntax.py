"""Parsing with tree-sitter-ada, and small helpers over its trees."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache

import tree_sitter
import tree_sitter_ada

from ..diagnostics import Diagnostic
from . import lenient
from .sources import SourceFile

Node = tree_sitter.Node

MAX_SYNTAX_ERRORS = 5


@lru_cache(maxsize=1)
def _parser() -> tree_sitter.Parser:
    return tree_sitter.Parser(tree_sitter.Language(tree_sitter_ada.language()))


def parse(src: SourceFile) -> tree_sitter.Tree:
    return parse_source(src).tree


def parse_source(src: SourceFile) -> lenient.Parsed:
    """The tree of a source, with what GNAT accepts and the grammar does not parsed
    around (lenient.py): Latin-1 identifiers, pragmas the grammar has no room for."""
    return lenient.parse(_parser(), src.data, src.encoding == "latin-1")


def syntax_errors(src: SourceFile, tree: tree_sitter.Tree, shown: str) -> list[Diagnostic]:
    """ERROR and MISSING nodes, as diagnostics (the first few)."""
    found: list[Diagnostic] = []
    if not tree.root_node.has_error:
        return found
    for node in walk(tree.root_node):
        if node.is_missing:
            what = f"missing '{node.type}'"
        elif node.is_error:
            snippet = src.data[node.start_byte:node.end_byte].split(b"\n")[0][:30]
            what = f"syntax error near '{snippet.decode('utf-8', 'replace').strip()}'"
        else:
            continue
        line, col = src.line_col(node.start_byte)
        found.append(Diagnostic(shown, line, col, "error", what))
        if len(found) >= MAX_SYNTAX_ERRORS:
            break
    if not found:  # has_error with no visible node: report the root
        found.append(Diagnostic(shown, 1, 1, "error", "syntax error"))
    return found


def walk(node: Node) -> Iterator[Node]:
    """Pre-order traversal without recursion (deep trees exist in the RTL)."""
    cursor = node.walk()
    visited_children = False
    while True:
        if not visited_children:
            yield cursor.node
            if cursor.goto_first_child():
                continue
        if cursor.goto_next_sibling():
            visited_children = False
        elif cursor.goto_parent():
            visited_children = True
            if cursor.node == node:
                return
        else:
            return


def named_children(node: Node, kind: str) -> list[Node]:
    return [c for c in node.named_children if c.type == kind]


def first_child(node: Node, kind: str) -> Node | None:
    for c in node.named_children:
        if c.type == kind:
            return c
    return None


def entry_name(decl: Node) -> Node | None:
    """The identifier an entry declaration declares: its first named child, unless an
    overriding indicator (``overriding``, ``not overriding``) comes first."""
    return first_child(decl, "identifier")


def named_whole(ident: Node) -> Node:
    """The name ``ident`` ends: itself, or the expanded name ``Main.T`` whose selector
    it is."""
    node = ident
    while node.parent is not None and node.parent.type == "selected_component" \
            and node.parent.named_children and node.parent.named_children[-1] == node:
        node = node.parent
    return node


def plain_name(node: Node) -> str:
    """A name as GNAT reads it: lower case, without the spaces and comments that may
    stand between its parts (``Ada. -- why\n Finalization`` is ``ada.finalization``)."""
    return "".join(text(n) for n in walk(node)
                   if n.child_count == 0 and n.type != "comment").lower().replace(" ", "")


def text(node: Node) -> str:
    """The node's text: UTF-8, or Latin-1 where it is not (a Latin-1 file's letters,
    written back in Latin-1 by edits.apply)."""
    try:
        return node.text.decode("utf-8")
    except UnicodeDecodeError:
        return node.text.decode("latin-1")

def squeeze(code: str) -> str:
    """Ada code text on one line (where no tree is at hand: rendered with
    substitutions): runs of blanks and line breaks become one blank, comments go,
    string and character literals stay as written (their blanks are values)."""
    out: list[str] = []
    i, n, gap = 0, len(code), False
    while i < n:
        c = code[i]
        if c.isspace() or code.startswith("--", i):
            end = code.find("\n", i) if c == "-" else i
            i = n if end < 0 else end + 1
            gap = True
            continue
        if gap and out:
            out.append(" ")
        gap = False
        if c == '"':
            j = i + 1
            while j < n and (code[j] != '"' or code.startswith('""', j)):
                j += 2 if code.startswith('""', j) else 1
            out.append(code[i:j + 1])
            i = j + 1
        elif c == "'" and code[i + 2:i + 3] == "'" and not (
                out and (out[-1][-1:].isalnum() or out[-1][-1:] in "_)")):
            out.append(code[i:i + 3])     # a character literal, not an attribute's tick
            i += 3
        else:
            out.append(c)
            i += 1
    return "".join(out)


def one_line(node: Node, piece: Callable[[Node], str] = text, limit: int | None = None) -> str:
    """The node's code on one line, as a generated line or a message shows it: each gap
    between two of its tokens (blanks, line breaks, comments) becomes one blank, and
    the tokens stay as written.  Splitting the text on white space would also squeeze
    the blanks of a string literal, which are part of its value, and keep a comment
    that swallows the rest of the line.  ``piece``: a token's text (another
    encoding's).  ``limit``: at most that many characters, cut after a whole token
    and marked "..." (a message showing ``Util.Picker (Colo`` names nothing)."""
    pieces: list[str] = []
    last = None
    for n in walk(node):
        if n.child_count or n.type == "comment":
            continue
        if last is not None and n.start_byte > last:
            pieces.append(" ")
        pieces.append(piece(n))
        last = n.end_byte
    whole = "".join(pieces)
    if limit is None or len(whole) <= limit:
        return whole
    size, end = 0, 0
    for i, p in enumerate(pieces):
        if size + len(p) > limit - 3 and end:
            break
        size += len(p)
        end = i + 1
    while end > 1 and pieces[end - 1] in (" ", ".", "'"):
        end -= 1        # not ``Ada.Text_IO....``: the dot would read as the mark's
    return "".join(pieces[:end]) + "..."


def ancestors(node: Node) -> Iterator[Node]:
    p = node.parent
    while p is not None:
        yield p
        p = p.parent


def defining_names(spec: Node) -> list[str]:
    """The names an object, parameter or discriminant specification declares (not its
    type): ``A, B`` of ``A, B : T``."""
    names = []
    for c in spec.children:
        if c.type == ":":
            break
        if c.type == "identifier":
            names.append(text(c))
    return names


# tree-sitter-ada's names that are not the words of the Ada RM
_WORDS = {"pragma_g": "pragma", "use_clause": "use clause",
          "full_type_declaration": "type declaration"}


def construct_name(node_type: str) -> str:
    """A node's kind as an Ada engineer names it, with its article: ``a use clause``,
    ``a pragma``, ``an object declaration``."""
    words = _WORDS.get(node_type, node_type.replace("_", " "))
    vowel = words[0] in "aeio" or (words[0] == "u" and not words.startswith(("use", "uni")))
    return f"{'an' if vowel else 'a'} {words}"
