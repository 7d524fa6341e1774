"""One reading of a parameter profile (decls.Formal) and the views the model and
the schemes take of it."""

from __future__ import annotations

from pathlib import Path

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options
from rdv2po.frontend.decls import discriminant_formals, formals, params
from rdv2po.frontend.syntax import _parser, first_child, text, walk

SPEC = b"""package P is
   task type T (D : access R; N : Integer := 2) is
      entry E (A, B : in OUT Integer := 3; C : access Integer; Z : not null Ptr;
               F : aliased in Integer;
               G : -- the subtype follows
                  String; H : Integer);
      entry E2 (A : in Integer; B : Integer);
      entry E3 (A, B : Integer);
   end T;
end P;
"""


def _entries():
    root = _parser().parse(SPEC).root_node
    decl = next(n for n in walk(root) if n.type == "task_type_declaration")
    entries = {text(e.named_children[0]): first_child(e, "formal_part")
               for e in walk(root) if e.type == "entry_declaration"}
    return decl, entries


def test_one_reading_of_each_specification():
    _decl, entries = _entries()
    ab, c, z, f, g, h = formals(entries["E"])
    assert ab.names == ("A", "B") and ab.mode == "in out" and text(ab.mark) == "Integer"
    assert text(ab.default) == "3" and ab.node.type == "parameter_specification"
    assert c.is_access and c.mode == "in" and text(c.mark) == "access Integer"
    assert z.null_exclusion and text(z.mark) == "Ptr" and z.subtype == "not null Ptr"
    assert f.aliased and f.mode == "in" and not f.is_access
    assert text(g.mark) == "String"           # the comment is not the subtype
    assert h.mode == "in" and h.default is None


def test_the_models_view():
    decl, entries = _entries()
    got = params(entries["E"])
    assert [(p.names, p.mode, p.subtype) for p in got] == [
        (("A", "B"), "in out", "Integer"), (("C",), "access", "access Integer"),
        (("Z",), "in", "not null Ptr"), (("F",), "in", "Integer"),
        (("G",), "in", "String"), (("H",), "in", "Integer")]
    assert [(f.names, f.mode, f.is_access) for f in discriminant_formals(decl)] == [
        (("D",), "in", True), (("N",), "in", False)]


def test_the_overload_key_ignores_grouping_mode_words_and_case():
    _decl, entries = _entries()
    key = lambda part: tuple(k for f in formals(part) for k in f.key())
    assert key(entries["E2"]) == key(entries["E3"]) == (("a", "in", "integer"),
                                                          ("b", "in", "integer"))
    assert key(entries["E"])[-1] == ("h", "in", "integer")
    assert ("z", "in", "notnullptr") in key(entries["E"])   # the mark counts, not just `not null`


NESTED = """
procedure Main is
   type Ptr is access Integer;
   Cell : aliased Integer := 0;
   task Host is
      entry Sit (P : not null Ptr);
      entry Serve (Amount : Natural);
   end Host;
   task body Host is
   begin
      loop
         select
            accept Sit (P : not null Ptr) do
               accept Serve (Amount : Natural) do
                  P.all := Amount;
               end Serve;
            end Sit;
         or
            terminate;
         end select;
      end loop;
   end Host;
begin
   null;
end Main;
"""


def test_a_null_excluding_parameter_of_a_nested_accept_is_refused(tmp_path: Path):
    """Its copy (``P_Local : not null Ptr;``) could not be declared before it has a
    value; the scheme says so instead of writing a declaration GNAT rejects."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(NESTED.lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",))))
    d = out.decisions["Main.Host"]
    assert not d.rewritten and "null-excluding parameter" in d.reason, d.reason
    assert not out.changes


# -- with clauses asked of the scheme context ---------------------------------

def _unit(src: bytes, tmp_path: Path):
    from types import SimpleNamespace
    path = tmp_path / "p.adb"
    return SimpleNamespace(tree=_parser().parse(src), src=SimpleNamespace(path=path))


def test_with_requests_become_one_insertion_per_context_clause(tmp_path: Path):
    """Two tasks' requests for one unit's context: each unit once, in the order first
    asked, none the context has (the calling scheme's own inserter looked at the
    first clause only and went before a leading configuration pragma)."""
    from rdv2po.schemes.base import SchemeContext
    from rdv2po.schemes.common.context import with_edits
    data = b"pragma Ada_2012;\nwith Ada.Text_IO;\nwith Ada.Exceptions;\npackage body P is\nend P;\n"
    fu = _unit(data, tmp_path)
    one = SchemeContext(None, None, frozenset(), None, frozenset())
    two = SchemeContext(None, None, frozenset(), None, frozenset())
    one.need_with(fu, ["Ada.Task_Identification", "Ada.Exceptions"], "first")
    two.need_with(fu, ["Ada.Finalization", "Ada.Task_Identification"], "second")
    [edit] = with_edits(one.withs + two.withs)
    assert edit.text == "with Ada.Task_Identification;\nwith Ada.Finalization;\n"
    assert edit.start == data.index(b"with Ada.Text_IO")       # after the pragma
    assert with_edits(SchemeContext(None, None, frozenset(), None, frozenset()).withs) == []
    done = SchemeContext(None, None, frozenset(), None, frozenset())
    done.need_with(fu, ["Ada.Exceptions"], "third")
    assert with_edits(done.withs) == []                          # withed already
