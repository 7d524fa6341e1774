"""``rdv2po lsp`` driven by a real client (pygls's) over stdio.

Each test starts the server as an editor would (``python -m rdv2po lsp``) on
a copy of a small program, and speaks the protocol to it: open, change,
save, code action, execute command, hover, shutdown, exit.
"""

from __future__ import annotations

import asyncio
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Union

import pytest
from lsprotocol import types as t
from pygls.lsp.client import LanguageClient
from pygls.protocol import default_converter

from corpus_harness import run_program
from rdv2po.lint.explain import explain_text

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
WAIT = 60.0

pytestmark = pytest.mark.skipif(shutil.which("gnatmake") is None, reason="needs GNAT")


def _converter():
    """lsprotocol's converter reads every code action that carries a command as a bare
    Command (its hook looks for the key, not its type): read them as the protocol says."""
    conv = default_converter()

    def either(obj, _type):
        plain = isinstance(obj.get("command"), str)
        return conv.structure(obj, t.Command if plain else t.CodeAction)
    conv.register_structure_hook(Union[t.Command, t.CodeAction], either)
    return conv


def capabilities(document_changes: bool = False) -> t.ClientCapabilities:
    """What Neovim 0.7's client declares of what this server uses (VS Code's also
    takes versioned document changes)."""
    return t.ClientCapabilities(
        workspace=t.WorkspaceClientCapabilities(
            apply_edit=True, execute_command=t.ExecuteCommandClientCapabilities(),
            workspace_edit=t.WorkspaceEditClientCapabilities(
                document_changes=document_changes)),
        text_document=t.TextDocumentClientCapabilities(
            synchronization=t.TextDocumentSyncClientCapabilities(did_save=True),
            publish_diagnostics=t.PublishDiagnosticsClientCapabilities(
                related_information=True, code_description_support=True),
            code_action=t.CodeActionClientCapabilities(
                code_action_literal_support=t.ClientCodeActionLiteralOptions(
                    code_action_kind=t.ClientCodeActionKindOptions(value_set=[
                        "", "quickfix", "refactor", "refactor.rewrite", "source"]))),
            hover=t.HoverClientCapabilities(content_format=[t.MarkupKind.PlainText])),
        window=t.WindowClientCapabilities(work_done_progress=False))


