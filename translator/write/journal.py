"""The write journal: every rewritten file or none, even if the process is killed.

docs/writing.md describes the protocol; in short:

1. stage: a directory ``ROOT/.rdv2po-stage-XXXX`` (ROOT: the targets' common
   directory) gets, for target ``i``, ``i.new`` (the rewrite) and ``i.old``
   (a copy of what was read), both with the target's mode, owner and group,
   and ``manifest.json`` (targets and SHA-256 of old and new); all fsynced;
2. commit: the stage directory is renamed to ``ROOT/.rdv2po-journal``;
3. each target is swapped with its ``i.new`` (``renameat2(RENAME_EXCHANGE)``,
   a plain rename where the file system cannot), checked just before and
   just after the swap to still be the file that was read;
4. the targets' directories are fsynced, the manifest removed (the end
   point), then the rest of the journal.

A stage directory never touched a target: recovery removes it.  A journal
is rolled forward (each target that still holds its old text gets its new
one), or back if it holds a ``rollback`` marker or a target cannot be rolled
forward.  Each directory holds a ``lock`` its writer keeps locked (flock)
while it runs, so a live run's directories are never recovered.
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import hashlib
import json
import os
import shutil
import signal
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .. import interrupt, scratch
from ..frontend.sources import walk_tree
from ..diagnostics import ToolFailure

JOURNAL = ".rdv2po-journal"
STAGE_PREFIX = ".rdv2po-stage-"
MANIFEST = "manifest.json"
ROLLBACK = "rollback"
LOCK = "lock"
FORMAT = 1


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def identity(st: os.stat_result) -> tuple:
    """What changes when a file is edited, replaced or its metadata changed."""
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


@dataclass(frozen=True)
class Target:
    path: Path
    old: bytes
    new: bytes
    stat: os.stat_result     # of the file whose bytes are ``old``, read just now


class Changed(Exception):
    """A target is no longer the file that was read: edited, replaced or deleted."""

    def __init__(self, path: Path, how: str) -> None:
        super().__init__(f"{path}: changed on disk since it was read ({how})")
        self.path, self.how = path, how


# --- test hook -----------------------------------------------------------------
# RDV2PO_TEST_CRASH=N:SIG makes the writer send itself SIG at its N-th step, so a
# test can stop it at every instant of a write, deterministically;
# RDV2PO_TEST_STEPS=FILE logs the steps' names there.  Unset, they cost nothing.
_crash = os.environ.get("RDV2PO_TEST_CRASH", "")
_steps_log = os.environ.get("RDV2PO_TEST_STEPS", "")
_step_count = 0


def _step(name: str) -> None:
    global _step_count
    _step_count += 1
    if _steps_log:
        with open(_steps_log, "a") as f:
            f.write(f"{_step_count} {name}\n")
    if _crash:
        n, sig = _crash.split(":")
        if int(n) == _step_count:
            os.kill(os.getpid(), getattr(signal, f"SIG{sig}"))


def between_check_and_swap(path: Path) -> None:
    """Nothing; tests replace it to edit a file in the last instant before the swap."""


# --- file system primitives ------------------------------------------------------

_AT_FDCWD = -100
_RENAME_EXCHANGE = 2
try:
    _renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
except (OSError, AttributeError):
    _renameat2 = None


def _exchange(a: Path, b: Path) -> bool:
    """Swap two names atomically; False (nothing done) where the file system cannot."""
    if _renameat2 is None:
        return False
    if _renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), str(b))


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def read_fd(fd: int) -> bytes:
    chunks, off = [], 0
    while True:
        b = os.pread(fd, 1 << 20, off)
        if not b:
            return b"".join(chunks)
        chunks.append(b)
        off += len(b)


def _hash_file(path: Path) -> str | None:
    """None: missing or unreadable, which matches no journal hash."""
    try:
        return digest(path.read_bytes())
    except OSError:
        return None


def _write_like(path: Path, data: bytes, like: os.stat_result) -> None:
    """A new file with ``data`` and the mode, owner and group of ``like``."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        st = os.fstat(fd)
        if (st.st_uid, st.st_gid) != (like.st_uid, like.st_gid):
            os.fchown(fd, like.st_uid, like.st_gid)
        os.fchmod(fd, stat.S_IMODE(like.st_mode))    # after chown, which clears set-id bits
        os.fsync(fd)
    finally:
        os.close(fd)


