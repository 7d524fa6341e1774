"""The front end as one call: files in, task model out.

``Frontend`` is the small interface the rest of rdv2po depends on (parse a
set of sources, resolve names); ``TreeSitterGnat`` is the implementation:
tree-sitter-ada for syntax, GNAT's cross references for names.  Another
front end (libadalang) would implement the same two methods.
"""

from __future__ import annotations

import dataclasses
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from . import gnat, sources, syntax
from .body_structure import body_structure
from .calls import build_entry_table, calls_in, entry_call_sites
from .classify import classify
from .completions import record_completions
from .decls import is_spec_unit, subunit_parent, unit_names
from ..diagnostics import Diagnostic, ToolFailure
from .gnat import runtime_warning
from .instances import generic_decl
from .extract import (aspects_of, body_of, entries_of, find_body, reachable_subprograms,
                      task_decls, task_site, uses_of)
from .decls import discriminants, qualified_name
from ..model import Classification, FileInfo, Model, Task
from .syntax import entry_name, first_child, text
from .task_types import task_type_names
from .workspace import FileUnit, Workspace, column_rule

MAX_CLOSURE_ROUNDS = 8


@dataclass(frozen=True)
class Options:
    paths: tuple[str, ...] = ()
    project: str | None = None
    resolve: bool = True
    switches: tuple[str, ...] = ()
    include: tuple[str, ...] = ()
    jobs: int | None = None
    # Compile every unit, not only those that declare tasks or name their entries:
    # a rewrite must not be written over a program that GNAT rejects anywhere.
    whole: bool = False
    # The folder paths are shown relative to (when inside it); None: the current one.
    shown_from: str | None = None


class Frontend(Protocol):
    def parse(self, opts: Options) -> tuple[Workspace, list[Diagnostic]]: ...
    def resolve(self, ws: Workspace, opts: Options) -> list[Diagnostic]: ...


def display_path(path: Path, base: str | None = None) -> str:
    """Relative to ``base`` (the current directory by default) when inside it, as
    compilers show paths."""
    try:
        return str(Path(path).resolve().relative_to(Path(base or Path.cwd()).resolve()))
    except ValueError:
        return str(path)


class TreeSitterGnat:
    def __init__(self) -> None:
        self._project_comps: list[gnat.Compilation] | None = None

    def parse(self, opts: Options) -> tuple[Workspace, list[Diagnostic]]:
        if opts.project:
            if not opts.resolve:
                raise ToolFailure("--no-resolve cannot be used with -P: the project's "
                                  "sources are found by gprbuild, which compiles them")
            srcs, comps = gnat.compile_project(Path(opts.project), opts.jobs)
            self._project_comps = comps
            paths, diags = sorted({s.path for s in srcs}), []
        else:
            paths, diags = sources.discover(list(opts.paths))
            missing = [d.path for d in diags if d.message == "no such file or directory"]
            if missing:
                raise ToolFailure(f"{missing[0]}: no such file or directory")
            if not paths:
                raise ToolFailure("no Ada sources (.ads, .adb, .ada) in "
                                  + ", ".join(opts.paths))
        files = []
        for p in paths:
            src, problem = sources.load(p)
            if problem is not None:
                diags.append(dataclasses.replace(problem, path=display_path(p, opts.shown_from)))
                continue
            shown = display_path(src.path, opts.shown_from)
            parsed = syntax.parse_source(src)
            errors = syntax.syntax_errors(src, parsed.tree, shown)
            diags.extend(errors)
            fu = FileUnit(src, shown, None if errors else parsed.tree, hidden=parsed.hidden,
                          syntax_errors=tuple(errors))
            if fu.tree is not None:
                fu.unit_names = unit_names(fu.tree.root_node)
            files.append(fu)
        return Workspace(files), diags

    def resolve(self, ws: Workspace, opts: Options) -> list[Diagnostic]:
        if self._project_comps is not None:
            return self._absorb(ws, self._project_comps,
                               {c.source: c.source for c in self._project_comps},
                               opts.shown_from)
        ws.config = gnat.config_files(list(opts.paths), list(opts.switches))
        switches = [*opts.switches, *ws.config]
        clashes = _base_name_clashes(ws)
        targets = {f: t for f, t in _compile_targets(ws, opts.whole).items()
                   if f not in clashes and t not in clashes}
        search = sorted({fu.src.path.parent for fu in ws.files} | {Path(i).resolve() for i in opts.include})
        compiled: set[Path] = set()
        diags: list[Diagnostic] = []
        for _ in range(MAX_CLOSURE_ROUNDS):
            todo = sorted(set(targets.values()) - compiled)
            if not todo:
                break
            comps = gnat.compile_units(todo, search, switches, opts.jobs)
            compiled.update(c.source for c in comps)
            diags.extend(self._absorb(ws, comps, targets, opts.shown_from))
            targets.update(_callee_bodies(ws, targets))
        return diags + list(clashes.values())

    def _absorb(self, ws: Workspace, comps, targets, base: str | None) -> list[Diagnostic]:
        diags = []
        ok_targets = set()
        for c in comps:
            for ali in c.alis:
                ws.xref.add(ali)
            ws.depends[c.source] = frozenset(d for ali in c.alis for d in ali.read)
        column_rule(ws)
        record_completions(ws)
        for c in comps:
            if c.ok:
                ok_targets.add(c.source)
            for m in c.messages:
                if runtime_warning(m):
                    ws.runtime_warnings[(Path(m.path).name, m.message)] += 1
                if m.severity == "error":
                    diags.append(dataclasses.replace(
                        m, path=display_path(Path(m.path), base),
                        message=f"GNAT: {m.message}"))
        for fu in ws.files:
            target = targets.get(fu.src.path, fu.src.path)
            if target in ok_targets:
                fu.resolved = True
        return diags


