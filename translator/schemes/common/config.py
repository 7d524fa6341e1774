"""The configuration pragmas of the user's build: the files GNAT reads for every
unit (``gnat.adc``, ``-gnatec=``; frontend/gnat.py finds them), read as text --
they hold pragmas only.  A policy set there (Task_Dispatching_Policy) binds the
program as one written in a unit does, and each scheme that asks about pragmas
must see both."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ...frontend.workspace import Workspace
from ...model import Location

_PRAGMA = re.compile(r"\bpragma\s+([A-Za-z_]\w*)\s*(?:\(\s*([A-Za-z_]\w*)[^;]*)?;",
                     re.IGNORECASE)


@dataclass(frozen=True)
class ConfigPragma:
    loc: Location
    name: str        # lower case
    arg: str         # its first argument, lower case ("" without one)
    text: str        # as written, on one line


def config_pragmas(ws: Workspace) -> list[ConfigPragma]:
    """Every pragma of the build's configuration pragma files, in order."""
    out = []
    for switch in ws.config:
        path = Path(switch.split("=", 1)[1])
        try:
            data = path.read_text(errors="replace")
        except OSError:
            continue
        clean = re.sub(r"--[^\n]*", lambda m: " " * len(m.group()), data)
        for m in _PRAGMA.finditer(clean):
            line = clean.count("\n", 0, m.start()) + 1
            col = m.start() - (clean.rfind("\n", 0, m.start()) + 1) + 1
            out.append(ConfigPragma(Location(str(path), line, col), m.group(1).lower(),
                                    (m.group(2) or "").lower(),
                                    " ".join(m.group().split()).rstrip(";")))
    return out
