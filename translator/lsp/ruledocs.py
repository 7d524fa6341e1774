"""A rule's documentation for the editor: ``rdv2po explain`` text, as a file and as hover.

A diagnostic's ``codeDescription`` must be a URI the editor can open, and
rdv2po has no web site: each rule's ``rdv2po explain`` text is written once
per version into the user's cache directory ($XDG_CACHE_HOME/rdv2po/VERSION/,
else ~/.cache/rdv2po/VERSION/), and the diagnostic links to that file.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

from .. import __version__
from ..diagnostics import ToolFailure
from ..lint.explain import explain_text
from ..lint.registry import all_rules

RULE_CODE = re.compile(r"RDV\d{3}", re.IGNORECASE)


def explanation(code: str) -> str | None:
    """``rdv2po explain CODE``; None for a code that is no rule's."""
    if code.upper() not in {r.id for r in all_rules()}:
        return None
    try:
        return explain_text([code.upper()])
    except ToolFailure:
        return None


@lru_cache(maxsize=None)
def doc_uri(code: str) -> str | None:
    """The file URI of the rule's explanation; None when it cannot be written."""
    text = explanation(code)
    if text is None:
        return None
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    path = Path(cache, "rdv2po", __version__, f"{code.upper()}.txt")
    try:
        if not path.is_file() or path.read_text() != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            partial = path.with_name(f".{path.name}.{os.getpid()}")
            partial.write_text(text)
            partial.replace(path)     # two servers writing at once: each writes all of it
    except OSError:
        return None
    return path.as_uri()