def _base_name_clashes(ws: Workspace) -> dict[Path, Diagnostic]:
    """Sources GNAT cannot tell apart: it knows a file by its base name only."""
    first: dict[str, FileUnit] = {}
    clashes: dict[Path, Diagnostic] = {}
    for fu in ws.files:
        other = first.setdefault(fu.base, fu)
        if other is fu:
            continue
        for mine, theirs in ((fu, other), (other, fu)):
            clashes[mine.src.path] = Diagnostic(
                mine.display, 1, 1, "error",
                f"another source has the same file name: {theirs.display}; GNAT cannot "
                "resolve names across both (give each program separately, or use -P); "
                "not resolved")
    return clashes


def _compile_targets(ws: Workspace, whole: bool = False) -> dict[Path, Path]:
    """File -> the file GNAT must compile to resolve it (body for a spec, parent for a
    subunit): of the files that declare tasks or name their entries, or of all."""
    task_entries = set()
    for fu in ws.units():
        for decl_kind in ("single_task_declaration", "task_type_declaration"):
            for d in fu.nodes_of_type(decl_kind):
                tdef = first_child(d, "task_definition")
                for e in (tdef.named_children if tdef is not None else ()):
                    if e.type == "entry_declaration" and entry_name(e) is not None:
                        task_entries.add(text(entry_name(e)).lower())
    bodies, _specs = _unit_files(ws)
    files = {fu.src.path: fu for fu in ws.units()}
    target_of = {fu.src.path: _target_of(fu, bodies, files) for fu in ws.units()}
    # A file the parser cannot read is compiled for GNAT's verdict on it (a subunit
    # through its parent).
    unparsed = {fu.src.path: fu.src.path for fu in ws.files
                if fu.tree is None and fu.syntax_errors and not _looks_separate(fu)}
    # a file naming a task type, or a type holding one, may create tasks: when and how
    # they are activated is read from GNAT's cross-references of it
    names = task_entries | task_type_names(ws)
    needed = set()
    for fu in ws.units():
        needs = any(fu.nodes_of_type(k) for k in ("single_task_declaration",
                                                 "task_type_declaration", "task_body"))
        if not needs and names:
            needs = any(text(n).lower() in names for n in fu.nodes_of_type("identifier"))
        if needs:
            needed.add(target_of[fu.src.path])
    # A compiled body also resolves its spec and its subunits.
    return {path: target for path, target in target_of.items()
            if whole or target in needed} | unparsed


