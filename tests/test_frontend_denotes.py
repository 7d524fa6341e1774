"""What a name denotes: an exception, a type, a subprogram is no task.

``E'Identity`` of an exception and ``S'Storage_Size`` of an access type were
taken for possible task attributes, a refusal of every task type of the
program per use (repro exception_identity_not_task; corpus
exception_identity runs the whole program through both schemes).
"""

from __future__ import annotations

from pathlib import Path

from rewrite_harness import in_dir
from rdv2po.frontend.analysis import Options, analyze
from rdv2po.frontend.denotes import not_an_object
from rdv2po.frontend.syntax import text

PROGRAM = """\
with Ada.Exceptions; use Ada.Exceptions;
procedure Main is
   Oops : exception;
   type Ref is access Integer;
   for Ref'Storage_Size use 0;
   task type W is
      entry E;
   end W;
   task body W is
   begin
      accept E;
   end W;
   type W_Ref is access W;
   One : W;
   Two : W_Ref := new W;
   Integer : Natural := 0;
   procedure P is null;
   function F return Natural is (1);
begin
   One.E;
   Two.E;
   P;
   Integer := F;
   if One'Callable and Two'Callable then
      Raise_Exception (Oops'Identity, "x");
   end if;
exception
   when Oops =>
      Raise_Exception (Program_Error'Identity, "y" & Natural'Image (Ref'Storage_Size));
end Main;
"""


def _prefixes(tmp_path: Path) -> dict[str, str | None]:
    (tmp_path / "main.adb").write_text(PROGRAM)
    _model, ws = in_dir(tmp_path, lambda: analyze(Options(paths=(".",), whole=True)))
    fu = ws.files[0]
    out = {}
    for n in fu.nodes_of_type("identifier"):
        out[text(n)] = not_an_object(ws, fu, n)     # the last one: a use
    return out


def test_exceptions_types_and_subprograms_are_no_objects(tmp_path: Path):
    seen = _prefixes(tmp_path)
    assert seen["Oops"] == "an exception"
    assert seen["Program_Error"] == "an exception of package Standard"
    assert seen["Ref"] == "an access type"
    assert seen["W_Ref"] == "an access type"
    assert seen["Natural"] == "a declaration of package Standard"
    assert seen["P"] == "a procedure"


def test_objects_functions_and_task_types_may_be_tasks(tmp_path: Path):
    seen = _prefixes(tmp_path)
    for name in ("One", "Two", "F", "W"):
        assert seen[name] is None, name
    # a user's object spelled like a type of Standard is the user's object
    assert seen["Integer"] is None
