"""Files that do not parse, units GNAT rejects: reported, excluded, never fatal."""

from rdv2po.frontend.analysis import Options, analyze

GOOD = """\
procedure Main is
   task Server is
      entry Put (X : Integer);
   end Server;
   task body Server is
   begin
      loop
         select
            accept Put (X : Integer) do null; end Put;
         or
            terminate;
         end select;
      end loop;
   end Server;
begin
   Server.Put (1);
end Main;
"""


def test_syntax_error_is_reported_and_file_excluded(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "main.adb").write_text(GOOD)
    (tmp_path / "broken.adb").write_text("procedure Broken is\nbegin\n   X := ;\nend Broken;\n")
    model, _ = analyze(Options(paths=(".",)))
    errs = [d for d in model.diagnostics if d.severity == "error"]
    assert [(d.path, d.line) for d in errs] == [("broken.adb", 3)]
    assert {f.path: f.parsed for f in model.files} == {"broken.adb": False, "main.adb": True}
    assert [t.name for t in model.tasks] == ["Server"]


def test_unit_gnat_rejects_gets_gnat_message(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "main.adb").write_text(GOOD.replace("Server.Put (1);", "Server.Put (Undefined);"))
    model, _ = analyze(Options(paths=(".",)))
    errs = [d for d in model.diagnostics if d.severity == "error"]
    assert len(errs) == 1
    assert (errs[0].path, errs[0].line, errs[0].col) == ("main.adb", 16, 16)
    assert '"Undefined" is undefined' in errs[0].message
    assert errs[0].message.startswith("GNAT: ")
    assert not model.files[0].resolved
    # The syntax side of the model is still there; the call sites GNAT could not resolve are not.
    assert model.tasks[0].entries[0].calls == ()


def test_resolved_call_sites(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "main.adb").write_text(GOOD)
    model, _ = analyze(Options(paths=(".",)))
    assert not model.diagnostics
    [call] = model.tasks[0].entries[0].calls
    assert (str(call.loc), call.kind, call.caller) == ("main.adb:16:11", "simple", "Main")


def test_no_resolve_runs_without_gnat(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", "/nonexistent")
    (tmp_path / "main.adb").write_text(GOOD)
    model, _ = analyze(Options(paths=(".",), resolve=False))
    assert [t.classification.kind for t in model.tasks] == ["accepting_server"]


def test_same_base_name_in_two_places_is_refused_not_confused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for prog in ("a", "b"):
        (tmp_path / prog).mkdir()
        (tmp_path / prog / "main.adb").write_text(GOOD)
    (tmp_path / "other.adb").write_text("procedure Other is\nbegin\n   null;\nend Other;\n")
    model, _ = analyze(Options(paths=(".",)))
    errs = sorted((d.path, d.message) for d in model.diagnostics if d.severity == "error")
    assert [p for p, _ in errs] == ["a/main.adb", "b/main.adb"]
    assert "b/main.adb" in errs[0][1] and "same file name" in errs[0][1]
    assert {f.path: f.resolved for f in model.files}["a/main.adb"] is False
    # Without GNAT's answer no call site is invented.
    assert all(not e.calls for t in model.tasks for e in t.entries)


def test_unresolved_model_says_so_instead_of_claiming_no_calls(tmp_path, monkeypatch):
    from rdv2po.report import text_report
    monkeypatch.chdir(tmp_path)
    (tmp_path / "main.adb").write_text(GOOD)
    model, _ = analyze(Options(paths=(".",), resolve=False))
    [task] = model.tasks
    assert not task.resolved
    assert any("not resolved" in r for r in task.classification.reasons)
    assert "entry Put: calls not resolved" in text_report(model)


def test_absolute_paths_outside_cwd_stay_absolute(tmp_path, monkeypatch):
    (tmp_path / "prog").mkdir()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "prog" / "main.adb").write_text(GOOD)
    monkeypatch.chdir(tmp_path / "elsewhere")
    model, _ = analyze(Options(paths=(str(tmp_path / "prog"),), resolve=False))
    assert model.files[0].path == str(tmp_path / "prog" / "main.adb")
