"""The rdv2po command as users run it: help, version, exit codes, formats."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from corpus_harness import CORPUS

from rdv2po import __version__

CASE = CORPUS / "pkg_server"


def rdv2po(*args, cwd=CASE, env=None):
    return subprocess.run([sys.executable, "-m", "rdv2po", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def test_version():
    r = rdv2po("--version")
    assert r.returncode == 0 and r.stdout.strip() == f"rdv2po {__version__}"


def test_help_explains_commands_and_exit_codes():
    r = rdv2po("--help")
    assert r.returncode == 0
    assert "inspect" in r.stdout and "exit status" in r.stdout
    r = rdv2po("inspect", "--help")
    assert r.returncode == 0 and "--format" in r.stdout and "-P PROJECT.gpr" in r.stdout


def test_rewrite_help_describes_every_scheme_of_the_default_run():
    # the description is prose, written by hand: a scheme added to the registry
    # without a word in it would leave users guessing what rewrite may do
    r = rdv2po("rewrite", "--help")
    assert r.returncode == 0
    text = " ".join(r.stdout.split())
    for words in ("accepting server", "calling server", "caller-runs", "Timing_Events",
                  "--scheme general"):
        assert words in text, words


def test_no_command_or_no_path_is_a_usage_failure():
    assert rdv2po().returncode == 2
    r = rdv2po("inspect")
    assert r.returncode == 2 and "give at least one PATH" in r.stderr


def test_text_and_summary():
    r = rdv2po("inspect", "src")
    assert r.returncode == 0
    assert "src/store.ads:7:4: task Store.Keeper: accepting_server" in r.stdout
    assert r.stderr.strip().splitlines()[-1] == \
        "rdv2po: 5 file(s), 2 task(s) (1 accepting_server, 1 client), 0 error(s)"


def test_json_matches_golden():
    r = rdv2po("inspect", "--format", "json", "src")
    assert r.returncode == 0
    assert json.loads(r.stdout) == json.loads((CASE / "expected" / "inspect.json").read_text())


def test_input_errors_exit_1_with_compiler_style_message(tmp_path):
    (tmp_path / "bad.adb").write_text("procedure Bad is\nbegin\n   null\nend Bad;\n")
    r = rdv2po("inspect", "bad.adb", cwd=tmp_path)
    assert r.returncode == 1
    assert r.stderr.startswith("bad.adb:3:")
    assert ": error: " in r.stderr.splitlines()[0]


def test_gnat_missing_is_a_tool_failure(tmp_path):
    env = dict(os.environ, PATH=str(Path(sys.executable).parent))
    assert shutil.which("gnatmake", path=env["PATH"]) is None
    r = rdv2po("inspect", "src", env=env)
    assert r.returncode == 2
    assert "GNAT not found" in r.stderr and "apt-get install gnat" in r.stderr
    assert "Traceback" not in r.stderr


def test_project_with_no_resolve_is_refused_clearly(tmp_path):
    (tmp_path / "p.gpr").write_text("project P is\nend P;\n")
    r = rdv2po("inspect", "--no-resolve", "-P", "p.gpr", cwd=tmp_path)
    assert r.returncode == 2 and "--no-resolve cannot be used with -P" in r.stderr


def test_missing_project_file(tmp_path):
    r = rdv2po("inspect", "-P", "nope.gpr", cwd=tmp_path)
    assert r.returncode == 2 and "nope.gpr: project file not found" in r.stderr
