"""The ALI reader, on text GNAT really writes and on the format's corner cases."""

import subprocess

from rdv2po.frontend.ali import parse_ali

SAMPLE = """\
V "GNAT Lib v12"
U srv%b\t\tsrv.adb\t\t9803060f OO PK
D ada.ads\t\t20220819080952 76789da1 ada%s
D a-textio.ads\t\t20220819080952 deada98a ada.text_io%s
D srv.ads\t\t20261122053438 885b869e srv%s
D srv.adb\t\t20261122053438 cef5291b srv%b
X 2 a-textio.ads
507U14*Put_Line 4|5s19
X 3 srv.ads
2t9*Server 11r41 4|7b14 21l8 21t14
3Y13 Put 3>18 11s48 4|12b20 12l64 12t67
4Y13 Get 4<18 4|14b34
X 4 srv.adb
8i7 V{integer} 12m41 14r18
207U14*Initialize 208i<c,__gnat_stack_usage_initialize>22
"""


def entity(ali, name):
    return next(e for e in ali.entities if e.name == name)


def test_entities_and_file_switching():
    ali = parse_ali(SAMPLE)
    put = entity(ali, "Put")
    assert (put.file, put.line, put.col, put.kind) == ("srv.ads", 3, 13, "Y")
    assert [(r.file, r.line, r.kind, r.col) for r in put.refs] == [
        ("srv.ads", 3, ">", 18), ("srv.ads", 11, "s", 48),
        ("srv.adb", 12, "b", 20), ("srv.adb", 12, "l", 64), ("srv.adb", 12, "t", 67)]
    assert entity(ali, "Put_Line").refs[0].file == "srv.adb"


def test_out_parameter_ref_does_not_swallow_the_line():
    get = entity(parse_ali(SAMPLE), "Get")
    assert [(r.file, r.line, r.kind) for r in get.refs] == [("srv.ads", 4, "<"), ("srv.adb", 14, "b")]


def test_library_level_type_suffix_and_import_name():
    ali = parse_ali(SAMPLE)
    assert entity(ali, "Server").library_level
    assert not entity(ali, "Put").library_level
    assert entity(ali, "V").refs[0].kind == "m"
    init = entity(ali, "Initialize")
    assert [(r.line, r.kind, r.col) for r in init.refs] == [(208, "i", 22)]


def test_units_and_dependencies():
    ali = parse_ali(SAMPLE)
    assert ali.units == (("srv%b", "srv.adb"),)
    assert ali.deps["a-textio.ads"] == "ada.text_io%s"


def test_real_gnat_output(tmp_path):
    src = tmp_path / "p.adb"
    src.write_text("procedure P is\n\tX : Integer := 0;\nbegin\n\tX := X + 1;\nend P;\n")
    subprocess.run(["gcc", "-c", "-gnatc", str(src)], cwd=tmp_path, check=True)
    ali = parse_ali((tmp_path / "p.ali").read_text())
    x = entity(ali, "X")
    # GNAT counts a tab as advancing to the next multiple of 8.
    assert (x.line, x.col) == (2, 9)
    assert {(r.line, r.kind) for r in x.refs} == {(4, "m"), (4, "r")}


def test_continuation_lines_keep_their_references():
    text = SAMPLE.replace("3Y13 Put 3>18 11s48 4|12b20 12l64 12t67",
                          "3Y13 Put 3>18 11s48 4|12b20\n. 12l64 12t67 20s4\n. 21s4")
    put = entity(parse_ali(text), "Put")
    assert [(r.file, r.line, r.kind) for r in put.refs][-3:] == [
        ("srv.adb", 12, "t"), ("srv.adb", 20, "s"), ("srv.adb", 21, "s")]


def test_many_calls_are_all_counted(tmp_path, monkeypatch):
    """GNAT wraps long reference lists; every call must still be found."""
    from rdv2po.frontend.analysis import Options, analyze
    calls = "".join(f"   Srv.Put ({i});\n" for i in range(1, 41))
    (tmp_path / "main.adb").write_text(
        "procedure Main is\n   task Srv is\n      entry Put (X : Integer);\n   end Srv;\n"
        "   task body Srv is\n   begin\n      loop\n         select\n"
        "            accept Put (X : Integer);\n         or\n            terminate;\n"
        "         end select;\n      end loop;\n   end Srv;\nbegin\n" + calls + "end Main;\n")
    monkeypatch.chdir(tmp_path)
    model, _ = analyze(Options(paths=(".",)))
    assert len(model.tasks[0].entries[0].calls) == 40