def _lock(directory: Path) -> int:
    fd = os.open(directory / LOCK, os.O_CREAT | os.O_RDWR, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    return fd


def common_root(paths: list[Path]) -> Path:
    return Path(os.path.commonpath([str(p.parent) for p in paths]))


# --- swapping one target ----------------------------------------------------------

@dataclass
class Swapped:
    """A file swapped out by a live write, still open: a write into it through a
    descriptor opened before the swap is found by reading it again."""
    fd: int
    exchanged: bool          # it sits in the journal as i.new (else it is unlinked)
    stat: os.stat_result


def _swap(target: Path, staged: Path, expect: str, ident: tuple | None,
          keep: bool = False) -> Swapped | None:
    """Put ``staged`` at ``target`` if ``target`` is still the file hashed ``expect``
    (and, when given, of identity ``ident``); afterwards ``staged`` holds the file
    that was there (exchange), or is gone (rename).  ``keep``: return that file, open."""
    try:
        fd = os.open(target, os.O_RDONLY | os.O_NOFOLLOW)
    except FileNotFoundError:
        raise Changed(target, "deleted") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise Changed(target, "replaced by a symbolic link") from None
        raise
    kept = None
    try:
        st = os.fstat(fd)
        if digest(read_fd(fd)) != expect or (ident is not None and identity(st) != ident):
            raise Changed(target, "edited")
        between_check_and_swap(target)
        try:
            exchanged = _exchange(staged, target)
        except FileNotFoundError:
            raise Changed(target, "deleted") from None
        if exchanged:
            # What we swapped out must be the file we checked, still holding those
            # bytes: a replace or a write in the instant before the swap is undone.
            out = os.lstat(staged)
            if (out.st_dev, out.st_ino) != (st.st_dev, st.st_ino):
                _exchange(staged, target)
                raise Changed(target, "replaced")
            if digest(read_fd(fd)) != expect:
                _exchange(staged, target)
                raise Changed(target, "edited")
        else:
            try:
                now = os.lstat(target)
            except FileNotFoundError:
                raise Changed(target, "deleted") from None
            if (now.st_dev, now.st_ino) != (st.st_dev, st.st_ino):
                raise Changed(target, "replaced")
            os.rename(staged, target)
            late = read_fd(fd)
            if digest(late) != expect:
                # Written between the check and the rename: put that text back.
                _put_back(target, staged.with_name(staged.name + ".edited"), late, st)
                raise Changed(target, "edited")
        if keep:
            kept = Swapped(fd, exchanged, st)
        return kept
    finally:
        if kept is None:
            os.close(fd)


def _put_back(target: Path, via: Path, data: bytes, like: os.stat_result) -> None:
    _write_like(via, data, like)
    os.rename(via, target)


# --- the live write ----------------------------------------------------------------

@dataclass(frozen=True)
class Entry:
    target: Path
    old: str
    new: str


def _manifest(entries: list[Entry], root: Path) -> bytes:
    # Relative to ROOT: a tree moved or mounted elsewhere after a crash still recovers.
    return json.dumps({"format": FORMAT, "pid": os.getpid(),
                       "entries": [{"target": e.target.relative_to(root).as_posix(),
                                    "old": e.old, "new": e.new}
                                   for e in entries]}, indent=1).encode()


def _read_manifest(journal: Path) -> list[Entry] | None:
    try:
        raw = json.loads((journal / MANIFEST).read_bytes())
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise ToolFailure(f"{journal / MANIFEST}: unreadable journal ({exc}); restore the "
                          "files by hand from the *.old and *.new files there") from exc
    if raw.get("format") != FORMAT:
        raise ToolFailure(f"{journal / MANIFEST}: journal format {raw.get('format')} is not "
                          f"this rdv2po's ({FORMAT}); recover it with the rdv2po that wrote it")
    return [Entry(journal.parent / e["target"], e["old"], e["new"]) for e in raw["entries"]]


def write(targets: list[Target]) -> list[Recovered]:
    """Replace every target's bytes with its new ones, all or none.  Returns what it
    first recovered of an earlier, interrupted write in the same place."""
    root = common_root([t.path for t in targets])
    _refuse_live_journal(root)
    earlier = recover_at(root)
    entries = [Entry(t.path, digest(t.old), digest(t.new)) for t in targets]
    journal = root / JOURNAL
    staged: list = []
    swapped: list[Swapped] = []
    committed = False
    try:
        _stage(root, targets, entries, staged)
        with interrupt.deferred():
            try:
                os.rename(staged[0], journal)
            except OSError as exc:
                if exc.errno in (errno.EEXIST, errno.ENOTEMPTY):
                    raise ToolFailure(f"{root}: another rdv2po run is writing files here; "
                                      "nothing written") from None
                raise ToolFailure(f"{root}: cannot commit the write journal: "
                                  f"{exc.strerror}; nothing written") from exc
            committed = True
            _fsync_dir(root)
            _step("commit")
            swapped.extend(_apply(journal, targets, entries))
            try:
                _sync_targets(entries)
                _check_late_writes(journal, entries, swapped)
                _end(journal, root)
            except OSError as exc:
                raise ToolFailure(f"{journal}: every file was written, but the journal "
                                  f"could not be removed: {exc.strerror or exc}; "
                                  f"'rdv2po recover {root}' removes it") from exc
    except interrupt.Interrupted as exc:
        if committed:
            exc.done = f"the rewrite of {len(targets)} file(s) was already complete"
        raise
    finally:
        for sw in swapped:
            os.close(sw.fd)
        if len(staged) > 1:
            os.close(staged[1])
        if staged and not committed:
            with interrupt.deferred():
                shutil.rmtree(staged[0], ignore_errors=True)
    return earlier


def _stage(root: Path, targets: list[Target], entries: list[Entry], into: list) -> None:
    """Write the stage directory; ``into`` gets [directory, lock fd] as soon as they
    exist, so that the caller removes them whatever stops this."""
    try:
        with interrupt.deferred():
            into.append(Path(tempfile.mkdtemp(prefix=f"{STAGE_PREFIX}{os.getpid()}-", dir=root)))
            into.append(_lock(into[0]))
    except OSError as exc:
        raise ToolFailure(f"{root}: cannot create the write journal there: "
                          f"{exc.strerror or exc}; nothing written") from exc
    stage = into[0]
    for i, t in enumerate(targets):
        what = "new"
        try:
            _write_like(stage / f"{i}.new", t.new, t.stat)
            _step(f"stage {i}.new")
            what = "old"
            _write_like(stage / f"{i}.old", t.old, t.stat)
            _step(f"stage {i}.old")
        except PermissionError as exc:
            raise ToolFailure(
                f"{t.path}: cannot give the rewritten file its owner and group "
                f"(uid {t.stat.st_uid}, gid {t.stat.st_gid}): {exc.strerror}; "
                "run rdv2po as the file's owner; nothing written") from exc
        except OSError as exc:
            raise ToolFailure(f"{t.path}: cannot stage the {what} text in {stage}: "
                              f"{exc.strerror}; nothing written") from exc
    try:
        with open(stage / MANIFEST, "xb") as f:
            f.write(_manifest(entries, root))
            f.flush()
            os.fsync(f.fileno())
        _fsync_dir(stage)
    except OSError as exc:
        raise ToolFailure(f"{stage / MANIFEST}: cannot write the journal: "
                          f"{exc.strerror}; nothing written") from exc
    _step("manifest")


def _apply(journal: Path, targets: list[Target], entries: list[Entry]) -> list[Swapped]:
    """Swap every target; on the first failure swap back those already done."""
    done: list[Swapped] = []
    for i, (t, e) in enumerate(zip(targets, entries)):
        try:
            done.append(_swap(t.path, journal / f"{i}.new", e.old, identity(t.stat), keep=True))
        except (Changed, OSError) as exc:
            why = (f"{exc}" if isinstance(exc, Changed) else
                   f"{t.path}: cannot replace it: {exc.strerror or exc}")
            try:
                _roll_back(journal, entries, done, why)
            finally:
                for sw in done:
                    os.close(sw.fd)
        _step(f"swap {i}")
    return done


def _check_late_writes(journal: Path, entries: list[Entry], swapped: list[Swapped]) -> None:
    """The last look before the journal ends: a program that opened a file before its
    swap and wrote after it wrote into the file now in the journal.  Its text goes
    back to its name and the write is undone."""
    for e, sw in zip(entries, swapped):
        if digest(read_fd(sw.fd)) != e.old:
            _roll_back(journal, entries, swapped,
                       f"{e.target}: changed on disk since it was read (written through a "
                       "descriptor opened before rdv2po replaced it; that text is kept)")
    _step("late writes checked")


def _roll_back(journal: Path, entries: list[Entry], done: list[Swapped], why: str) -> None:
    """Give each file in ``done`` back its swapped-out file (with any text written into
    it since), end the journal, and raise ToolFailure(why)."""
    try:
        _mark_rollback(journal)
        for k in reversed(range(len(done))):
            sw, e = done[k], entries[k]
            if sw.exchanged:
                source = journal / f"{k}.new"
            else:
                source = journal / f"{k}.old"
                late = read_fd(sw.fd)
                if digest(late) != e.old:
                    _put_back(source, journal / f"{k}.late", late, sw.stat)
            _swap(e.target, source, e.new, None)
    except (Changed, OSError) as exc2:
        detail = (str(exc2) if isinstance(exc2, Changed) else
                  f"{exc2.filename}: {exc2.strerror or exc2}")
        raise ToolFailure(
            f"{why}; restoring the files already replaced failed too ({detail}); "
            f"{journal} keeps both texts of every file: run "
            f"'rdv2po recover {journal.parent}'") from exc2
    try:
        _sync_targets(entries)
        _end(journal, journal.parent)
    except OSError as exc3:
        why += (f"; every file was restored, but {journal} could not be removed "
                f"({exc3.strerror or exc3}): 'rdv2po recover {journal.parent}' does")
    raise ToolFailure(f"{why}; nothing written"
                      + (f" (the {len(done)} file(s) already replaced were restored)"
                         if done else ""))


def _undo(journal: Path, i: int, e: Entry) -> None:
    # With the target holding the rewrite, an i.new that is not the rewrite is the
    # file swapped out, with whatever was written into it since: it goes back.
    staged_new = journal / f"{i}.new"
    source = staged_new if staged_new.exists() and _hash_file(staged_new) != e.new \
        else journal / f"{i}.old"
    _swap(e.target, source, e.new, None)


def _redo(journal: Path, i: int, e: Entry) -> None:
    _swap(e.target, journal / f"{i}.new", e.old, None)


def _mark_rollback(journal: Path) -> None:
    with open(journal / ROLLBACK, "wb") as f:
        os.fsync(f.fileno())
    _fsync_dir(journal)


def _finish(journal: Path, root: Path, entries: list[Entry]) -> None:
    _sync_targets(entries)
    _end(journal, root)


def _sync_targets(entries: list[Entry]) -> None:
    """Make the swaps durable before the journal that could redo them goes."""
    for d in sorted({e.target.parent for e in entries}):
        _fsync_dir(d)
    _step("targets synced")


def _end(journal: Path, root: Path) -> None:
    """The manifest first: a journal without one is known to be finished."""
    (journal / MANIFEST).unlink()
    _fsync_dir(journal)
    _step("manifest removed")
    _remove_journal(journal, root)


def _remove_journal(journal: Path, root: Path) -> None:
    # Its lock goes last; from then on another run may be removing it too.
    try:
        for n, p in enumerate(sorted(journal.iterdir(), key=lambda p: p.name == LOCK)):
            p.unlink(missing_ok=True)
            if n == 0 or p.name == LOCK:
                _step(f"remove {p.name}")
        journal.rmdir()
    except FileNotFoundError:
        pass
    _fsync_dir(root)
    _step("journal removed")


def _refuse_live_journal(root: Path) -> None:
    journal = root / JOURNAL
    if journal.exists():
        lock = _take(journal)
        if lock is None:
            raise ToolFailure(f"{root}: another rdv2po run is writing files here; "
                              "nothing written")
        if lock >= 0:
            os.close(lock)


# --- recovery -----------------------------------------------------------------------

@dataclass(frozen=True)
class Recovered:
    root: Path
    how: str            # "completed", "rolled back", "cleaned"
    files: int

    def message(self) -> str:
        root = _shown(self.root)
        if self.how == "completed":
            return (f"rdv2po: {root}: an interrupted write was completed: the "
                    f"{self.files} file(s) it rewrites now hold the rewrite")
        if self.how == "rolled back":
            return (f"rdv2po: {root}: an interrupted write was rolled back: the "
                    f"{self.files} file(s) it rewrote hold their text from before it")
        return f"rdv2po: {root}: removed what an interrupted write left (no file was changed)"


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd().resolve())) or "."
    except ValueError:
        return str(path)


