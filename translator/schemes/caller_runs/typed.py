"""A task type in the caller-runs scheme: each object holds its own turn.

A single task becomes a package; a task type has objects, so it becomes a
type whose objects hold what each task held -- its variables and its turn --
declared in a package of its own where the task type was, with a subtype
keeping the type's name (a derived type where the task type completed an
incomplete or private type: ``type Sender is new Sender_Objects.Sender with
null record;``)::

    task type Sender (Id : Positive) is      package Sender_Objects is
       entry Send (Data : String);              type Sender (Id : Positive) is
       entry Stop;                                 tagged limited private;
    end Sender;                                 procedure Send (Self : Sender; Data : String);
                                                procedure Stop (Self : Sender);
                                             private
                                                protected type Sender_Turn is ... end Sender_Turn;
                                                type Sender (Id : Positive) is tagged limited record
                                                   This : not null access Sender
                                                     := Sender'Unchecked_Access;
                                                   Turn : Sender_Turn;
                                                   Count : Natural := 0;   -- the task's variables
                                                end record;
                                             end Sender_Objects;
                                             subtype Sender is Sender_Objects.Sender;

Every call ``Obj.Send (X)``, ``Pool (I).Stop``, ``P.Send (X)`` through an
access value keeps its text: it is a call in prefixed notation (RM 4.1.3),
which needs the type to be tagged and the procedures declared with it in a
package.  A task is called through constant views too (an ``in`` parameter,
an element of a constant array), so the procedures take the object as an
``in`` parameter and reach its variables through ``This``, the object's own
access to itself (the current instance of a limited type is aliased: the
"Rosen trick").  The protocol stays private: callers see the procedures.

In each procedure, the server's code names the task's variables and
discriminants as it did in the task body: renamings of the object's
components declared first (``Count : Natural renames Self.This.Count;``),
and the turn renamed ``Turn``, so the body is the single task's.  Where the body
names a variable by its expanded name -- ``Worker.Count := Count;`` beside a formal
``Count`` that hides it, the task type's name denoting the current instance (RM
9.1(22)) -- the expanded name becomes ``Self.This.Count`` (``Self.Id`` for a
discriminant): the type's name is now the record's.

**Start-up.**  What the task did before its first accept, each object does
in its ``Initialize``, when it is made: at once for an allocator, as the task
was activated; for a declared object, with nothing after it in its
declarative part that could tell (objects.py).

**The master.**  A task's master waits for it to terminate; a record is not
awaited.  Where the task could wait without a terminate alternative -- an
accept before the loop, a loop whose select has none -- the type is
controlled and its ``Finalize`` waits until the server has completed or
waits at its select with a terminate alternative open: what the master
waited for, at the same moment (its dependents terminated first, RM 9.3,
7.6.1).  A task type that can always terminate needs no finalization.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...frontend.syntax import Node, first_child, text, walk
from ...frontend.workspace import FileUnit, Workspace
from ..common.fragments import STEP, step_in

FINALIZATION = "Ada.Finalization"


@dataclass(frozen=True)
class TypeNames:
    type_name: str              # the task type's name: the record's, and the subtype's
    package: str                # the package declaring the record and the procedures
    turn_type: str              # the protected type of each object's turn
    self_: str                  # the procedures' first formal: the object
    this: str                   # the record's access to its object
    await_end: str = ""         # the turn's entry Finalize waits at ("": no finalization)
    discriminant_part: str = ""     # "(Id : Positive)" as written, or ""
    discriminants: tuple[tuple[str, str], ...] = ()   # (name, subtype mark)
    variables: tuple[tuple[str, str], ...] = ()       # (name, subtype mark)
    initialize: bool = False    # the task's start-up code runs when an object is made
    completes: bool = False     # the task type completes an incomplete or private type


def with_self(head: str, entry: str, t: TypeNames) -> str:
    """``procedure E (X : T)`` -> ``procedure E (Self : W; X : T)``."""
    first = f"{t.self_} : {t.type_name}"
    lead = f"procedure {entry}"
    # the head keeps the declaration's spacing (``entry  E ;``)
    written = re.match(r"\s*procedure\s+" + re.escape(entry) + r"(?![\w])", head, re.I)
    rest = head[written.end() if written else len(lead):].lstrip()
    if rest.startswith("("):
        return f"{lead} ({first}; {rest[1:].lstrip()}"
    return f"{lead} ({first}){(' ' + rest) if rest else ''}"


def renamings(t: TypeNames, turn: str, body: list[str], formals: set[str]) -> list[str]:
    """The renamings a procedure's ``body`` needs: its object's turn, and the task's
    variables and discriminants it names (not those a formal of the entry hides)."""
    words = _words(body)
    lines = [f"{turn} : {t.turn_type} renames {t.self_}.{t.this}.{turn};"] \
        if turn.lower() in words else []
    for name, mark in t.discriminants:
        if name.lower() in words and name.lower() not in formals:
            lines.append(f"{name} : {mark} renames {t.self_}.{name};")
    for name, mark in t.variables:
        if name.lower() in words and name.lower() not in formals:
            lines.append(f"{name} : {mark} renames {t.self_}.{t.this}.{name};")
    return lines


def expanded_names(ws: Workspace, fu: FileUnit, body: Node,
                   t: TypeNames) -> dict[int, tuple[int, str]]:
    """``Worker.Count`` in the task body's statements, where GNAT says ``Worker`` is
    the task type (its current instance) and ``Count`` names a variable or discriminant
    of the task: the byte range of each, with its spelling in a procedure of the
    object (moved.Renamed).  Elsewhere -- a declaration's initial value, which becomes
    a component's -- the expanded name stays, and GNAT's check of the translation
    refuses it."""
    own = {n.lower(): f"{t.self_}.{t.this}.{n}" for n, _m in t.variables}
    own.update({n.lower(): f"{t.self_}.{n}" for n, _m in t.discriminants})
    stmts = first_child(body, "handled_sequence_of_statements")
    found: dict[int, tuple[int, str]] = {}
    for c in walk(stmts) if stmts is not None else ():
        kids = c.named_children if c.type == "selected_component" else []
        if len(kids) != 2 or kids[0].type != "identifier" or kids[1].type != "identifier":
            continue
        prefix, selector = kids
        if text(prefix).lower() != t.type_name.lower() or text(selector).lower() not in own:
            continue
        if any(e.kind == "T" and e.name.lower() == t.type_name.lower()
               for e, _k in ws.xref.at(fu.pos(prefix))):
            found[c.start_byte] = (c.end_byte, own[text(selector).lower()])
    return found


def _words(lines: list[str]) -> set[str]:
    """The identifiers of Ada text that are no selector (``X`` of ``R.X`` names no
    variable of the task), lower case; comments, strings and characters out."""
    found: set[str] = set()
    for ln in lines:
        ln = re.sub(r"'.'|\"(?:[^\"]|\"\")*\"", " ", ln).split("--")[0]
        found |= {m.group(0).lower() for m in re.finditer(r"[A-Za-z][A-Za-z0-9_]*", ln)
                  if not _selector(ln, m.start())}
    return found


def _selector(line: str, at: int) -> bool:
    """Does the identifier at ``at`` follow a dot (not the range's ``..``)?"""
    before = line[:at].rstrip()
    return before.endswith(".") and not before.endswith("..")


def package_spec(t: TypeNames, turn: str, procedures: list[str], turn_spec: list[str],
                 components: list[str], handed: tuple[str, str] | None = None) -> list[str]:
    """The package declared where the task type was, and the subtype after it;
    ``handed``: the access type and function handing out an object's turn, for the
    calls triggering an asynchronous select (triggers.py), which show the turn."""
    w, disc = t.type_name, (" " + t.discriminant_part if t.discriminant_part else "")
    parent = ("new Ada.Finalization.Limited_Controlled with record"
              if t.await_end or t.initialize else "tagged limited record")
    record = [f"type {w}{disc} is {parent}",
              f"{STEP}{t.this} : not null access {w} := {w}'Unchecked_Access;"
              "   -- writable from any view",
              f"{STEP}{turn} : {'aliased ' if handed else ''}{t.turn_type};"] + [
              STEP + c for c in components] + ["end record;"]
    visible = []
    if handed:
        access, function = handed
        visible = [""] + step_in(
            ["--  Visible: a call triggering an asynchronous select takes the object's",
             "--  turn at its entry, then calls the entry's Serve_ procedure."] + turn_spec[3:]
            + [f"type {access} is access all {t.turn_type};",
               f"function {function} ({t.self_} : {w}) return {access};"])
    private = ([] if handed else step_in(turn_spec) + [""]) + step_in(
        ["--  An object: its turn and the task's variables.  A task is called through",
         "--  constant views too (an in parameter): This is the object itself."] + record)
    if t.initialize:
        private += step_in([f"overriding procedure Initialize ({t.self_} : in out {w});"])
    if t.await_end:
        private += step_in([f"overriding procedure Finalize ({t.self_} : in out {w});"])
    return ([f"package {t.package} is",
             f"{STEP}type {w}{disc} is tagged limited private;"]
            + step_in([p + ";" for p in procedures]) + visible
            + ["private"] + private
            + [f"end {t.package};", _named(t)])


def _named(t: TypeNames) -> str:
    """The declaration keeping the task type's name: a subtype, or, where the task type
    completed an incomplete or private type, a type derived from the record's, which
    completes it in turn (a subtype does not) and inherits the procedures."""
    w = t.type_name
    if not t.completes:
        return f"subtype {w} is {t.package}.{w};"
    disc = " " + t.discriminant_part if t.discriminant_part else ""
    constraint = f" ({', '.join(f'{d} => {d}' for d, _m in t.discriminants)})" \
        if t.discriminants else ""
    return f"type {w}{disc} is new {t.package}.{w}{constraint} with null record;"


def initialize_body(t: TypeNames, turn: str, start: list[str],
                    handlers: list[str]) -> list[str]:
    """The task's start-up code, run when an object is made: where the task was
    activated (objects.py checks nothing can tell the two moments apart)."""
    handler = ["exception"] + step_in(handlers)
    return (["--  What the task did before its first accept, done when the object is made,",
             "--  where it was activated.",
             f"overriding procedure Initialize ({t.self_} : in out {t.type_name}) is"]
            + step_in(renamings(t, turn, start + handler, set())) + ["begin"]
            + step_in(start) + handler + ["end Initialize;"])


def finalize_body(t: TypeNames, turn: str) -> list[str]:
    """The object's finalization waits for what the task's master waited for."""
    return ["--  The task's master waited for it to terminate: the object's waits until",
            "--  the server has completed or is at a select with a terminate alternative.",
            f"overriding procedure Finalize ({t.self_} : in out {t.type_name}) is",
            "begin",
            f"{STEP}{t.self_}.{turn}.{t.await_end};",
            "end Finalize;"]
