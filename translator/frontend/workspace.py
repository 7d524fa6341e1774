"""The files under analysis: source bytes, trees, and positions in GNAT's terms."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import tree_sitter

from ..model import Location
from .sources import BOM, SourceFile
from .syntax import Node, text, walk
from .xref import XrefIndex, gnat_col


@dataclass
class FileUnit:
    src: SourceFile
    display: str
    tree: tree_sitter.Tree | None
    unit_names: tuple[str, ...] = ()
    resolved: bool = False
    # Pragmas parsed as blanks (lenient.py): in the text, not in the tree.
    hidden: tuple[tuple[int, int], ...] = ()
    # What the parser could not read (the tree is then None); GNAT's verdict decides
    # whether that stops the program (analysis.gnat_verdicts).
    syntax_errors: tuple = ()
    # GNAT counts a multi-byte character as one column (it reads the file as UTF-8:
    # a BOM, or -gnatW8 given anyhow); set from GNAT's own positions (column_rule)
    utf8_columns: bool = False
    _by_type: dict[str, list[Node]] | None = field(default=None, repr=False)
    _names: frozenset[str] | None = field(default=None, repr=False)

    @property
    def base(self) -> str:
        return self.src.path.name

    @property
    def main_unit(self) -> str:
        return self.unit_names[0] if self.unit_names else ""

    def nodes_of_type(self, kind: str) -> list[Node]:
        if self._by_type is None:
            index: dict[str, list[Node]] = {}
            if self.tree is not None:
                for n in walk(self.tree.root_node):
                    index.setdefault(n.type, []).append(n)
            self._by_type = index
        return self._by_type.get(kind, [])

    def identifier_names(self) -> frozenset[str]:
        """Every identifier of the file, lower case.  Kept (the tree never changes):
        each task's translation asks for the whole program's names, and collecting
        them again made a run O(tasks x program)."""
        if self._names is None:
            self._names = frozenset(text(n).lower() for n in self.nodes_of_type("identifier"))
        return self._names

    def pos(self, node: Node) -> tuple[str, int, int]:
        line, col = gnat_col(self.src, node.start_byte, self.wide)
        return (self.base, line, col)

    def loc(self, node: Node) -> Location:
        line, col = self.src.line_col(node.start_byte)
        return Location(self.display, line, col)

    def offset_of_gnat(self, line: int, col: int) -> int | None:
        if not 1 <= line <= self.src.n_lines:
            return None
        start = self.src.line_starts[line - 1]
        if line == 1 and self.src.has_bom:
            start += len(BOM)
        end = start + len(self.src.line_bytes(line))
        cur, off = 1, start
        while off < end and cur < col:
            b = self.src.data[off]
            if b == 9:
                cur = ((cur - 1) // 8 + 1) * 8 + 1
            elif not (self.wide and 0x80 <= b < 0xC0):
                cur += 1
            off += 1
        while self.wide and off < end and 0x80 <= self.src.data[off] < 0xC0:
            off += 1
        return off if cur == col else None

    @property
    def wide(self) -> bool:
        """Does GNAT count a multi-byte UTF-8 character as one column here?"""
        return self.src.has_bom or self.utf8_columns

    def ident_at_gnat(self, line: int, col: int) -> Node | None:
        """The identifier at GNAT's (line, column)."""
        off = self.offset_of_gnat(line, col)
        return self._ident_at_offset(off) if off is not None else None

    def ident_at(self, line: int, col: int) -> Node | None:
        """The identifier starting at a 1-based line and character column."""
        off = self.offset(line, col)
        if off is None:
            return None
        node = self._ident_at_offset(off)
        return node if node is not None and node.start_byte == off else None

    def offset(self, line: int, col: int) -> int | None:
        """Byte offset of a 1-based line and character column (a Location's)."""
        if not 1 <= line <= len(self.src.line_starts):
            return None
        start = self.src.line_starts[line - 1]
        if line == 1 and self.src.has_bom:
            start += len(BOM)
        prefix = self.src.line_bytes(line)[len(BOM) if line == 1 and self.src.has_bom else 0:]
        chars = prefix.decode(self.src.codec, errors="replace")[:col - 1]
        return start + len(chars.encode(self.src.codec, errors="replace"))

    def offset_of(self, loc) -> int:
        off = self.offset(loc.line, loc.col)
        return -1 if off is None else off

    def _ident_at_offset(self, off: int) -> Node | None:
        if self.tree is None:
            return None
        node = self.tree.root_node.descendant_for_byte_range(off, off + 1)
        return node if node is not None and node.type == "identifier" else None


def column_rule(ws: "Workspace") -> None:
    """Which column rule GNAT used for each UTF-8 file without a BOM: one column per
    byte (Latin-1, GNAT's default) or per character (-gnatW8, given on the command
    line, in a project or a configuration pragma).  Decided by GNAT's own positions:
    each reference on a line with a multi-byte character votes for the rule under
    which the identifier there is the entity's name."""
    files = {fu.base: fu for fu in ws.files if fu.tree is not None and not fu.src.has_bom
             and fu.src.encoding == "utf-8"}
    if not files:
        return
    votes = dict.fromkeys(files, 0)
    for (base, line, col), bucket in ws.xref.refs_at.items():
        fu = files.get(base)
        if fu is None or line > fu.src.n_lines or fu.src.line_bytes(line).isascii():
            continue
        name = ws.xref.entities[bucket[0][0]].name.lower()
        for wide, vote in ((False, -1), (True, 1)):
            fu.utf8_columns = wide
            ident = fu.ident_at_gnat(line, col)
            if ident is not None and text(ident).lower() == name:
                votes[base] += vote
    for base, fu in files.items():
        fu.utf8_columns = votes[base] > 0


@dataclass
class Workspace:
    files: list[FileUnit]
    xref: XrefIndex = field(default_factory=XrefIndex)
    # GNAT's warnings of a run-time failure in the original, per (file base name,
    # message): a rewrite must not add any (verify.py).
    runtime_warnings: Counter = field(default_factory=Counter)
    # The -gnatec= switches of the configuration pragma files the user's build reads
    # (gnat.adc): every compilation of the program, the rewrite's included.
    config: tuple[str, ...] = ()
    # each file GNAT compiled -> the base names of the files it read (its .ali's D
    # lines): a rewrite re-verifies only the units that read a changed file
    depends: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.by_base = {}
        for fu in self.files:
            self.by_base.setdefault(fu.base, fu)
        self.by_display = {fu.display: fu for fu in self.files}

    def units(self) -> list[FileUnit]:
        return [fu for fu in self.files if fu.tree is not None]

    def resolved_units(self) -> list[FileUnit]:
        return [fu for fu in self.files if fu.tree is not None and fu.resolved]

    def loc_of(self, base: str, line: int, gnat_column: int) -> Location | None:
        fu = self.by_base.get(base)
        if fu is None:
            return None
        off = fu.offset_of_gnat(line, gnat_column)
        if off is None:
            return Location(fu.display, line, gnat_column)
        l, c = fu.src.line_col(off)
        return Location(fu.display, l, c)
