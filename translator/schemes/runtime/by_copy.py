"""Which entry parameters GNAT passes by copy, and which by reference.

What an accept body writes to a by-reference parameter reaches the caller even
when the body then raises; the general scheme's object copies such values back
to keep that.

The language fixes only the elementary case (RM 6.2(3)); that every composite
entry parameter goes by reference is GNAT's choice (checked with GNAT 12).
"""

from __future__ import annotations

from ...frontend.syntax import Node, text
from ...frontend.workspace import FileUnit, Workspace


# GNAT's cross-reference letters of elementary types (enumeration, Boolean,
# integer, modular, float, ordinary and decimal fixed, access); the letter is
# the full view's, also for a private type.
ELEMENTARY_LETTERS = set("EBIMFODP")
STANDARD_ELEMENTARY = {"integer", "natural", "positive", "boolean", "character",
                       "wide_character", "wide_wide_character", "float", "long_float",
                       "long_long_float", "short_float", "long_integer", "long_long_integer",
                       "short_integer", "short_short_integer", "duration"}


def is_by_copy(ws: Workspace, fu: FileUnit, mark: Node) -> bool:
    """Does GNAT pass a parameter of this subtype by copy in a rendezvous?

    Elementary types are passed by copy (RM 6.2(3)); GNAT passes every composite
    parameter of an entry by reference, so what the accept body wrote reaches the
    caller even when the body raises.  Unknown counts as by reference: the object
    then also copies the value back on an exception."""
    if mark.type not in ("identifier", "selected_component"):
        return False
    last = mark.named_children[-1] if mark.type == "selected_component" else mark
    for ent, _kind in ws.xref.at(fu.pos(last)):
        return ent.kind in ELEMENTARY_LETTERS
    return text(last).lower() in STANDARD_ELEMENTARY
