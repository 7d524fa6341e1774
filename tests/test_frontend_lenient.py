"""The front end parses what GNAT accepts: Latin-1 identifiers, pragmas where the
grammar has no room for them, bracket notation, RM J.2's replacement characters;
a file it still cannot parse is named with GNAT's verdict, and the rest of the
program is judged (repros parser_latin1_identifier and
parser_pragma_in_select_alternative, now corpus cases parser_latin1 and
parser_pragma_in_select, refused the whole program).
"""

from __future__ import annotations

from pathlib import Path

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend import lenient, sources, syntax
from rdv2po.frontend.analysis import Options


def _parse(tmp_path: Path, data: bytes):
    p = tmp_path / "g.adb"
    p.write_bytes(data)
    src, problem = sources.load(p)
    assert problem is None
    parsed = syntax.parse_source(src)
    return src, parsed, syntax.syntax_errors(src, parsed.tree, "g.adb")


def test_readable_keeps_every_offset():
    data = (b'procedure G is\n   Ann\xe9e : String := %a b% & "x[""00e9""]";\n'
            b'   N : Integer := P["03C0"]i;\nbegin\n   case 1 is when 1 ! 2 => null;'
            b' when others => null; end case;\nend G; -- caf\xe9 ! %\n')
    seen = lenient.readable(data, latin1=True)
    assert len(seen) == len(data)
    assert b"AnnQe" in seen and b'"a b"' in seen and b"PQQQQQQQQi" in seen
    assert b"1 | 2" in seen
    assert seen.endswith(b"-- cafQ ! %\n")         # a comment is left as it is


def test_latin1_identifier_reads_as_written(tmp_path):
    src, parsed, errors = _parse(tmp_path, b"procedure G is\n   Ann\xe9e : Integer := 1;\n"
                                           b"begin\n   Ann\xe9e := 2;\nend G;\n")
    assert errors == [] and src.encoding == "latin-1"
    names = [syntax.text(n) for n in syntax.walk(parsed.tree.root_node)
             if n.type == "identifier"]
    assert names.count("Ann\xe9e") == 2


def test_pragma_in_an_alternative_is_hidden_not_an_error(tmp_path):
    data = (b"procedure G is\n   task T is\n      entry E;\n   end T;\n"
            b"   task body T is\n   begin\n      accept E;\n   end T;\nbegin\n"
            b"   select\n      pragma Warnings (Off);\n      T.E;\n   or\n"
            b"      delay 1.0;\n   end select;\nend G;\n")
    src, parsed, errors = _parse(tmp_path, data)
    assert errors == []
    assert [data[a:b] for a, b in parsed.hidden] == [b"pragma Warnings (Off);"]
    call = next(n for n in syntax.walk(parsed.tree.root_node) if n.type == "timed_entry_call")
    assert b"pragma Warnings (Off);" in call.text       # the text is the file's own


def test_an_innocent_pragma_stays_in_the_tree(tmp_path):
    data = (b"procedure G is\n   pragma Warnings (Off);\n   X : Integer := 1;\nbegin\n"
            b"   select\n      pragma Warnings (On);\n      delay 1.0;\n   then abort\n"
            b"      null;\n   end select;\n   pragma Warnings (Off);\nend G;\n")
    _src, parsed, errors = _parse(tmp_path, data)
    assert errors == []
    assert all(b"(On)" in data[a:b] for a, b in parsed.hidden), parsed.hidden


SERVER = """\
package Store is
   task Keeper is
      entry Set (V : Integer);
      entry Get (V : out Integer);
   end Keeper;
end Store;
"""

SERVER_BODY = """\
package body Store is
   task body Keeper is
      Kept : Integer := 0;
   begin
      loop
         select
            accept Set (V : Integer) do
               Kept := V;
            end Set;
         or
            accept Get (V : out Integer) do
               V := Kept;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Keeper;
end Store;
"""

MAIN = """\
with Ada.Text_IO; use Ada.Text_IO;
with Consts;
with Store;
procedure Main is
   X : Integer;
begin
   Consts.Poke;
   Store.Keeper.Get (X);
   Put_Line (Integer'Image (X + Consts.Mask));
end Main;
"""

CONSTS = """\
package Consts is
   function Mask return Integer;
   procedure Poke;
end Consts;
"""

