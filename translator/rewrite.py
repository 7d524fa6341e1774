"""``rdv2po rewrite``: choose tasks, translate, verify, then diff or write.

Nothing is written unless every translated task's edits apply without
overlap, every rewritten file parses again, and GNAT accepts the rewritten
program.  Writes are all or none (see writer.py).
"""

from __future__ import annotations

import contextlib
import dataclasses
import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path

from .write import edits as editing
from .write import journal, mirror, origin, verify
from .write import passes as passes_
from .frontend.analysis import Options, _compile_targets, analyze
from .frontend.classify import entry_calls
from .diagnostics import Diagnostic, ToolFailure
from .model import Location, Model, Task
from .schemes import registry
from .schemes.base import (ACTIVATION_NOTE, MASTER_NOTE, Declined, Refusal, Scheme,
                           SchemeContext, names_in_use)
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
    # the other schemes that took the task and refused it, each as (scheme, how many
    # obstacles, the first); ``scheme`` is the one that came closest (fewest obstacles)
    others: tuple = ()


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
    # byte ranges on the user's files whose application makes ``changes`` (origin.py
    # maps a rewritten line back through them): the edits themselves after one pass,
    # the differing lines after several
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
            # a Latin-1 file's bytes kept as they are (surrogates), for git apply
            a = old.decode("utf-8", "surrogateescape").splitlines(keepends=True)
            b = new.decode("utf-8", "surrogateescape").splitlines(keepends=True)
            out.extend(difflib.unified_diff(a, b, f"a/{name}", f"b/{name}"))
        return "".join(ln if ln.endswith("\n") else ln + "\n\\ No newline at end of file\n"
                       for ln in out)


# A run goes on while a pass rewrites tasks and leaves others its rewrite touched;
# each pass rewrites at least one task more, so this only bounds a bug.
MAX_PASSES = 8


@dataclass
class _Pass:
    """What one pass over one text of the program decided and changed."""
    decisions: dict[str, Decision] = field(default_factory=dict)    # by the pass's names
    notes: dict[str, list[Diagnostic]] = field(default_factory=dict)   # each refusal's lines
    done: dict[str, tuple[Task, list[editing.Edit]]] = field(default_factory=dict)
    deferred: set[Location] = field(default_factory=set)   # tasks (their declarations)
    # refused only because their rewrite overlaps another's
    edits: list[editing.Edit] = field(default_factory=list)
    new: dict[Path, bytes] = field(default_factory=dict)


def run(opts: Options, scheme: str = registry.DEFAULT, select: tuple[str, ...] = (),
        verify_with_gnat: bool = True, analysed: tuple[Model, Workspace] | None = None,
        passes: int = MAX_PASSES) -> Outcome:
    """Translate the chosen tasks, to the fixed point: when a pass leaves tasks its
    rewrite touched (nested in a rewritten task, their text changed by another's
    rewrite, calling a rewritten task's entries), the next pass analyses the rewritten
    text in a private mirror and translates them (``passes`` at most).  The changes
    are from the user's bytes to the last pass's text.
    ``verify_with_gnat=False`` skips only the GNAT compilation of the result (for a
    quick lint); such an outcome must not be written.  ``analysed``: the model and
    workspace of ``opts``, when the caller has them already (the schemes only read
    them)."""
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
    if not select:
        out.diagnostics += _passed_over(model, selection)
    first = _one_pass(ws, model, opts, chosen, selection, verify_with_gnat)
    history = passes_.History({fu.src.path: fu.src.data for fu in ws.files},
                              {fu.display: fu.src.path for fu in ws.files})
    history.add(first.edits, first.new, {})
    decisions, notes = dict(first.decisions), dict(first.notes)
    names = _UserNames(model, chosen, history)
    if passes > 1 and first.done:
        # with --select, a later pass takes only selected tasks
        allowed = frozenset(t.qualified_name for t in chosen) if select else None
        _later_passes(first, (opts, model, ws), selection, verify_with_gnat, passes,
                      history, names, (decisions, notes), allowed)
    if not select:
        for t in _untaken(model, selection, decisions):
            d = decisions[t.qualified_name] = _untaken_decision(t)
            notes[t.qualified_name] = [Diagnostic(
                d.loc.path, d.loc.line, d.loc.col, "warning",
                f"task {t.name} not rewritten: {d.construct}: {d.reason}")]
    out.decisions = decisions
    out.rewritten = [k for k, d in decisions.items() if d.rewritten]
    out.refused = [k for k, d in decisions.items() if not d.rewritten]
    out.diagnostics += [n for k in out.refused for n in notes.get(k, ())]
    out.changes = history.changes()
    shown = {path: display for display, path in history.display.items()}
    out.shown = {p: shown[p] for p in out.changes}
    out.edits = (first.edits if len(history.layers) == 1
                 else [e for p, (old, new) in out.changes.items()
                       for e in editing.between(p, old, new)])
    out.verified = verify_with_gnat
    return out


