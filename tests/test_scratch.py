"""Sweeping temporary directories: only those of processes that are gone."""

import os
import subprocess
import sys

from rdv2po import scratch


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def _unlocked_dir(tmp_path, pid):
    d = tmp_path / f"rdv2po-gnat-{pid}-abcd1234"
    d.mkdir()
    (d / scratch.OWNER).touch()     # created, not (yet) locked
    return d


def test_unlocked_directory_of_a_live_process_is_kept(tmp_path, monkeypatch):
    # Its creator may be between creating the lock file and locking it.
    monkeypatch.setattr(scratch, "temp_root", lambda: str(tmp_path))
    live = _unlocked_dir(tmp_path, os.getpid())
    assert scratch.sweep() == []
    assert live.is_dir()


def test_unlocked_directory_of_a_dead_process_is_swept(tmp_path, monkeypatch):
    monkeypatch.setattr(scratch, "temp_root", lambda: str(tmp_path))
    dead = _unlocked_dir(tmp_path, _dead_pid())
    assert scratch.sweep() == [str(dead)]
    assert not dead.exists()


def test_locked_directory_is_kept(tmp_path, monkeypatch):
    monkeypatch.setattr(scratch.tempfile, "tempdir", str(tmp_path))
    with scratch.directory("verify") as d:
        assert scratch.sweep() == []
        assert d.is_dir()
    assert not d.exists()
