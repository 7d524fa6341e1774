"""Server scheme refusals name what the user wrote, not a construct it happens to contain.

Each program is refused; the test checks the reason given and that no file
changed.  (The corpus holds refusals of whole programs; these are the
wordings acceptance runs found misleading.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.analysis import Options

CASES = {
    # It said "a number declaration ...: only variables and constants can become
    # components", to a user who had written `constant`.
    "named_number": ("""
procedure Main is
   task T is
      entry Get (N : out Natural);
   end T;
   task body T is
      Max : constant := 3;
      Count : Natural := 0;
   begin
      loop
         select
            accept Get (N : out Natural) do
               Count := (Count + 1) mod Max;
               N := Count;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end T;
   N : Natural;
begin
   T.Get (N);
end Main;
""", "a named number in the task body: only variables and typed constants", "Max : constant"),
    # A select with a delay alternative in an inner loop was refused as "a delay
    # statement: would run inside a protected action".
    "delay_alternative_in_inner_loop": ("""
procedure Main is
   task T is
      entry Send (X : Integer);
   end T;
   task body T is
      Received : Natural := 0;
   begin
      loop
         for C in 1 .. 3 loop
            select
               accept Send (X : Integer) do
                  Received := Received + X;
               end Send;
            or
               delay 0.001;
            end select;
         end loop;
      end loop;
   end T;
begin
   T.Send (5);   --  never run: the test only rewrites
end Main;
""", "an accept inside an inner loop", "select accept Send"),
    # Overloaded entries are told apart by the accept's formal part as written; one that
    # conforms to its declaration only through another spelling of the subtype is refused.
    "overload_written_otherwise": ("""
procedure Main is
   Last : Integer := 0;
   task T is
      entry E (A : Integer);
      entry E (A : Integer; B : Integer);
   end T;
   task body T is
   begin
      loop
         select
            accept E (A : Standard.Integer) do
               Last := A;
            end E;
         or
            accept E (A : Integer; B : Integer) do
               Last := A + B;
            end E;
         or
            terminate;
         end select;
      end loop;
   end T;
begin
   T.E (1);
end Main;
""", "entry E is overloaded, and this accept's parameters are not written as in exactly one",
        "accept E (A : Standard.Integer)"),
    # Objects of T are activated at the end of the declarative part; the allocated
    # Caller calls one before, and the part then raises: Tasking_Error, never activated.
    "called_before_activation": ("""
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
begin
   declare
      task type T is
         entry E;
      end T;
      type Pool is array (1 .. 2) of T;
      task type Caller;
      type Caller_Ref is access Caller;
      S : Pool;
      task body T is
      begin
         loop
            select
               accept E;
            or
               terminate;
            end select;
         end loop;
      end T;
      task body Caller is
      begin
         S (1).E;
      exception
         when Tasking_Error =>
            Put_Line ("Tasking_Error: never activated");
      end Caller;
      C : Caller_Ref := new Caller;
      I : Positive := Integer'Value ("0");
   begin
      Put_Line (Integer'Image (I));
   end;
exception
   when Constraint_Error =>
      Put_Line ("Constraint_Error");
end Main;
""", "before T is activated", "new Caller"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_refusal_names_the_construct(name, tmp_path: Path):
    source, reason, construct = CASES[name]
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(source.lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",))))
    d = out.decisions["Main.T"]
    assert not d.rewritten
    assert reason in d.reason and construct in d.construct, (d.construct, d.reason)
    assert "potentially blocking" not in d.reason
    assert not out.changes
