"""Reading GNAT's ``.ali`` files: dependencies (D lines) and cross references.

The X section lists, for every entity a unit declares or uses, its
declaration and each reference: ``15|12b20`` is file 15 (a D-line index),
line 12, kind ``b`` (body, or the accept of an entry), column 20.  Columns
are 1-based.  See GNAT's lib-xref.ads for the full format.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Ref:
    file: str     # source file base name, as GNAT names it
    line: int
    col: int
    kind: str     # 's' call, 'b' body/accept, 'r' read, 'm' modify, ...


@dataclass(frozen=True)
class Entity:
    file: str
    line: int
    col: int
    kind: str     # 'Y' entry, 't' task object, 'T' task type, 'U'/'V' subprograms, ...
    name: str
    library_level: bool
    refs: tuple[Ref, ...]
    type_ref: str = ""   # 'integer' (a Standard type) or 'base.ads:5:9' (a type entity)
    component_ref: str = ""   # of an array (or access type): its component (designated) type
    index_ref: str = ""   # of an array type: its first index type

    @property
    def key(self) -> tuple[str, int, int]:
        return (self.file, self.line, self.col)


@dataclass(frozen=True)
class AliFile:
    units: tuple[tuple[str, str], ...]        # (unit name with %s/%b, source file)
    deps: dict[str, str]                      # source file -> unit name (with %s/%b)
    entities: tuple[Entity, ...]
    read: tuple[str, ...] = ()                # every D line's source file (GNAT read it)


_HEAD = re.compile(r'^(\d+)(.)(\d+)(.)("[^"]*"|[^\s{(<\[=]+)(\S*)\s*(.*)$')
_REF = re.compile(r'^(?:(\d+)\|)?(\d+)(.)(?:<[^>]*>)?(\d+)')


def parse_ali(text: str) -> AliFile:
    units: list[tuple[str, str]] = []
    dep_files: list[str] = []
    deps: dict[str, str] = {}
    entities: list[Entity] = []
    decl_file = ""
    for line in _join_continuations(text.splitlines()):
        tag = line[:2]
        if tag == "U ":
            parts = line.split()
            units.append((parts[1], parts[2]))
        elif tag == "D ":
            parts = line.split()
            dep_files.append(parts[1])
            if len(parts) > 4:
                deps[parts[1]] = parts[4]
        elif tag == "X ":
            parts = line.split()
            decl_file = parts[2]
        elif line[:1].isdigit() and decl_file:
            ent = _entity(line, decl_file, dep_files)
            if ent is not None:
                entities.append(ent)
    return AliFile(tuple(units), deps, tuple(entities), tuple(dep_files))


def _join_continuations(lines: list[str]) -> list[str]:
    """GNAT continues a long reference list on lines that start with '. '."""
    joined: list[str] = []
    for line in lines:
        if line.startswith(". ") and joined:
            joined[-1] += " " + line[2:]
        else:
            joined.append(line)
    return joined


def _entity(line: str, decl_file: str, dep_files: list[str]) -> Entity | None:
    m = _HEAD.match(line)
    if m is None:
        return None
    eline, kind, ecol, level, name, suffix, rest = m.groups()
    refs: list[Ref] = []
    current = decl_file
    for token in rest.split():
        r = _REF.match(token)
        if r is None:
            continue
        fileno, rline, rkind, rcol = r.groups()
        if fileno is not None:
            idx = int(fileno) - 1
            current = dep_files[idx] if 0 <= idx < len(dep_files) else current
        refs.append(Ref(current, int(rline), int(rcol), rkind))
    return Entity(decl_file, int(eline), int(ecol), kind, name, level == "*", tuple(refs),
                  _type_ref(suffix, decl_file, dep_files),
                  _type_ref(suffix, decl_file, dep_files, "()"),
                  _type_ref(suffix, decl_file, dep_files, "<>"))


def _type_ref(suffix: str, decl_file: str, dep_files: list[str], brackets: str = "{}") -> str:
    """The entity's type from the name's suffix: 'integer', or 'file:line:col' of a type entity.

    ``{T}`` is the type of an object; ``(T)`` the component type of an array or the
    designated type of an access type (GNAT's lib-xref.ads)."""
    o, c = re.escape(brackets[0]), re.escape(brackets[1])
    m = re.search(rf"{o}(?:(\d+)\|)?(\d+)[A-Za-z+*](\d+){c}|{o}([a-z_]+){c}", suffix)
    if m is None:
        return ""
    if m.group(4):
        return m.group(4)
    fileno, line, col = m.group(1), m.group(2), m.group(3)
    base = decl_file
    if fileno is not None and 0 < int(fileno) <= len(dep_files):
        base = dep_files[int(fileno) - 1]
    return f"{base}:{line}:{col}"
