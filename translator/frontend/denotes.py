"""What a name denotes, as far as a task attribute or an abort is concerned.

``E'Identity`` of an exception (RM 11.4.1), ``S'Storage_Size`` of an access
type (RM 13.11), ``P'Address`` of a subprogram: attributes a task shares with
entities that are no objects at all.  GNAT's cross references give each
entity a letter (lib-xref.ads): upper case for types, lower case for objects,
and a few letters for what is neither -- an exception, a package, a
subprogram, an entry, a label, a named number, an enumeration literal.
Entities of package Standard (``Program_Error``, ``Integer``) have no entry
at all: a name GNAT resolved that is spelled like one of them is one of them.
"""

from __future__ import annotations

from .ali import Entity
from .syntax import Node, text
from .workspace import FileUnit, Workspace

# Letters of entities that are no object (lib-xref.ads, Xref_Entity_Letters):
# upper case are types, except these; lower case are objects, except these.
_NOT_OBJECTS = {
    "K": "a package", "k": "a generic package", "L": "a statement label",
    "l": "a loop label", "q": "a block label", "N": "a named number",
    "n": "an enumeration literal", "U": "a procedure", "u": "a generic procedure",
    "v": "a generic function", "x": "an abstract procedure", "y": "an abstract function",
    "X": "an exception", "Y": "an entry", "@": "an abstract state"}

# Types whose name cannot be a task's current instance: not a task or protected type
# (T, W), nor a private, incomplete or abstract view (+, H) whose full view may be one.
_PLAIN_TYPES = frozenset("ABCDEFIMORS")

_STANDARD_EXCEPTIONS = frozenset({"constraint_error", "program_error", "storage_error",
                                  "tasking_error", "numeric_error"})
_STANDARD_OTHERS = frozenset({
    "standard", "boolean", "integer", "natural", "positive", "float", "character",
    "wide_character", "wide_wide_character", "string", "wide_string", "wide_wide_string",
    "duration", "short_short_integer", "short_integer", "long_integer",
    "long_long_integer", "long_long_long_integer", "short_float", "long_float",
    "long_long_float", "true", "false"})


def entity_kind(ent: Entity) -> str | None:
    """What ``ent`` is when it is no object (``an exception``, ``an access type``);
    None for an object, or a function (whose call may return one)."""
    if ent.kind in _NOT_OBJECTS:
        return _NOT_OBJECTS[ent.kind]
    if ent.kind == "P":
        return "an access type"
    if ent.kind in _PLAIN_TYPES:
        return "a type"
    return None


def not_an_object(ws: Workspace, fu: FileUnit, name: Node) -> str | None:
    """What the identifier ``name`` denotes when GNAT says it is no object, hence no
    task (``an exception``, ``an exception of package Standard``); None when it is an
    object, a function, or GNAT did not say."""
    if name.type != "identifier":
        return None
    ents = [e for e, _k in ws.xref.at(fu.pos(name))]
    if ents:
        return entity_kind(ents[0])
    if not fu.resolved:
        return None
    word = text(name).lower()
    if word in _STANDARD_EXCEPTIONS:
        return "an exception of package Standard"
    return "a declaration of package Standard" if standard_name(word) else None


def standard_name(word: str) -> bool:
    """Is ``word`` (lower case) the name of a declaration of package Standard?  Such a
    name has no cross reference: only where GNAT resolved the file does its absence
    say the name is Standard's."""
    return word in _STANDARD_EXCEPTIONS or word in _STANDARD_OTHERS
