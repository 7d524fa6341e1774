"""-P project.gpr: GNAT's own project machinery picks sources, naming and switches."""

import shutil

from rdv2po.frontend.analysis import Options, analyze
from rdv2po.model import model_json

from corpus_harness import CORPUS


def _calls(model):
    return {(t.qualified_name, e.name): sorted((c.loc.line, c.loc.col, c.kind) for c in e.calls)
            for t in model.tasks for e in t.entries}


def test_project_gives_the_same_model_as_paths(tmp_path, monkeypatch):
    shutil.copytree(CORPUS / "renamed_entry" / "src", tmp_path / "src")
    (tmp_path / "app.gpr").write_text(
        'project App is\n   for Source_Dirs use ("src");\n   for Object_Dir use "obj";\n'
        '   for Main use ("main.adb");\nend App;\n')
    monkeypatch.chdir(tmp_path)
    by_paths, _ = analyze(Options(paths=("src",)))
    by_project, _ = analyze(Options(project="app.gpr"))
    assert not by_project.diagnostics
    assert _calls(by_project) == _calls(by_paths)
    assert model_json(by_project)["tasks"] == model_json(by_paths)["tasks"]
    # Nothing was built in the user's tree.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["app.gpr", "src"]


def test_project_with_nonstandard_naming(tmp_path, monkeypatch):
    src = tmp_path / "code"
    src.mkdir()
    (src / "server_spec.ada").write_text(
        "package Srv is\n   task Server is\n      entry Put (X : Integer);\n   end Server;\n"
        "end Srv;\n")
    (src / "server_body.ada").write_text(
        "package body Srv is\n   task body Server is\n   begin\n      loop\n"
        "         select\n            accept Put (X : Integer);\n         or\n"
        "            terminate;\n         end select;\n      end loop;\n   end Server;\nend Srv;\n")
    (src / "main_prog.ada").write_text("with Srv;\nprocedure Main is\nbegin\n   Srv.Server.Put (1);\nend Main;\n")
    (tmp_path / "odd.gpr").write_text(
        'project Odd is\n   for Source_Dirs use ("code");\n   package Naming is\n'
        '      for Spec ("Srv") use "server_spec.ada";\n      for Body ("Srv") use "server_body.ada";\n'
        '      for Body ("Main") use "main_prog.ada";\n   end Naming;\nend Odd;\n')
    monkeypatch.chdir(tmp_path)
    model, _ = analyze(Options(project="odd.gpr"))
    assert not model.diagnostics
    [task] = model.tasks
    assert task.classification.kind == "accepting_server"
    assert [str(c.loc) for c in task.entries[0].calls] == ["code/main_prog.ada:4:15"]


def test_project_resolves_separate_bodies(tmp_path, monkeypatch):
    shutil.copytree(CORPUS / "separate_body" / "src", tmp_path / "src")
    (tmp_path / "app.gpr").write_text('project App is\n   for Source_Dirs use ("src");\nend App;\n')
    monkeypatch.chdir(tmp_path)
    by_paths, _ = analyze(Options(paths=("src",)))
    by_project, _ = analyze(Options(project="app.gpr"))
    assert all(f.resolved for f in by_project.files)
    assert model_json(by_project)["tasks"] == model_json(by_paths)["tasks"]
