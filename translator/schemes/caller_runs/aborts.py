"""Code the program may abort, and the servers it may call.

The caller-runs scheme runs a server's code in its callers, one at a time: a
caller aborted half-way through that code would leave the server's turn taken
for ever (the original's rendezvous is abort-deferred, RM 9.8(6-11)).  So a
server is refused only where code that may be aborted may call one of its
entries:

* the body of every task an abort statement names -- a single task, or every
  object of the task type of the name (an object, an array element, a record
  component, ``X.all`` of an access-to-task value: GNAT's cross references give
  the type); ``Abort_Task (X'Identity)`` likewise; a name or an id rdv2po cannot
  tie to a task type (``Abort_Task (Current_Task)``) may abort anything;
* the abortable part of every asynchronous select;
* every task depending on such code (declared, or created by an object
  declaration or an allocator, in it or in what it calls; a type is followed
  through its declaration, a partial view through its completion; in doubt,
  every task);
* every subprogram body such code calls, transitively (frontend/extract.py).

An entry call triggering an asynchronous select is refused too: the entry
becomes a procedure, which cannot trigger one.  Calls the call graph does not
follow (an operator, an access-to-subprogram value, a dispatching call,
common/hidden_calls.py) in code that may be aborted may reach any server.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...frontend.calls import body_node_at, build_entry_table, call_context, calls_in
from ...frontend.decls import qualified_name
from ...frontend.extract import reachable_subprograms
from ...frontend.syntax import Node, ancestors, first_child, text, walk
from ...frontend.workspace import FileUnit, Workspace
from ...model import Call, Location, Model, Task
from ..base import Refusal
from ..common import hidden_calls
from ..common.obstacles import Sink

TURN = ("a caller aborted while it runs the server's code would leave the server's "
        "turn taken for ever")
ENTRY_CALLS = ("entry", "protected_entry")
# entity letters of GNAT's cross references (lib-xref.ads) that are no type
NOT_TYPES = set("KLNUVXY@")
PARTIAL_VIEWS = {"private_type_declaration", "private_extension_declaration",
                 "incomplete_type_declaration"}
TYPE_DECLS = PARTIAL_VIEWS | {"full_type_declaration", "subtype_declaration",
                              "task_type_declaration", "protected_type_declaration",
                              "formal_type_declaration", "formal_complete_type_declaration"}
IDENTITY = re.compile(r"^(.*)'\s*identity$", re.I | re.S)


@dataclass(frozen=True)
class Site:
    """Where the program may abort code, as the refusal names it."""
    loc: Location
    construct: str
    what: str                   # "aborts Worker", "the abortable part"


@dataclass(frozen=True)
class Code:
    """A stretch of code that may be aborted, and why."""
    fu: FileUnit
    node: Node
    site: Site
    lead: str      # "its abortable part", "it may abort Worker, and Worker's body"


@dataclass(frozen=True)
class Doubt:
    """Somewhere rdv2po cannot tell what may be aborted: every server is refused."""
    loc: Location
    construct: str
    reason: str


class Aborts:
    """The program's code that may be aborted (computed once per model)."""

    def __init__(self, ws: Workspace, model: Model):
        self.ws, self.model = ws, model
        self.table = build_entry_table(ws)
        self.by_name = {}                   # a task's name's Location -> Task
        for t in model.tasks:
            ident = first_child(t.site.decl, "identifier") if t.site is not None else None
            if ident is not None:
                self.by_name[t.site.spec_fu.loc(ident)] = t
        self.doubts: list[Doubt] = []
        self.triggers: list[tuple[Location, str, Call]] = []
        self.aborted: dict[str, Site] = {}   # task (qualified, lower) -> first site
        self.code: list[Code] = []
        self._types: dict[tuple, frozenset[Task] | None] = {}
        self._find_sites()
        self._close()

    # -- where the program aborts ---------------------------------------------------

    def _find_sites(self) -> None:
        for fu in self.ws.units():
            for n in fu.nodes_of_type("abort_statement"):
                for name in n.named_children:
                    self._abort(fu, n, name, self._name_tasks(fu, name))
            for n in fu.nodes_of_type("identifier"):
                if text(n).lower() == "abort_task":
                    self._abort_task(fu, n)
            for n in fu.nodes_of_type("asynchronous_select"):
                self._asynchronous(fu, n)

    def _abort(self, fu: FileUnit, stmt: Node, name: Node, tasks) -> None:
        construct = " ".join(text(stmt).split())
        if tasks is None:
            self.doubts.append(Doubt(fu.loc(stmt), construct, (
                f"rdv2po cannot tell which tasks '{' '.join(text(name).split())}' "
                "names, so any caller may be aborted: " + TURN)))
            return
        for t in sorted(tasks, key=lambda t: t.spec):
            self._add_task(t, Site(fu.loc(stmt), construct, f"may abort {t.name}"))

    def _abort_task(self, fu: FileUnit, ident: Node) -> None:
        ctx = call_context(ident)
        stmt = ctx[1] if ctx is not None else ident
        args = [a for a in walk(stmt) if a.type == "parameter_association"]
        hit = IDENTITY.match(text(args[0]).strip()) if len(args) == 1 else None
        prefix = next((c for c in walk(args[0]) if c.type != "parameter_association"
                       and text(c).strip() == hit.group(1).strip()), None) if hit else None
        tasks = self._name_tasks(fu, prefix) if ctx is not None and prefix is not None \
            else None
        if tasks is None:
            self.doubts.append(Doubt(fu.loc(ident), "Abort_Task", (
                "Abort_Task of a task rdv2po cannot name, so any caller may be "
                "aborted: " + TURN)))
            return
        self._abort(fu, stmt, prefix, tasks)

    def _asynchronous(self, fu: FileUnit, sel: Node) -> None:
        site = Site(fu.loc(sel), "select ... then abort", "may abort its abortable part")
        trigger = first_child(sel, "triggering_alternative")
        stmt = trigger.named_children[0] if trigger is not None and \
            trigger.named_children else None
        if stmt is not None and stmt.type == "procedure_call_statement":
            for c in calls_in(self.ws, self.table, fu, stmt):
                if c.kind in ENTRY_CALLS:
                    self.triggers.append((fu.loc(sel), "select ... then abort", c))
        part = next((c for c in sel.named_children if c.type == "sequence_of_statements"),
                    None)
        if part is not None:
            self.code.append(Code(fu, part, site, "its abortable part"))

    def _add_task(self, t: Task, site: Site, dependent: bool = False) -> None:
        key = t.qualified_name.lower()
        if key in self.aborted:
            return
        self.aborted[key] = site
        lead = f"it {site.what}, and with it {t.name}, a task depending on it, whose body" \
            if dependent else f"it {site.what}, and {t.name}'s body"
        if t.site is not None and t.site.body is not None:
            self.code.append(Code(t.site.body_fu, t.site.body, site, lead))

    # -- what aborted code reaches: its callees and its dependent tasks --------------

    def _close(self) -> None:
        """Follow calls and dependents until nothing new is aborted."""
        done = 0
        self.reached: list[tuple[Code, list[Call], dict]] = []
        while done < len(self.code):
            code = self.code[done]
            done += 1
            calls = self._calls_under(code.fu, code.node)
            subs = {s.body: s for s in reachable_subprograms(self.ws, self.table, calls)}
            self.reached.append((code, calls, subs))
            bodies = [(code.fu, code.node)] + [hit for s in subs
                                              if (hit := body_node_at(self.ws, s)) is not None]
            for fu, node in bodies:
                self._dependents(code, fu, node)
                sink = Sink()
                hidden_calls.check(self.ws, fu, [node], sink)
                for e in sink.errors[:1]:
                    self.doubts.append(Doubt(code.site.loc, code.site.construct, (
                        f"{code.lead} or what it calls makes a call the "
                        f"call graph does not follow ({fu.loc(e.refusal.node)}: "
                        f"{e.refusal.reason.split(':')[0]}), which may call any server: "
                        + TURN)))

    def _calls_under(self, fu: FileUnit, node: Node) -> list[Call]:
        """The calls ``node`` makes, and those of the package bodies nested in it
        (elaborated with it)."""
        found = list(calls_in(self.ws, self.table, fu, node))
        for n in walk(node):
            if n is not node and n.type == "package_body":
                found += calls_in(self.ws, self.table, fu, n)
        return found

    def _dependents(self, code: Code, fu: FileUnit, node: Node) -> None:
        site = code.site
        lo, hi = node.start_byte, node.end_byte
        for t in self.model.tasks:
            s = t.site
            if s is not None and s.spec_fu.display == fu.display and \
                    lo <= s.decl.start_byte < hi:
                self._add_task(t, site, True)
        for n in walk(node):
            if n.type not in ("object_declaration", "allocator", "generic_instantiation"):
                continue
            tasks = self._instance_tasks(fu, n) if n.type == "generic_instantiation" \
                else self._created(fu, n)
            if tasks is None:
                self.doubts.append(Doubt(site.loc, site.construct, (
                    f"{code.lead} (or what it calls) holds a declaration at {fu.loc(n)} "
                    "whose tasks rdv2po cannot tell (aborted with it, they may "
                    "call any server): " + TURN)))
                continue
            for t in tasks:
                self._add_task(t, site, True)

    def _instance_tasks(self, fu: FileUnit, inst: Node) -> frozenset[Task] | None:
        """The tasks an instance of a generic package may declare: every task declared
        in a generic package of the sources the instantiation names (in its
        declaration or body, whose tasks' names start with the generic's)."""
        if not fu.resolved:
            return None
        found: set[Task] = set()
        for i in (n for n in walk(inst) if n.type == "identifier"):
            for ent, _k in self.ws.xref.at(fu.pos(i)):
                loc = self.ws.loc_of(ent.file, ent.line, ent.col) if ent.kind == "k" else None
                hit = _generic_at(self.ws, loc) if loc is not None else None
                if loc is not None and hit is None:
                    return None
                if hit is not None:
                    prefix = qualified_name(hit).lower() + "."
                    found |= {t for t in self.model.tasks
                              if t.qualified_name.lower().startswith(prefix)}
        return frozenset(found)

    def _created(self, fu: FileUnit, n: Node) -> frozenset[Task] | None:
        if not fu.resolved or "'class" in text(n).lower().replace(" ", ""):
            return None
        idents = []
        for c in n.children:
            if c.type == ":=" or c.type == "expression":
                break
            idents += [i for i in walk(c) if i.type == "identifier"]
        found: set[Task] = set()
        for i in idents:
            ents = [e for e, _k in self.ws.xref.at(fu.pos(i))]
            own = self.ws.xref.declared_at(fu.pos(i))
            for ent in ents + ([own] if own is not None else []):
                tasks = self._entity_tasks(ent)
                if tasks is None:
                    return None
                found |= tasks
        return frozenset(found)

    # -- what a name denotes ------------------------------------------------------

    def _name_tasks(self, fu: FileUnit, name: Node) -> frozenset[Task] | None:
        """The tasks a name may denote: of the task type of any entity it names
        (an object, a component, an array, an access value); None when none."""
        if not fu.resolved:
            return None
        found: set[Task] = set()
        for i in (n for n in walk(name) if n.type == "identifier"):
            for ent, _k in self.ws.xref.at(fu.pos(i)):
                tasks = self._entity_tasks(ent)
                if tasks is None:
                    return None
                found |= tasks
        return frozenset(found) or None

    def _entity_tasks(self, ent) -> frozenset[Task] | None:
        """Tasks an entity is, or its type is or holds (through its type, component
        and designated types, and a type's declarations in the sources); None in doubt."""
        if ent.key in self._types:
            return self._types[ent.key]
        found: set[Task] = set()
        todo, seen = [ent], set()
        while todo:
            e = todo.pop()
            if e.key in seen:
                continue
            seen.add(e.key)
            loc = self.ws.loc_of(e.file, e.line, e.col)
            if loc in self.by_name:
                found.add(self.by_name[loc])
            todo += [o for r in (e.type_ref, e.component_ref) if ":" in r
                     if (o := self.ws.xref.entities.get(_key(r))) is not None]
            if loc is None or not (e.kind.isupper() and e.kind not in NOT_TYPES
                                   or e.kind in "+H"):
                continue
            decls = self._type_decls(e, loc)
            if decls is None:
                self._types[ent.key] = None
                return None
            todo += [o for fu, d in decls for i in walk(d) if i.type == "identifier"
                     for o, _k in self.ws.xref.at(fu.pos(i))]
        self._types[ent.key] = frozenset(found)
        return self._types[ent.key]

    def _type_decls(self, ent, loc: Location) -> list[tuple[FileUnit, Node]] | None:
        """A type's declarations in the sources: the one at ``loc`` and, for a partial
        view, its completion; None when a partial view's completion is not found."""
        decl = _decl_at(self.ws, loc)
        if decl is None:
            return None if ent.kind in "+H" else []
        found = [decl]
        if decl[1].type in PARTIAL_VIEWS:
            more = [hit for r in ent.refs if r.kind == "c"
                    if (at := self.ws.loc_of(r.file, r.line, r.col)) is not None
                    if (hit := _decl_at(self.ws, at)) is not None]
            more += [hit for full, part in self.ws.xref.completes.items() if part == ent.key
                     if (at := self.ws.loc_of(*full)) is not None
                     if (hit := _decl_at(self.ws, at)) is not None]
            if not more:
                return None
            found += more
        return found

    # -- the verdict for one server ---------------------------------------------------

    def obstacles(self, task: Task) -> list[Refusal]:
        entries = {e.loc for e in task.entries}
        found = [Refusal(d.loc, d.construct, d.reason) for d in self.doubts]
        site = self.aborted.get(task.qualified_name.lower())
        if site is not None and not any(u.kind == "abort" for u in task.uses):
            found.append(Refusal(site.loc, site.construct,
                                 f"the server itself may be aborted here: a package is "
                                 "not a task"))
        for loc, construct, c in self.triggers:
            if c.decl in entries:
                found.append(Refusal(c.loc, construct, (
                    f"{c.name} triggers an asynchronous select: the entry becomes a "
                    "procedure, which cannot trigger one")))
        for code, calls, subs in self.reached:
            path = _path(calls, subs, entries)
            if path is not None:
                found.append(Refusal(code.site.loc, code.site.construct, (
                    f"{code.lead} " + ", which calls ".join(path) + ": " + TURN)))
        return list(dict.fromkeys(found))