def _looks_separate(fu: FileUnit) -> bool:
    """A subunit (``separate (P)``), read without a tree: compiled with its parent."""
    code = re.sub(rb"--[^\n]*", b"", fu.src.data)
    return re.match(rb"\s*(?:(?:with|use|pragma)\b[^;]*;\s*)*separate\b", code,
                    re.IGNORECASE) is not None


def _unit_files(ws: Workspace) -> tuple[dict[str, Path], dict[str, Path]]:
    bodies, specs = {}, {}
    for fu in ws.units():
        table = specs if is_spec_unit(fu.tree.root_node) else bodies
        for u in fu.unit_names:
            table.setdefault(u.lower(), fu.src.path)
    return bodies, specs


def _target_of(fu: FileUnit, bodies: dict[str, Path], files: dict[Path, FileUnit]) -> Path:
    """A subunit compiles through its parent body; a spec through its body."""
    root = fu.tree.root_node
    parent = subunit_parent(root)
    if parent is not None:
        path = bodies.get(parent.lower())
        if path is None or path == fu.src.path:
            return fu.src.path
        owner = files.get(path)
        return _target_of(owner, bodies, files) if owner is not None else path
    if is_spec_unit(root):
        for u in fu.unit_names:
            if u.lower() in bodies:
                return bodies[u.lower()]
    return fu.src.path


def _callee_bodies(ws: Workspace, targets: dict[Path, Path]) -> dict[Path, Path]:
    """Bodies to compile next: of subprograms called from task bodies, transitively
    (through the bodies already resolved: a callee's callee in a third file too)."""
    table = build_entry_table(ws)
    bodies, _specs = _unit_files(ws)
    roots = [call for fu in ws.resolved_units() for tb in fu.nodes_of_type("task_body")
             for call in calls_in(ws, table, fu, tb)]
    calls = roots + [c for sub in reachable_subprograms(ws, table, roots) for c in sub.calls]
    more = {}
    for call in calls:
        _want(ws, call, bodies, targets, more)
    return more


def _want(ws, call, bodies, targets, more) -> None:
    if call.kind != "subprogram" or call.body is not None or call.decl is None:
        return
    origin = generic_decl(ws, call.decl) or call.decl    # an instance: the generic's unit
    fu = ws.by_display.get(origin.path)
    if fu is None or fu.tree is None:
        return
    # A spec whose subprograms are completed by expression functions in its
    # private part has no body file: compile the spec itself.
    for u in fu.unit_names:
        body = bodies.get(u.lower(), fu.src.path if is_spec_unit(fu.tree.root_node) else None)
        if body is not None and body not in targets:
            more[body] = body


def analyze(opts: Options, frontend: Frontend | None = None) -> tuple[Model, Workspace]:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), RECURSION_LIMIT))
    fe = frontend or TreeSitterGnat()
    ws, diags = fe.parse(opts)
    if opts.resolve:
        diags.extend(fe.resolve(ws, opts))
        diags = gnat_verdicts(ws, diags)
    model = build_model(ws, diags)
    return model, ws


def gnat_verdicts(ws: Workspace, diags: list[Diagnostic]) -> list[Diagnostic]:
    """A file the parser cannot read but GNAT compiles does not stop the program: its
    syntax errors become one warning naming it; the rest is judged, and the tasks it
    names are left alone (build_model).  A file GNAT rejects is named by GNAT's errors
    (the parser's go: GNAT says it better)."""
    unparsed = [fu for fu in ws.files if fu.tree is None and fu.syntax_errors]
    accepted = [fu for fu in unparsed if fu.resolved]
    gnat_says = {d.path for d in diags if d.message.startswith("GNAT: ")}
    drop = {d for fu in unparsed if fu.resolved or fu.display in gnat_says
            for d in fu.syntax_errors}
    out = [d for d in diags if d not in drop]
    for fu in accepted:
        first = fu.syntax_errors[0]
        out.append(Diagnostic(first.path, first.line, first.col, "warning",
                              f"rdv2po cannot parse this file ({first.message}), which GNAT "
                              "accepts: its tasks are not judged, and tasks it names are left "
                              "alone"))
    return out