def recover_at(root: Path) -> list[Recovered]:
    """Finish what an interrupted run left in ``root``; what was done."""
    found: list[Recovered] = []
    try:
        names = [n for n in os.listdir(root) if n == JOURNAL or n.startswith(STAGE_PREFIX)]
    except OSError:
        return found
    for name in sorted(names, key=lambda n: n == JOURNAL):
        d = root / name
        lock = _take(d)
        if lock is None:
            continue                      # its writer is running
        try:
            with interrupt.deferred():
                if name != JOURNAL:
                    # Nothing was swapped before the stage became the journal.
                    if lock < 0 and scratch.process_alive(name[len(STAGE_PREFIX):]):
                        continue
                    shutil.rmtree(d, ignore_errors=True)
                    found.append(Recovered(root, "cleaned", 0))
                else:
                    found.append(_recover_journal(d, root))
        finally:
            if lock >= 0:
                os.close(lock)
    return found


def _take(directory: Path) -> int | None:
    """The lock of an abandoned directory (-1: it has none); None if its writer runs."""
    try:
        fd = os.open(directory / LOCK, os.O_RDWR)
    except FileNotFoundError:
        return -1
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    return fd


def _recover_journal(journal: Path, root: Path) -> Recovered:
    entries = _read_manifest(journal)
    if entries is None:         # finished: only the clean-up was cut off
        _remove_journal(journal, root)
        return Recovered(root, "cleaned", 0)
    if not (journal / ROLLBACK).exists():
        if _forward_blocker(journal, entries) is None:
            for i, e in enumerate(entries):
                if _hash_file(e.target) == e.old:
                    _recovery_step(lambda: _redo(journal, i, e), journal)
            _finish(journal, root, entries)
            return Recovered(root, "completed", len(entries))
        _mark_rollback(journal)
    for i, e in enumerate(entries):
        now = _hash_file(e.target)
        if now == e.new:
            _recovery_step(lambda: _undo(journal, i, e), journal)
        elif now != e.old:
            raise ToolFailure(
                f"{e.target}: holds neither the text from before nor the rewrite of an "
                f"interrupted write (edited or deleted since?); the text from before is "
                f"{journal / f'{i}.old'}: put what you want in place, then delete {journal}")
    _finish(journal, root, entries)
    return Recovered(root, "rolled back", len(entries))


