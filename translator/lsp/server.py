"""The language server: buffers in; diagnostics, a rewrite action and hover out.

Diagnostics are the lint's, for the whole program a file belongs to, on
open and on save; they are computed on the editor's text (saved or not) in
a worker process over a private mirror (jobs.py, mirror.py).  The action
"Rewrite task T ..." runs ``rdv2po rewrite --select T`` the same way and
hands the editor exactly the text that command would write, or says why
not -- also when a buffer changed while it was computed.  Nothing here
writes a user's file: the editor applies the edit.
"""

from __future__ import annotations

import asyncio
import logging
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from .. import __version__
from ..diagnostics import ToolFailure
from . import convert, ruledocs
from .protocol import Server
from .jobs import Runner, Superseded
from .mirror import Mirror, Program, decode, inside
from .scope import ServerOptions, lint_arguments, program_of

COMMAND = "rdv2po.rewriteTask"
ACTION_KIND = types.CodeActionKind.RefactorRewrite
# what each eliminating scheme makes of a task, for the action's title
BECOMES = {"accepting-server": "a protected object", "calling-server": "a protected object",
           "caller-runs-server": "a package its callers run"}

log = logging.getLogger(__name__)


@dataclass
class Snapshot:
    """The editor's buffers a run read: their text, by path, and versions, by URI."""
    texts: dict[Path, str] = field(default_factory=dict)
    versions: dict[str, int] = field(default_factory=dict)
    uris: dict[Path, str] = field(default_factory=dict)


@dataclass
class Found:
    """One published finding: the engine's record and the diagnostic made of it."""
    finding: dict
    diagnostic: types.Diagnostic


