"""A commit that changes only a body (where the server loop lives) still gets the finding."""

from __future__ import annotations

from test_lint_cli import project, rdv2po


def test_one_half_alone_pulls_in_the_other(tmp_path):
    root = project(tmp_path)
    for half in ("src/servers.adb", "src/servers.ads"):
        r = rdv2po("lint", half, cwd=root)
        assert r.returncode == 1, (half, r.stderr)
        assert "Servers.Buffer" in r.stdout and "[RDV001]" in r.stdout, half
        # Logger's one caller, in an abortable part, is in main.adb, which a half does
        # not pull in: judged on the files it has, the caller-runs scheme takes it (the
        # whole program, test_lint_cli, is refused: the scheme sees only given sources)
        logger = [ln for ln in r.stdout.splitlines() if "Servers.Logger" in ln]
        assert logger and "caller-runs-server" in logger[0], (half, r.stdout)


def test_with_source_dirs_a_changed_body_reports_the_finding_at_the_spec(tmp_path):
    root = project(tmp_path)
    (root / ".rdv2po.toml").write_text('source-dirs = ["src"]\n')
    r = rdv2po("lint", "src/servers.adb", cwd=root)
    assert r.returncode == 1, r.stderr
    lines = r.stdout.splitlines()
    # Buffer's RDV001 is placed at its declaration in the spec; the body changed.
    assert any(ln.startswith("src/servers.ads:2:4:") and "[RDV001]" in ln for ln in lines)
    findings = [ln for ln in lines if not ln.startswith(" ")]
    assert len(findings) == 2, lines
    # Logger's RDV003 is the accepting scheme's; the caller-runs scheme's is a note
    assert any("note: the caller-runs-server scheme refuses it too" in ln for ln in lines)
    # A file with no task in it still reports nothing.
    r = rdv2po("lint", "src/main.adb", cwd=root)
    assert r.returncode == 0 and r.stdout == "", r.stdout