def _named_unparsed(ws: Workspace) -> set[tuple]:
    """Entities GNAT says a file the parser could not read names."""
    bases = {fu.base for fu in ws.files if fu.tree is None and fu.resolved}
    if not bases:
        return set()
    return {key for (base, _l, _c), bucket in ws.xref.refs_at.items() if base in bases
            for key, _kind in bucket}


def _task_entities(ws: Workspace, fu: FileUnit, decl) -> set[tuple]:
    """The task's own entity, its entries', and those of the objects of its type."""
    keys = set()
    name = first_child(decl, "identifier")
    ent = ws.xref.declared_at(fu.pos(name)) if name is not None else None
    if ent is not None:
        keys.add(ent.key)
        ref = f"{ent.file}:{ent.line}:{ent.col}"
        keys |= {e.key for e in ws.xref.entities.values()
                 if e.type_ref == ref or e.component_ref == ref}
    tdef = first_child(decl, "task_definition")
    for e in (tdef.named_children if tdef is not None else ()):
        if e.type == "entry_declaration" and entry_name(e) is not None:
            keys.add(fu.pos(entry_name(e)))
    return keys


# Python's default (1000 frames) stops the analysis of a body nesting statements a
# few hundred deep; this many frames still fit the main thread's stack, measured.
RECURSION_LIMIT = 20000


def _too_deep(fu: FileUnit, decl, body_hit) -> Diagnostic:
    name = first_child(decl, "identifier")
    loc = body_hit[0].loc(body_hit[1])
    return Diagnostic(loc.path, loc.line, loc.col, "warning",
                      f"task {text(name) if name is not None else '?'}: its body nests "
                      "statements more deeply than rdv2po follows (Python's recursion "
                      "limit); it is left alone")


def build_model(ws: Workspace, diags: list[Diagnostic]) -> Model:
    table = build_entry_table(ws)
    sites = entry_call_sites(ws, table)
    unparsed = _named_unparsed(ws)
    raw = []
    for fu, decl in task_decls(ws):
        name = first_child(decl, "identifier")
        body_hit = find_body(ws, fu, decl)
        try:
            structure = body_structure(body_hit[1]) if body_hit is not None else None
        except RecursionError:
            diags.append(_too_deep(fu, decl, body_hit))
            body_hit = structure = None
        body = body_of(ws, table, *body_hit, structure) if body_hit is not None else None
        resolved = fu.resolved and (body_hit is None or body_hit[0].resolved) and not (
            unparsed and _task_entities(ws, fu, decl) & unparsed)
        raw.append(Task(
            name=text(name) if name is not None else "?",
            qualified_name=qualified_name(decl),
            kind="single" if decl.type == "single_task_declaration" else "type",
            unit=fu.main_unit, spec=fu.loc(decl),
            discriminants=discriminants(decl),
            entries=entries_of(fu, decl, sites), aspects=aspects_of(fu, decl),
            uses=uses_of(ws, fu, decl), resolved=resolved,
            body=body, classification=Classification("not_server", ()),
            site=task_site(ws, fu, decl, body_hit, structure)))
    roots = [c for t in raw if t.body is not None for c in t.body.calls]
    subs = reachable_subprograms(ws, table, roots)
    by_body = {s.body: s for s in subs}
    by_entry = {e.loc: (t, e.name) for t in raw for e in t.entries}
    tasks = tuple(sorted((dataclasses.replace(t, classification=classify(t, by_entry, by_body))
                          for t in raw), key=lambda t: t.spec))
    files = tuple(FileInfo(
        path=fu.display, units=fu.unit_names, lines=fu.src.n_lines,
        encoding=fu.src.encoding, newline=fu.src.newline, bom=fu.src.has_bom,
        parsed=fu.tree is not None, resolved=fu.resolved) for fu in ws.files)
    return Model(files=files, tasks=tasks, subprograms=subs,
                 diagnostics=tuple(sorted(set(diags))))