class Session:
    def __init__(self, ls: LanguageServer, opts: ServerOptions, mirror: Mirror) -> None:
        self.ls, self.opts, self.mirror = ls, opts, mirror
        self.runner = Runner(self.log)
        self.found: dict[Program, dict[str, list[Found]]] = {}
        self._tasks: set[asyncio.Task] = set()
        self.shut_down = False

    # --- talking to the editor

    def log(self, message: str, kind: types.MessageType = types.MessageType.Log) -> None:
        self.ls.window_log_message(types.LogMessageParams(type=kind, message=message))

    def tell(self, message: str, kind: types.MessageType = types.MessageType.Warning) -> None:
        self.log(message, kind)
        self.ls.window_show_message(types.ShowMessageParams(type=kind, message=message))

    def units(self, text: str) -> int:
        return self.ls.workspace.position_codec.client_num_units(text)

    # --- the buffers

    def snapshot(self) -> Snapshot:
        snap = Snapshot()
        for doc in list(self.ls.workspace.text_documents.values()):
            path = Path(doc.path).resolve()
            snap.texts[path], snap.uris[path] = doc.source, doc.uri
            snap.versions[doc.uri] = doc.version
        return snap

    def text_of(self, path: Path, snap: Snapshot | None = None) -> str | None:
        """The text the editor has (had, in ``snap``), else the file's."""
        snap = snap or self.snapshot()
        if path in snap.texts:
            return snap.texts[path]
        try:
            return decode(path.read_bytes())
        except OSError:
            return None

    def uri_for(self, path: Path, snap: Snapshot) -> str:
        return snap.uris.get(path) or from_fs_path(str(path))

    # --- running

    def spawn(self, work, uri: str) -> None:
        """Run ``work`` beside the editor's requests; a bug in it is reported on
        ``uri`` and in the log, and the server goes on."""
        async def guarded():
            try:
                await work
            except Exception:
                self.publish_failure(None, uri, _why({"crash": traceback.format_exc()}), None)
        task = asyncio.ensure_future(guarded())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def program(self, uri: str) -> Program:
        path = to_fs_path(uri)
        if path is None:
            raise ToolFailure(f"{uri}: not a file")
        return program_of(Path(path).resolve(), self.opts)

    async def run(self, program: Program, kind: str, **extra) -> tuple[dict, Snapshot]:
        """The worker's answer, and the buffers it read (taken when the run's turn came)."""
        taken = Snapshot()

        async def prepare() -> dict:
            nonlocal taken
            taken = self.snapshot()
            await asyncio.to_thread(self.mirror.sync, program, taken.texts)
            root = self.mirror.root(program)
            return {"kind": kind, "cwd": str(inside(root, program.root)), "mirror": str(root),
                    "args": lint_arguments(program, self.opts, root), **extra}
        answer = await self.runner.run(program, kind, prepare)
        return answer, taken

    # --- diagnostics

    async def lint(self, uri: str) -> None:
        try:
            program = self.program(uri)
        except ToolFailure as exc:
            self.publish_failure(None, uri, str(exc), None)
            return
        try:
            answer, snap = await self.run(program, "lint")
        except Superseded:
            self.log(f"rdv2po: a newer lint of {program.root} replaced the one for {uri}")
            return
        if "findings" in answer:
            self.publish(program, answer, snap, uri)
            self.log(answer["summary"])
        else:
            self.publish_failure(program, uri, _why(answer), snap)

    def publish(self, program: Program, answer: dict, snap: Snapshot, trigger: str) -> None:
        texts: dict[str, list[str]] = {}

        def lines_of(path: str) -> list[str]:
            if path not in texts:
                texts[path] = convert.lines(self.text_of(Path(path), snap) or "")
            return texts[path]

        by_uri: dict[str, list[Found]] = {trigger: []}
        for f in answer["findings"]:
            related = [types.DiagnosticRelatedInformation(
                types.Location(self.uri_for(Path(r["path"]), snap),
                               convert.word_range(lines_of(r["path"]), r["line"], r["col"],
                                                  self.units)), r["message"])
                for r in f["related"]]
            d = convert.diagnostic(f, lines_of(f["path"]), self.units, related,
                                   ruledocs.doc_uri(f["rule"]))
            by_uri.setdefault(self.uri_for(Path(f["path"]), snap), []).append(Found(f, d))
        for e in answer["errors"]:
            d = convert.error(e, lines_of(e["path"]), self.units)
            by_uri.setdefault(self.uri_for(Path(e["path"]), snap), []).append(Found(e, d))
        self.replace(program, by_uri, snap)

    def publish_failure(self, program: Program | None, uri: str, why: str,
                        snap: Snapshot | None) -> None:
        """The lint could not run: one diagnostic on the file it was run for says why."""
        self.log(f"rdv2po: {why}", types.MessageType.Error)
        first = why.strip().splitlines()[0] if why.strip() else "unknown"
        d = types.Diagnostic(range=types.Range(types.Position(0, 0), types.Position(0, 0)),
                             message=f"rdv2po: {first}", source=convert.SOURCE,
                             severity=types.DiagnosticSeverity.Error)
        by_uri = {uri: [Found({}, d)]}
        if program is None:
            self.ls.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uri, diagnostics=[d]))
        else:
            self.replace(program, by_uri, snap or Snapshot())

    def replace(self, program: Program, by_uri: dict[str, list[Found]], snap: Snapshot) -> None:
        """The program's diagnostics become these; files that had some and have none now
        are cleared."""
        before = self.found.get(program, {})
        self.found[program] = by_uri
        for uri in {*before, *by_uri}:
            self.ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                uri=uri, diagnostics=[f.diagnostic for f in by_uri.get(uri, [])],
                version=snap.versions.get(uri)))

    def found_in(self, uri: str) -> list[Found]:
        return [f for by_uri in self.found.values() for f in by_uri.get(uri, [])]

    # --- the rewrite action

    def actions(self, params: types.CodeActionParams) -> list[types.CodeAction]:
        first, last = params.range.start.line, params.range.end.line
        out, seen = [], set()
        for f in self.found_in(params.text_document.uri):
            rng, task = f.diagnostic.range, f.finding.get("task")
            if not (f.finding.get("fixable") and task) or task in seen:
                continue
            if rng.end.line < first or rng.start.line > last:
                continue
            seen.add(task)
            scheme = f.finding.get("scheme") or "accepting-server"
            title = (f"Rewrite task {task} as {BECOMES.get(scheme, 'a protected object')} "
                     f"({scheme} scheme)")
            out.append(types.CodeAction(
                title=title, kind=ACTION_KIND, diagnostics=[f.diagnostic],
                command=types.Command(title=title, command=COMMAND, arguments=[
                    {"uri": params.text_document.uri, "task": task, "title": title}])))
        return out

    async def rewrite(self, uri: str, task: str, title: str) -> None:
        try:
            program = self.program(uri)
            answer, snap = await self.run(program, "rewrite", task=task,
                                          file=str(inside(self.mirror.root(program),
                                                          Path(to_fs_path(uri)).resolve())))
        except ToolFailure as exc:
            answer, snap = {"failure": str(exc)}, Snapshot()
        if "changes" not in answer:
            self.tell(f"rdv2po: {answer.get('refused') or _why(answer)}",
                      types.MessageType.Warning if "refused" in answer
                      else types.MessageType.Error)
            return
        changed = self.changed_meanwhile(answer["changes"], snap)
        if changed:
            self.tell(f"rdv2po: task {task} was not rewritten: {changed} changed while the "
                      "rewrite was computed; ask for the action again")
            return
        edit = self.workspace_edit(answer["changes"], snap)
        result = await self.ls.workspace_apply_edit_async(
            types.ApplyWorkspaceEditParams(edit=edit, label=title))
        if not result.applied:
            self.tell(f"rdv2po: the editor did not apply the rewrite of task {task}"
                      + (f": {result.failure_reason}" if result.failure_reason else ""))

    def changed_meanwhile(self, changes: list[dict], snap: Snapshot) -> str | None:
        """A file whose text is no longer the one the rewrite read, or None."""
        now = self.snapshot()
        for uri, version in snap.versions.items():
            if now.versions.get(uri, version) != version:
                return to_fs_path(uri) or uri
        for c in changes:
            if self.text_of(Path(c["path"])) != c["old"]:
                return c["path"]
        return None

    def workspace_edit(self, changes: list[dict], snap: Snapshot) -> types.WorkspaceEdit:
        edits = {}
        for c in changes:
            path = Path(c["path"])
            edits[self.uri_for(path, snap)] = convert.text_edits(c["old"], c["new"], self.units)
        caps = self.ls.client_capabilities.workspace
        if caps and caps.workspace_edit and caps.workspace_edit.document_changes:
            return types.WorkspaceEdit(document_changes=[
                types.TextDocumentEdit(text_document=types.OptionalVersionedTextDocumentIdentifier(
                    uri=uri, version=snap.versions.get(uri)), edits=es)
                for uri, es in edits.items()])
        return types.WorkspaceEdit(changes=edits)

    # --- hover

    def hover(self, params: types.HoverParams) -> types.Hover | None:
        codes = []
        pos = params.position
        text = self.text_of(Path(to_fs_path(params.text_document.uri) or "/"))
        lines = convert.lines(text or "")
        if pos.line < len(lines):
            for m in ruledocs.RULE_CODE.finditer(lines[pos.line]):
                if self.units(lines[pos.line][:m.start()]) <= pos.character \
                        <= self.units(lines[pos.line][:m.end()]):
                    codes.append(m[0].upper())
        for f in self.found_in(params.text_document.uri):
            r = f.diagnostic.range
            if f.finding.get("rule") and r.start.line <= pos.line <= r.end.line:
                codes.append(f.finding["rule"])
        texts = [t for t in (ruledocs.explanation(c) for c in dict.fromkeys(codes)) if t]
        if not texts:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.PlainText,
                                                        value="\n".join(texts)))

    def stop(self) -> None:
        self.runner.stop()