def _path(calls: list[Call], subs: dict, entries: set) -> list[str] | None:
    """The shortest chain of calls from ``calls`` to one of ``entries``, each call
    named with its place; None when there is none."""
    todo = [(c, ()) for c in calls]
    seen: set = set()
    while todo:
        nxt = []
        for c, path in todo:
            step = path + (f"{c.name} ({c.loc})",)
            if c.kind in ENTRY_CALLS and c.decl in entries:
                return ["calls " + step[0], *step[1:]]
            if c.kind == "subprogram" and c.body in subs and c.body not in seen:
                seen.add(c.body)
                nxt += [(d, step) for d in subs[c.body].calls]
        todo = nxt
    return None


def _key(ref: str) -> tuple[str, int, int]:
    base, line, col = ref.rsplit(":", 2)
    return base, int(line), int(col)


def _generic_at(ws: Workspace, loc: Location) -> Node | None:
    fu = ws.by_display.get(loc.path)
    ident = fu.ident_at(loc.line, loc.col) if fu is not None else None
    generic = next((a for a in ancestors(ident) if a.type == "generic_package_declaration"),
                   None) if ident is not None else None
    # (its name is its package_declaration's, decls.SCOPE_KINDS)
    return first_child(generic, "package_declaration") if generic is not None else None


def _decl_at(ws: Workspace, loc: Location) -> tuple[FileUnit, Node] | None:
    fu = ws.by_display.get(loc.path)
    ident = fu.ident_at(loc.line, loc.col) if fu is not None else None
    decl = next((a for a in ancestors(ident) if a.type in TYPE_DECLS), None) \
        if ident is not None else None
    return (fu, decl) if decl is not None else None


_MEMO: dict[int, tuple[Model, Aborts]] = {}


def aborts_of(ws: Workspace, model: Model) -> Aborts:
    """The program's aborted code, computed once for all its servers."""
    hit = _MEMO.get(id(model))
    if hit is None or hit[0] is not model:
        _MEMO.clear()
        hit = _MEMO[id(model)] = (model, Aborts(ws, model))
    return hit[1]