class Client(LanguageClient):
    """The test client: keeps what the server sends, applies no edit itself."""

    def __init__(self):
        super().__init__("rdv2po-tests", "1", converter_factory=_converter)
        self.published: list[t.PublishDiagnosticsParams] = []
        self.edits: list[t.WorkspaceEdit] = []
        self.messages: list[t.ShowMessageParams] = []
        self.logs: list[str] = []
        self.stderr: list[str] = []
        self.texts: dict[str, str] = {}
        self.versions: dict[str, int] = {}

        @self.feature(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: t.PublishDiagnosticsParams):
            self.published.append(params)

        @self.feature(t.WINDOW_SHOW_MESSAGE)
        def shown(params: t.ShowMessageParams):
            self.messages.append(params)

        @self.feature(t.WINDOW_LOG_MESSAGE)
        def logged(params: t.LogMessageParams):
            self.logs.append(params.message)

        @self.feature(t.WORKSPACE_APPLY_EDIT)
        def apply(params: t.ApplyWorkspaceEditParams):
            self.edits.append(params.edit)
            return t.ApplyWorkspaceEditResult(applied=True)

    async def start(self, *args: str, **kwargs) -> None:
        await self.start_io(*args, **kwargs)

        async def drain():     # an unread pipe would stop the server once full
            while line := await self._server.stderr.readline():
                self.stderr.append(line.decode())
        self._async_tasks.append(asyncio.create_task(drain()))

    def open(self, path: Path, text: str | None = None) -> str:
        uri = path.as_uri()
        self.texts[uri] = _read(path) if text is None else text
        self.versions[uri] = 1
        self.text_document_did_open(t.DidOpenTextDocumentParams(
            t.TextDocumentItem(uri=uri, language_id="ada", version=1, text=self.texts[uri])))
        return uri

    def change(self, uri: str, text: str, save: bool = False) -> None:
        self.texts[uri] = text
        self.versions[uri] += 1
        self.text_document_did_change(t.DidChangeTextDocumentParams(
            t.VersionedTextDocumentIdentifier(uri=uri, version=self.versions[uri]),
            [t.TextDocumentContentChangeWholeDocument(text=text)]))
        if save:
            self.text_document_did_save(t.DidSaveTextDocumentParams(
                t.TextDocumentIdentifier(uri=uri)))

    async def diagnostics_for(self, uri: str, after: int = 0, ok=lambda ds: True):
        """The first publication for ``uri`` after the ``after``-th that ``ok`` takes."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            for p in self.published[after:]:
                if p.uri == uri and ok(p.diagnostics):
                    return list(p.diagnostics)
            await asyncio.sleep(0.05)
        raise AssertionError(f"no diagnostics for {uri}: {self.published}\n{self.stderr}")

    async def until(self, condition, what: str):
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if condition():
                return
            await asyncio.sleep(0.05)
        raise AssertionError(f"waited for {what}; logs: {self.logs}\n{self.stderr}")


@asynccontextmanager
async def server(root: Path, *args: str, env: dict | None = None,
                 document_changes: bool = False):
    client = Client()
    await client.start(sys.executable, "-m", "rdv2po", "lsp", *args, env=env, cwd=str(root))
    await client.initialize_async(t.InitializeParams(
        capabilities=capabilities(document_changes), root_uri=root.as_uri(),
        process_id=os.getpid()))
    client.initialized(t.InitializedParams())
    try:
        yield client
    finally:
        await client.shutdown_async(None)
        client.exit(None)
        code = await asyncio.wait_for(client._server.wait(), WAIT)
        await client.stop()
    assert code == 0, client.stderr


def _env(tmp_path: Path, **more: str) -> dict:
    return {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), **more}


def _copy_case(name: str, tmp_path: Path) -> Path:
    dest = tmp_path / name
    shutil.copytree(CORPUS / name / "src", dest / "src")
    return dest / "src"


def _read(path: Path) -> str:
    """A file as an editor holds it: line endings kept, no byte order mark."""
    return path.read_bytes().decode("utf-8-sig")


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


def _offset(text: str, pos: t.Position) -> int:
    lines = re.findall(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z", text)
    if pos.line >= len(lines):
        return len(text)
    start = sum(len(x) for x in lines[:pos.line])
    line, units = lines[pos.line], 0
    for i, ch in enumerate(line):
        if units >= pos.character:
            return start + i
        units += 2 if ord(ch) > 0xFFFF else 1
    return start + len(line.rstrip("\r\n"))


def _apply(text: str, edits) -> str:
    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character),
                    reverse=True):
        text = text[:_offset(text, e.range.start)] + e.new_text + text[_offset(text, e.range.end):]
    return text


def _applied(edit: t.WorkspaceEdit, texts: dict[str, str]) -> dict[str, str]:
    """Each file the edit names, as it reads once the edit is applied."""
    pairs = [(uri, es) for uri, es in (edit.changes or {}).items()]
    pairs += [(d.text_document.uri, d.edits) for d in edit.document_changes or ()]
    out = {}
    for uri, es in pairs:
        before = texts.get(uri) or _read(Path(uri.removeprefix("file://")))
        out[uri] = _apply(before, es)
    return out


def _rdv2po(*args: str, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rdv2po", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("case, spec, task, files", [
    ("bounded_buffer", "buffers.ads", "Buffers.Buffer", ["buffers.adb", "buffers.ads"]),
    ("crlf_bom", "counters.ads", "Counters.Counter", ["counters.adb", "counters.ads"]),
])
def test_the_rewrite_action_gives_what_rdv2po_rewrite_writes(tmp_path, case, spec, task, files):
    """crlf_bom's files have CRLF line ends and a byte order mark: saved as an editor
    saves them (the mark kept), they are byte for byte what rdv2po rewrite writes."""
    src = _copy_case(case, tmp_path)
    before = _tree(tmp_path / case)

    async def scenario():
        async with server(src, env=_env(tmp_path)) as client:
            uri = client.open(src / spec)
            (found,) = await client.diagnostics_for(uri, ok=bool)
            assert (found.code, found.source) == ("RDV001", "rdv2po")
            line = client.texts[uri].splitlines()[found.range.start.line]
            assert line[found.range.start.character:found.range.end.character] == "task"
            doc = Path(found.code_description.href.removeprefix("file://"))
            assert doc.read_text() == explain_text(["RDV001"])
            none = await client.text_document_code_action_async(t.CodeActionParams(
                t.TextDocumentIdentifier(uri), t.Range(t.Position(0, 0), t.Position(0, 0)),
                t.CodeActionContext(diagnostics=[])))
            assert not none
            (action,) = await client.text_document_code_action_async(t.CodeActionParams(
                t.TextDocumentIdentifier(uri), found.range,
                t.CodeActionContext(diagnostics=[found])))
            assert action.title == (f"Rewrite task {task} as a protected object "
                                    "(accepting-server scheme)")
            await client.workspace_execute_command_async(t.ExecuteCommandParams(
                action.command.command, action.command.arguments))
            await client.until(lambda: client.edits, "the edit")
            return _applied(client.edits[0], client.texts)

    edited = asyncio.run(scenario())
    assert _tree(tmp_path / case) == before     # the server wrote nothing
    expected = tmp_path / "expected"
    shutil.copytree(src, expected)
    done = _rdv2po("rewrite", "--in-place", "--select", task, ".", cwd=expected)
    assert done.returncode == 0, done.stderr
    by_name = {Path(uri.removeprefix("file://")).name: text for uri, text in edited.items()}
    assert sorted(by_name) == files     # every file it changes
    for name, text in by_name.items():
        bom = b"\xef\xbb\xbf" if (src / name).read_bytes().startswith(b"\xef\xbb\xbf") else b""
        (src / name).write_bytes(bom + text.encode())       # as the editor saves it
        assert (src / name).read_bytes() == (expected / name).read_bytes()
    ran = run_program(src, "main")
    assert ran.stdout == (CORPUS / case / "expected/output.txt").read_text()


CLEAN = """\
procedure Main is
begin
   null;
