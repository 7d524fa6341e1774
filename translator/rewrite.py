"""``rdv2po rewrite``: choose tasks, translate, verify, then diff or write.

Nothing is written unless every translated task's edits apply without
overlap, every rewritten file parses again, and GNAT accepts the rewritten
program.  Writes are all or none (see writer.py).
"""

from __future__ import annotations

import dataclasses
import difflib
from dataclasses import dataclass, field
from pathlib import Path

from .write import edits as editing
from .write import journal
from .write import origin
from .write import verify
from .frontend.analysis import Options, _compile_targets, analyze
from .diagnostics import Diagnostic, ToolFailure
from .model import Location, Model, Task
from .schemes import registry
from .schemes.base import ACTIVATION_NOTE, Refusal, Scheme, SchemeContext, names_in_use
from .schemes.common.context import with_edits
from .schemes.common.site import Nodes
from .frontend.workspace import Workspace
from .write.writer import write_all

@dataclass(frozen=True)
class Decision:
    """What a run decided for one task: the scheme that rewrote it, or why not."""
    task: str                # qualified name
    scheme: str              # the name of the scheme (registry.SCHEMES) that took it
    rewritten: bool
    loc: Location            # the task's declaration, or the refused construct
    construct: str = ""      # the construct that stopped it, as written
    reason: str = ""         # why it stopped the scheme
    # every obstacle found, each with loc, construct and reason (the first is the
    # one above); empty when rewritten
    obstacles: tuple = ()


@dataclass
class Outcome:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    rewritten: list[str] = field(default_factory=list)    # qualified task names
    refused: list[str] = field(default_factory=list)
    decisions: dict[str, Decision] = field(default_factory=dict)   # by qualified name
    changes: dict[Path, tuple[bytes, bytes]] = field(default_factory=dict)
    shown: dict[Path, str] = field(default_factory=dict)
    input_errors: bool = False
    verified: bool = True      # False: GNAT did not check the changes; never write them
    # the edits behind ``changes``, byte ranges on the original files (origin.py maps a
    # rewritten line back through them)
    edits: list[editing.Edit] = field(default_factory=list)

    def diff_root(self) -> Path | None:
        """Where the diff applies when some file is outside the current directory (its
        names are then relative to the files' common directory); None: here."""
        if all(not Path(self.shown[p]).is_absolute() for p in self.changes):
            return None
        return journal.common_root(list(self.changes))

    def diff(self) -> str:
        """A unified diff that ``git apply`` and ``patch -p1`` take, in diff_root()."""
        out = []
        root = self.diff_root()
        for path, (old, new) in self.changes.items():
            name = self.shown[path] if root is None else path.relative_to(root).as_posix()
            a = old.decode("utf-8", "replace").splitlines(keepends=True)
            b = new.decode("utf-8", "replace").splitlines(keepends=True)
            out.extend(difflib.unified_diff(a, b, f"a/{name}", f"b/{name}"))
        return "".join(ln if ln.endswith("\n") else ln + "\n\\ No newline at end of file\n"
                       for ln in out)


