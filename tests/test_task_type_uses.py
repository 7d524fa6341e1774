"""'Callable, 'Terminated and abort of the objects of a task type the accepting
scheme translates (accepting/task_uses.py, accepting/task_objects.py).

Each object of the type is followed through GNAT's cross references: by its
name, a subtype of the type, an array's element, a record's component, an
access value, a formal parameter.  The uses become calls of the protected
type's Is_Callable, Is_Terminated and Abort_Task; an ``in`` formal an abort
names becomes ``in out`` (Abort_Task is a procedure).  What cannot be tied to
the type, or that the protected type cannot answer, is refused, every use
with its place.  Corpus: task_type_objects_attrs (run as written and
translated), task_type_objects_refused.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options
from rdv2po.schemes import registry
from rdv2po.schemes.accepting.plugin import ACCEPTING


@pytest.fixture(autouse=True)
def accepting_only(monkeypatch):
    """The accepting scheme alone: these are its uses and refusals (under auto the
    scheme with the fewest obstacles is reported, rewrite._translate)."""
    monkeypatch.setitem(registry.SELECTIONS, "accepting", registry.Selection(
        "accepting", (ACCEPTING,), "", ""))

SERVER = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type T is
      entry Put (X : Integer);
   end T;
   task body T is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Put (X : Integer) do
               Sum := Sum + X;
            end Put;
         or
            terminate;
         end select;
      end loop;
   end T;
"""


def _run(tmp_path: Path, rest: str):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text((SERVER + rest).lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "accepting"))
    new = {p.name: n.decode() for p, (_o, n) in out.changes.items()}
    return out, new.get("main.adb", "")


def _obstacles(out, task: str = "Main.T") -> list[str]:
    d = out.decisions[task]
    return [f"{o.loc.line}: {o.construct}: {o.reason}" for o in d.obstacles]


def test_subtype_formal_and_own_objects_are_followed(tmp_path: Path):
    out, new = _run(tmp_path, """
   subtype S is T;
   task type Other;
   task body Other is
   begin
      null;
   end Other;
   procedure Show (X : T; O : Other) is
   begin
      Put_Line (Boolean'Image (X'Terminated) & Boolean'Image (O'Terminated));
   end Show;
   procedure Stop (X : T) is
   begin
      abort X;
   end Stop;
   Obj : S;
   O : Other;
begin
   Obj.Put (1);
   Put_Line (Boolean'Image (Obj'Callable));
   Show (Obj, O);
   Stop (Obj);
end Main;
""")
    d = out.decisions["Main.T"]
    assert d.rewritten, _obstacles(out)
    assert "Boolean'Image (Obj.Is_Callable)" in new
    assert "Boolean'Image (X.Is_Terminated) & Boolean'Image (O'Terminated)" in new
    assert "procedure Stop (X : in out T) is" in new and "X.Abort_Task;" in new
    assert "abort" not in new.split("procedure Stop")[1].split("end Stop")[0]


def test_abort_of_direct_names_is_split(tmp_path: Path):
    """``abort A, Single, B;``: one Abort_Task per object of the type, and an abort of
    the other tasks, each statement on its own line at the statement's indentation."""
    out, new = _run(tmp_path, """
   task Single;
   task body Single is
   begin
      delay 10.0;
   end Single;
   A, B : T;
begin
   A.Put (1);
   abort A, Single, B;
end Main;
""")
    assert out.decisions["Main.T"].rewritten, _obstacles(out)
    assert "   A.Abort_Task;\n   B.Abort_Task;\n   abort Single;\n" in new


def test_every_use_the_object_cannot_answer_is_named(tmp_path: Path):
    here = Path(__file__).parent.parent / "corpus" / "task_type_objects_refused" / "src"
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_bytes((here / "main.adb").read_bytes())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "accepting"))
    assert not out.changes
    got = _obstacles(out, "Main.Meter")
    want = [("27: Meter'Callable", "in the body of task type Meter"),
            ("54: Copy'Callable", "its type Twin is derived from another type"),
            ("55: Pool (1)'Identity", "the task attribute 'Identity of an object of task "
                                      "type Meter"),
            ("56: Pick'Callable", "Pick is a function call"),
            ("57: abort One, Pool (2);", "an abort statement naming an object of task "
                                         "type Meter with other tasks, not all by direct "
                                         "names")]
    for where, what in want:
        assert any(g.startswith(where) and what in g for g in got), (where, what, got)
    assert len(got) == len(want), got


def test_uses_inside_the_body_and_in_protected_objects_refuse(tmp_path: Path):
    out, _new = _run(tmp_path, """
   Obj : T;
   protected Guard is
      procedure Kill;
   end Guard;
   protected body Guard is
      procedure Kill is
      begin
         if Obj'Callable then
            null;
         end if;
      end Kill;
   end Guard;
begin
   Obj.Put (1);
   Guard.Kill;
end Main;
""")
    got = _obstacles(out)
    assert any("Obj'Callable" in g and "inside a protected object" in g for g in got), got


def test_single_task_abort_with_other_tasks_is_split_and_uses_all_named(tmp_path: Path):
    """A single server: ``abort Other, Gate;`` by direct names is split as for objects;
    each use the object cannot answer is named, not only the first (before, the first
    stopped the analysis, and only once the body's shape had passed)."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text('''
procedure Main is
   task Other;
   task body Other is
   begin
      delay 10.0;
   end Other;
   task Gate is
      entry Get (B : out Boolean);
   end Gate;
   task body Gate is
   begin
      loop
         select
            accept Get (B : out Boolean) do
               B := Gate'Callable and not Gate'Terminated;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Gate;
   B : Boolean;
begin
   Gate.Get (B);
   abort Other, Gate;
end Main;
'''.lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "accepting"))
    got = _obstacles(out, "Main.Gate")
    assert [g.split(":")[0] for g in got] == ["15", "15"], got
    assert all("in the body of task Gate" in g for g in got), got
    (src / "main.adb").write_text((src / "main.adb").read_text().replace(
        "B := Gate'Callable and not Gate'Terminated;", "B := True;"))
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "accepting"))
    assert out.decisions["Main.Gate"].rewritten, _obstacles(out, "Main.Gate")
    new = next(n.decode() for _p, (_o, n) in out.changes.items())
    assert "   Gate.Abort_Task;\n   abort Other;\n" in new


def test_attributes_of_scalar_array_and_record_objects_are_no_tasks(tmp_path: Path):
    # 'Image of an enumeration component and 'Length of an array were taken for uses
    # that might name an object of T (real code: tlpchk AdaFactory)
    out, new = _run(tmp_path, """
   type Shape is (Circle, Square);
   type Row is array (1 .. 3) of Integer;
   type Order is record
      Form : Shape := Square;
      Cells : Row := (others => 0);
   end record;
   O : Order;
   S : T;
begin
   S.Put (1);
   Put_Line (O.Form'Image & Integer'Image (O.Cells'Length) & Integer'Image (O'Size));
end Main;
""")
    assert out.decisions["Main.T"].rewritten, _obstacles(out)
    assert "protected type T" in new