end Main;
"""

SERVER = """\
procedure Main is
   task Cell is
      entry Put (X : Integer);
      entry Get (X : out Integer);
   end Cell;

   task body Cell is
      V : Integer := 0;
   begin
      loop
         select
            accept Put (X : Integer) do
               V := X;
            end Put;
         or
            accept Get (X : out Integer) do
               X := V;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Cell;

   Y : Integer;
begin
   Cell.Put (1);
   Cell.Get (Y);
end Main;
"""


def _program(tmp_path: Path, text: str = CLEAN, name: str = "prog") -> Path:
    src = tmp_path / name
    src.mkdir()
    (src / "main.adb").write_text(text)
    return src


def _rules(diagnostics) -> list[str]:
    return [d.code for d in diagnostics]


def test_diagnostics_are_of_the_unsaved_text_and_leave_the_tree_alone(tmp_path):
    src = _program(tmp_path)
    before = _tree(src)

    async def scenario():
        async with server(src, env=_env(tmp_path)) as client:
            uri = client.open(src / "main.adb", SERVER)      # typed, not saved
            found = await client.diagnostics_for(uri, ok=bool)
            assert _rules(found) == ["RDV001"]
            assert found[0].range.start == t.Position(1, 3)
            assert "task Main.Cell is an accepting server" in found[0].message
            seen = len(client.published)
            client.change(uri, CLEAN, save=True)
            assert await client.diagnostics_for(uri, after=seen) == []    # cleared

    asyncio.run(scenario())
    assert _tree(src) == before


def test_a_stale_lint_is_cancelled(tmp_path):
    src = _program(tmp_path)
    gated, hold, reached = _gated_tools(tmp_path)
    env = _env(tmp_path, PATH=os.pathsep.join([str(gated), os.environ.get("PATH", "")]))

    async def scenario():
        async with server(src, env=env) as client:
            hold.touch()
            uri = client.open(src / "main.adb", SERVER)
            await _until(reached)                         # the first lint is running
            client.change(uri, CLEAN, save=True)          # before the first lint is done
            # the server answers in order: once this is answered, it has the change
            here = t.Range(t.Position(0, 0), t.Position(0, 0))
            await client.text_document_code_action_async(t.CodeActionParams(
                t.TextDocumentIdentifier(uri), here, t.CodeActionContext(diagnostics=[])))
            hold.unlink()
            assert await client.diagnostics_for(uri) == []
            await asyncio.sleep(1.0)      # a lint of the old text would have published now
            assert all(not p.diagnostics for p in client.published), client.published
            assert any("newer lint" in m for m in client.logs), client.logs

    asyncio.run(scenario())


def _gated_tools(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A folder to put first on PATH whose GNAT tools wait while ``hold`` exists,
    after touching ``reached``: a test can change a buffer while a run is surely
    inside the worker, whatever the machine's speed."""
    bin_dir, hold, reached = tmp_path / "gated", tmp_path / "hold", tmp_path / "reached"
    bin_dir.mkdir()
    for tool in ("gcc", "gnatmake", "gprbuild"):
        real = shutil.which(tool)
        if real is None:
            continue
        script = bin_dir / tool
        script.write_text(f"#!/bin/sh\nif [ -e '{hold}' ]; then touch '{reached}'; "
                          f"while [ -e '{hold}' ]; do sleep 0.05; done; fi\n"
                          f"exec '{real}' \"$@\"\n")
        script.chmod(0o755)
    return bin_dir, hold, reached