def run(opts: Options, scheme: str = registry.DEFAULT, select: tuple[str, ...] = (),
        verify_with_gnat: bool = True, analysed: tuple[Model, Workspace] | None = None
        ) -> Outcome:
    """Translate the chosen tasks.  ``verify_with_gnat=False`` skips only the GNAT
    compilation of the result (for a quick lint); such an outcome must not be written.
    ``analysed``: the model and workspace of ``opts``, when the caller has them already
    (the schemes only read them)."""
    # A rewrite compiles every unit: an error anywhere stops it, and the checks of
    # the schemes see every declaration GNAT resolved.
    if analysed is None:
        opts = dataclasses.replace(opts, whole=True)
        analysed = analyze(opts)
    model, ws = analysed
    out = Outcome(diagnostics=list(model.diagnostics))
    out.input_errors = any(d.severity == "error" for d in model.diagnostics)
    if out.input_errors:
        return out
    for t in model.tasks:
        if t.body is None and t.entries:
            out.diagnostics.append(Diagnostic(
                t.spec.path, t.spec.line, t.spec.col, "warning",
                f"task {t.name}: its body is not in the given sources, so it is left alone "
                "(give the body's file or directory too)"))
    selection = registry.SELECTIONS[scheme]
    chosen = _distinct(_choose(model, select, selection))
    done: dict[str, tuple[Task, list[editing.Edit]]] = {}
    used_by: dict[str, str] = {}
    names = names_in_use(ws) if chosen else frozenset()
    for task in chosen:
        used = used_by[task.qualified_name] = _scheme_of(task, selection).name
        try:
            used, es = _translate(ws, model, task, selection, done, names)
            used_by[task.qualified_name] = used
            _no_overlap(done, task, es)
        except Refusal as r:
            found = r.all
            _refuse(out, task, r.loc.path, r.loc.line, r.loc.col, f"{r.construct}: {r.reason}",
                    Decision(task.qualified_name, used, False, r.loc, r.construct, r.reason,
                             tuple(found)))
            for more in found[1:]:
                out.diagnostics.append(Diagnostic(
                    more.loc.path, more.loc.line, more.loc.col, "warning",
                    f"task {task.name} not rewritten: {more.construct}: {more.reason}"))
        except Exception as exc:   # a scheme's bug must not cost the user the other tasks
            why = (f"internal error in rdv2po ({type(exc).__name__}: {exc}); this task was "
                   "left alone; please report it with the task's source")
            _refuse(out, task, task.spec.path, task.spec.line, task.spec.col, why,
                    Decision(task.qualified_name, used, False, task.spec, task.name, why))
        else:
            done[task.qualified_name] = (task, es)
            out.decisions[task.qualified_name] = Decision(task.qualified_name, used, True,
                                                          task.spec)
    if done and verify_with_gnat:
        _verify_all(ws, opts, out, done, used_by)
    out.rewritten = list(done)
    edits = out.edits = merge_context([e for _t, es in done.values() for e in es])
    for fu in ws.files:
        mine = [e for e in edits if e.path == fu.src.path]
        if mine:
            out.changes[fu.src.path] = (fu.src.data, _apply(fu, mine))
            out.shown[fu.src.path] = fu.display
    out.verified = verify_with_gnat
    return out


def _translate(ws: Workspace, model: Model, task: Task, selection: registry.Selection,
               done: dict, names: frozenset[str]) -> tuple[str, list[editing.Edit]]:
    """The name of the scheme that translates ``task`` and its edits: the selection's
    schemes that take it are tried in order; when all refuse, the first one's refusal
    (the one a user of that scheme alone would see) is raised."""
    first: Refusal | None = None
    for scheme in selection.schemes_for(task):
        ctx = SchemeContext(ws, model, frozenset(done), lambda t: _site(ws, t), names)
        try:
            es = scheme.translate(ctx, task)
        except Refusal as r:
            first = first or r
            continue
        return scheme.name, es + with_edits(ctx.withs)
    assert first is not None, "_choose takes only tasks a scheme of the selection takes"
    raise first


def _distinct(tasks: list[Task]) -> list[Task]:
    """Tasks of one name in unnamed blocks get their place in the name: the run keys
    its decisions and edits by name, and must not mistake one task for the other."""
    seen: dict[str, int] = {}
    for t in tasks:
        seen[t.qualified_name] = seen.get(t.qualified_name, 0) + 1
    return [dataclasses.replace(t, qualified_name=f"{t.qualified_name} ({t.spec})")
            if seen[t.qualified_name] > 1 else t for t in tasks]


def _scheme_of(task: Task, selection: registry.Selection) -> Scheme:
    found = selection.scheme_for(task)
    assert found is not None, "_choose takes only tasks a scheme of the selection takes"
    return found


