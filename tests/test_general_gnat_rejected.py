"""Constructs whose general-scheme translation GNAT used to reject.

Each program translates now and prints what the original prints, plain and
with pragma Detect_Blocking:

- the current instance of a task type named as an object of its type
  (``Worker in Same``, an actual parameter) inside its body: it is the object
  the agent belongs to, ``Self.all`` (it named the agent, of another type);
- an entry default that GNAT says will raise Constraint_Error (evaluated only
  by a call that leaves the parameter out, which then raises): ``E_Held``,
  reached only by requeues, is declared without the defaults, so the
  translation has no more of GNAT's run-time warnings than the original;
- a parameter of a constrained access subtype (``subtype Ref3 is Ref
  (Boolean, 'A' .. 'C')``): the object keeps it in a component of the access
  type (GNAT 12 crashed on a protected component of the subtype, ``GNAT BUG
  DETECTED``); the formals keep the subtype, so the caller's actual is checked
  as before (Constraint_Error in the caller).
"""

from __future__ import annotations

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

CURRENT_INSTANCE = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Worker is
      entry Put (X : Integer);
   end Worker;
   subtype Same is Worker;
   procedure Show (W : Worker) is
   begin
      Put_Line ("callable " & Boolean'Image (W'Callable));
   end Show;
   task body Worker is
   begin
      if Worker in Same then
         Put_Line ("member");
      end if;
      Show (Worker);
      accept Put (X : Integer) do
         Put_Line ("put" & Integer'Image (X));
      end Put;
   end Worker;
   W : Worker;
begin
   W.Put (3);
end Main;
"""

RAISING_DEFAULT = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Pair is array (1 .. 2) of Integer range 1 .. 2;
   task T is
      entry E (A : Pair := (3, 4));
      entry Stop;
   end T;
   task body T is
   begin
      loop
         select
            accept E (A : Pair := (3, 4)) do
               Put_Line ("E" & Integer'Image (A (1) + A (2)));
            end E;
         or
            accept Stop;
            exit;
         or
            terminate;
         end select;
      end loop;
   end T;
begin
   T.E ((1, 2));
   begin
      T.E;
   exception
      when Constraint_Error => Put_Line ("default raised");
   end;
   T.Stop;
end Main;
"""

ACCESS_SUBTYPE = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Grid is array (Boolean range <>, Character range <>) of Integer;
   type Ref is access Grid;
   subtype Ref3 is Ref (Boolean, 'A' .. 'C');
   V : Ref := new Grid'(False .. True => ('A' .. 'C' => 4));
   W : Ref := new Grid'(False .. True => ('A' .. 'B' => 1));
   task T is
      entry Sum (R : Ref3);
   end T;
   task body T is
   begin
      select
         accept Sum (R : Ref3) do
            Put_Line ("sum" & Integer'Image (R (True, 'C') + R'Length (2)));
         end Sum;
      or
         terminate;
      end select;
   end T;
begin
   begin
      T.Sum (W);
      Put_Line ("no error");
   exception
      when Constraint_Error => Put_Line ("constraint error");
   end;
   T.Sum (V);
end Main;
"""

CASES = {
    "current_instance": (CURRENT_INSTANCE, "Main.Worker", "member\ncallable TRUE\nput 3\n",
                         ["Self.all in Same", "Show (Self.all);"]),
    "raising_default": (RAISING_DEFAULT, "Main.T", "E 3\ndefault raised\n",
                        ["entry E_Held (A : in Pair);"]),
    "access_subtype": (ACCESS_SUBTYPE, "Main.T", "constraint error\nsum 7\n",
                       ["Sum_R : Ref;", "entry Sum (R : Ref3);"]),
}


@pytest.mark.parametrize("name", CASES)
def test_translated_and_same(name, tmp_path):
    program, task, expected, fragments = CASES[name]
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(program)
    before = run_program(src, "main").stdout
    assert before == expected
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "general"))
    assert out.decisions[task].rewritten, out.decisions[task].reason
    rewrite.write(out)
    text = (src / "main.adb").read_text()
    for fragment in fragments:
        assert fragment in text
    for config in ("", "pragma Detect_Blocking;\n"):
        assert run_program(src, "main", config).stdout == before
