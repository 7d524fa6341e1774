"""What keeps the lint linear in a tree's size (issue 33, item 9), without timing.

Timings are in bench/lint_speed.py (--units 500,2000); here, the behaviour the
speed rests on: cross references merged unit by unit give the same index as
before, the verification of a rewrite compiles only the units that read a
changed file, the tasks GNAT rejects are found by halving, and the generated
tree the bench lints is what it says.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from rdv2po import rewrite
from rdv2po.frontend.ali import Entity, Ref
from rdv2po.frontend.analysis import Options
from rdv2po.frontend.xref import XrefIndex
from rdv2po.lint import engine, registry
from rdv2po.write import verify

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import large_tree  # noqa: E402


def _ali(*entities):
    from rdv2po.frontend.ali import AliFile
    return AliFile((), {}, tuple(entities))


def _put_line(*refs):
    return Entity("a-textio.ads", 507, 14, "U", "Put_Line", True,
                  tuple(Ref(f, line, col, "s") for f, line, col in refs))


def test_an_entity_many_units_use_is_merged_as_before():
    units = [[(f"u{i}.adb", 3, 7), (f"u{i}.adb", 9, 7)] for i in range(50)]
    units[7].append(units[3][0])          # a reference two units report
    index = XrefIndex()
    for refs in units:
        index.add(_ali(_put_line(*refs)))
    want = tuple(dict.fromkeys(Ref(f, ln, c, "s") for refs in units for f, ln, c in refs))
    ent = index.entities[("a-textio.ads", 507, 14)]
    assert ent.refs == want
    assert index.at(("u3.adb", 3, 7)) == [(ent, "s")]
    assert all(len(bucket) == 1 for bucket in index.refs_at.values())


# Store's rewrite changes store.ads; Client reads it; Other only names an entry
# (so the lint's analysis compiles it) and reads nothing that changes.
STORE_SPEC = """\
package Store is
   task Box is
      entry Put (X : Integer);
      entry Get (X : out Integer);
   end Box;
end Store;
"""
STORE_BODY = """\
package body Store is
   task body Box is
      V : Integer := 0;
   begin
      loop
         select
            accept Put (X : Integer) do
               V := X;
            end Put;
         or
            accept Get (X : out Integer) do
               X := V;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Box;
end Store;
"""
CLIENT = """\
with Store;
procedure Client is
   Y : Integer;
begin
   Store.Box.Put (1);
   Store.Box.Get (Y);
end Client;
"""
OTHER = """\
with Ada.Text_IO;
procedure Other is
begin
   Ada.Text_IO.Put ("Put and Get are common names");
end Other;
"""


def _tree(tmp_path: Path) -> Path:
    for name, text in (("store.ads", STORE_SPEC), ("store.adb", STORE_BODY),
                       ("client.adb", CLIENT), ("other.adb", OTHER)):
        (tmp_path / name).write_text(text)
    return tmp_path


def _lint(root: Path) -> engine.LintResult:
    old = os.getcwd()
    os.chdir(root)
    try:
        return engine.run(engine.LintOptions(Options(paths=(".",)),
                                             registry.enabled(None, [])))
    finally:
        os.chdir(old)


def test_the_verification_compiles_the_units_that_read_a_changed_file(tmp_path,
                                                                      monkeypatch):
    root = _tree(tmp_path)
    seen = []
    real = verify.compile_mirror

    def compile_mirror(ws, new, targets, *args, **kw):
        seen.append(({p.name for p in targets}, {fu.base for fu in ws.files}))
        return real(ws, new, targets, *args, **kw)
    monkeypatch.setattr(verify, "compile_mirror", compile_mirror)
    result = _lint(root)
    assert [f.rule for f in result.findings] == ["RDV001"]
    [(targets, mirrored)] = seen
    assert targets == {"store.adb", "client.adb"}          # not other.adb
    assert mirrored == {"store.ads", "store.adb", "client.adb"}


def test_every_unit_is_verified_when_reads_are_unknown(tmp_path, monkeypatch):
    """No .ali (a unit GNAT did not compile): it is compiled, as before."""
    root = _tree(tmp_path)
    seen = []
    real = verify.compile_mirror

    def compile_mirror(ws, new, targets, *args, **kw):
        seen.append({p.name for p in targets})
        return real(ws, new, targets, *args, **kw)
    monkeypatch.setattr(verify, "compile_mirror", compile_mirror)
    real_init = rewrite._Targets.__init__

    def forget(self, ws, opts):
        real_init(self, ws, opts)
        self.reads = {}
    monkeypatch.setattr(rewrite._Targets, "__init__", forget)
    _lint(root)
    assert seen == [{"store.adb", "client.adb", "other.adb"}]


def test_the_tasks_gnat_rejects_are_found_by_halving():
    names = [f"T{i}" for i in range(16)]
    calls = []

    def check(part):
        calls.append(part)
        return ["error"] if "T11" in part else []
    found = rewrite._guilty(names, check, ["error"])
    assert list(found) == ["T11"]
    assert len(calls) == 2 * 4          # two halves at each of log2(16) levels
    assert rewrite._guilty(["T0", "T1"], lambda part: [], ["error"]) == {}


def test_the_benchs_generated_tree(tmp_path):
    root = large_tree.write(tmp_path / "tree", 200)
    units = sorted((root / "lib").glob("*.ads"))
    assert len(units) == 200
    callers = [u for u in (root / "lib").glob("*.adb") if ".Store.Deposit" in u.read_text()]
    assert len(callers) == 50             # a quarter
    result = _lint(root)
    assert result.errors == []
    assert result.programs == large_tree.DEMOS    # file names repeat: main.adb
    assert result.tasks == large_tree.servers(200) + large_tree.DEMOS
    assert {f.rule for f in result.findings} == {"RDV001"}
