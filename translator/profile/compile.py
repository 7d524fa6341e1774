"""GNAT's own judgement of a program under a profile.

The program's files are written to a private mirror beside a configuration
file holding ``pragma Profile (Jorvik);`` (or Ravenscar), and every unit is
compiled for semantics (``gcc -c -gnatc -gnatec=...``).  GNAT 12 reports every
violation it finds there, each at its own place: no per-line suppression, no
stop after the first of a kind (checked on the corpus, see
docs/profiles.md).  Code generation is not used: it abandons a unit at the
first run-time unit the profile's library lacks (Ada.Asynchronous_Task_Control)
and reports nothing more.  Each message is read back as a ``Found``: its
restriction, its place in the mirror's file, and GNAT's words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .. import scratch
from ..frontend import gnat
from .restrictions import canonical

_VIOLATION = re.compile(r'^violation of restriction "(?P<what>[^"]+)"')
# GNAT's second line for each violation, and its notes about objects a type would
# make: the violation itself is reported where the object is.
_NOISE = re.compile(r'^(from profile "|objects of this type will violate|creation of )')


@dataclass(frozen=True, order=True)
class Found:
    base: str           # the file's base name in the mirror
    line: int
    col: int
    restriction: str    # e.g. Max_Task_Entries
    shown: str          # as GNAT names it, e.g. "Max_Task_Entries = 0"


def violations(files: dict[str, bytes], targets: list[str], pragma: str,
               switches: list[str], include: list[str], jobs: int | None) -> list[Found]:
    """What GNAT reports compiling ``targets`` (base names of ``files``) with
    ``pragma`` as a configuration pragma; every distinct place once."""
    with scratch.directory("verify") as tmp:
        root = Path(tmp)
        mirror = root / "src"
        mirror.mkdir()
        for base, data in files.items():
            (mirror / base).write_bytes(data)
        adc = root / "profile.adc"
        adc.write_text(pragma + "\n")
        search = [mirror] + [Path(i).resolve() for i in include]
        comps = gnat.compile_units([mirror / t for t in targets], search,
                                   [*switches, f"-gnatec={adc}"], jobs)
        found = set()
        for c in comps:
            for m in c.messages:
                got = _read(m)
                if got is not None and Path(m.path).name in files:
                    found.add(Found(Path(m.path).name, m.line, m.col, *got))
        return sorted(found)


def _read(m) -> tuple[str, str] | None:
    if _NOISE.match(m.message):
        return None
    v = _VIOLATION.match(m.message)
    if v is not None:
        name, *rest = re.split(r"(\s*=>?\s*|\s)", v["what"], maxsplit=1)
        return canonical(name), canonical(name) + "".join(rest)
    if m.severity == "error":
        # An error only the profile causes (the program compiles without it).
        return "other", m.message
    return None
