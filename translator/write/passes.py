"""The texts a run's passes read, and the way back from them to the user's lines.

A run rewrites the tasks it can in a first pass over the user's text; when
that leaves tasks the rewrite touched, the next pass reads the rewritten
text (mirror.py) and rewrites them, until a pass rewrites nothing more.
Only the last text is ever written, against the user's original bytes.  A
later pass's decisions and refusals name lines of a rewritten text; this
module takes them back, pass by pass, to the user's lines (origin.trace).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

from ..model import Location
from .edits import Edit
from .origin import trace


@dataclass
class History:
    original: dict[Path, bytes]                 # the user's bytes, by the user's path
    display: dict[str, Path]                    # the user's file as shown -> its path
    text: dict[Path, bytes] = field(default_factory=dict)   # the latest text of a changed file
    # one per pass: the user's path -> (the text that pass read, its edits on it)
    layers: list[dict[Path, tuple[bytes, list[Edit]]]] = field(default_factory=list)

    def current(self, path: Path) -> bytes:
        return self.text.get(path, self.original[path])

    def add(self, edits: list[Edit], new: dict[Path, bytes], to_user: dict[Path, Path]
            ) -> None:
        """A pass's edits and the files they rewrote, keyed by the files that pass read
        (``to_user`` names the user's file each stands for)."""
        layer: dict[Path, tuple[bytes, list[Edit]]] = {}
        for e in edits:
            user = to_user.get(e.path, e.path)
            if user not in layer:
                layer[user] = (self.current(user), [])
            layer[user][1].append(e)
        for path, data in new.items():
            self.text[to_user.get(path, path)] = data
        self.layers.append(layer)

    def locate(self, loc: Location, passes: int) -> Location:
        """``loc`` in the text the first ``passes`` passes made, in the user's text."""
        path = self.display.get(loc.path)
        line, col = loc.line, loc.col
        for layer in reversed(self.layers[:passes]):
            if path not in layer:
                continue
            before, edits = layer[path]
            after = self._after(layer, path)
            line, col = trace(before, edits, after, line, col)
        return dataclasses.replace(loc, line=line, col=col)

    def _after(self, layer: dict, path: Path) -> bytes:
        """The text of ``path`` right after the pass of ``layer``: what the next pass
        that changed it read, or the latest."""
        later = next(i for i, other in enumerate(self.layers) if other is layer) + 1
        for other in self.layers[later:]:
            if path in other:
                return other[path][0]
        return self.text[path]

    def changes(self) -> dict[Path, tuple[bytes, bytes]]:
        return {p: (self.original[p], data) for p, data in self.text.items()
                if data != self.original[p]}
