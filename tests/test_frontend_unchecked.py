"""Calls of instances of Ada.Unchecked_Deallocation and Ada.Unchecked_Conversion
(frontend/unchecked.py): a call freeing values only, or converting, is given the
generic's unit, which cannot block; a call that may finalize something keeps the
instance's (nothing proves it cannot block)."""

from __future__ import annotations

import os

from rdv2po.frontend.analysis import Options, analyze

TYPES = """\
with Ada.Finalization;
with Ada.Strings.Unbounded;
package Types is
   type Small is range 0 .. 10;
   type Pair is record
      A : Small;
      B : Character;
   end record;
   type Pairs is array (1 .. 2) of Pair;
   type Tagged_Pair is tagged record
      A : Small;
   end record;
   type Holds_Access is record
      P : access Integer;
   end record;
   type Text is record
      S : Ada.Strings.Unbounded.Unbounded_String;
   end record;
   type Done is new Ada.Finalization.Controlled with null record;
   type Hidden is private;
private
   type Hidden is new Integer;
end Types;
"""

MAIN = """\
with Ada.Unchecked_Conversion;
with Ada.Unchecked_Deallocation;
with Unchecked_Deallocation;
with Types; use Types;
procedure Main is
   subtype Few is Pairs;
   type A_Int is access Integer;
   type A_Few is access Few;
   type A_Tagged is access Tagged_Pair;
   type A_Holds is access Holds_Access;
   type A_Text is access Text;
   type A_Done is access Done;
   type A_Hidden is access Hidden;
   type A_Pooled is access Integer with Storage_Pool => A_Int'Storage_Pool;
   procedure Free_Int is new Ada.Unchecked_Deallocation (Integer, A_Int);
   procedure Free_Few is new Unchecked_Deallocation (Name => A_Few, Object => Few);
   procedure Free_Tagged is new Ada.Unchecked_Deallocation (Tagged_Pair, A_Tagged);
   procedure Free_Holds is new Ada.Unchecked_Deallocation (Holds_Access, A_Holds);
   procedure Free_Text is new Ada.Unchecked_Deallocation (Text, A_Text);
   procedure Free_Done is new Ada.Unchecked_Deallocation (Done, A_Done);
   procedure Free_Hidden is new Ada.Unchecked_Deallocation (Hidden, A_Hidden);
   procedure Free_Pooled is new Ada.Unchecked_Deallocation (Integer, A_Pooled);
   function To_Small is new Ada.Unchecked_Conversion (Character, Small);

   task Server is
      entry Go;
   end Server;

   task body Server is
      I : A_Int;
      F : A_Few;
      T : A_Tagged;
      H : A_Holds;
      X : A_Text;
      D : A_Done;
      P : A_Hidden;
      Q : A_Pooled;
      S : Small;
   begin
      loop
         select
            accept Go do
               Free_Int (I);
               Free_Few (F);
               Free_Tagged (T);
               Free_Holds (H);
               Free_Text (X);
               Free_Done (D);
               Free_Hidden (P);
               Free_Pooled (Q);
               S := To_Small ('A');
            end Go;
         or
            terminate;
         end select;
      end loop;
   end Server;
begin
   Server.Go;
end Main;
"""


def _units(tmp_path) -> dict[str, str]:
    (tmp_path / "types.ads").write_text(TYPES)
    (tmp_path / "main.adb").write_text(MAIN)
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        model, _ = analyze(Options(paths=(".",)))
    finally:
        os.chdir(old)
    task = next(t for t in model.tasks if t.name.endswith("Server"))
    return {c.name: c.unit for c in task.body.calls}


def test_freeing_values_and_converting_are_calls_of_the_generics(tmp_path):
    units = _units(tmp_path)
    assert units["Free_Int"] == "ada.unchecked_deallocation"
    assert units["Free_Few"] == "ada.unchecked_deallocation"   # Ada 83 name, named actuals
    assert units["To_Small"] == "ada.unchecked_conversion"


def test_freeing_what_may_be_finalized_or_has_a_pool_stays_a_call_of_the_instance(tmp_path):
    # a pool named in the file (Free_Pooled): its Deallocate may be the program's
    units = _units(tmp_path)
    for name in ("Free_Tagged", "Free_Text", "Free_Done", "Free_Hidden", "Free_Pooled"):
        assert units[name] == "main", (name, units[name])