async def _until(exists: Path, seconds: float = 120.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if exists.exists():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{exists} never appeared: the run called no GNAT tool")


def test_the_rewrite_is_refused_when_a_buffer_changed_meanwhile(tmp_path):
    src = _copy_case("bounded_buffer", tmp_path)
    gated, hold, reached = _gated_tools(tmp_path)
    env = _env(tmp_path, PATH=os.pathsep.join([str(gated), os.environ.get("PATH", "")]))

    async def scenario():
        async with server(src, env=env, document_changes=True) as client:
            uri = client.open(src / "buffers.ads")
            (found,) = await client.diagnostics_for(uri, ok=bool)
            (action,) = await client.text_document_code_action_async(t.CodeActionParams(
                t.TextDocumentIdentifier(uri), found.range,
                t.CodeActionContext(diagnostics=[found])))
            hold.touch()
            run = asyncio.ensure_future(client.workspace_execute_command_async(
                t.ExecuteCommandParams(action.command.command, action.command.arguments)))
            await _until(reached)
            client.change(uri, client.texts[uri] + "--  typed meanwhile\n")
            # the server answers in order: once this is answered, it has the change
            await client.text_document_code_action_async(t.CodeActionParams(
                t.TextDocumentIdentifier(uri), found.range, t.CodeActionContext(diagnostics=[])))
            hold.unlink()
            await run
            assert not client.edits
            (said,) = client.messages
            assert "changed while the rewrite was computed" in said.message
            assert said.type == t.MessageType.Warning
            # asked again, on the text as it is now: versioned edits, the open file's
            # with its version, the other's with none (the editor reads it from disk)
            await client.workspace_execute_command_async(
                t.ExecuteCommandParams(action.command.command, action.command.arguments))
            (edit,) = client.edits
            versions = {Path(d.text_document.uri).name: d.text_document.version
                        for d in edit.document_changes}
            assert versions == {"buffers.ads": client.versions[uri], "buffers.adb": None}
            return _applied(edit, client.texts)

    edited = asyncio.run(scenario())
    ads = next(text for uri, text in edited.items() if uri.endswith(".ads"))
    assert "protected Buffer is" in ads and ads.endswith("--  typed meanwhile\n")


def test_hover_on_a_finding_or_a_rule_id_is_the_explanation(tmp_path):
    text = SERVER.replace("   Y : Integer;", "   Y : Integer;  --  see RDV003")
    src = _program(tmp_path, text)

    async def scenario():
        async with server(src, env=_env(tmp_path)) as client:
            uri = client.open(src / "main.adb")
            (found,) = await client.diagnostics_for(uri, ok=bool)

            async def hover(line, col):
                return await client.text_document_hover_async(t.HoverParams(
                    t.TextDocumentIdentifier(uri), t.Position(line, col)))
            on_finding = await hover(found.range.start.line, found.range.start.character + 1)
            assert on_finding.contents.value == explain_text(["RDV001"]).rstrip("\n") + "\n"
            on_id = await hover(24, text.splitlines()[24].index("RDV003") + 2)
            assert on_id.contents.value.startswith("RDV003 server-not-eliminable")
            assert await hover(26, 3) is None

    asyncio.run(scenario())


def test_obstacles_are_related_information(tmp_path):
    """corpus/own_params_renames's Registry is kept a task for four reasons (the
    accepting scheme's, which came closest: rewrite._translate): one finding at the
    first (the lint's one finding per task), naming others and the task's
    declaration."""
    src = _copy_case("own_params_renames", tmp_path)
    text = (src / "main.adb").read_text().splitlines()

    async def scenario():
        async with server(src, env=_env(tmp_path)) as client:
            uri = client.open(src / "main.adb")
            found = await client.diagnostics_for(uri, ok=bool)
            return [d for d in found if "Main.Registry" in d.message]

    [first] = asyncio.run(scenario())
    assert first.code == "RDV003"
    related = first.related_information
    key = lambda pos: (pos.line, pos.character)
    notes = [r for r in related if not r.message.endswith("is declared here")]
    assert len({key(r.location.range.start) for r in notes[:2]} | {key(first.range.start)}) == 3
    assert any(r.message.startswith("call of Ada.Text_IO.Put_Line: ") for r in notes)
    declared = next(r for r in related if r.message == "task Main.Registry is declared here")
    assert re.match(r"\s*task (body )?Registry", text[declared.location.range.start.line])


def test_settings_and_project_name_the_program_and_the_rules(tmp_path):
    root = tmp_path / "app"
    (root / "src").mkdir(parents=True)
    (root / "src/main.adb").write_text(SERVER)
    (root / "app.gpr").write_text('project App is\n   for Source_Dirs use ("src");\n'
                                  '   for Main use ("main.adb");\nend App;\n')
    (root / ".rdv2po.toml").write_text('project = "app.gpr"\n')

    async def scenario(*args):
        async with server(root, *args, env=_env(tmp_path)) as client:
            uri = client.open(root / "src/main.adb")
            return _rules(await client.diagnostics_for(uri))

    assert asyncio.run(scenario()) == ["RDV001"]
    assert asyncio.run(scenario("--ignore", "RDV001")) == []


CRASH = """\
import dataclasses, functools
import rdv2po.lint.registry as registry

_rules = registry.all_rules


def _explode(ctx):
    raise RuntimeError("rule exploded")


@functools.lru_cache(maxsize=1)
def _all_rules():
    return tuple(dataclasses.replace(r, check=_explode) if r.id == "RDV001" else r
                 for r in _rules())


registry.all_rules = _all_rules
"""


def test_failures_are_diagnostics_and_the_server_lives(tmp_path):
    src = _program(tmp_path, SERVER)
    (src / "broken.adb").write_text("procedure Broken is\nbegin\n   null\nend Broken;\n")
    (src / "wrong.adb").write_text('procedure Wrong is\n   X : Integer := "no";\n'
                                   '   task T;\n   task body T is\n   begin\n      null;\n'
                                   '   end T;\nbegin\n   null;\nend Wrong;\n')
    hooks = tmp_path / "hooks"      # a rule that crashes, in the workers the server starts
    hooks.mkdir()
    (hooks / "sitecustomize.py").write_text(CRASH)
    env = _env(tmp_path, PYTHONPATH=os.pathsep.join(
        [str(hooks), *filter(None, [os.environ.get("PYTHONPATH")])]))

    async def scenario():
        async with server(src, env=_env(tmp_path)) as client:
            broken = client.open(src / "broken.adb")
            (syntax,) = await client.diagnostics_for(broken, ok=bool)
            assert syntax.severity == t.DiagnosticSeverity.Error
            assert syntax.range.start.line == 2
            wrong = client.open(src / "wrong.adb")
            gnat = await client.diagnostics_for(wrong, ok=bool)
            assert [d.severity for d in gnat] == [t.DiagnosticSeverity.Error]
            assert gnat[0].range.start.line == 1
            # the units that compile are judged all the same
            main = await client.diagnostics_for((src / "main.adb").as_uri(), ok=bool)
            assert _rules(main) == ["RDV001"]
        async with server(src, env=env) as client:
            uri = client.open(src / "main.adb")
            (crash,) = await client.diagnostics_for(uri, ok=bool)
            assert crash.message.startswith("rdv2po: internal error in rdv2po")
            assert "RuntimeError: rule exploded" in crash.message
            assert any("Traceback" in m for m in client.logs)
            # the server lives: it answers (no finding there, the crash replaced them)
            assert await client.text_document_hover_async(t.HoverParams(
                t.TextDocumentIdentifier(uri), t.Position(1, 4))) is None
            client.change(uri, client.texts[uri], save=True)     # and lints again
            seen = len(client.published)
            await client.diagnostics_for(uri, after=seen - 1, ok=bool)

    asyncio.run(scenario())


class RawChannel:
    """JSON-RPC over the server's pipes, byte for byte: what a client's library
    would never send."""

    def __init__(self, root: Path, env: dict):
        self.proc = subprocess.Popen([sys.executable, "-m", "rdv2po", "lsp"], cwd=root, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.inbox: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def send(self, body: bytes | dict) -> None:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
        self.proc.stdin.flush()

    def answer(self, msg_id) -> dict:
        """The response to ``msg_id`` (notifications on the way are skipped)."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            msg = self.inbox.get(timeout=deadline - time.monotonic())
            if "id" in msg and msg.get("id") == msg_id and "method" not in msg:
                return msg
        raise AssertionError(f"no answer to {msg_id}")

    def notification(self, method: str) -> dict:
        """The next notification ``method`` (other messages on the way are skipped)."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            msg = self.inbox.get(timeout=deadline - time.monotonic())
            if msg.get("method") == method and "id" not in msg:
                return msg
        raise AssertionError(f"no {method}")

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            length = None
            while (line := out.readline().strip()):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            if length is None:
                return
            self.inbox.put(json.loads(out.read(length)))


def test_a_malformed_request_gets_an_error_and_the_server_lives(tmp_path):
    src = _program(tmp_path, SERVER)
    uri = (src / "main.adb").as_uri()
    rpc = RawChannel(src, _env(tmp_path))
    try:
        rpc.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                  "params": {"processId": None, "rootUri": src.as_uri(), "capabilities": {}}})
        assert "capabilities" in rpc.answer(1)["result"]
        rpc.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        rpc.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                  "params": {"textDocument": 5, "position": "here"}})
        assert rpc.answer(2)["error"]["code"] in (-32602, -32603)     # invalid params
        rpc.send({"jsonrpc": "2.0", "id": 3, "method": "rdv2po/noSuchMethod", "params": {}})
        assert rpc.answer(3)["error"]["code"] == -32601              # method not found
        rpc.send({"jsonrpc": "2.0", "id": 4, "method": "workspace/executeCommand",
                  "params": {"command": "rdv2po.rewriteTask", "arguments": ["nonsense"]}})
        assert "error" in rpc.answer(4)
        rpc.send(b"{this is not json")
        rpc.send({"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": {
            "textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}})
        assert rpc.answer(5)["result"] is None                      # alive, and answers
        rpc.send({"jsonrpc": "2.0", "id": 6, "method": "shutdown"})
        assert rpc.answer(6)["result"] is None
        rpc.send({"jsonrpc": "2.0", "method": "exit"})
        assert rpc.proc.wait(WAIT) == 0
    finally:
        if rpc.proc.poll() is None:
            rpc.proc.kill()
            rpc.proc.wait()


def test_the_mirror_of_a_killed_server_is_swept(tmp_path):
    """Emacs ends its servers with SIGKILL: the next rdv2po command removes the mirror."""
    temp = tmp_path / "tmp"
    temp.mkdir()
    src = _program(tmp_path, SERVER)
    env = _env(tmp_path, TMPDIR=str(temp))
    rpc = RawChannel(src, env)
    try:
        rpc.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                  "params": {"processId": None, "rootUri": src.as_uri(), "capabilities": {}}})
        rpc.answer(1)
        rpc.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": (src / "main.adb").as_uri(), "languageId": "ada",
                             "version": 1, "text": SERVER}}})
        # the lint of the opened program runs off the editor's thread: its diagnostics
        # say the mirror holds the program (under load, shutdown came first)
        rpc.notification("textDocument/publishDiagnostics")
        rpc.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
        rpc.answer(2)
        (mirror,) = temp.glob(f"rdv2po-lsp-{rpc.proc.pid}-*")
        assert list(mirror.rglob("main.adb"))
    finally:
        rpc.proc.kill()
        rpc.proc.wait()
    assert mirror.is_dir()
    _rdv2po("explain", "RDV001", cwd=tmp_path, env=env).check_returncode()
    assert not mirror.exists()