def _forward_blocker(journal: Path, entries: list[Entry]) -> Path | None:
    """A target that cannot get its new text: edited since, or its staged copy lost."""
    for i, e in enumerate(entries):
        now = _hash_file(e.target)
        if now == e.new:
            continue
        if now != e.old or _hash_file(journal / f"{i}.new") != e.new:
            return e.target
    return None


def _recovery_step(action, journal: Path) -> None:
    try:
        action()
    except (Changed, OSError) as exc:
        raise ToolFailure(f"{exc}; cannot recover the interrupted write; {journal} keeps "
                          "the old and new text of every file") from exc


def recover_around(paths: list[Path]) -> list[Recovered]:
    """Journals where a run on ``paths`` could have left one: in the paths' directories,
    their parents, and (for directories) the directories under them."""
    roots: dict[Path, None] = {}
    for p in paths:
        try:
            p = p.resolve()
        except OSError:
            continue
        start = p if p.is_dir() else p.parent
        for d in (start, *start.parents):
            roots.setdefault(d)
        if p.is_dir():
            # The tree as discover reads it (links followed): a journal a run could
            # have left must be settled before its sources are read.
            for dirpath, dirs, _files in walk_tree(p):
                if JOURNAL in dirs or any(d.startswith(STAGE_PREFIX) for d in dirs):
                    roots.setdefault(Path(dirpath).resolve())
    found = []
    for root in roots:
        found.extend(recover_at(root))
    return found
