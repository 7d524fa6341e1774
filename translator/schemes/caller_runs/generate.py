"""The text of a caller-runs translation: the task's declaration becomes a package
declaring one procedure per entry, its body a package body holding the server's
variables, a protected object that keeps the server's turn, and the procedures.

Each procedure does what the rendezvous and the server did, in the same order:

    procedure E (...) is                -- E's formals, as declared
       Ended : Boolean := False;
    begin
       Turn.E;                          -- wait for the server to reach the accept
       begin
          <the accept body>             -- the caller waited for it before, too
       exception
          when others =>                -- the server dies of it, the caller sees it
             Turn.Finish (Ended => True);
             raise;
       end;
       begin
          <after the accept; after the select; the loop's test; after the loop>
       exception
          when others =>                -- the server dies of it, silently
             Ended := True;
       end;
       Turn.Finish (Ended);             -- the server is back at its select
    end E;

No protected action runs the server's code, so I/O in it is no bounded error.

What the task did at its activation (initial values that are not literals)
and before its loop (start-up statements) a function ``Start`` does, called
in a declaration placed last in the declarative part that activated the task
(``Started : constant Boolean := T.Start;``); the turn is taken until then.
Its result is False when an initial value raised: the task's activation
failed, and the statement placed first in that body raises Tasking_Error in
the activator, as RM 9.2 does.
"""

from __future__ import annotations

import re

from dataclasses import dataclass, field

from ...frontend.body_structure import family_index
from ...frontend.syntax import (Node, defining_names, first_child, named_children, one_line,
    text)
from ..common.fragments import STEP, Source, Sub, step_in
from . import attributes
from .shape import Alt, Body, code, initial_value
from .typed import TypeNames, finalize_body, initialize_body, package_spec, renamings


@dataclass(frozen=True)
class Names:
    package: str       # the task's name
    turn: str          # the protected object
    finish: str        # its procedure giving the turn back
    busy: str          # a caller runs the server's code
    over: str          # the server has completed: calls raise Tasking_Error
    ended: str         # the procedures' local: this turn ends the server
    start: str = ""    # the function doing the task's activation and start-up, if any
    stage: str = ""    # the turn's component: which accept before the loop is next, if any
    place: str = ""    # the turn entry's out formal: where an entry accepted at several
                       # places was taken (its stage's number, or past them: the loop)
    member: str = ""   # an entry family's index, the procedure's first formal (families.py)
    turn_of: str = ""  # a task type's function handing out an object's turn (triggers.py)
    turn_access: str = ""   # its result type
    # a single task whose master waited for it (plugin._awaited): the package's
    # controlled type, an object of which ends the master's declarative part, and
    # the turn's entry its Finalize waits at
    master: str = ""
    awaited: str = ""
    self_: str = ""    # Finalize's formal


@dataclass(frozen=True)
class _Place:
    """An accept of an entry: at a stage (its number), or in the loop's select (0)."""
    entry: str
    stage: int
    accept: Node
    alt: Alt | None = None


@dataclass(frozen=True)
class Tries:
    """The entries with conditional or timed calls (lower-case names) and the names
    their procedures take."""
    kinds: dict[str, set[str]] = field(default_factory=dict)   # "conditional", "timed"
    serve: dict[str, str] = field(default_factory=dict)        # Serve_E: E after the turn
    try_names: dict[str, str] = field(default_factory=dict)    # Try_E
    args: dict[str, str] = field(default_factory=dict)         # E's formals, as arguments
    taken: str = "Taken"                                       # Try_E's out formal
    within: str = "Within"                                     # its Duration formal
    # a call site's temporary for each out formal (lower case), which Try_E copies back
    temps: dict[str, str] = field(default_factory=dict)