def _why(answer: dict) -> str:
    if "failure" in answer:
        return answer["failure"]
    crash = answer.get("crash", "no answer")
    return ("internal error in rdv2po, please report it with the source: "
            + crash.strip().splitlines()[-1] + "\n" + crash)


def build(opts: ServerOptions, mirror: Mirror) -> tuple[LanguageServer, Session]:
    ls = Server("rdv2po", __version__)
    session = Session(ls, opts, mirror)

    @ls.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: types.DidOpenTextDocumentParams):
        session.spawn(session.lint(params.text_document.uri), params.text_document.uri)

    @ls.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(params: types.DidSaveTextDocumentParams):
        session.spawn(session.lint(params.text_document.uri), params.text_document.uri)

    @ls.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                types.CodeActionOptions(code_action_kinds=[ACTION_KIND]))
    def code_action(params: types.CodeActionParams):
        return session.actions(params)

    @ls.command(COMMAND)
    async def rewrite_task(*args):
        arg = args[0] if args else {}
        if not isinstance(arg, dict) or not {"uri", "task"} <= set(arg):
            raise ValueError(f"{COMMAND} takes one argument, {{uri, task}}")
        await session.rewrite(arg["uri"], arg["task"], arg.get("title") or COMMAND)

    @ls.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(params: types.HoverParams):
        return session.hover(params)

    @ls.feature(types.SHUTDOWN)
    def shutdown(*_args):
        session.shut_down = True
        session.stop()

    return ls, session