def _later_passes(first: _Pass, analysed: tuple[Options, Model, Workspace],
                  selection: registry.Selection, verify_with_gnat: bool, passes: int,
                  history: passes_.History, names: _UserNames, into: tuple[dict, dict],
                  allowed: frozenset[str] | None) -> None:
    """The passes after the first, each over the text the one before made; their
    decisions replace the earlier ones of the same tasks, told in the user's lines."""
    decisions, notes = into
    cur, (opts, model, ws) = first, analysed
    to_user: dict[Path, Path] = {}
    with contextlib.ExitStack() as mirrors:      # a pass's verification reads the one before
        for k in range(2, passes + 1):
            key = names.of_pass(k - 1)
            again = _again(model, cur, key, selection)
            if allowed is not None:
                again &= allowed
            if not again:
                return
            mirrored = mirrors.enter_context(mirror.rewritten(ws, cur.new, opts))
            if any(d.severity == "error" for d in mirrored.model.diagnostics):
                return     # the rewritten text cannot be analysed again: as the first passes left it
            to_user = {m: to_user.get(o, o) for m, o in mirrored.original.items()}
            key = names.of_pass(k)
            wanted = [t for t in _distinct(_choose(mirrored.model, (), selection))
                      if key(t) in again]
            nxt = _one_pass(mirrored.ws, mirrored.model, mirrored.opts, wanted, selection,
                            verify_with_gnat)
            if nxt.edits:
                history.add(nxt.edits, nxt.new, to_user)
            by_name = {t.qualified_name: t for t in wanted}
            for name, d in nxt.decisions.items():
                user = key(by_name[name])
                decisions.pop(user, None)      # the latest decision, in the order taken
                decisions[user] = names.relocate(d, user, k - 1)
                notes[user] = [names.relocate_note(n, k - 1) for n in nxt.notes.get(name, ())]
            if not nxt.done:
                return
            cur, opts, model, ws = nxt, mirrored.opts, mirrored.model, mirrored.ws


# tasks whose kind depends on the tasks they call; a client with entries that called
# only rewritten entries (now perhaps protected procedures) may be a one-shot server
_CALLING = ("mixed", "calling_server")


def _again(model: Model, p: _Pass, key, selection: registry.Selection) -> set[str]:
    """The tasks (by the user's names) a pass left that its rewrite touched: refused
    only for overlapping another's rewrite, written in text an edit changed (a task
    nested in a rewritten one, a task whose uses of another changed), or calling the
    entries of a task it rewrote (a mixed task may now be a server, a calling server's
    workers protected objects, a client with entries calling only those a server
    whose calls are protected procedure calls)."""
    rewritten = {t.qualified_name for t, _es in p.done.values()}
    entries = {e.loc for t, _es in p.done.values() for e in t.entries}
    subs = {s.body: s for s in model.subprograms}
    by_path: dict[Path, list[editing.Edit]] = {}
    for e in p.edits:
        by_path.setdefault(e.path, []).append(e)
    found = set()
    for t in model.tasks:
        if t.qualified_name in rewritten or t.body is None or _is_agent(t):
            continue
        taken = selection.scheme_for(t) is not None
        calls = entry_calls(t, subs) if t.classification.kind in _CALLING + ("client",) \
            else []
        if ((taken and (t.spec in p.deferred or _edited(t, by_path)))
                or (t.classification.kind in _CALLING
                    and any(c.decl in entries for c in calls))
                or (t.classification.kind == "client" and t.entries and calls
                    and all(c.decl in entries for c in calls))):
            found.add(key(t))
    return found


