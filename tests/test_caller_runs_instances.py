"""Declarations after an object of an awaited task type that the caller-runs
scheme shows cannot raise (objects.py, instances.py): a package declaring a
private type, and instances of generics whose actuals evaluate nothing.

The corpus (caller_runs_quiet_instances, caller_runs_quiet_instances_refused)
runs the translation against the original, plain and with pragma
Detect_Blocking; these tests check the caller-runs scheme's own reasons (the
server selection reports the accepting scheme's) and instances the corpus
does not hold.
"""

from __future__ import annotations

from pathlib import Path

from rewrite_harness import copy_case_sources, decision_of, in_dir, refusal_lines
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options


def _run(root: Path, scheme: str = "caller-runs"):
    return in_dir(root, lambda: rewrite.run(Options(paths=("src",)), scheme=scheme))


def test_an_object_followed_by_a_package_spec_and_quiet_instances_is_translated(tmp_path):
    out = _run(copy_case_sources(tmp_path, "caller_runs_quiet_instances"))
    d = decision_of(out, "Journal")
    assert d.scheme == "caller-runs-server" and d.rewritten, d.reason


def test_instances_that_may_raise_stay_refused_with_the_instance_named(tmp_path):
    out = _run(copy_case_sources(tmp_path, "caller_runs_quiet_instances_refused"))
    gauge, meter, dial = (refusal_lines(out, t) for t in ("Gauge", "Meter", "Dial"))
    assert any(r.startswith("85: an instance whose actual Level is converted to the "
                            "subtype of its formal Positive") for r in gauge), gauge
    assert any(r.startswith("107: an instance of a generic package whose body has "
                            "statements") for r in meter), meter
    assert any(r.startswith("128: an instance renaming Table (Slot), a name evaluated")
               for r in dial), dial


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
%(outer)s
begin
   declare
%(inner)s
   begin
      C.Put ("x");
      C.Stop;
   end;
end Main;
"""

GENERIC = """
      generic
         Limit : in %(mark)s;
      package Bounded is
         function Cap return Integer;
      end Bounded;

      package body Bounded is
         function Cap return Integer is
         begin
            return Integer (Limit);
         end Cap;
      end Bounded;
"""


def _program(tmp_path: Path, outer: str, inner: str):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(
        (TEMPLATE % {"outer": outer, "inner": inner}).lstrip())
    return _run(tmp_path)


def test_a_static_value_given_to_an_integer_formal_is_quiet(tmp_path):
    out = _program(tmp_path, "", GENERIC % {"mark": "Integer"} +
                   "      C : Clerk;\n      package Seven is new Bounded (7);\n")
    assert decision_of(out, "Clerk").rewritten


def test_a_static_value_given_to_a_constrained_formal_is_refused(tmp_path):
    out = _program(tmp_path, "", GENERIC % {"mark": "Positive"} +
                   "      C : Clerk;\n      package Seven is new Bounded (7);\n")
    assert any("converted to the subtype of its formal Positive" in r
               for r in refusal_lines(out, "Clerk"))


def test_an_instance_of_a_generic_declared_in_an_outer_part_is_refused(tmp_path):
    out = _program(tmp_path, GENERIC % {"mark": "Integer"},
                   "      C : Clerk;\n      package Seven is new Bounded (7);\n")
    assert any("an instance of a generic declared elsewhere than in the same declarative "
               "part" in r for r in refusal_lines(out, "Clerk"))


def test_a_defaulted_formal_object_is_refused(tmp_path):
    generic = (GENERIC % {"mark": "Integer"}).replace("Limit : in Integer;",
                                                      "Limit : in Integer := 7;")
    out = _program(tmp_path, "", generic +
                   "      C : Clerk;\n      package Seven is new Bounded;\n")
    assert any("leaving a formal object to its default expression" in r
               for r in refusal_lines(out, "Clerk"))


def test_an_integer_literal_outside_its_subtype_after_an_object_is_refused(tmp_path):
    out = _program(tmp_path, "", "      type Small is range 1 .. 3;\n      C : Clerk;\n"
                   "      Y : Small := 5;\n")
    assert any("an initial value outside its subtype" in r for r in refusal_lines(out, "Clerk"))


def test_an_integer_literal_inside_its_subtype_after_an_object_is_quiet(tmp_path):
    out = _program(tmp_path, "", "      type Small is range 1 .. 3;\n      C : Clerk;\n"
                   "      Y : Small := 2;\n      pragma Unreferenced (Y);\n")
    assert decision_of(out, "Clerk").rewritten
