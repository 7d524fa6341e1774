"""Objects of an awaited task type made as components of records and arrays
(holders.py, objects.py): followed as the type's own when nothing else in the
holder's objects can raise while they are made, refused otherwise.

The corpus (caller_runs_holder_objects, caller_runs_holder_objects_refused)
runs the translation against the original, plain and with pragma
Detect_Blocking; these tests check the caller-runs scheme's own reasons (the
server selection reports the accepting scheme's) and holders the corpus does
not hold.
"""

from __future__ import annotations

from pathlib import Path

from rewrite_harness import copy_case_sources, decision_of, in_dir, refusal_lines
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options


def _run(root: Path):
    return in_dir(root, lambda: rewrite.run(Options(paths=("src",)), scheme="caller-runs"))


def test_records_and_arrays_holding_the_type_are_followed_and_translated(tmp_path):
    out = _run(copy_case_sources(tmp_path, "caller_runs_holder_objects"))
    d = decision_of(out, "Counter")
    assert d.scheme == "caller-runs-server" and d.rewritten, d.reason


def test_holders_whose_objects_may_raise_while_made_stay_refused(tmp_path):
    out = _run(copy_case_sources(tmp_path, "caller_runs_holder_objects_refused"))
    pump, valve, gate = (refusal_lines(out, t) for t in ("Pump", "Valve", "Gate"))
    assert any(r.startswith("75: a component Level : Integer := Ident (2); whose default "
                            "rdv2po does not show cannot raise") for r in pump), pump
    assert any(r.startswith("80: a record type with discriminants holding the task type")
               for r in valve), valve
    assert any(r.startswith("91: an object of the task type or of a type holding it with "
                            "an initial value") for r in gate), gate
    assert any("an aggregate with a box (<>)" in r for r in gate), gate


TEMPLATE = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Clerk is
      entry Put (S : String);
      entry Stop;
   end Clerk;

   task body Clerk is
   begin
      loop
         select
            accept Put (S : String) do
               Put_Line (S);
            end Put;
         or
            accept Stop;
            exit;
         end select;
      end loop;
   end Clerk;
%(types)s
begin
   declare
%(objects)s
   begin
%(calls)s
   end;
end Main;
"""


def _program(tmp_path: Path, types: str, objects: str, calls: str):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(
        (TEMPLATE % {"types": types, "objects": objects, "calls": calls}).lstrip())
    return _run(tmp_path)


DESK = """
   type Desk is record
      C : Clerk;
      Open : Boolean := True;
   end record;
   type Desk_Ref is access Desk;
"""


def test_an_allocator_of_a_holder_is_followed(tmp_path):
    out = _program(tmp_path, DESK, "      D : Desk_Ref := new Desk;",
                   '      D.C.Put ("x");\n      D.C.Stop;')
    assert decision_of(out, "Clerk").rewritten


def test_an_allocator_with_a_qualified_aggregate_of_a_holder_is_refused(tmp_path):
    out = _program(tmp_path, DESK,
                   "      D : Desk_Ref := new Desk'(C => <>, Open => False);",
                   '      D.C.Put ("x");\n      D.C.Stop;')
    assert any("an aggregate or a value of a type holding the task type" in r
               for r in refusal_lines(out, "Clerk"))


def test_a_string_component_with_a_default_beside_a_record_holding_it_is_refused(tmp_path):
    types = """
   type Booth is record
      N : Integer;
      C : Clerk;
   end record;
   type Wide_Booth is record
      B : Booth;
      Name : String (1 .. 2) := "ab";
   end record;
"""
    out = _program(tmp_path, types, "      W : Wide_Booth;",
                   '      W.B.C.Put ("x");\n      W.B.C.Stop;')
    assert any('a component Name : String (1 .. 2) := "ab"; whose default' in r
               for r in refusal_lines(out, "Clerk"))


def test_a_holder_object_followed_by_a_raising_declaration_is_refused(tmp_path):
    out = _program(tmp_path, DESK.replace("   type Desk_Ref is access Desk;\n", "") +
                   "   function Ident (N : Integer) return Integer is (N);\n",
                   "      D : Desk;\n      N : Integer := Ident (1);",
                   '      D.C.Put ("x" & Integer\'Image (N));\n      D.C.Stop;')
    assert any("Ident is evaluated there" in r for r in refusal_lines(out, "Clerk"))
