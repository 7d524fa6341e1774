"""``rdv2po rewrite`` as users run it: modes, exit codes, what is written and how."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from corpus_harness import CORPUS, run_program
from rdv2po.write import writer
from rdv2po.diagnostics import ToolFailure


def rdv2po(*args, cwd):
    return subprocess.run([sys.executable, "-m", "rdv2po", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300)


def copy_case(tmp_path: Path, name: str) -> Path:
    shutil.copytree(CORPUS / name / "src", tmp_path / "src")
    return tmp_path


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_default_prints_a_diff_and_writes_nothing(tmp_path):
    root = copy_case(tmp_path, "stop_entry")
    before = snapshot(root)
    r = rdv2po("rewrite", "src", cwd=root)
    assert r.returncode == 1, r.stderr
    assert r.stdout.startswith("--- a/src/accumulators.adb")
    assert "+   protected body Accumulator is" in r.stdout
    assert "would rewrite 1 task(s) in 2 file(s)" in r.stderr
    assert snapshot(root) == before


def test_check_exits_1_when_something_would_change_and_0_after_in_place(tmp_path):
    root = copy_case(tmp_path, "stop_entry")
    before = snapshot(root)
    r = rdv2po("rewrite", "--check", "src", cwd=root)
    assert r.returncode == 1 and r.stdout == ""
    assert snapshot(root) == before
    r = rdv2po("rewrite", "--in-place", "src", cwd=root)
    assert r.returncode == 0, r.stderr
    assert "rewrote 1 task(s) in 2 file(s)" in r.stderr
    assert snapshot(root) != before
    r = rdv2po("rewrite", "--check", "src", cwd=root)
    assert r.returncode == 0, r.stderr


def test_refusal_names_construct_place_and_reason_and_exits_0(tmp_path):
    # io_in_accept's logger, which the caller-runs scheme now translates, refused for
    # an asynchronous select elsewhere: the accepting scheme's refusal is the one shown
    root = copy_case(tmp_path, "caller_runs_abortable")
    before = snapshot(root)
    r = rdv2po("rewrite", "--check", "src", cwd=root)
    assert r.returncode == 0
    assert "src/main.adb:15:16: warning: task Logger not rewritten: call of " \
           "Ada.Text_IO.Put_Line" in r.stderr
    assert "RM 9.5.1(18)" in r.stderr
    assert snapshot(root) == before


def test_crlf_bom_permissions_and_other_bytes_are_kept(tmp_path):
    root = copy_case(tmp_path, "crlf_bom")
    spec = root / "src" / "counters.ads"
    os.chmod(spec, 0o640)
    old = spec.read_bytes()
    r = rdv2po("rewrite", "--in-place", "src", cwd=root)
    assert r.returncode == 0, r.stderr
    new = spec.read_bytes()
    assert new.startswith(b"\xef\xbb\xbf")
    assert b"\n" not in new.replace(b"\r\n", b"")            # every newline still CRLF
    assert stat.S_IMODE(spec.stat().st_mode) == 0o640
    assert "Zähler".encode() in new
    # bytes before the task declaration are untouched
    cut = old.index(b"task Counter")
    assert new[:cut] == old[:cut]
    assert run_program(root / "src", "main").stdout == \
        (CORPUS / "crlf_bom" / "expected" / "output.txt").read_text()


def test_unparsable_input_is_a_tool_failure_and_nothing_is_written(tmp_path):
    root = copy_case(tmp_path, "stop_entry")
    (root / "src" / "broken.adb").write_text("procedure Broken is\nbegin\n   X := ;\nend;\n")
    before = snapshot(root)
    r = rdv2po("rewrite", "--in-place", "src", cwd=root)
    assert r.returncode == 2
    assert "src/broken.adb:3:" in r.stderr and "nothing written" in r.stderr
    assert snapshot(root) == before


def test_select_unknown_task_is_a_usage_failure_and_general_scheme_works(tmp_path):
    root = copy_case(tmp_path, "stop_entry")
    r = rdv2po("rewrite", "--select", "Nobody", "src", cwd=root)
    assert r.returncode == 2 and "no such task" in r.stderr
    r = rdv2po("rewrite", "--scheme", "general", "src", cwd=root)
    assert r.returncode == 1 and "+   protected Accumulator is" in r.stdout
    assert "would rewrite 1 task(s)" in r.stderr


def test_select_limits_the_rewrite_to_the_named_task(tmp_path):
    root = copy_case(tmp_path, "renamed_entry")
    r = rdv2po("rewrite", "--select", "Accumulator", "src", cwd=root)
    assert r.returncode == 1
    assert "protected body Accumulator" in r.stdout
    assert "protected body Stack_Server" not in r.stdout


def test_read_only_file_fails_cleanly_and_writes_nothing(tmp_path):
    root = copy_case(tmp_path, "stop_entry")
    body = root / "src" / "accumulators.adb"
    os.chmod(body, 0o444)
    before = snapshot(root)
    r = rdv2po("rewrite", "--in-place", "src", cwd=root)
    assert r.returncode == 2
    assert "not writable" in r.stderr
    assert snapshot(root) == before


def test_writer_rolls_back_when_a_rename_fails(tmp_path, monkeypatch):
    from rdv2po.write import journal
    a, b = tmp_path / "a.adb", tmp_path / "b.adb"
    a.write_bytes(b"old a")
    b.write_bytes(b"old b")
    real = journal._exchange

    def flaky(staged, target):
        if Path(target) == b:
            raise OSError(28, "No space left on device", str(target))
        return real(staged, target)

    monkeypatch.setattr(journal, "_exchange", flaky)
    with pytest.raises(ToolFailure, match=r"b\.adb: cannot replace it: No space left on device; "
                                          r"nothing written \(the 1 file\(s\) already replaced "
                                          r"were restored\)"):
        writer.write_all({a: (b"old a", b"new a"), b: (b"old b", b"new b")})
    assert a.read_bytes() == b"old a" and b.read_bytes() == b"old b"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.adb", "b.adb"]


def test_writer_refuses_a_file_changed_since_it_was_read(tmp_path):
    a = tmp_path / "a.adb"
    a.write_bytes(b"changed meanwhile")
    with pytest.raises(ToolFailure, match="changed on disk"):
        writer.write_all({a: (b"as read", b"new")})
    assert a.read_bytes() == b"changed meanwhile"


def test_outcome_records_a_decision_per_task(tmp_path):
    from rdv2po import rewrite
    from rdv2po.frontend.analysis import Options
    from rewrite_harness import in_dir
    root = copy_case(tmp_path, "own_timed_conditional")
    out = in_dir(root, lambda: rewrite.run(Options(paths=("src",))))
    by_name = {q.rsplit(".", 1)[-1]: d for q, d in out.decisions.items()}
    server = by_name["Server"]
    assert not server.rewritten
    # the closest scheme's reason (caller-runs: one obstacle), the accepting
    # scheme's named among the others
    assert server.scheme == "caller-runs-server" and "no timer" in server.reason
    assert any(o[0] == "accepting-server" and "would run inside a protected action"
               in str(o[2]) for o in server.others), server.others
    assert server.loc.path.endswith(".adb") and server.loc.line > 1
    root = copy_case(tmp_path / "mixed", "mixed_server")
    out = in_dir(root, lambda: rewrite.run(Options(paths=("src",))))
    by_name = {q.rsplit(".", 1)[-1]: d for q, d in out.decisions.items()}
    # Sink's entries become protected procedures; Relay's call of one is then no
    # longer potentially blocking, and the second pass takes Relay
    for name in ("Sink", "Relay"):
        assert by_name[name].rewritten and by_name[name].scheme == "accepting-server"
    quick = in_dir(root, lambda: rewrite.run(Options(paths=("src",)), verify_with_gnat=False))
    assert not quick.verified and quick.changes
    with pytest.raises(ToolFailure):
        rewrite.write(quick)


@pytest.mark.parametrize("args, says", [
    (("-j", "-1"), "-j/--jobs: must be 1 or more"),
    (("nosuch",), "nosuch: no such file or directory"),
    (("empty",), "no Ada sources (.ads, .adb, .ada) in empty"),
    (("-P", "app.gpr"), "give PATHs or -P PROJECT.gpr, not both"),
    (("-I", "nodir"), "-I nodir: no such directory"),
    (("--gnat-switch=-gnatBOGUS",), "GNAT fails with the switches -gnatBOGUS"),
])
def test_bad_arguments_are_tool_failures_never_tracebacks(tmp_path, args, says):
    root = copy_case(tmp_path, "stop_entry")
    (root / "empty").mkdir()
    r = rdv2po("rewrite", "--check", *args, *(["src"] if args[0] != "nosuch" and
                                                args[0] != "empty" else []), cwd=root)
    assert r.returncode == 2 and says in r.stderr, r.stderr
    assert "Traceback" not in r.stderr


def test_unwritable_output_is_a_tool_failure(tmp_path):
    root = copy_case(tmp_path, "stop_entry")
    with open(os.devnull if not Path("/dev/full").exists() else "/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "rdv2po", "rewrite", "src"], cwd=root,
                           stdout=full, stderr=subprocess.PIPE, text=True, timeout=300)
    if Path("/dev/full").exists():
        assert r.returncode == 2 and "cannot write the output" in r.stderr, r.stderr
    assert "Traceback" not in r.stderr


def test_a_unit_gnat_rejects_anywhere_stops_the_rewrite(tmp_path):
    """Not only units with tasks: the whole program must compile before anything is written."""
    root = copy_case(tmp_path, "stop_entry")
    (root / "src" / "util.ads").write_text("package Util is\n   function F (X : Integer) "
                                           "return String;\nend Util;\n")
    (root / "src" / "util.adb").write_text("package body Util is\n   function F (X : Integer) "
                                           "return String is\n   begin\n      return X & 2;\n"
                                           "   end F;\nend Util;\n")
    before = snapshot(root)
    r = rdv2po("rewrite", "--in-place", "src", cwd=root)
    assert r.returncode == 2, r.stderr
    assert "src/util.adb:4:16: error: GNAT: invalid operand types" in r.stderr
    assert "nothing written" in r.stderr
    assert snapshot(root) == before


def test_a_task_whose_body_is_not_given_is_reported(tmp_path):
    root = copy_case(tmp_path, "stop_entry")
    spec = next(p.name for p in (root / "src").glob("*.ads"))
    for scheme in ("auto", "general"):
        r = rdv2po("rewrite", "--check", "--scheme", scheme, f"src/{spec}", cwd=root)
        assert r.returncode == 0
        assert "its body is not in the given sources" in r.stderr
        assert "not rewritten" not in r.stderr and "0 refused" in r.stderr, r.stderr
