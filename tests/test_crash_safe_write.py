"""``rewrite --in-place`` is all files or none, whatever happens to the process.

The kill tests stop a real ``rdv2po rewrite --in-place`` at every step of its
write (RDV2PO_TEST_CRASH, see translator/write/journal.py) and at random instants,
then run rdv2po again: the tree must hold every old text or every new one,
and nothing else, in the sources or in the temporary directory.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rdv2po.write import journal, writer
from rdv2po.diagnostics import ToolFailure

SPEC = """package P{i} is
   task Counter is
      entry Add (X : in Integer);
      entry Get (Total : out Integer);
   end Counter;
end P{i};
"""
BODY = """package body P{i} is
   task body Counter is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Add (X : in Integer) do
               Sum := Sum + X;
            end Add;
         or
            accept Get (Total : out Integer) do
               Total := Sum;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Counter;
end P{i};
"""
MAIN = """with Ada.Text_IO; with P1; with P2; with P3;
procedure Main is
   T : Integer;
begin
   P1.Counter.Add (1); P2.Counter.Add (2); P3.Counter.Add (3);
   P1.Counter.Get (T); Ada.Text_IO.Put_Line (Integer'Image (T));
end Main;
"""


def make_tree(root: Path) -> dict[str, bytes]:
    """Three accepting servers: a rewrite changes six files."""
    src = root / "src"
    src.mkdir(parents=True, exist_ok=True)
    for i in (1, 2, 3):
        (src / f"p{i}.ads").write_text(SPEC.format(i=i))
        (src / f"p{i}.adb").write_text(BODY.format(i=i))
    (src / "main.adb").write_text(MAIN)
    return tree(root)


def tree(root: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((root / "src").iterdir())
            if p.suffix in (".ads", ".adb")}


def env(root: Path, **extra: str) -> dict[str, str]:
    tmp = root / "tmp"
    tmp.mkdir(exist_ok=True)
    return {**os.environ, "TMPDIR": str(tmp), **extra}


def rdv2po(root: Path, *args: str, **extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rdv2po", *args], cwd=root, env=env(root, **extra),
                          capture_output=True, text=True, timeout=120)


def leftovers(root: Path) -> list[str]:
    """Anything in the tree or the temporary directory that is not a source."""
    stray = [p.name for p in (root / "src").iterdir() if p.suffix not in (".ads", ".adb")]
    return stray + [p.name for p in (root / "tmp").iterdir()]


def restore(root: Path, files: dict[str, bytes]) -> None:
    for p in (root / "src").iterdir():
        if p.is_dir():
            shutil.rmtree(p)
        else:
            p.unlink()
    for name, data in files.items():
        (root / "src" / name).write_bytes(data)


@pytest.fixture(scope="module")
def trees(tmp_path_factory):
    """The tree before and after a clean rewrite, and the names of the write's steps."""
    root = tmp_path_factory.mktemp("steps")
    old = make_tree(root)
    log = root / "steps.log"
    r = rdv2po(root, "rewrite", "--in-place", "src", RDV2PO_TEST_STEPS=str(log))
    assert r.returncode == 0, r.stderr
    new = tree(root)
    assert sum(old[n] != new[n] for n in old) == 6
    steps = [line.split(" ", 1)[1] for line in log.read_text().splitlines()]
    return old, new, steps


def state(root: Path, old: dict, new: dict) -> str:
    now = tree(root)
    return "old" if now == old else "new" if now == new else "MIXED"


def instants(steps: list[str]) -> list[int]:
    """Every step from the last file staged on, and the first and a middle one of the
    staging (all alike: a file written into the stage directory)."""
    last_stage = max(i for i, s in enumerate(steps) if s.startswith("stage"))
    return [1, last_stage // 2 + 1] + list(range(last_stage + 1, len(steps) + 1))


def test_sigkill_at_every_step_then_the_next_run_finds_all_old_or_all_new(tmp_path, trees):
    old, new, steps = trees
    assert steps.index("commit") > 6 and "swap 5" in steps and steps[-1] == "journal removed"
    make_tree(tmp_path)
    seen = []
    for k in instants(steps):
        name = steps[k - 1]
        restore(tmp_path, old)
        r = rdv2po(tmp_path, "rewrite", "--in-place", "src", RDV2PO_TEST_CRASH=f"{k}:KILL")
        assert r.returncode == -signal.SIGKILL, (name, r.stderr)
        # The next run: an explicit recover, or any command on the same sources.
        nxt = rdv2po(tmp_path, *(("recover", "src") if k % 4 else ("inspect", "src")))
        assert nxt.returncode in (0, 1), nxt.stderr
        got = state(tmp_path, old, new)
        before_commit = k < steps.index("commit") + 1
        assert got == ("old" if before_commit else "new"), (name, nxt.stderr)
        assert leftovers(tmp_path) == [], name
        if before_commit:
            assert "no file was changed" in nxt.stderr
        elif name.startswith(("commit", "swap", "targets")):
            assert "an interrupted write was completed: the 6 file(s)" in nxt.stderr, nxt.stderr
        seen.append(got)
    assert set(seen) == {"old", "new"}
    print(f"SIGKILL at {len(seen)} of {len(steps)} steps: {seen.count('old')} all old, "
          f"{seen.count('new')} all new, 0 mixed, 0 stray files")


@pytest.mark.parametrize("sig", ["TERM", "INT"])
def test_sigterm_and_sigint_at_every_step_clean_up_and_say_so(tmp_path, trees, sig):
    old, new, steps = trees
    make_tree(tmp_path)
    code = 128 + getattr(signal, f"SIG{sig}")
    # The instants where a signal could do harm: before and at the commit, between
    # two swaps, after the swaps, while the journal is removed (KILL takes them all).
    picked = [1] + [steps.index(n) + 1 for n in ("manifest", "commit", "swap 2", "targets synced",
                                                   "journal removed")]
    for k in picked:
        name = steps[k - 1]
        restore(tmp_path, old)
        r = rdv2po(tmp_path, "rewrite", "--in-place", "src", RDV2PO_TEST_CRASH=f"{k}:{sig}")
        assert r.returncode == code, (name, r.stderr)
        assert "Traceback" not in r.stderr
        last = r.stderr.strip().splitlines()[-1]
        assert last.startswith(f"rdv2po: interrupted (SIG{sig}); ")
        # No next run needed: the interrupted run itself finished or undid the write.
        got = state(tmp_path, old, new)
        if k <= steps.index("manifest") + 1:
            assert got == "old" and last.endswith("no file was changed"), name
        else:
            assert got == "new" and "was already complete" in last, name
        assert leftovers(tmp_path) == [], name


def test_signals_at_random_instants(tmp_path, trees):
    """Real signals, not the hook: at random instants of the whole run, from the moment
    rdv2po's own code runs (before that, Python's start-up has its own handling)."""
    old, new, _steps = trees
    make_tree(tmp_path)
    rng = random.Random(22)
    results = []
    for trial in range(6):
        sig = (signal.SIGKILL, signal.SIGTERM, signal.SIGINT)[trial % 3]
        restore(tmp_path, old)
        p = subprocess.Popen([sys.executable, "-m", "rdv2po", "rewrite", "--in-place", "src"],
                             cwd=tmp_path, env=env(tmp_path), stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
        _wait_for_handlers(p.pid)
        time.sleep(rng.uniform(0.0, 0.6))
        p.send_signal(sig)
        _out, err = p.communicate(timeout=120)
        assert "Traceback" not in err
        assert p.returncode in (0, -signal.SIGKILL, 128 + signal.SIGTERM, 128 + signal.SIGINT)
        if p.returncode > 128:
            assert err.strip().splitlines()[-1].startswith("rdv2po: interrupted")
            assert leftovers(tmp_path) == []      # at once, not only after the next run
        nxt = rdv2po(tmp_path, "recover", "src")
        assert nxt.returncode == 0, nxt.stderr
        results.append(state(tmp_path, old, new))
        assert results[-1] in ("old", "new")
        assert leftovers(tmp_path) == []
    print(f"random signals: {results.count('old')} all old, {results.count('new')} all new")


def _wait_for_handlers(pid: int) -> None:
    """Until the process catches SIGTERM, which Python does not by default."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/status") as f:
                mask = next(int(ln.split()[1], 16) for ln in f if ln.startswith("SigCgt:"))
        except (OSError, StopIteration):
            return
        if mask & (1 << (signal.SIGTERM - 1)):
            return
        time.sleep(0.002)


# --- lost edits: a change in the last instant before a file is replaced --------------

def three(tmp_path: Path) -> dict[Path, tuple[bytes, bytes]]:
    files = {}
    for n in ("a", "b", "c"):
        p = tmp_path / f"{n}.adb"
        p.write_bytes(f"old {n}\n".encode())
        files[p] = (p.read_bytes(), f"new {n}\n".encode())
    return files


def _edit_in_place(p: Path) -> None:
    with open(p, "r+b") as f:      # same size, same inode, same coarse mtime tick
        f.write(b"OLD")


def _replace(p: Path) -> None:
    tmp = p.with_name("editor-save.tmp")
    tmp.write_bytes(b"saved by the editor\n")
    os.replace(tmp, p)


@pytest.mark.parametrize("exchange", [True, False], ids=["exchange", "rename"])
@pytest.mark.parametrize("edit, how", [(_edit_in_place, "edited"), (_replace, "replaced"),
                                       (lambda p: p.unlink(), "deleted")])
def test_an_edit_just_before_the_swap_is_never_lost(tmp_path, monkeypatch, edit, how, exchange):
    files = three(tmp_path)
    b = tmp_path / "b.adb"
    if not exchange:
        if how == "replaced":
            pytest.skip("without RENAME_EXCHANGE a replace in the last microseconds is the "
                        "documented remaining window")
        monkeypatch.setattr(journal, "_exchange", lambda a, b: False)

    def meddle(path):
        if path == b:
            edit(path)
    monkeypatch.setattr(journal, "between_check_and_swap", meddle)
    with pytest.raises(ToolFailure, match=rf"b\.adb: changed on disk since it was read \({how}\)"
                                          r"; nothing written \(the 1 file"):
        writer.write_all(files)
    assert (tmp_path / "a.adb").read_bytes() == b"old a\n"
    assert (tmp_path / "c.adb").read_bytes() == b"old c\n"
    expected = {"edited": b"OLD a\n".replace(b"a", b"b"), "replaced": b"saved by the editor\n"}
    if how == "deleted":
        assert not b.exists()
    else:
        assert b.read_bytes() == expected[how]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        n for n in ("a.adb", "b.adb", "c.adb") if n != "b.adb" or how != "deleted")


# --- what may be replaced at all ---------------------------------------------------------

@pytest.mark.skipif(os.geteuid() != 0, reason="only root can give a file to another user")
def test_owner_and_group_are_kept_when_root_writes(tmp_path):
    files = three(tmp_path)
    a = tmp_path / "a.adb"
    os.chown(a, 65534, 65534)
    os.chmod(a, 0o640)
    writer.write_all(files)
    st = a.stat()
    assert (st.st_uid, st.st_gid, st.st_mode & 0o7777) == (65534, 65534, 0o640)
    assert a.read_bytes() == b"new a\n"


def test_read_only_directory_is_refused_like_a_read_only_file(tmp_path):
    sub = tmp_path / "ro"
    sub.mkdir()
    files = three(sub)
    os.chmod(sub, 0o555)
    try:
        with pytest.raises(ToolFailure, match=r"ro is not writable \(read-only directory\); "
                                              "nothing written"):
            writer.write_all(files)
        assert all(p.read_bytes() == old for p, (old, _new) in files.items())
    finally:
        os.chmod(sub, 0o755)


def test_hard_linked_file_is_refused_with_the_reason(tmp_path):
    files = three(tmp_path)
    os.link(tmp_path / "b.adb", tmp_path / "b-link.adb")
    with pytest.raises(ToolFailure, match=r"b\.adb: has 2 hard links; .* refuses hard-linked "
                                          "files .*nothing written"):
        writer.write_all(files)
    assert (tmp_path / "b-link.adb").read_bytes() == b"old b\n"
    assert (tmp_path / "a.adb").read_bytes() == b"old a\n"


def test_a_failed_rollback_names_the_files_and_recover_finishes_the_job(tmp_path, monkeypatch):
    files = three(tmp_path)
    real = journal._exchange
    calls = []

    def failing(staged, target):
        calls.append(Path(target).name)
        if Path(target).name == "c.adb" or calls.count("a.adb") > 1:
            raise OSError(5, "Input/output error", str(target))
        return real(staged, target)
    monkeypatch.setattr(journal, "_exchange", failing)
    with pytest.raises(ToolFailure) as e:
        writer.write_all(files)
    msg = str(e.value)
    assert msg.startswith(f"{tmp_path / 'c.adb'}: cannot replace it: Input/output error; "
                          "restoring the files already replaced failed too")
    assert f"rdv2po recover {tmp_path}" in msg
    monkeypatch.setattr(journal, "_exchange", real)
    done = journal.recover_around([tmp_path])
    assert [d.how for d in done] == ["rolled back"]
    assert all(p.read_bytes() == old for p, (old, _new) in files.items())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.adb", "b.adb", "c.adb"]


def test_recovery_that_meets_an_edit_keeps_the_journal_and_says_why(tmp_path, trees):
    old, new, steps = trees
    make_tree(tmp_path)
    k = steps.index("swap 1") + 1
    r = rdv2po(tmp_path, "rewrite", "--in-place", "src", RDV2PO_TEST_CRASH=f"{k}:KILL")
    assert r.returncode == -signal.SIGKILL
    changed = [n for n in old if tree(tmp_path)[n] != old[n]]
    untouched = [n for n in old if old[n] != new[n] and n not in changed]
    assert len(changed) == 2 and untouched
    (tmp_path / "src" / changed[0]).write_text("-- edited after the crash\n")
    (tmp_path / "src" / untouched[0]).write_text("-- edited too\n")
    r = rdv2po(tmp_path, "recover", "src")
    assert r.returncode == 2
    assert "holds neither the text from before nor the rewrite" in r.stderr
    assert (tmp_path / "src" / journal.JOURNAL).is_dir()


def test_temporary_directory_full_is_a_tool_failure_about_it(tmp_path):
    """GNAT's "disk full" while writing its .ali is not an error in the input."""
    make_tree(tmp_path)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    gcc = bin_dir / "gcc"
    gcc.write_text("#!/bin/sh\necho 'disk full writing p1.ali' >&2\nexit 1\n")
    gcc.chmod(0o755)
    path = f"{bin_dir}{os.pathsep}{os.environ['PATH']}"
    r = rdv2po(tmp_path, "rewrite", "src", PATH=path)
    assert r.returncode == 2, r.stderr
    assert f"the temporary directory {tmp_path / 'tmp'} is full (GNAT: disk full writing " \
           "p1.ali)" in r.stderr
    assert "fix the input errors" not in r.stderr and "src/p1" not in r.stderr
    assert leftovers(tmp_path) == []


def test_diff_of_files_outside_the_current_directory_applies_with_git(tmp_path):
    make_tree(tmp_path)
    (tmp_path / "work").mkdir()
    r = subprocess.run([sys.executable, "-m", "rdv2po", "rewrite", str(tmp_path / "src")],
                       cwd=tmp_path / "work", env=env(tmp_path), capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 1, r.stderr
    assert "--- a/p1.adb" in r.stdout and "//" not in r.stdout
    assert f"relative to {tmp_path / 'src'}" in r.stderr
    check = subprocess.run(["git", "apply", "--check", "-"], input=r.stdout, text=True,
                           cwd=tmp_path / "src", capture_output=True)
    assert check.returncode == 0, check.stderr


def test_symlinked_source_directory_is_followed_once(tmp_path):
    make_tree(tmp_path)
    lib = tmp_path / "lib"
    lib.mkdir()
    for n in ("p3.ads", "p3.adb"):
        os.replace(tmp_path / "src" / n, lib / n)
    (tmp_path / "src" / "lib").symlink_to(lib)
    (lib / "loop").symlink_to(tmp_path / "src")
    r = rdv2po(tmp_path, "rewrite", "src")
    assert r.returncode == 1, r.stderr
    assert r.stdout.count("+++ b/lib/p3.adb") == 1 and "would rewrite 3 task(s) in 6" in r.stderr


def test_a_stage_cut_off_before_its_lock_goes_only_when_its_process_is_gone(tmp_path):
    dead = subprocess.Popen(["true"])
    dead.wait()
    orphan = tmp_path / f"{journal.STAGE_PREFIX}{dead.pid}-abcd1234"
    live = tmp_path / f"{journal.STAGE_PREFIX}{os.getpid()}-abcd1234"
    orphan.mkdir()
    live.mkdir()
    done = journal.recover_around([tmp_path])
    assert [d.how for d in done] == ["cleaned"]
    assert not orphan.exists() and live.exists()


def test_a_stage_behind_a_symlinked_directory_is_found_before_the_sources_are_read(tmp_path):
    """discover follows links to directories: so must the search for what a run left."""
    dead = subprocess.Popen(["true"])
    dead.wait()
    lib = tmp_path / "elsewhere" / "lib"
    lib.mkdir(parents=True)
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "lib").symlink_to(lib)
    orphan = lib / f"{journal.STAGE_PREFIX}{dead.pid}-abcd1234"
    orphan.mkdir()
    done = journal.recover_around([tmp_path / "src"])
    assert [d.how for d in done] == ["cleaned"] and not orphan.exists()


def test_a_tree_moved_after_the_crash_still_recovers(tmp_path, trees):
    old, new, steps = trees
    make_tree(tmp_path / "first")
    k = steps.index("swap 2") + 1
    r = rdv2po(tmp_path / "first", "rewrite", "--in-place", "src", RDV2PO_TEST_CRASH=f"{k}:KILL")
    assert r.returncode == -signal.SIGKILL
    os.rename(tmp_path / "first", tmp_path / "moved")
    r = rdv2po(tmp_path / "moved", "recover")
    assert r.returncode == 0 and "src: an interrupted write was completed" in r.stderr, r.stderr
    assert state(tmp_path / "moved", old, new) == "new"


def test_journal_directory_read_only_is_refused(tmp_path):
    parent = tmp_path / "tree"
    files = {}
    for sub in ("a", "b"):
        (parent / sub).mkdir(parents=True)
        f = parent / sub / "x.adb"
        f.write_bytes(b"old\n")
        files[f] = (b"old\n", b"new\n")
    os.chmod(parent, 0o555)
    try:
        with pytest.raises(ToolFailure, match=r"tree \(where rdv2po keeps its write journal\) is "
                                              r"not writable \(read-only directory\)"):
            writer.write_all(files)
    finally:
        os.chmod(parent, 0o755)
    assert all(f.read_bytes() == b"old\n" for f in files)


def test_a_full_temporary_directory_while_rdv2po_writes_there_names_it(tmp_path, monkeypatch):
    from rdv2po import scratch
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr(scratch.tempfile, "tempdir", None)
    with pytest.raises(ToolFailure, match=rf"the temporary directory {tmp_path} is full "
                                          r"\(No space left on device\)"):
        with scratch.directory("verify") as d:
            raise OSError(28, "No space left on device", str(d / "store.adb"))
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("exchange", [True, False], ids=["exchange", "rename"])
def test_a_write_through_a_descriptor_opened_before_the_swap_is_kept(tmp_path, monkeypatch,
                                                                     exchange):
    """An editor opened b.adb just before its swap and writes just after it."""
    files = three(tmp_path)
    b = tmp_path / "b.adb"
    held = []
    if not exchange:
        monkeypatch.setattr(journal, "_exchange", lambda a, b: False)
    monkeypatch.setattr(journal, "between_check_and_swap",
                        lambda path: held.append(os.open(path, os.O_WRONLY)) if path == b else None)
    real_sync = journal._sync_targets

    def write_late(entries):
        if held:
            fd = held.pop()
            os.pwrite(fd, b"LATE", 0)
            os.close(fd)
        real_sync(entries)
    monkeypatch.setattr(journal, "_sync_targets", write_late)
    with pytest.raises(ToolFailure, match=r"b\.adb: changed on disk since it was read \(written "
                                          r"through a descriptor opened before rdv2po replaced "
                                          r"it; that text is kept\); nothing written"):
        writer.write_all(files)
    assert b.read_bytes() == b"LATEb\n"
    assert (tmp_path / "a.adb").read_bytes() == b"old a\n"
    assert (tmp_path / "c.adb").read_bytes() == b"old c\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.adb", "b.adb", "c.adb"]