def _edited(t: Task, by_path: dict[Path, list[editing.Edit]]) -> bool:
    site = t.site
    if site is None:
        return False
    spans = [(site.spec_fu, site.decl)]
    if site.body is not None:
        spans.append((site.body_fu, site.body))
    if site.stub is not None:
        spans.append(site.stub)
    return any(e.start < node.end_byte and node.start_byte < max(e.end, e.start + 1)
               for fu, node in spans for e in by_path.get(fu.src.path, ()))


class _UserNames:
    """The user's name of a task of any pass (the first pass's name of the task it
    was), and a later pass's decisions told in the user's lines."""

    def __init__(self, model: Model, chosen: list[Task], history: passes_.History) -> None:
        self.history = history
        self._place: re.Pattern | None = None
        self.first = {t.spec: t.qualified_name for t in model.tasks}
        self.first.update({t.spec: t.qualified_name for t in chosen})
        self.specs = {name: spec for spec, name in self.first.items()}
        self.by_name: dict[str, list[str]] = {}
        for t in model.tasks:
            self.by_name.setdefault(t.name.lower(), []).append(self.first[t.spec])

    def of_pass(self, k: int):
        """The key of a task of the model pass ``k`` read (pass 1: the user's text)."""
        def key(t: Task) -> str:
            if k == 1:
                return self.first.get(t.spec, t.qualified_name)
            spec = self.history.locate(t.spec, k - 1)
            if spec in self.first:
                return self.first[spec]
            same = self.by_name.get(t.name.lower(), [])
            return same[0] if len(same) == 1 else t.qualified_name
        return key

    def relocate(self, d: Decision, user: str, passes: int) -> Decision:
        where = lambda loc: self.history.locate(loc, passes)
        say = lambda words: self._places(words, passes)
        loc = self.specs.get(user, where(d.loc)) if d.rewritten else where(d.loc)
        obstacles = tuple(Refusal(where(o.loc), say(o.construct), say(o.reason))
                          for o in d.obstacles)
        d = dataclasses.replace(d, others=tuple(
            (s, n, Refusal(where(o.loc), say(o.construct), say(o.reason)))
            for s, n, o in d.others))
        return dataclasses.replace(d, task=user, loc=loc, construct=say(d.construct),
                                   reason=say(d.reason), obstacles=obstacles)

    def relocate_note(self, n: Diagnostic, passes: int) -> Diagnostic:
        loc = self.history.locate(Location(n.path, n.line, n.col), passes)
        return dataclasses.replace(n, line=loc.line, col=loc.col,
                                   message=self._places(n.message, passes))

    def _places(self, words: str, passes: int) -> str:
        """A reason naming another place ('called ... at src/main.adb:411:12') names
        the user's line."""
        if ":" not in words:
            return words
        if self._place is None:
            shown = sorted(self.history.display, key=len, reverse=True)
            self._place = re.compile(
                "(" + "|".join(map(re.escape, shown)) + r"):(\d+):(\d+)")

        def user(m: re.Match) -> str:
            loc = self.history.locate(Location(m[1], int(m[2]), int(m[3])), passes)
            return str(loc)
        return self._place.sub(user, words)