# '16:FF:' is RM J.2's based literal with colons: GNAT takes it, the parser does not.
CONSTS_BODY = """\
with Store;
package body Consts is
   function Mask return Integer is (16:FF:);
   procedure Poke is
   begin
      POKE;
   end Poke;
end Consts;
"""


def _program(tmp_path: Path, poke: str) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    for name, text in (("store.ads", SERVER), ("store.adb", SERVER_BODY),
                       ("main.adb", MAIN), ("consts.ads", CONSTS),
                       ("consts.adb", CONSTS_BODY.replace("POKE", poke))):
        (src / name).write_text(text)
    return src


def test_a_file_gnat_accepts_does_not_stop_the_rest(tmp_path):
    src = _program(tmp_path, "null")
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "auto"))
    assert not out.input_errors
    named = [d for d in out.diagnostics if d.path.endswith("consts.adb")]
    assert named and named[0].severity == "warning"
    assert "rdv2po cannot parse this file" in named[0].message
    assert out.rewritten == ["Store.Keeper"], out.diagnostics
    before = run_program(src, "main").stdout
    rewrite.write(out)
    assert run_program(src, "main").stdout == before == " 255\n"


def test_a_task_the_unparsed_file_names_is_left_alone(tmp_path):
    _program(tmp_path, "Store.Keeper.Set (16:01:)")
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "auto"))
    assert not out.input_errors and out.rewritten == [] and not out.changes
    assert "not resolve" in out.decisions["Store.Keeper"].reason


def test_a_file_gnat_rejects_stays_an_error(tmp_path):
    src = _program(tmp_path, "null")
    (src / "consts.adb").write_text(CONSTS_BODY.replace("POKE", "null").replace(
        "16:FF:", "16:FF:)("))
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "auto"))
    assert out.input_errors and not out.changes


NESTED_PRAGMA = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Gate is
      entry Pass (N : Integer);
   end Gate;
   task body Gate is
      Seen : Integer := 0;
   begin
      loop
         select
            accept Pass (N : Integer) do
               Seen := Seen + N;
            end Pass;
         or
            pragma Warnings (Off);
            terminate;
         end select;
      end loop;
   end Gate;
begin
   Gate.Pass (1);
end Main;
"""


def test_a_rewrite_that_drops_a_hidden_pragma_is_refused(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(NESTED_PRAGMA)
    parsed = syntax.parse_source(sources.load(src / "main.adb")[0])
    assert len(parsed.hidden) == 1          # before terminate: no room in the grammar
    for scheme in ("auto", "general"):
        out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme))
        assert out.rewritten == [] and not out.changes
        assert "drops 'pragma Warnings (Off);'" in out.decisions["Main.Gate"].reason


def test_the_diff_of_a_latin1_file_applies(tmp_path):
    import shutil
    import subprocess
    import sys
    case = Path(__file__).parent.parent / "corpus" / "parser_latin1" / "src"
    shutil.copytree(case, tmp_path / "src")
    diff = subprocess.run([sys.executable, "-m", "rdv2po", "rewrite", "--diff", "src"],
                          cwd=tmp_path, capture_output=True, timeout=300).stdout
    assert b"Ann\xe9e" in diff                   # the file's byte, not a replacement mark
    check = subprocess.run(["patch", "-p1", "--dry-run"], input=diff, cwd=tmp_path,
                           capture_output=True)
    assert check.returncode == 0, check.stdout + check.stderr


def test_a_file_gnat_rejects_is_not_blamed_on_a_translation(tmp_path):
    """The lint judges the units that compile: the verification of a translation
    compiles the file GNAT rejected too (to give GNAT's verdict on it), and its old
    errors were taken for the translation's (found on a textbook's chapters)."""
    import subprocess
    import sys
    src = _program(tmp_path, "null")
    (src / "broken.adb").write_text("procedure Broken is\n   X : Integer;\n   X := 1;\n"
                                    "end Broken;\n")
    run = subprocess.run([sys.executable, "-m", "rdv2po", "lint", "src"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=600)
    assert "broken.adb" in run.stdout + run.stderr
    assert "eliminable by the accepting-server scheme" in run.stdout, run.stdout
    assert "GNAT rejects the translation" not in run.stdout