class Writer:
    def __init__(self, src: Source, shape: Body, names: Names, profiles: dict[str, str],
                 tries: Tries | None = None, typed: TypeNames | None = None,
                 formals: dict[str, set[str]] | None = None,
                 families: dict[str, str] | None = None,
                 attrs: tuple[attributes.Functions, set[str]] | None = None):
        self.src, self.shape, self.n = src, shape, names
        self.attrs = attrs              # the functions answering 'Callable, 'Terminated
        self.families = families or {}  # a family's entry name (lower) -> its index subtype
        self.profiles = profiles        # entry name (lower) -> "procedure E (...)"
        self.typed = typed              # a task type: its objects' names
        self.formals = formals or {}    # entry name (lower) -> its formals' names (lower)
        t = tries or Tries()
        self.tries, self.serve, self.try_names = t.kinds, t.serve, t.try_names
        self.args, self.taken, self.within = t.args, t.taken, t.within

    def package_body(self, indent: str) -> str:
        n = self.n
        lines = [f"package body {n.package} is"]
        # a task type's variables are the components of its objects
        items = [d for d in self.shape.decl_items if d not in self.shape.moved_out and
                 (self.typed is None or d not in self.shape.variables_declared())]
        # where a declaration copied with _declaration ends (here or as a component)
        ends = {d.end_point[0] for d in self.shape.decl_items
                if d.type != "comment" and d not in self.shape.moved_out}
        for d in items:
            if d.type == "comment" and d.start_point[0] in ends:
                continue        # kept on its declaration's line (_declaration)
            lines += step_in(self._declaration(d))
        if items:
            lines.append("")
        if self.typed is None and not self.triggered():
            lines += step_in(self._turn_spec()) + [""]
        lines += step_in(self._turn_body())
        if self.typed is not None and self.triggered():
            t = self.typed
            lines += [""] + step_in([
                f"function {n.turn_of} ({t.self_} : {t.type_name}) return {n.turn_access} is",
                f"{STEP}({t.self_}.{t.this}.{n.turn}'Unchecked_Access);"])
        for places in self._places().values():
            if len(places) == 1:
                lines += [""] + step_in(self._procedure(places[0].entry,
                                                        *self._code(places[0])))
            else:
                lines += [""] + step_in(self._several(places))
        for e in self._never():
            rest = ["null;   -- never run: the turn's entry only raises"] \
                if self.tries.get(e.lower()) else []
            lines += [""] + step_in(self._procedure(e, [], rest))
        if self.attrs is not None:
            t = self.typed
            lines += step_in(attributes.bodies(
                *self.attrs, n.turn, t.self_ if t else "", t.type_name if t else "",
                t.this if t else ""))
        if n.start:
            lines += [""] + step_in(self._start())
        if self.typed is not None and self.typed.initialize:
            start = [ln for st in self.shape.start for ln in self._copy(st)]
            handler = self.server_handlers([f"{n.turn}.{n.finish} ({n.ended} => True);"],
                                           "   -- the server dies of it, silently")
            lines += [""] + step_in(initialize_body(self.typed, n.turn, start, handler))
        if self.typed is not None and self.typed.await_end:
            lines += [""] + step_in(finalize_body(self.typed, n.turn))
        if n.master:
            lines += [""] + step_in([
                f"overriding procedure Finalize ({n.self_} : in out {n.master}) is",
                f"{STEP}pragma Unreferenced ({n.self_});",
                "begin",
                f"{STEP}{n.turn}.{n.awaited};   -- where the master waited for the task",
                "end Finalize;"])
        lines.append(f"end {n.package};")
        return "\n".join(indent + ln if ln else "" for ln in lines).lstrip(" ")

    def type_spec(self, indent: str) -> str:
        """A task type's package, declared where the type was (typed.py)."""
        t, n = self.typed, self.n
        procs = []
        # an entry accepted at several places (a stage and the loop) has one procedure
        entries: dict[str, str] = {}
        for _acc, e in self.shape.accepts():
            entries.setdefault(e.lower(), e)
        for entry in entries.values():
            procs.append(self.profiles[entry.lower()])
            kinds = self.tries.get(entry.lower(), set())
            procs += [self.try_profile(entry, k) for k in ("conditional", "timed") if k in kinds]
            if "trigger" in kinds:
                procs.append(self.serve_profile(entry))
        if self.attrs is not None:
            procs += [d.split(";")[0] for d in attributes.declarations(
                *self.attrs, t.type_name, t.self_, t.type_name)]
        comps = [ln for d in self.shape.variables_declared() for ln in self._declaration(d)]
        lines = package_spec(t, n.turn, procs, self._turn_spec(), comps,
                             (n.turn_access, n.turn_of) if self.triggered() else None)
        return "\n".join(indent + ln if ln else "" for ln in lines).lstrip(" ")

    def triggered(self) -> bool:
        """Does a call of an entry trigger an asynchronous select?  Its caller then
        takes the turn at the turn's entry itself, which the spec shows."""
        return any("trigger" in k for k in self.tries.values())

    def serve_profile(self, entry: str) -> str:
        """``procedure Serve_E (<E's formals>)``: E once the turn is taken."""
        return _renamed(self.profiles[entry.lower()], entry, self.serve[entry.lower()])

    def visible_turn(self, indent: str) -> str:
        """A single task's turn, declared in the package's spec: a call triggering an
        asynchronous select takes the turn at its entry."""
        lines = ["--  Visible: a call triggering an asynchronous select takes the turn",
                 "--  at its entry, then calls the entry's Serve_ procedure."] + \
            self._turn_spec()[3:]
        return "".join(f"\n{indent}{ln}" if ln else "\n" for ln in lines)

    # -- the protected object ---------------------------------------------------

    def _places(self) -> dict[str, list["_Place"]]:
        """Where each entry is accepted, by entry (lower case), in the body's order."""
        found: dict[str, list[_Place]] = {}
        for i, st in enumerate(self.shape.stages, 1):
            found.setdefault(st.entry.lower(), []).append(_Place(st.entry, i, st.accept))
        for a in self.shape.alts:
            found.setdefault(a.entry.lower(), []).append(_Place(a.entry, 0, a.accept, a))
        return found

    def _never(self) -> list[str]:
        """The entries no accept takes, as declared: their callers wait until the server
        has completed, then get Tasking_Error."""
        places = self._places()
        found = []
        for key, head in self.profiles.items():
            if key not in places:
                m = re.match(r"\s*procedure\s+(\w+)", head)
                found.append(m.group(1) if m else key)
        return found

    def _code(self, p: "_Place") -> tuple[list[str], list[str]]:
        """The declarations and statements of the server's code taken at ``p``."""
        if p.alt is not None:
            return self._turn(p.alt)
        st = self.shape.stages[p.stage - 1]
        last = self.shape.one_shot and p.stage == len(self.shape.stages)
        return self._taken(st.accept, [ln for s in st.after for ln in self._copy(s)],
                           ends=last)

    def _open(self, p: "_Place") -> list[str]:
        """The conditions, past the turn being free, for ``p`` to be taken."""
        n = self.n
        if p.alt is None:
            return [f"{n.stage} = {p.stage}"] + self._index(p)
        conds = [f"{n.stage} = {len(self.shape.stages) + 1}"] if self.shape.stages else []
        if p.alt.guard is not None:
            conds.append(f"({one_line(p.alt.guard)})")
        return conds + self._index(p)

    def _index(self, p: "_Place") -> list[str]:
        """The member an accept of a family takes: its index, read as a guard is."""
        index = family_index(p.accept)
        if index is None:
            return []
        return [f"{self.n.member} = ({one_line(index)})"]

    def _several(self, places: list["_Place"]) -> list[str]:
        """The procedure of an entry accepted at several places: the turn's entry says
        which was taken, and the code taken there follows."""
        n, entry = self.n, places[0].entry
        head = self.profiles[entry.lower()]
        codes = [self._code(p) for p in places]
        decls = list(dict.fromkeys(d for c in codes for d in c[0]))
        arms = []
        for i, (p, (_d, body)) in enumerate(zip(places, codes)):
            last = i == len(places) - 1
            arms += [f"when {'others' if last else p.stage} =>"] + step_in(body)
        body = [f"{n.turn}.{entry}{self._member(entry)} ({n.place});", f"case {n.place} is"] + step_in(arms) + [
            "end case;"]
        return ([f"{head} is"] + step_in(self._names(entry, body) + [f"{n.place} : Positive;"]
                                         + decls)
                + ["begin"] + step_in(body) + [f"end {entry};"])

    def _turn_spec(self) -> list[str]:
        n = self.n
        t = self.typed
        head = ["--  The server's turn: a caller takes it at an entry named like the",
                "--  accept, runs the server's code in its own thread (outside any",
                "--  protected action), and gives it back.",
                f"protected {n.turn} is"] if t is None else [
                "--  An object's turn: a caller takes it at an entry named like the",
                "--  accept, runs the server's code in its own thread (outside any",
                "--  protected action), and gives it back.",
                f"protected type {t.turn_type} is"]
        wait = [f"{STEP}entry {t.await_end};   -- for the object's finalization"] \
            if t is not None and t.await_end else \
            [f"{STEP}entry {n.awaited};   -- for the master's wait"] if n.awaited else []
        return (head
                + [f"{STEP}entry {ps[0].entry}{self._family(ps[0].entry)};" if len(ps) == 1
                   else f"{STEP}entry {ps[0].entry}{self._family(ps[0].entry)} "
                        f"({n.place} : out Positive);"
                   for ps in self._places().values()]
                + [f"{STEP}entry {e};   -- never accepted" for e in self._never()]
                + [f"{STEP}procedure {n.finish} ({n.ended} : Boolean);"] + wait
                + (attributes.turn_declaration(*self.attrs) if self.attrs else [])
                + ["private",
                   f"{STEP}{n.busy} : Boolean := True;   -- until {n.start} has run" if n.start
                   else f"{STEP}{n.busy} : Boolean := False;",
                   f"{STEP}{n.over} : Boolean := False;   -- the server has completed"]
                + self._stage_component()
                + [f"end {self._turn_name()};"])

    def _family(self, entry: str, body: bool = False) -> str:
        """`` (E_Index)`` after a family's entry; in the body `` (for Member in E_Index)``."""
        sub = self.families.get(entry.lower())
        if sub is None:
            return ""
        return f" (for {self.n.member} in {sub})" if body else f" ({sub})"

    def _member(self, entry: str) -> str:
        """`` (Member)``: the member a family's procedure takes the turn for."""
        return f" ({self.n.member})" if entry.lower() in self.families else ""

    def _turn_name(self) -> str:
        return self.n.turn if self.typed is None else self.typed.turn_type

    def _stage_component(self) -> list[str]:
        """Where the server is: at one of the accepts before the loop, or at the loop."""
        stages = self.shape.stages
        if not stages:
            return []
        places = [f"{i} at accept {s.entry}" for i, s in enumerate(stages, 1)]
        if not self.shape.one_shot:
            places.append(f"{len(stages) + 1} at the server loop")
        return [f"{STEP}{self.n.stage} : Positive := 1;   -- {', '.join(places)}"]

    def _turn_body(self) -> list[str]:
        n = self.n
        lines = [f"protected body {self._turn_name()} is"]
        for ps in self._places().values():
            p = ps[0]
            if len(ps) == 1:
                more = [f"{n.stage} := {p.stage + 1};"] if p.alt is None else []
                lines += step_in(self._turn_entry(p.entry, self._open(p), more))
                continue
            # accepted at several places: open at any, and say which was taken
            own = [q for q in ps if q.alt is not None and q.alt.guard is not None
                   or family_index(q.accept) is not None]
            at = [q.stage or len(self.shape.stages) + 1 for q in ps if q not in own]
            either = [f"{n.stage} = {at[0]}" if len(at) == 1 else
                      f"{n.stage} in {' | '.join(map(str, at))}"] if at else []
            either += [" and then ".join(self._open(q)) for q in own]
            either = " or else ".join(f"({e})" if " and then " in e else e for e in either)
            stages = len(self.shape.stages)
            lines += step_in(self._turn_entry(
                p.entry, [f"({either})"],
                [f"{n.place} := {n.stage};", f"if {n.stage} <= {stages} then",
                 f"{STEP}{n.stage} := {n.stage} + 1;", "end if;"],
                f" ({n.place} : out Positive)"))
        for e in self._never():
            lines += step_in([f"entry {e} when {n.over} is   -- open once the server has completed",
                              "begin", f"{STEP}raise Tasking_Error;", f"end {e};", ""])
        lines += step_in([f"procedure {n.finish} ({n.ended} : Boolean) is",
                          "begin",
                          f"{STEP}{n.busy} := False;",
                          f"{STEP}{n.over} := {n.ended};",
                          f"end {n.finish};"])
        if self.attrs is not None:
            lines += [""] + step_in(attributes.turn_body(self.attrs[0], n.over, self.attrs[1])[:-1])
        if self._await_name():
            lines += [""] + step_in(self._await_end())
        return lines + [f"end {self._turn_name()};"]

    def _await_name(self) -> str:
        """The turn's entry where the master's wait for the task waits, or ""."""
        return self.typed.await_end if self.typed is not None else self.n.awaited

    def _await_end(self) -> list[str]:
        """Open when the task could terminate: completed, or at a select with a
        terminate alternative -- the loop's (past the accepts before it), or a stage's
        (shape.terminable)."""
        n, name, stages = self.n, self._await_name(), self.shape.stages
        open_at = [i + 1 for i, st in enumerate(stages) if st.terminable] + \
            ([len(stages) + 1] if self.shape.terminate else [])
        cond = n.over
        if self.shape.terminate and not stages:
            cond = f"{n.over} or else not {n.busy}"
        elif open_at:
            at = f"{n.stage} = {open_at[0]}" if len(open_at) == 1 else \
                f"{n.stage} in {' | '.join(map(str, open_at))}"
            cond = f"{n.over} or else (not {n.busy} and then {at})"
        return [f"entry {name} when {cond} is", "begin",
                f"{STEP}null;", f"end {name};"]

    def _turn_entry(self, entry: str, conds: list[str], more: list[str],
                    formal: str = "") -> list[str]:
        """The turn's entry E: open when no caller runs the server's code and the
        server is at an accept of E (``conds``), or when it has completed."""
        n = self.n
        open_ = f"not {n.busy}"
        if conds:
            open_ = f"(not {n.busy} and then {' and then '.join(conds)})"
        family = self._family(entry, body=True)
        head = [f"entry {entry}{family}{formal} when {n.over} or else {open_} is"]
        if (formal or family) and len(head[0]) > 80:   # a long barrier
            head = [f"entry {entry}{family}{formal}", f"{STEP}when {n.over} or else {open_}",
                    "is"]
        return head + [
                "begin",
                f"{STEP}if {n.over} then",
                f"{STEP}{STEP}raise Tasking_Error;",
                f"{STEP}end if;",
                f"{STEP}{n.busy} := True;"] + [STEP + m for m in more] + [
                f"end {entry};", ""]

    # -- the procedures -----------------------------------------------------------

    def _procedure(self, entry: str, decls: list[str], rest: list[str]) -> list[str]:
        n = self.n
        head = self.profiles[entry.lower()]
        kinds = self.tries.get(entry.lower(), set())
        if not kinds:
            body = [f"{n.turn}.{entry}{self._member(entry)};"] + rest
            return ([f"{head} is"] + step_in(self._names(entry, body) + decls) + ["begin"]
                    + step_in(body) + [f"end {entry};"])
        # conditional or timed calls choose on Turn.E only: the rest is shared
        serve, args = self.serve[entry.lower()], self.args[entry.lower()]
        if self.typed is not None:
            args = ", ".join(a for a in (self.typed.self_, args) if a)
        call = f"{serve} ({args});" if args else f"{serve};"
        serve_head = _renamed(head, entry, serve)
        lines = ([f"{serve_head} is"] + step_in(self._names(entry, rest) + decls) + ["begin"]
                 + step_in(rest) + [f"end {serve};", "", f"{head} is"]
                 + step_in(self._names(entry, [f"{n.turn}.{entry};"])) + ["begin"]
                 + step_in([f"{n.turn}.{entry};", call]) + [f"end {entry};"])
        for kind in ("conditional", "timed"):
            if kind not in kinds:
                continue
            choice = (["else", f"{STEP}{self.taken} := False;"] if kind == "conditional" else
                      ["or", f"{STEP}delay {self.within};", f"{STEP}{self.taken} := False;"])
            lines += ["", f"{self.try_profile(entry, kind)} is"] + step_in(
                self._names(entry, [f"{n.turn}.{entry};"])) + ["begin"] + step_in(
                ["select", f"{STEP}{n.turn}.{entry};", f"{STEP}{self.taken} := True;"]
                + choice + ["end select;", f"if {self.taken} then", f"{STEP}{call}",
                            "end if;"]) + [f"end {self.try_names[entry.lower()]};"]
        return lines

    def _names(self, entry: str, body: list[str]) -> list[str]:
        """For a task type: the renamings of the object's turn and components that
        ``body`` names (none for a single task: its variables are the package's)."""
        if self.typed is None:
            return []
        return renamings(self.typed, self.n.turn, body, self.formals.get(entry.lower(), set()))

    def try_profile(self, entry: str, kind: str) -> str:
        """``procedure Try_E (<E's formals>; [Within : Duration;] Taken : out Boolean)``."""
        head = _renamed(self.profiles[entry.lower()], entry, self.try_names[entry.lower()])
        extra = ([f"{self.within} : Duration"] if kind == "timed" else []) + [
            f"{self.taken} : out Boolean"]
        if head.rstrip().endswith(")"):
            return head.rstrip()[:-1] + "; " + "; ".join(extra) + ")"
        return f"{head.rstrip()} ({'; '.join(extra)})"

    def _turn(self, a: Alt) -> tuple[list[str], list[str]]:
        """The declarations and statements of E after it took the turn at the loop."""
        if self.shape.block_handlers:
            return self._taken(a.accept, self._after_block(a.after + self.shape.rest),
                               loop_block=True)
        return self._taken(a.accept, self._after(a.after + self.shape.rest))

    def _after_block(self, stmts: list[Node]) -> list[str]:
        """After the accept, in a loop whose statements are a block with handlers: the
        block's statements after the accept with its handlers as written, then the
        loop's test and the statements after the loop (no exit inside: shape.py)."""
        lines = []
        if code(stmts):
            lines = ["begin"] + step_in([ln for s in stmts for ln in self._copy(s)]) + [
                "exception"] + step_in([ln for h in self.shape.block_handlers
                                        for ln in self._copy(h)]) + ["end;"]
        return lines + self._loop_end()

    def _loop_end(self) -> list[str]:
        """The loop's test, and the statements after the loop when it ends."""
        flag = self.shape.flag
        if flag is None:
            return []
        tail = [ln for s in self.shape.tail for ln in self._copy(s)]
        test = [f"{self.n.ended} := {flag if self.shape.negated else 'not ' + flag};"
                "   -- the server loop's test"]
        return test + ([f"if {self.n.ended} then"] + step_in(tail) + ["end if;"]
                       if code(self.shape.tail) else [])

    def _loop_handlers(self) -> list[str]:
        """An exception of the accept body in a loop whose statements are a block with
        handlers: the server ran the handler that takes it, then went on with its loop
        (the caller runs both, holding the turn, then sees the exception); one the
        block does not handle reached the task body's handlers (``server_handlers``)."""
        n = self.n
        lines, others = [], False
        for h in self.shape.block_handlers:
            others = others or _choices(h).lower() == "others"
            seq = first_child(h, "sequence_of_statements")
            stmts = list(seq.named_children) if seq is not None else []
            work = [ln for x in stmts for ln in self._copy(x)] \
                if [x.type for x in code(stmts)] != ["null_statement"] else []
            work += self._loop_end()
            if work:
                work = ["begin"] + step_in(work) + ["exception"] + step_in(
                    self.server_handlers([f"{n.ended} := True;"])) + ["end;"]
            lines += [_handler_head(h)] + step_in(
                work + [f"{n.turn}.{n.finish} ({n.ended});", "raise;"])
        if others:
            return lines
        died = [f"{n.turn}.{n.finish} ({n.ended} => True);", "raise;"]
        if not self.shape.handlers:
            return lines + ["when others =>   -- the server dies of it"] + step_in(died)
        return lines + ["when others =>   -- the task body's handlers take it"] + step_in(
            ["begin", f"{STEP}raise;", "exception"] + step_in(self.server_handlers(died))
            + ["end;"])

    def _taken(self, accept: Node, after: list[str], ends: bool = False,
               loop_block: bool = False) -> tuple[list[str], list[str]]:
        """The declarations and statements of E after it took the turn: the accept
        body, then ``after`` (the server's code to its next accept; ``ends``: to the
        end of the task, which completes then)."""
        n = self.n
        if ends:
            after = after + [f"{n.ended} := True;   -- the task's end"]
        # "accept Stop; exit;": nothing after the accept can raise, the turn ends it
        only_exit = [ln.split("--")[0].strip() for ln in after] == [f"{n.ended} := True;"]
        accept_body = self._accept_body(accept)
        decls = [f"{n.ended} : Boolean := False;"] if after and not only_exit or \
            loop_block and accept_body else []
        body = []
        if accept_body:
            handlers = self._loop_handlers() if loop_block else self.server_handlers(
                [f"{n.turn}.{n.finish} ({n.ended} => True);", "raise;"])
            body += ["begin"] + step_in(accept_body) + ["exception"] + step_in(
                handlers) + ["end;"]
        if only_exit:
            what = "the task's end" if ends else "the loop's exit"
            body.append(f"{n.turn}.{n.finish} ({n.ended} => True);   -- {what}")
        elif after:
            body += ["begin"] + step_in(after) + ["exception"] + step_in(
                self.server_handlers([f"{n.ended} := True;"])) + [
                "end;",
                f"{n.turn}.{n.finish} ({n.ended});"]
        else:
            body.append(f"{n.turn}.{n.finish} ({n.ended} => False);")
        return decls, body

    def server_handlers(self, then: list[str], note: str = "") -> list[str]:
        """What the server did when its code raised: the task body's handlers, each
        followed by ``then`` (the server completed), and ``then`` for an exception they
        do not handle (the task died of it, silently).  An exception a handler raises
        ended the task too: it goes no further than the handler."""
        lines, others = [], False
        for h in self.shape.handlers:
            others = others or _choices(h).lower() == "others"
            head = _handler_head(h)
            seq = first_child(h, "sequence_of_statements")
            stmts = list(seq.named_children) if seq is not None else []
            work = []
            if [x.type for x in code(stmts)] != ["null_statement"]:
                work = ["begin"] + step_in([ln for x in stmts for ln in self._copy(x)]) + [
                    "exception",
                    f"{STEP}when others =>   -- the server dies of it, silently",
                    f"{STEP}{STEP}null;",
                    "end;"]
            lines += [head] + step_in(work + then)
        if not others:
            lines += [f"when others =>{note}"] + step_in(then)
        return lines

    def _accept_body(self, acc: Node) -> list[str]:
        hss = first_child(acc, "handled_sequence_of_statements")
        if hss is None:
            return []
        if named_children(hss, "exception_handler"):
            return ["begin"] + step_in(self._copy(hss)) + ["end;"]
        seq = first_child(hss, "sequence_of_statements")
        stmts = list(seq.named_children) if seq is not None else []
        if [s.type for s in code(stmts)] == ["null_statement"] and len(stmts) == 1:
            return []
        return [ln for s in stmts for ln in self._copy(s)]

    def _after(self, stmts: list[Node]) -> list[str]:
        """After the accept to the next select: the statements, exits of the server
        loop and the loop's test setting Ended, then the statements after the loop."""
        if not code(stmts) and not self.shape.can_end():
            return []
        lines = self._steps(stmts)
        tail = [ln for s in self.shape.tail for ln in self._copy(s)]
        exits = [s for s in stmts if s in self.shape.exits]
        if not code(self.shape.tail) or not exits and self.shape.flag is None:
            return lines           # this alternative never ends the loop
        if any(first_child(e, "expression") is None for e in exits):
            return lines + tail    # it always does: every path reaches an "exit;"
        return lines + [f"if {self.n.ended} then"] + step_in(tail) + ["end if;"]

    def _steps(self, stmts: list[Node], first: bool = True) -> list[str]:
        """``first``: the group after an accept (not the rest after an exit), whose
        first statement brings the comments above it (``_leading``)."""
        ended = self.n.ended
        out: list[str] = []
        for i, s in enumerate(stmts):
            if s in self.shape.exits:
                cond = first_child(s, "expression")
                if cond is None:
                    return out + [f"{ended} := True;   -- {one_line(s)}"]
                rest = self._steps(stmts[i + 1:], first=False)
                return out + [f"if {one_line(cond)} then",
                              f"{STEP}{ended} := True;   -- exit of the server loop"] + (
                    ["else"] + step_in(rest) if rest else []) + ["end if;"]
            out += (self._leading(s) if i == 0 and first else []) + self._copy(s)
        if self.shape.flag is not None:
            flag = self.shape.flag
            out.append(f"{ended} := {flag if self.shape.negated else 'not ' + flag};"
                       "   -- the server loop's test")
        return out

    # -- activation and start-up ----------------------------------------------------

    def _declaration(self, d: Node) -> list[str]:
        """A declaration as written; a deferred variable's without its initial value
        (``Start`` assigns it)."""
        if d not in self.shape.deferred:
            lines = self._copy(d)
        else:
            init = initial_value(d)
            assign = next(c for c in d.children if c.type == ":=")
            cut = assign.start_byte
            while cut > d.start_byte and self.src.data[cut - 1:cut] in (b" ", b"\t"):
                cut -= 1
            lines = self.src.block(d.start_byte, d.end_byte, "",
                                   [Sub(cut, init.end_byte, "")]).split("\n")
        return lines[:-1] + [lines[-1] + self._trailing(d)]

    def _trailing(self, node: Node) -> str:
        """The comment written after ``node`` on its last line, with the space before
        it, or "" (the tree may hold it outside the declarative part)."""
        data = self.src.data
        eol = data.find(b"\n", node.end_byte)
        rest = data[node.end_byte:eol if eol >= 0 else len(data)].decode(self.src.codec)
        return rest.rstrip() if rest.strip().startswith("--") else ""

    def _leading(self, node: Node) -> list[str]:
        """The comment lines written right above ``node``, the first statement of a
        group the tree holds apart from them (after an accept, in its alternative)."""
        data = self.src.data
        start = data.rfind(b"\n", 0, node.start_byte) + 1
        lines: list[str] = []
        if data[start:node.start_byte].strip():
            return lines        # not first on its line: the comments above are another's
        while start > 0:
            prev = data.rfind(b"\n", 0, start - 1) + 1
            line = data[prev:start - 1].decode(self.src.codec)
            if not line.strip().startswith("--"):
                break
            lines.insert(0, line.strip())
            start = prev
        return lines

    def _start(self) -> list[str]:
        n = self.n
        inits = []
        for d in self.shape.deferred:
            expr = self.src.block(initial_value(d).start_byte, initial_value(d).end_byte, "")
            for name in defining_names(d):
                lead = f"{name} := "
                lines = expr.split("\n")
                inits += [lead + lines[0]] + [" " * len(lead) + ln if ln else ln
                                              for ln in lines[1:]]
                inits[-1] += ";"
        body = []
        if inits:
            body += ["begin"] + step_in(inits) + [
                "exception",
                f"{STEP}when others =>   -- the task's activation failed",
                f"{STEP}{STEP}{n.turn}.{n.finish} ({n.ended} => True);",
                f"{STEP}{STEP}return False;",
                "end;"]
        if self.shape.start:
            body += ["begin"] + step_in([ln for st in self.shape.start
                                         for ln in self._copy(st)]) + ["exception"] + step_in(
                self.server_handlers([f"{n.turn}.{n.finish} ({n.ended} => True);",
                                      "return True;"], "   -- the server dies of it, silently")
                ) + ["end;"]
        body += [f"{n.turn}.{n.finish} ({n.ended} => False);   -- the server is at its loop",
                 "return True;"]
        return (["--  What the task did when it was activated and before its loop, done",
                 "--  where it was activated; False when its activation failed.",
                 f"function {n.start} return Boolean is", "begin"]
                + step_in(body) + [f"end {n.start};"])

    def _copy(self, node: Node) -> list[str]:
        return self.src.block(node.start_byte, node.end_byte, "").split("\n")


def _renamed(head: str, entry: str, name: str) -> str:
    """``procedure E (...)`` as ``procedure Name (...)``, spaced as the entry was."""
    return re.sub(r"procedure\s+" + re.escape(entry) + r"(?!\w)", f"procedure {name}", head,
                  count=1, flags=re.I)


def _choices(h: Node) -> str:
    return one_line(first_child(h, "exception_choice_list"))


def _handler_head(h: Node) -> str:
    """``when [X :] Choices =>`` of an exception handler."""
    param = first_child(h, "choice_parameter_specification")
    return f"when {text(param)} : {_choices(h)} =>" if param is not None else \
        f"when {_choices(h)} =>"