def _one_pass(ws: Workspace, model: Model, opts: Options, chosen: list[Task],
              selection: registry.Selection, verify_with_gnat: bool) -> _Pass:
    """Translate ``chosen`` in the text of ``ws``; verify the edits with GNAT."""
    p = _Pass()
    used_by: dict[str, str] = {}
    names = names_in_use(ws) if chosen else frozenset()
    for task in chosen:
        used = used_by[task.qualified_name] = _scheme_of(task, selection).name
        try:
            used, es = _translate(ws, model, task, selection, p.done, names)
            used_by[task.qualified_name] = used
            _no_overlap(p, task, es)
        except Declined:
            del used_by[task.qualified_name]
            continue
        except (Refusal, _Refused) as exc:
            used, r, others = (exc.scheme, exc.refusal, exc.others) \
                if isinstance(exc, _Refused) else (used, exc, ())
            found = r.all
            _refuse(p, task, r.loc.path, r.loc.line, r.loc.col, f"{r.construct}: {r.reason}",
                    Decision(task.qualified_name, used, False, r.loc, r.construct, r.reason,
                             tuple(found), others))
            for more in found[1:]:
                p.notes[task.qualified_name].append(Diagnostic(
                    more.loc.path, more.loc.line, more.loc.col, "warning",
                    f"task {task.name} not rewritten: {more.construct}: {more.reason}"))
            if others:
                p.notes[task.qualified_name].append(Diagnostic(
                    task.spec.path, task.spec.line, task.spec.col, "note",
                    _others_line(task, used, len(found), others)))
        except Exception as exc:   # a scheme's bug must not cost the user the other tasks
            why = (f"internal error in rdv2po ({type(exc).__name__}: {exc}); this task was "
                   "left alone; please report it with the task's source")
            if isinstance(exc, RecursionError):
                why = ("its body nests statements more deeply than rdv2po follows (Python's "
                       "recursion limit); this task was left alone")
            _refuse(p, task, task.spec.path, task.spec.line, task.spec.col, why,
                    Decision(task.qualified_name, used, False, task.spec, task.name, why))
        else:
            p.done[task.qualified_name] = (task, es)
            p.decisions[task.qualified_name] = Decision(task.qualified_name, used, True,
                                                        task.spec)
    if p.done and verify_with_gnat:
        _verify_all(ws, opts, p, used_by)
    p.edits = merge_context([e for _t, es in p.done.values() for e in es])
    by_path = _by_path(p.edits)
    for fu in ws.files:
        if fu.src.path in by_path:
            p.new[fu.src.path] = _apply(fu, by_path[fu.src.path])
    return p


def _by_path(edits: list[editing.Edit]) -> dict[Path, list[editing.Edit]]:
    found: dict[Path, list[editing.Edit]] = {}
    for e in edits:
        found.setdefault(e.path, []).append(e)
    return found


def _translate(ws: Workspace, model: Model, task: Task, selection: registry.Selection,
               done: dict, names: frozenset[str]) -> tuple[str, list[editing.Edit]]:
    """The name of the scheme that translates ``task`` and its edits: the selection's
    schemes that take it are tried in order.  When all refuse, the refusal of the one
    that came closest (fewest obstacles; the first of equals) is raised, naming the
    others: its obstacles are what stands between the task and a translation."""
    refused: list[tuple[str, Refusal]] = []
    for scheme in selection.schemes_for(task):
        ctx = SchemeContext(ws, model, frozenset(done), lambda t: _site(ws, t), names)
        try:
            es = scheme.translate(ctx, task)
        except Refusal as r:
            refused.append((scheme.name, r))
            continue
        except Declined:
            continue
        return scheme.name, es + with_edits(ctx.withs)
    if not refused:
        raise Declined(task.qualified_name)
    closest = min(refused, key=lambda sr: len(sr[1].all))
    raise _Refused(closest[0], closest[1], tuple((name, len(r.all), r.all[0])
                                                  for name, r in refused if r is not closest[1]))


class _Refused(Exception):
    """Every scheme that took a task refused it: the closest one's refusal, and the
    others as (scheme, how many obstacles, the first)."""

    def __init__(self, scheme: str, refusal: Refusal, others: tuple):
        super().__init__(scheme)
        self.scheme, self.refusal, self.others = scheme, refusal, others


def _others_line(task: Task, used: str, count: int, others: tuple) -> str:
    """One line naming the schemes that refused a task besides the one reported."""
    def plural(n: int) -> str:
        return f"{n} obstacle{'s' if n != 1 else ''}"
    each = "; ".join(f"the {name} scheme ({plural(n)}, the first at {first.loc}: "
                     f"{first.construct})" for name, n, first in others)
    return (f"task {task.name}: the {used} scheme's obstacles are shown, it came closest "
            f"({plural(count)}); also refused by {each}")


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


def _verify_all(ws: Workspace, opts: Options, p: _Pass, used_by: dict[str, str]) -> None:
    """GNAT compiles the whole rewritten program; the tasks it objects to are dropped,
    found by halving the set (a few compilations, not one per task: each compiles the
    program's every unit that declares a task or names an entry)."""
    targets = _Targets(ws, opts)
    check = lambda names: _verify(ws, opts, [e for n in names for e in p.done[n][1]], targets)
    problems = check(list(p.done))
    if problems and len(p.done) > 1:
        for name, alone in _guilty(list(p.done), check, problems).items():
            task, es = p.done.pop(name)
            _reject(p, task, alone, used_by[name], ws, es)
        problems = check(list(p.done)) if p.done else []
    if problems:   # tasks GNAT accepts one by one, not together
        every = [e for _t, es in p.done.values() for e in es]
        for name, (task, _es) in p.done.items():
            _reject(p, task, problems, used_by[name], ws, every)
        p.done.clear()