def _verify_all(ws: Workspace, opts: Options, out: Outcome, done: dict,
                used_by: dict[str, str]) -> None:
    """GNAT compiles the whole rewritten program; tasks it objects to are dropped."""
    problems = _verify(ws, opts, [e for _t, es in done.values() for e in es])
    if problems and len(done) > 1:   # find the task(s) GNAT objects to
        for name, (task, es) in list(done.items()):
            alone = _verify(ws, opts, es)
            if alone:
                _reject(out, task, alone, used_by[name], ws, es)
                del done[name]
        problems = _verify(ws, opts, [e for _t, es in done.values() for e in es]) if done else []
    if problems:
        every = [e for _t, es in done.values() for e in es]
        for name, (task, _es) in done.items():
            _reject(out, task, problems, used_by[name], ws, every)
        done.clear()


def _apply(fu, edits: list[editing.Edit]) -> bytes:
    return editing.apply(fu.src.data, edits, fu.src.encoding, fu.src.newline)


def _verify(ws: Workspace, opts: Options, edits: list[editing.Edit]) -> list[Diagnostic]:
    """Errors in the program rewritten with ``edits``: reparse, then GNAT."""
    edits = merge_context(edits)
    try:
        editing.check_overlaps(edits)
    except editing.OverlapError as exc:
        raise ToolFailure(f"internal error, nothing written: {exc}") from exc
    new = {}
    for fu in ws.files:
        mine = [e for e in edits if e.path == fu.src.path]
        if mine:
            new[fu.src.path] = _apply(fu, mine)
    problems = verify.reparse(ws, new)
    if problems:
        return problems
    changed = _targets_of_changed(ws, new)
    targets = set(_compile_targets(ws, opts.whole).values()) | changed
    return verify.compile_mirror(ws, new, targets, list(opts.switches),
                                 list(opts.include), opts.project, opts.jobs, changed)


def _refuse(out: Outcome, task: Task, path: str, line: int, col: int, why: str,
            decision: Decision) -> None:
    out.refused.append(task.qualified_name)
    out.decisions[task.qualified_name] = decision
    out.diagnostics.append(Diagnostic(path, line, col, "warning",
                                      f"task {task.name} not rewritten: {why}"))


def _reject(out: Outcome, task: Task, problems: list[Diagnostic], scheme: str,
            ws: Workspace, edits: list[editing.Edit]) -> None:
    """GNAT rejected the rewrite: the task stays, GNAT's first message says why, at the
    user's line the rejected text was made from (the rewritten text is never shown)."""
    first = problems[0]
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    fu = ws.by_display.get(first.path)
    line = first.line if fu is None else origin.original_line(
        fu.src.data, [e for e in merge_context(edits) if e.path == fu.src.path], first.line)
    why = (f"GNAT rejects the translation of {first.path}:{line}: "
           f"{origin.gnat_says(first.message)}{more}; nothing of this task was changed")
    _refuse(out, task, task.spec.path, task.spec.line, task.spec.col, why,
            Decision(task.qualified_name, scheme, False, task.spec, task.name, why))


def write(out: Outcome) -> None:
    if not out.verified:
        raise ToolFailure("internal error: changes GNAT did not check are never written")
    write_all(out.changes)


def _no_overlap(done: dict, task: Task, es: list[editing.Edit]) -> None:
    """A task whose edits overlap another's is refused, naming the other."""
    for name, (_t, other) in done.items():
        try:
            editing.check_overlaps(merge_context(other + es))
        except editing.OverlapError:
            raise Refusal(task.spec, task.name, f"its rewrite changes the same text "
                                    f"as the rewrite of {name}; rewrite one, then run again")


