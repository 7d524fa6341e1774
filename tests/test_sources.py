"""Bad and unusual input: encodings, line endings, BOM, unreadable files."""

from pathlib import Path


from rdv2po.frontend import sources
from rdv2po.frontend.analysis import Options, analyze

SERVER = ("package Srv is\n   task Server is\n      entry Put (X : Integer);\n   end Server;\n"
          "end Srv;\n")


def test_crlf_file_keeps_its_bytes_and_reports_crlf(tmp_path):
    p = tmp_path / "srv.ads"
    p.write_bytes(SERVER.replace("\n", "\r\n").encode())
    src, problem = sources.load(p)
    assert problem is None and src.newline == "crlf"
    assert src.data == p.read_bytes()
    assert src.line_col(src.data.index(b"entry")) == (3, 7)


def test_mixed_line_endings_are_detected(tmp_path):
    p = tmp_path / "srv.ads"
    p.write_bytes(b"package Srv is\r\nend Srv;\n")
    assert sources.load(p)[0].newline == "mixed"


def test_bom_columns(tmp_path):
    p = tmp_path / "srv.ads"
    p.write_bytes(sources.BOM + "-- é\n".encode() + SERVER.encode())
    src, _ = sources.load(p)
    assert src.has_bom and src.encoding == "utf-8"
    assert src.line_col(src.data.index(b"package")) == (2, 1)


def test_latin1_is_accepted(tmp_path):
    p = tmp_path / "srv.ads"
    p.write_bytes(b"-- caf\xe9\n" + SERVER.encode())
    src, problem = sources.load(p)
    assert problem is None and src.encoding == "latin-1"


def test_mixed_encoding_is_refused_with_line(tmp_path):
    p = tmp_path / "srv.ads"
    p.write_bytes("-- é\n".encode() + b"-- caf\xe9\n" + SERVER.encode())
    src, problem = sources.load(p)
    assert src is None
    assert (problem.line, problem.col, problem.severity) == (2, 7, "error")
    assert "mixed encoding" in problem.message


def test_unreadable_file_is_reported(tmp_path, monkeypatch):
    p = tmp_path / "srv.ads"
    p.write_text(SERVER)

    def deny(self):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(Path, "read_bytes", deny)
    src, problem = sources.load(p)
    assert src is None and "Permission denied" in problem.message


def test_discover_recurses_sorted_and_reports_missing(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "x.adb").write_text("")
    (tmp_path / "a.ads").write_text("")
    (tmp_path / "notes.txt").write_text("")
    found, problems = sources.discover([str(tmp_path), str(tmp_path / "nope.adb")])
    assert [p.name for p in found] == ["a.ads", "x.adb"]
    assert problems[0].message == "no such file or directory"


def test_crlf_program_is_modelled_like_lf(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name, nl in (("lf", "\n"), ("crlf", "\r\n")):
        d = tmp_path / name
        d.mkdir()
        (d / "srv.ads").write_bytes(SERVER.replace("\n", nl).encode())
    lf, _ = analyze(Options(paths=("lf",)))
    crlf, _ = analyze(Options(paths=("crlf",)))
    assert [(t.name, t.spec.line, t.spec.col) for t in lf.tasks] == \
           [(t.name, t.spec.line, t.spec.col) for t in crlf.tasks] == [("Server", 2, 4)]
