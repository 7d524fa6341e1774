"""The pre-commit hooks of .pre-commit-hooks.yaml, run by the real pre-commit client.

pre-commit clones a hook repository at a revision and pip-installs it in an
environment of its own.  The revision tested is a snapshot of this checkout
as it is (committed or not, new files included), committed in a private
repository, so the test checks the working tree in development and the
clone in CI alike.  Slow: pre-commit builds the hook environment (a virtual
environment, rdv2po and tree-sitter from the package index) every run.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

RESOURCES_ADS = """\
package Resources is
   task Resource is
      entry Acquire;
      entry Release;
   end Resource;

   Counter : Natural := 0;
end Resources;
"""

RESOURCES_ADB = """\
package body Resources is
   task body Resource is
   begin
      loop
         select
            accept Acquire;
         or
            terminate;
         end select;
         accept Release;
      end loop;
   end Resource;
end Resources;
"""

MAIN = """\
with Resources;
procedure Main is
begin
   for I in 1 .. 3 loop
      Resources.Resource.Acquire;
      Resources.Counter := Resources.Counter + 1;
      Resources.Resource.Release;
   end loop;
end Main;
"""

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git not installed")


def git(*args, cwd: Path, env=None) -> str:
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True,
                          text=True).stdout


def snapshot_of_this_checkout(dest: Path, env) -> str:
    """This repository's files as they are now, committed in ``dest``; returns the commit."""
    try:
        files = git("ls-files", "--cached", "--others", "--exclude-standard", "-z",
                    cwd=REPO).split("\0")
    except subprocess.CalledProcessError:
        pytest.skip("not a git checkout")
    for name in filter(None, files):
        src = REPO / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)
    git("init", "-q", cwd=dest, env=env)
    git("add", "-A", cwd=dest, env=env)
    git("commit", "-q", "-m", "snapshot", cwd=dest, env=env)
    return git("rev-parse", "HEAD", cwd=dest, env=env).strip()


def pre_commit(*args, cwd: Path, env):
    return subprocess.run([sys.executable, "-m", "pre_commit", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=900)


def test_hooks_fail_on_a_server_task_and_pass_after_the_rewrite(tmp_path):
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"),
           "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid",
           "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    rev = snapshot_of_this_checkout(hooks, env)

    app = tmp_path / "app"
    (app / "src").mkdir(parents=True)
    (app / "src" / "resources.ads").write_text(RESOURCES_ADS)
    (app / "src" / "resources.adb").write_text(RESOURCES_ADB)
    (app / "src" / "main.adb").write_text(MAIN)
    (app / ".rdv2po.toml").write_text('source-dirs = ["src"]\n')
    (app / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {hooks}\n    rev: {rev}\n    hooks:\n"
        "      - id: rdv2po-lint\n      - id: rdv2po-rewrite\n")
    git("init", "-q", cwd=app, env=env)
    git("add", "-A", cwd=app, env=env)
    git("commit", "-q", "-m", "a server task", cwd=app, env=env)

    lint = pre_commit("run", "rdv2po-lint", "--all-files", cwd=app, env=env)
    assert lint.returncode == 1, lint.stdout + lint.stderr
    assert "src/resources.ads:2:4: warning: task Resources.Resource is used only for " \
           "synchronization" in lint.stdout
    assert "[RDV004]" in lint.stdout
    assert "task Resource is" in (app / "src" / "resources.ads").read_text()   # never writes

    fix = pre_commit("run", "rdv2po-rewrite", "--all-files", cwd=app, env=env)
    assert fix.returncode == 1, fix.stdout + fix.stderr
    assert "files were modified by this hook" in fix.stdout
    assert "protected Resource is" in (app / "src" / "resources.ads").read_text()

    git("add", "-A", cwd=app, env=env)
    git("commit", "-q", "-m", "rewritten", cwd=app, env=env)
    both = pre_commit("run", "--all-files", cwd=app, env=env)
    assert both.returncode == 0, both.stdout + both.stderr
    assert both.stdout.count("Passed") == 2
