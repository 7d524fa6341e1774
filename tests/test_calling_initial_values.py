"""A calling server's variables become components of its protected object, their
initial values and default initialisations evaluated where the object is declared
(common/initial.py, shared with the accepting scheme).

The task evaluated them when activated: an exception there failed the activation
and the activator got Tasking_Error at its begin (RM 9.2(1)); the object's
component default would raise Constraint_Error in the declarative part around it
(review10 calling-initial-value-raises-at-declaration).  A value not shown within
its subtype is refused; one shown is translated.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

TEMPLATE = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Zero : constant Integer := 0;
   type Rec is record
      C : Positive := 1;
      D : Natural := Zero;
   end record;
   type Bad is record
      C : Positive := Zero;
   end record;
begin
   declare
      task W1 is
         entry Start (Id : Integer);
      end W1;
      task Setup;
      task body W1 is
         Got : Integer := 0;
      begin
         accept Start (Id : Integer) do
            Got := Id;
         end Start;
         Put_Line ("w1 got" & Got'Image);
      end W1;
      task body Setup is
         DECL
      begin
         W1.Start (1);
      end Setup;
   begin
      Put_Line ("block runs");
   exception
      when Tasking_Error => Put_Line ("TE in block");
   end;
end Main;
"""


def _decision(tmp_path: Path, decl: str):
    text = TEMPLATE.replace("DECL", decl).lstrip()
    (tmp_path / "src").mkdir(parents=True)
    (tmp_path / "src" / "main.adb").write_text(text)
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme="server"))
    return next(d for name, d in out.decisions.items() if name.endswith(".Setup"))


@pytest.mark.parametrize("decl", [
    "Base : Positive := Zero - 1 + 1;",      # the review's: 0 into Positive
    "Base : Natural := Zero - 1;",
    "Held : Positive := Integer'Last + Zero - 1 + Zero * 0 - Integer'Last;",
    "Held : Bad;",                           # a component default: 0 into Positive
])
def test_an_initial_value_not_shown_within_its_subtype_is_refused(tmp_path, decl):
    d = _decision(tmp_path, decl)
    assert not d.rewritten and d.scheme == "calling-server", d
    assert "may raise" in d.reason, d


@pytest.mark.parametrize("decl", [
    "Base : Positive := Zero + 1;",
    "Base : Natural := Zero;",
    "Held : Rec;",
    "Held : Rec := (C => 2, D => 0);",
])
def test_an_initial_value_shown_within_its_subtype_is_translated(tmp_path, decl):
    d = _decision(tmp_path, decl)
    assert d.rewritten and d.scheme == "calling-server", d