def test_the_mirror_holds_the_program_with_the_buffers_and_follows_the_tree(tmp_path):
    from rdv2po.lsp.mirror import Mirror, Program, inside
    src, lib = tmp_path / "src", tmp_path / "lib"
    (src / "sub").mkdir(parents=True)
    lib.mkdir()
    (src / "a.adb").write_text("disk")
    (lib / "l.ads").write_text("library")
    (src / ".git").mkdir()
    (src / ".git" / "x.adb").write_text("not a source")
    (src / "notes.txt").write_text("not a source")
    (src / "lib").symlink_to(lib)              # followed, as the lint's walk does
    (src / "sub" / "loop").symlink_to(src)     # once
    mirror = Mirror(tmp_path / "mirror")
    program = Program(src, (src,), paths=(src,))
    root = mirror.root(program)

    def files():
        return {str(p.relative_to(inside(root, src))): p.read_text()
                for p in root.rglob("*") if p.is_file()}
    assert mirror.sync(program, {src / "a.adb": "typed"})
    assert files() == {"a.adb": "typed", "lib/l.ads": "library"}
    assert not mirror.sync(program, {src / "a.adb": "typed"})      # nothing to copy again
    (lib / "l.ads").unlink()
    assert mirror.sync(program, {})                                # the buffer was closed
    assert files() == {"a.adb": "disk"}
    assert (src / "a.adb").read_text() == "disk"


def test_a_buffer_is_saved_in_the_mirror_as_its_file_is_encoded():
    from rdv2po.lsp.mirror import decode, encode
    latin1, bom = "--  café\n".encode("latin-1"), b"\xef\xbb\xbf--  caf\xc3\xa9\n"
    assert encode("--  caffè\n", latin1) == "--  caffè\n".encode("latin-1")
    assert encode("--  caffè\n", bom) == b"\xef\xbb\xbf" + "--  caffè\n".encode()
    assert encode("--  ☕\n", latin1) == "--  ☕\n".encode()       # no Latin-1 for it
    assert encode("x\n", None) == b"x\n"
    assert decode(latin1) == "--  café\n" and decode(bom) == "--  café\n"
