"""``rdv2po profile``: the paper's Figure 1 and a library-level server against
Jorvik, exit codes, JSON, and the parts: GNAT's messages under a profile and
rewritten places mapped back to the user's text."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from corpus_harness import CORPUS
from rewrite_harness import in_dir
from rdv2po import cli
from rdv2po.profile import compile as gnat_profile
from rdv2po.profile.mapping import original_place
from rdv2po.profile.verdicts import judge
from rdv2po.write.edits import Edit, apply


def _copy(case: str, tmp_path: Path) -> Path:
    shutil.copytree(CORPUS / case / "src", tmp_path / "src")
    return tmp_path


def _run(tmp_path: Path, *args: str, capsys) -> tuple[int, str]:
    code = in_dir(tmp_path, lambda: cli.main(["profile", *args, "src"]))
    return code, capsys.readouterr().out


def test_figure1_server_units_meet_jorvik_once_rewritten(tmp_path, capsys):
    root = _copy("fig1_resource", tmp_path)
    code, out = _run(root, "--profile", "jorvik", "--format", "json", capsys=capsys)
    assert code == 1
    jorvik = json.loads(out)["profiles"][0]
    assert jorvik["profile"] == "jorvik" and not jorvik["meets"]
    assert jorvik["files_meeting_once_rewritten"] == ["src/resources.adb", "src/resources.ads"]
    assert jorvik["files_still_violating"] == {"src/main.adb": {"No_Task_Hierarchy": 1}}
    assert {v["restriction"] for v in jorvik["as_written"]["violations"]} == {
        "Max_Task_Entries", "No_Select_Statements", "Max_Select_Alternatives",
        "No_Terminate_Alternatives", "No_Task_Hierarchy"}
    assert jorvik["summary"] == ("as written: 5 violations in 5 restrictions; after rewrite: "
                                 "1 in 1 (No_Task_Hierarchy 1)")


def test_library_server_meets_jorvik_exit_0(tmp_path, capsys):
    root = _copy("profile_library_server", tmp_path)
    code, out = _run(root, "--profile", "jorvik", capsys=capsys)
    assert code == 0, out
    assert "after rewrite: none" in out
    assert "the rewritten program meets it" in out
    # Ravenscar allows one entry per protected object: the server's two are
    # always open and called plainly, so they become protected procedures
    code, out = _run(root, "--profile", "ravenscar", capsys=capsys)
    assert code == 0 and "Max_Protected_Entries" not in out.split("after rewrite:")[1], out


def test_both_profiles_by_default_and_nothing_written(tmp_path, capsys):
    root = _copy("fig1_resource", tmp_path)
    before = {p: p.read_bytes() for p in (root / "src").iterdir()}
    code, out = _run(root, capsys=capsys)
    assert code == 1
    assert "== Jorvik ==" in out and "== Ravenscar ==" in out
    assert {p: p.read_bytes() for p in (root / "src").iterdir()} == before


def test_program_without_tasks_meets_both(tmp_path, capsys):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text("procedure Main is\nbegin\n   null;\nend Main;\n")
    code, out = _run(tmp_path, capsys=capsys)
    assert code == 0, out
    assert out.count("as written: 0 violations in 0 restrictions; after rewrite: 0 in 0") == 4


def test_program_that_does_not_compile_is_a_tool_failure(tmp_path, capsys):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text("procedure Main is\nbegin\n   X := 1;\nend Main;\n")
    code = in_dir(tmp_path, lambda: cli.main(["profile", "src"]))
    assert code == 2
    assert "must compile" in capsys.readouterr().err


def test_gnat_reports_every_violation_in_one_compilation(tmp_path):
    """GNAT 12 under -gnatc neither stops at the first violation of a kind nor keeps
    one message a line: one compilation per profile finds them all."""
    body = (b"procedure S is\n"
            b"   protected type PO is procedure P; end PO;\n"
            b"   protected body PO is procedure P is begin null; end P; end PO;\n"
            b"   A : PO; B : PO;\n"
            b"begin\n"
            b"   delay 1.0; delay 2.0;\n"
            b"end S;\n")
    found = gnat_profile.violations({"s.adb": body}, ["s.adb"], "pragma Profile (Ravenscar);",
                                    [], [], 1)
    assert [(f.line, f.col, f.restriction) for f in found] == [
        (4, 4, "No_Local_Protected_Objects"), (4, 12, "No_Local_Protected_Objects"),
        (6, 4, "No_Relative_Delay"), (6, 15, "No_Relative_Delay")]
    assert not gnat_profile.violations({"s.adb": body}, ["s.adb"],
                                       "pragma Profile (Jorvik);", [], [], 1) == found


def test_rewritten_places_map_back_to_the_users_text():
    old = b"a\r\ntask T;\r\nb\r\n"
    p = Path("/x/f.adb")
    edits = [Edit(p, 3, 10, "protected T is\n   entry E;\nend T;", "test"),
             Edit(p, 0, 0, "with X;\n", "test")]
    new = apply(old, edits, "utf-8", "crlf")
    assert new.split(b"\n")[3] == b"   entry E;\r"
    here = original_place(old, new, edits, "utf-8", "crlf", 4, 4)
    assert (here.line, here.col, here.generated) == (2, 1, "entry E;")
    kept = original_place(old, new, edits, "utf-8", "crlf", 6, 1)   # "b"
    assert (kept.line, kept.col, kept.generated) == (3, 1, "")
    first = original_place(old, new, edits, "utf-8", "crlf", 2, 1)  # "a", after the with
    assert (first.line, first.generated) == (1, "")


@pytest.mark.parametrize("restriction, had, verdict", [
    ("Pure_Barriers", [], "avoidable"),
    ("No_Local_Protected_Objects", ["No_Task_Hierarchy"], "carried over"),
    ("No_Local_Timing_Events", ["No_Task_Hierarchy"], "carried over"),
    ("Max_Protected_Entries", [], "a real difference"),
    ("No_Requeue_Statements", [], "added by the translation"),
    ("No_Select_Statements", ["No_Select_Statements"], "carried over"),
])
def test_verdicts(restriction, had, verdict):
    assert judge(restriction, had).startswith(verdict)
