"""The task model: what rdv2po knows about every task, entry and call site.

Plain frozen dataclasses; ``to_json`` turns any of them into the stable JSON
that ``rdv2po inspect --format json`` prints (documented in docs/model.md).
Paths are shown relative to the analysis root, so the JSON does not depend
on where a checkout lives.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

MODEL_VERSION = 2


@dataclass(frozen=True, order=True)
class Location:
    path: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}"


@dataclass(frozen=True)
class Span:
    """Byte range in the original file: what a rewrite would replace."""
    path: str
    start: int
    end: int


@dataclass(frozen=True)
class Param:
    names: tuple[str, ...]
    mode: str            # "in", "out", "in out", "access"
    subtype: str


@dataclass(frozen=True)
class CallSite:
    loc: Location
    kind: str            # "simple", "conditional", "timed", "requeue"
    caller_unit: str     # library unit holding the call
    caller: str          # innermost enclosing task, subprogram or package
    caller_task: str | None
    via: str | None = None   # name of the renaming the call goes through


@dataclass(frozen=True)
class Entry:
    name: str
    loc: Location
    family: str | None       # discrete subtype of a family, as written
    params: tuple[Param, ...]
    calls: tuple[CallSite, ...]


@dataclass(frozen=True)
class Accept:
    entry: str
    loc: Location
    span: Span
    family_index: str | None
    params: tuple[Param, ...]
    has_body: bool
    in_loop: bool
    nested: tuple["Accept", ...]
    requeues: tuple["Requeue", ...]


@dataclass(frozen=True)
class Requeue:
    target: str
    loc: Location
    with_abort: bool


@dataclass(frozen=True)
class Alternative:
    kind: str                # "accept", "delay", "terminate"
    loc: Location
    guard: str | None
    accept: Accept | None
    statements: int          # statements after the accept/delay in this alternative


@dataclass(frozen=True)
class SyncPoint:
    kind: str                # "accept" or "select"
    loc: Location
    in_loop: bool
    accept: Accept | None
    alternatives: tuple[Alternative, ...]
    has_else: bool


@dataclass(frozen=True)
class Call:
    """A subprogram or entry call made inside a body, resolved by GNAT."""
    name: str
    loc: Location
    kind: str                # "entry", "protected_entry", "subprogram"
    target: str              # qualified target, e.g. "Ada.Text_IO.Put_Line" or "Srv.Server.Put"
    decl: Location | None
    body: Location | None    # None when not in the given sources
    unit: str                # library unit that declares the target


@dataclass(frozen=True)
class Construct:
    """Something a scheme must look at: delay, abort, attributes, pragmas..."""
    kind: str
    loc: Location
    text: str


@dataclass(frozen=True)
class TaskBody:
    loc: Location
    span: Span
    declarations: tuple[str, ...]       # names declared in the body's declarative part
    statements_before_loop: int
    main_loop: Location | None
    sync_points: tuple[SyncPoint, ...]
    exits: tuple[Location, ...]
    handlers: tuple[Location, ...]
    calls: tuple[Call, ...]
    constructs: tuple[Construct, ...]


@dataclass(frozen=True)
class Classification:
    kind: str                # accepting_server, calling_server, mixed, client, not_server
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class Task:
    name: str
    qualified_name: str
    kind: str                # "single" or "type"
    unit: str
    spec: Location
    discriminants: tuple[Param, ...]
    entries: tuple[Entry, ...]
    aspects: tuple[Construct, ...]      # pragmas/aspects in the spec (Priority, ...)
    uses: tuple[Construct, ...]         # T'Callable, T'Terminated, T'Identity, abort T anywhere
    resolved: bool                      # GNAT resolved the spec's and body's units
    body: TaskBody | None
    classification: Classification
    # where the front end found it (not part of the JSON form)
    # frontend.site.TaskSite: the model sits below the front end, which fills this in
    site: Any = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Subprogram:
    """A subprogram body in the sources, reachable from some task body."""
    name: str
    qualified_name: str
    body: Location
    calls: tuple[Call, ...]
    constructs: tuple[Construct, ...]


@dataclass(frozen=True)
class FileInfo:
    path: str
    units: tuple[str, ...]
    lines: int
    encoding: str
    newline: str
    bom: bool
    parsed: bool
    resolved: bool


@dataclass(frozen=True)
class Model:
    files: tuple[FileInfo, ...]
    tasks: tuple[Task, ...]
    subprograms: tuple[Subprogram, ...]
    diagnostics: tuple  # tuple[Diagnostic, ...]


def to_json(obj):
    """Stable JSON form: dataclasses become objects, tuples lists, spans dropped."""
    if isinstance(obj, Location):
        return str(obj)
    if isinstance(obj, Span):
        return None
    if dataclasses.is_dataclass(obj):
        out = {}
        for f in dataclasses.fields(obj):
            if f.name in ("span", "site"):
                continue
            out[f.name] = to_json(getattr(obj, f.name))
        return out
    if isinstance(obj, (list, tuple)):
        return [to_json(x) for x in obj]
    return obj


def model_json(model: Model) -> dict:
    data = to_json(model)
    data["diagnostics"] = [d.to_json() for d in model.diagnostics]
    return {"rdv2po_model": MODEL_VERSION, **data}
