"""The accepting scheme's variables' initial values and default initialisations
(common/initial.py): the protected object evaluates them where it is declared,
the task when it was activated; one that may raise is refused (the task's failed
activation gave Tasking_Error, the object's default would give Constraint_Error),
one shown not to raise is translated.  Corpus accepting_task_var_defaults and its
refused twin run the translations."""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

# Two accepts in turn: the caller-runs scheme refuses the task, so the accepting
# scheme's verdict is the one shown.
PROGRAM = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Zero  : Integer := 0;
   Limit : Integer := 3;
   Max   : constant := 4;
   Two   : constant Natural := 2;
   DECLS
begin
   declare
      task Lock is
         entry Seize;
         entry Free;
      end Lock;

      task body Lock is
         VARS
      begin
         loop
            select
               accept Seize;
            or
               terminate;
            end select;
            accept Free;
         end loop;
      end Lock;
   begin
      Lock.Seize;
      Lock.Free;
   end;
   Put_Line ("done");
end Main;
"""


def _decision(tmp_path: Path, decls: str, variables: str):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(
        PROGRAM.replace("DECLS", decls).replace("VARS", variables).lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme="server"))
    return next(d for name, d in out.decisions.items() if name.endswith(".Lock"))


def _reasons(d) -> str:
    return "\n".join(f"{o.construct}: {o.reason}" for o in d.obstacles or (d,))


RAISING = {
    # the review's program: a component default reading a variable, 0, into Positive
    "record default": ("type Rec is record C : Positive := Zero; end record;",
                       "Held : Rec;", "the default initialisation of Held : Rec may raise"),
    "array of such records": ("type Rec is record C : Positive := Zero; end record;\n"
                              "   type Row is array (1 .. 2) of Rec;",
                              "Rows : Row;", "component C of Rec"),
    "derived record": ("type Rec is record C : Positive := Zero; end record;\n"
                       "   type Sub is new Rec;", "S : Sub;", "component C of Rec"),
    "value outside Natural": ("", "Reading : Natural := Zero - 1;",
                              "Zero - 1 is not shown within Natural"),
    "literal outside a subtype of non-static bounds":
        ("subtype Slot is Positive range 1 .. Limit;", "S : Slot := 1;",
         "1 is not shown within Slot"),
    "index constraint of a variable's bound": ("", "Name : String (Zero .. 3);",
                                              "is not shown within the index subtype"),
    "discriminant outside its subtype":
        ("type Vec (Len : Positive) is record D : String (1 .. Len); end record;",
         "V : Vec (Zero);", "Zero is not shown within Positive"),
    "discriminant-dependent constraint outside the index":
        ("type Vec (Len : Integer) is record D : String (Len .. 3); end record;",
         "V : Vec (3);", "is not shown within the index subtype of String"),
    "aggregate component": ("type Pair is record A, B : Positive := 1; end record;",
                            "P : Pair := (A => 1, B => Zero);", "component B: Zero is not shown"),
    "others aggregate": ("type Row is array (1 .. 3) of Positive;",
                         "R : Row := (others => Zero);", "Zero is not shown within Positive"),
    # the type's Default_Value, checked against the subtype's range (review11)
    "default value of the subtype's type": (
        "type Cnt is new Integer with Default_Value => 5;\n"
        "   subtype Small is Cnt range 0 .. 3;", "C : Small;", "Cnt has a Default_Value"),
    "default value inherited by a derived type": (
        "type Cnt is new Integer with Default_Value => 5;\n"
        "   subtype Small is Cnt range 0 .. 3;\n   type Smaller is new Small;",
        "C : Smaller;", "Cnt has a Default_Value"),
    "array of a subtype whose type has a default value": (
        "type Cnt is new Integer with Default_Value => 5;\n"
        "   subtype Small is Cnt range 0 .. 3;\n   type Row is array (1 .. 2) of Small;",
        "R : Row;", "Cnt has a Default_Value"),
}

QUIET = {
    "record of static defaults": (
        "type Cell;\n   type Ref is access Cell;\n"
        "   type Cell is record V : Positive := Max; N : Ref; H : Natural := Two * 2; end record;",
        "C : Cell;"),
    "array of such records": (
        "type Rec is record C : Positive := 1; end record;\n"
        "   type Row is array (1 .. Max) of Rec;", "R : Row;"),
    "range constraint of a named number": ("", "Used : Natural range 0 .. Max := 0;"),
    "subtype of static bounds": ("subtype Slot is Natural range 0 .. Max - 1;",
                                 "S : Slot := 0;"),
    "string literal of its length": ("", "Name : String (1 .. 4) := \"lock\";"),
    "aggregates": ("type Pair is record A, B : Positive := 1; end record;\n"
                   "   type Row is array (1 .. 3) of Boolean;",
                   "P : Pair := (A => 1, B => Max); R : Row := (others => False);"),
    "discriminant-dependent constraint": (
        "type Vec (Len : Natural) is record D : String (1 .. Len); end record;",
        "V : Vec (Len => Max);"),
    "null": ("type Ref is access Integer;", "P : Ref := null;"),
    "subtype of a derived type without a default value": (
        "type Cnt is new Integer;\n   subtype Small is Cnt range 0 .. 3;\n"
        "   type Smaller is new Small;", "C : Smaller; D : Small;"),
}


@pytest.mark.parametrize("name", sorted(RAISING))
def test_a_variable_whose_elaboration_may_raise_is_refused(tmp_path, name):
    decls, variables, why = RAISING[name]
    d = _decision(tmp_path, decls, variables)
    assert not d.rewritten
    assert why in _reasons(d) and "Tasking_Error" in _reasons(d), _reasons(d)


@pytest.mark.parametrize("name", sorted(QUIET))
def test_a_variable_whose_elaboration_cannot_raise_is_translated(tmp_path, name):
    decls, variables = QUIET[name]
    d = _decision(tmp_path, decls, variables)
    assert d.rewritten, _reasons(d)
