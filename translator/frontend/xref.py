"""GNAT's cross references, merged over all compiled units and keyed by position.

GNAT identifies a source by its base name, so does this index.  A position
is (base name, line, column) with GNAT's column rule: 1-based, tabs advance
to the next multiple of 8, and in a file GNAT reads as UTF-8 (a BOM, or
-gnatW8 however given: workspace.column_rule asks GNAT's own positions) a
multi-byte character counts once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .ali import AliFile, Entity, Ref
from .sources import BOM, SourceFile

Pos = tuple[str, int, int]


def gnat_col(src: SourceFile, offset: int, utf8: bool | None = None) -> tuple[int, int]:
    """GNAT's (line, column) of a byte offset.  ``utf8``: GNAT reads the file as UTF-8
    (a BOM, or -gnatW8), so a multi-byte character is one column."""
    utf8 = src.has_bom if utf8 is None else utf8
    line, _ = src.line_col(offset)
    start = src.line_starts[line - 1]
    if line == 1 and src.has_bom:
        start += len(BOM)
    col = 1
    for b in src.data[start:offset]:
        if b == 9:
            col = ((col - 1) // 8 + 1) * 8 + 1
        elif utf8 and 0x80 <= b < 0xC0:
            continue
        else:
            col += 1
    return line, col


@dataclass
class XrefIndex:
    entities: dict[Pos, Entity] = field(default_factory=dict)
    refs_at: dict[Pos, list[tuple[Pos, str]]] = field(default_factory=dict)
    units: dict[str, str] = field(default_factory=dict)   # base name -> "unit%s"
    # the name of a full declaration GNAT lists no entity for -> the entity it
    # completes (completions.py)
    completes: dict[Pos, Pos] = field(default_factory=dict)
    # the references of each entity merged from several units, as a set
    _seen: dict[Pos, set[Ref]] = field(default_factory=dict, repr=False)

    def add(self, ali: AliFile) -> None:
        self.units.update(ali.deps)
        for ent in ali.entities:
            known = self.entities.get(ent.key)
            new = ent.refs
            if known is not None:
                # an entity many units use (Put_Line) is merged once per unit: only its
                # new references are hashed and indexed, or a tree costs units squared
                seen = self._seen.get(ent.key)
                merged = known.refs
                if seen is None:
                    merged = tuple(dict.fromkeys(merged))
                    seen = self._seen[ent.key] = set(merged)
                new = tuple(dict.fromkeys(r for r in ent.refs if r not in seen))
                seen.update(new)
                ent = Entity(ent.file, ent.line, ent.col, ent.kind, ent.name,
                             ent.library_level or known.library_level, merged + new,
                             ent.type_ref or known.type_ref,
                             ent.component_ref or known.component_ref,
                             ent.index_ref or known.index_ref)
            self.entities[ent.key] = ent
            for r in new:
                bucket = self.refs_at.setdefault((r.file, r.line, r.col), [])
                if (ent.key, r.kind) not in bucket:
                    bucket.append((ent.key, r.kind))

    def at(self, pos: Pos) -> list[tuple[Entity, str]]:
        """Entities referenced at a position, with the reference kind."""
        return [(self.entities[k], kind) for k, kind in self.refs_at.get(pos, ())]

    def declared_at(self, pos: Pos) -> Entity | None:
        """The entity declared at ``pos``; at a full declaration completing a partial
        view GNAT lists without it, the partial view's entity."""
        ent = self.entities.get(pos)
        if ent is None and pos in self.completes:
            ent = self.entities.get(self.completes[pos])
        return ent

    def completed(self, key: Pos) -> bool:
        """Is the entity declared at ``key`` a partial view completed by a declaration
        GNAT lists no entity for (completions.py)?"""
        return key in self.completes.values()      # a handful at most

    def body_of(self, ent: Entity) -> Ref | None:
        for r in ent.refs:
            if r.kind == "b":
                return r
        return None

    def unit_of_file(self, base: str) -> str:
        """Library unit name of a source file, e.g. 'ada.text_io'."""
        unit = self.units.get(base, "")
        return unit.split("%")[0]
