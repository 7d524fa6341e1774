"""Aliased objects of a task type the caller-runs scheme translates (aliased.py):
taken when every use of the object's name is a call on it, 'Access or a task
attribute, and no access value to the type is turned unchecked; refused naming
the use otherwise.

The corpus (caller_runs_aliased_objects, ..._refused) runs the translation
against the original, plain and with pragma Detect_Blocking; these tests check
the caller-runs scheme's own reasons and uses the corpus does not hold.
"""

from __future__ import annotations

from pathlib import Path

from rewrite_harness import copy_case_sources, decision_of, in_dir, main_source, refusal_lines
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options


def _run(root: Path):
    return in_dir(root, lambda: rewrite.run(Options(paths=("src",)), scheme="caller-runs"))


def test_access_discriminants_and_parameters_in_the_master_are_translated(tmp_path):
    out = _run(copy_case_sources(tmp_path, "caller_runs_aliased_objects"))
    d = decision_of(out, "Hand")
    assert d.scheme == "caller-runs-server" and d.rewritten, d.reason


def test_an_unchecked_access_to_the_object_is_named(tmp_path):
    out = _run(copy_case_sources(tmp_path, "caller_runs_aliased_objects_refused"))
    [hand] = refusal_lines(out, "Hand", construct=True)
    assert hand.startswith("13: X'Unchecked_Access: an aliased object of the task type "
                           "given to 'Unchecked_Access, whose value may outlive it"), hand


PROGRAM = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Hand is
      entry Go;
   end Hand;

   task body Hand is
   begin
      accept Go do
         Put_Line ("went");
      end Go;
   end Hand;

   type Hand_Ref is access all Hand;
   Kept : Hand_Ref;
%s
begin
   declare
      X : aliased Hand;
   begin
%s
   end;
end Main;
"""


def test_an_unchecked_access_through_an_access_parameter_is_named(tmp_path):
    keep = ("   procedure Keep (H : access Hand) is\n   begin\n"
            "      Kept := H.all'Unchecked_Access;\n   end Keep;")
    out = _run(main_source(tmp_path, PROGRAM % (keep, "      Keep (X'Access);\n"
                                                      "      X.Go;")))
    lines = refusal_lines(out, "Hand", construct=True)
    assert any(r.startswith("18: H.all'Unchecked_Access: an unchecked access value that "
                            "may designate an aliased object") for r in lines), lines


def test_the_object_given_as_an_actual_parameter_is_named(tmp_path):
    run = ("   procedure Run (H : aliased Hand) is\n   begin\n"
           "      H.Go;\n   end Run;")
    out = _run(main_source(tmp_path, PROGRAM % (run, "      Run (X);")))
    lines = refusal_lines(out, "Hand", construct=True)
    assert any(r.startswith("24: Run (X);: an aliased object of the task type named other "
                            "than in a call on it") for r in lines), lines


def test_an_access_kept_in_a_variable_is_named(tmp_path):
    """Kept in a variable, an object declared before X (finalized after it) could
    call through it from its Finalize."""
    out = _run(main_source(tmp_path, PROGRAM % ("", "      declare\n"
                                                    "         Near : access Hand := X'Access;\n"
                                                    "      begin\n"
                                                    "         Near.Go;\n"
                                                    "      end;")))
    lines = refusal_lines(out, "Hand", construct=True)
    assert any(r.startswith("22: X'Access: an aliased object of the task type given to "
                            "'Access other than as a discriminant") for r in lines), lines


def test_a_type_implementing_an_interface_is_refused_by_name(tmp_path):
    """Its objects were refused as aliased before; the record type the translation
    makes does not implement the interface (GNAT rejected the translation)."""
    out = _run(copy_case_sources(tmp_path, "interface_task_refused"))
    lines = refusal_lines(out, "Adder", construct=True)
    assert "9: Worker: the task type implements an interface: its translation is a " \
        "record type, which does not (nor can it implement a task or synchronized " \
        "interface)" in lines, lines


def test_an_aliased_component_is_refused(tmp_path):
    """A component's uses (A (1)'Unchecked_Access) are not followed: refused, as
    every aliased object was before."""
    out = _run(main_source(tmp_path, PROGRAM % ("", "      declare\n"
                                                    "         A : array (1 .. 2) of aliased "
                                                    "Hand;\n"
                                                    "      begin\n"
                                                    "         Kept := A (1)'Unchecked_Access;\n"
                                                    "         A (1).Go;\n"
                                                    "         A (2).Go;\n"
                                                    "      end;")))
    lines = refusal_lines(out, "Hand", construct=True)
    assert any(": an aliased component of the task type" in r for r in lines), lines