def _guilty(names: list[str], check, problems: list[Diagnostic]
            ) -> dict[str, list[Diagnostic]]:
    """The tasks whose rewrite GNAT rejects alone, with its messages: the failing
    halves of ``names``, halved again."""
    if len(names) == 1:
        return {names[0]: problems}
    found: dict[str, list[Diagnostic]] = {}
    half = len(names) // 2
    for part in (names[:half], names[half:]):
        mine = check(part)
        if mine:
            found.update(_guilty(part, check, mine))
    return found


def _apply(fu, edits: list[editing.Edit]) -> bytes:
    return editing.apply(fu.src.data, edits, fu.src.encoding, fu.src.newline)


class _Targets:
    """What GNAT compiles to verify a rewrite, found once per pass: the units the
    analysis compiled that read a changed file (their .ali's D lines: a unit that
    reads none compiles as it did), and the units of the changed files."""

    def __init__(self, ws: Workspace, opts: Options) -> None:
        every = _compile_targets(ws, opts.whole)
        self.compiled = set(every.values())
        self.of_file = _compile_targets(ws) if opts.whole else every
        self.reads = ws.depends

    def changed(self, new: dict[Path, bytes]) -> set[Path]:
        return {self.of_file.get(p, p) for p in new}

    def to_compile(self, new: dict[Path, bytes]) -> set[Path]:
        names = {p.name for p in new}
        return {t for t in self.compiled
                if not self.reads.get(t) or self.reads[t] & names} | self.changed(new)


def _verify(ws: Workspace, opts: Options, edits: list[editing.Edit], targets: _Targets
            ) -> list[Diagnostic]:
    """Errors in the program rewritten with ``edits``: reparse, then GNAT."""
    edits = merge_context(edits)
    try:
        editing.check_overlaps(edits)
    except editing.OverlapError as exc:
        raise ToolFailure(f"internal error, nothing written: {exc}") from exc
    by_path = _by_path(edits)
    new = {fu.src.path: _apply(fu, by_path[fu.src.path]) for fu in ws.files
           if fu.src.path in by_path}
    problems = verify.reparse(ws, new)
    if problems:
        return problems
    changed = targets.changed(new)
    compiled = targets.to_compile(new)
    if opts.project:
        return verify.compile_mirror(ws, new, compiled, list(opts.switches),
                                     list(opts.include), opts.project, opts.jobs, changed)
    # The mirror holds what GNAT compiles and what changed; the rest it finds where it
    # is, after the mirror (a lint compiles a tree's task units, not its thousands of
    # files: copying every file cost more than compiling).
    mirrored = set(new) | compiled
    part = Workspace([fu for fu in ws.files if fu.src.path in mirrored], ws.xref,
                     ws.runtime_warnings, config=ws.config, depends=ws.depends)
    near = sorted({str(fu.src.path.parent) for fu in ws.files})
    include = [*near, *(i for i in opts.include if i not in near)]
    return verify.compile_mirror(part, new, compiled, list(opts.switches), include,
                                 None, opts.jobs, changed)


def _refuse(p: _Pass, task: Task, path: str, line: int, col: int, why: str,
            decision: Decision) -> None:
    p.decisions[task.qualified_name] = decision
    p.notes[task.qualified_name] = [Diagnostic(path, line, col, "warning",
                                               f"task {task.name} not rewritten: {why}")]


def _reject(p: _Pass, task: Task, problems: list[Diagnostic], scheme: str,
            ws: Workspace, edits: list[editing.Edit]) -> None:
    """GNAT rejected the rewrite: the task stays, GNAT's first message says why, at the
    user's line the rejected text was made from (the rewritten text is never shown)."""
    first = problems[0]
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    fu = ws.by_display.get(first.path)
    line = first.line if fu is None else origin.original_line(
        fu.src.data, [e for e in merge_context(edits) if e.path == fu.src.path], first.line)
    who = "GNAT rejects" if first.message.startswith("GNAT") else "rdv2po rejects"
    why = (f"{who} the translation of {first.path}:{line}: "
           f"{origin.gnat_says(first.message)}{more}; nothing of this task was changed")
    _refuse(p, task, task.spec.path, task.spec.line, task.spec.col, why,
            Decision(task.qualified_name, scheme, False, task.spec, task.name, why))