def merge_context(edits: list[editing.Edit]) -> list[editing.Edit]:
    """Context clauses that several tasks add at one place become one edit.

    Each task's ``need_with`` requests are one edit per context clause already
    (context.with_edits); a general-scheme subunit moved into its stub's file
    brings its own clauses (general/separate).  ``with`` clauses commute, so two
    insertions of them at the same offset are not a conflict: their lines are
    united (each once).  Anything else that overlaps is still an error
    (edits.check_overlaps).
    """
    groups: dict[tuple[Path, int], list[editing.Edit]] = {}
    rest = []
    activations: dict[tuple[Path, int], list[editing.Edit]] = {}
    for e in edits:
        if e.start == e.end and _only_with_clauses(e.text):
            groups.setdefault((e.path, e.start), []).append(e)
        elif e.start == e.end and _only_activations(e.text):
            activations.setdefault((e.path, e.start), []).append(e)
        else:
            rest.append(e)
    for (path, pos), group in groups.items():
        lines = list(dict.fromkeys(ln for e in group for ln in e.text.splitlines(keepends=True)))
        origins = "; ".join(dict.fromkeys(e.origin for e in group))
        rest.append(editing.Edit(path, pos, pos, "".join(lines), origins))
    for (path, pos), group in activations.items():
        # the tasks of one declarative part are activated together, in no given order;
        # a check raising Tasking_Error for a failed activation goes after the calls
        group.sort(key=lambda e: e.text.lstrip().startswith("if "))
        origins = "; ".join(dict.fromkeys(e.origin for e in group))
        rest.append(editing.Edit(path, pos, pos, "".join(e.text for e in group), origins))
    return sorted(rest)


def _only_activations(txt: str) -> bool:
    """Calls inserted where tasks were activated (each line ends with the note)."""
    lines = [ln for ln in txt.splitlines() if ln.strip()]
    return bool(lines) and all(ln.endswith((";  " + ACTIVATION_NOTE + ", waiting at its select",
                                            ";  " + ACTIVATION_NOTE)) for ln in lines)


def _only_with_clauses(txt: str) -> bool:
    lines = txt.splitlines()
    return bool(lines) and all(ln.startswith("with ") and ln.endswith(";") for ln in lines)


def _choose(model: Model, select: tuple[str, ...], selection: registry.Selection) -> list[Task]:
    """The tasks a scheme of ``selection`` takes, in the schemes' order (stable).

    The task types a scheme generated itself (the general scheme's agents) are
    never taken again.
    """
    def eligible(t: Task) -> bool:
        # A task without a body in the sources was warned about already.
        if _is_agent(t) or t.body is None:
            return False
        return selection.scheme_for(t) is not None

    def order(t: Task) -> int:
        return _scheme_of(t, selection).order(t)

    if not select:
        return sorted((t for t in model.tasks if eligible(t)), key=order)
    chosen = []
    for name in select:
        hits = [t for t in model.tasks if name.lower() in (t.name.lower(), t.qualified_name.lower())]
        if not hits:
            known = ", ".join(t.qualified_name for t in model.tasks) or "none"
            raise ToolFailure(f"--select {name}: no such task (tasks found: {known})")
        for t in hits:
            if not eligible(t):
                why = selection.not_taken.format(kind=t.classification.kind.replace('_', ' '))
                if _is_agent(t):
                    why = "is the agent task of an earlier general-scheme rewrite"
                raise ToolFailure(f"--select {name}: {t.qualified_name} {why}")
            if t not in chosen:
                chosen.append(t)
    return sorted(chosen, key=order)


def _is_agent(task: Task) -> bool:
    return task.site is not None and any(s.generated(task.site.decl) for s in registry.SCHEMES)


def _site(ws: Workspace, task: Task) -> Nodes:
    """The task's site, as the front end found it, for a scheme to translate."""
    site = task.site
    if site is None or site.body is None:
        raise LookupError(f"the body of task {task.name} is not in the given sources")
    if site.stub is not None and site.stub[0] not in ws.units():
        # a partial program (lint): a stub in a unit that did not compile is no stub here
        site = dataclasses.replace(site, stub=None)
    return site


def _targets_of_changed(ws: Workspace, new: dict[Path, bytes]) -> set[Path]:
    targets = _compile_targets(ws)
    return {targets.get(p, p) for p in new}
