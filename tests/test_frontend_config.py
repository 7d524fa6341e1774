"""A configuration pragma file the user builds with is used as GNAT would use it:
``gnat.adc`` of the folder given (or of the current one), a ``-gnatec=`` file
named relative to the current folder, none under -gnatA.  Each unit is compiled
in a private folder, where GNAT found no gnat.adc: a translation the user's
build rejects (here the general scheme's Ada.Finalization under a No_Dependence
restriction) was written.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

CASE = Path(__file__).parent.parent / "corpus" / "activation_package_body" / "src"
RESTRICTION = "pragma Restrictions (No_Dependence => Ada.Finalization);\n"


def _tree(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    shutil.copytree(CASE, src)
    return src


def _run(tmp_path: Path, scheme: str, switches: tuple[str, ...] = ()) -> rewrite.Outcome:
    return in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",), switches=switches),
                                                scheme))


def test_gnat_adc_of_the_folder_given_is_read(tmp_path):
    src = _tree(tmp_path)
    (src / "gnat.adc").write_text(RESTRICTION)
    out = _run(tmp_path, "general")
    assert out.rewritten == [] and not out.changes
    assert "No_Dependence => Ada.Finalization" in out.decisions["Main.Tally"].reason
    # the accepting-server scheme needs no Ada.Finalization: the same file lets it be
    assert _run(tmp_path, "server").rewritten == ["Main.Tally"]


def test_a_relative_gnatec_file_is_found(tmp_path):
    _tree(tmp_path)
    (tmp_path / "cfg.adc").write_text(RESTRICTION)
    out = _run(tmp_path, "general", ("-gnatec=cfg.adc",))
    assert out.rewritten == [] and not out.input_errors
    assert "cfg.adc" in out.decisions["Main.Tally"].reason


def test_gnatA_ignores_gnat_adc(tmp_path):
    src = _tree(tmp_path)
    (src / "gnat.adc").write_text(RESTRICTION)
    assert _run(tmp_path, "general", ("-gnatA",)).rewritten == ["Main.Tally"]


def test_a_projects_global_configuration_pragmas_are_read(tmp_path):
    _tree(tmp_path)
    (tmp_path / "restrict.adc").write_text(RESTRICTION)
    (tmp_path / "prog.gpr").write_text(
        'project Prog is\n   for Source_Dirs use ("src");\n   for Main use ("main.adb");\n'
        '   package Builder is\n'
        '      for Global_Configuration_Pragmas use "restrict.adc";\n'
        '   end Builder;\nend Prog;\n')
    out = in_dir(tmp_path, lambda: rewrite.run(Options(project="prog.gpr"), "general"))
    assert out.rewritten == [] and not out.input_errors
    assert "No_Dependence => Ada.Finalization" in out.decisions["Main.Tally"].reason


def test_a_config_file_named_already_is_not_named_twice(tmp_path, monkeypatch):
    from rdv2po.frontend.gnat import config_files
    monkeypatch.chdir(tmp_path)
    (tmp_path / "gnat.adc").write_text(RESTRICTION)
    assert config_files(["."], []) == (f"-gnatec={tmp_path / 'gnat.adc'}",)
    assert config_files(["."], [f"-gnatec={tmp_path / 'gnat.adc'}"]) == ()
    assert config_files(["."], ["-gnatec=gnat.adc"]) == ()