def write(out: Outcome) -> None:
    if not out.verified:
        raise ToolFailure("internal error: changes GNAT did not check are never written")
    write_all(out.changes)


def _no_overlap(p: _Pass, task: Task, es: list[editing.Edit]) -> None:
    """A task whose edits overlap another's is refused in this pass, naming the other;
    the next pass, over the rewritten text, takes it (run)."""
    for name, (_t, other) in p.done.items():
        try:
            editing.check_overlaps(merge_context(other + es))
        except editing.OverlapError:
            p.deferred.add(task.spec)
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
                                            ";  " + ACTIVATION_NOTE, ";  " + MASTER_NOTE))
                               for ln in lines)


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
                why = selection.not_taken.format(kind=_kind(t))
                if _is_agent(t):
                    why = "is the agent task of an earlier general-scheme rewrite"
                raise ToolFailure(f"--select {name}: {t.qualified_name} {why}")
            if t not in chosen:
                chosen.append(t)
    return sorted(chosen, key=order)


def _passed_over(model: Model, selection: registry.Selection) -> list[Diagnostic]:
    """A note for each server task a chosen ``--scheme`` does not translate (the
    caller-runs scheme alone passes calling servers and mixed tasks by): without it
    such a task is neither rewritten nor refused, and the summary does not count it."""
    servers = registry.SERVER
    return [Diagnostic(t.spec.path, t.spec.line, t.spec.col, "note",
                       f"task {t.name}: not translated: it "
                       + selection.not_taken.format(kind=_kind(t)))
            for t in model.tasks
            if t.body is not None and not _is_agent(t) and servers.scheme_for(t) is not None
            and t.classification.kind != "client" and selection.scheme_for(t) is None]


def _untaken(model: Model, selection: registry.Selection, decisions: dict) -> list[Task]:
    """Tasks with entries, their body in the sources, that no scheme of the run took
    and no other note names (``_passed_over``): without a decision they were neither
    rewritten nor refused, and lint counted them as nothing to do."""
    return [t for t in model.tasks
            if t.entries and t.body is not None and not _is_agent(t)
            and t.qualified_name not in decisions and selection.scheme_for(t) is None
            and registry.SERVER.scheme_for(t) is None]


def _untaken_decision(t: Task) -> Decision:
    """The refusal of a task no scheme takes: the client the classifier saw (its
    accepts in no server loop), and what keeps the caller-runs scheme from taking
    it as a one-shot server."""
    call = next((c for c in t.body.calls if c.kind in ("entry", "protected_entry")), None)
    head = ("no scheme takes it: it has entries, but its accepts are in no server loop "
            "(the accepting and calling schemes need one)")
    if call is not None:
        target = call.name or call.target
        return Decision(t.qualified_name, registry.CALLER_RUNS.name, False, call.loc,
                        f"{target}", head + f", and it calls {target}, an entry: the "
                        "caller-runs scheme takes a task that accepts each entry once only "
                        "when it calls no entry (its caller would run that call, waiting "
                        "for a third task inside its own call)")
    return Decision(t.qualified_name, registry.CALLER_RUNS.name, False, t.spec, t.name,
                    head + ", and they are not its statements accepting each entry once, "
                    "one after another (the caller-runs scheme's one-shot server): an "
                    "accept inside a loop, a branch or a select is none, but for a "
                    "select of that accept, unguarded, alone or with a terminate "
                    "alternative")


# the classifier's kinds, as the messages name them
KINDS = {"accepting_server": "an accepting server",
         "calling_server": "a calling server (it hands out work by calling other tasks' entries)",
         "mixed": "mixed (it accepts entries and calls other tasks' entries)",
         "client": "a client (no server loop of accepts)",
         "not_server": "no server"}


def _kind(task: Task) -> str:
    kind = task.classification.kind
    return KINDS.get(kind, kind.replace("_", " "))


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

