--  Beside corpus static_bounds: what is not static stays refused, naming why.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Limit : Integer := 2;

   --  Tally: its constant's value is read from a variable when the task is
   --  activated, so the array type depends on the task's own constant
   task Tally is
      entry Add (X : Integer);
      entry Sum (S : out Integer);
   end Tally;

   task body Tally is
      Size  : constant Integer := Limit;
      Parts : array (1 .. Size) of Integer := (others => 0);
      Next  : Integer := 1;
   begin
      loop
         select
            accept Add (X : Integer) do
               Parts (Next) := X;
            end Add;
            Next := Next mod Size + 1;
         or
            accept Sum (S : out Integer) do
               S := 0;
               for P of Parts loop
                  S := S + P;
               end loop;
            end Sum;
         or
            terminate;
         end select;
      end loop;
   end Tally;

   --  Gate: its guard reads a bound of its own array, not of a type
   task Gate is
      entry Pass (Who : String);
   end Gate;

   task body Gate is
      Seen  : array (1 .. 2) of Natural := (0, 0);
      Count : Natural := 0;
   begin
      loop
         select
            when Count < Seen'Last =>
               accept Pass (Who : String) do
                  Put_Line (Who & " passes");
               end Pass;
               Count := Count + 1;
               Seen (Count) := Count;
         or
            terminate;
         end select;
      end loop;
   end Gate;

   S : Integer;
begin
   Tally.Add (4);
   Tally.Add (5);
   Tally.Sum (S);
   Put_Line ("sum" & Integer'Image (S));
   Gate.Pass ("ann");
   Gate.Pass ("bob");
   declare
      --  Strict: its constant's literal lies outside its subtype, so its
      --  activation fails (Tasking_Error here)
      task Strict is
         entry Ping;
      end Strict;

      task body Strict is
         Least : constant Positive := 0;
         Room  : array (Least .. 1) of Integer;
         Used  : Natural := 0;
      begin
         loop
            select
               when Used < 1 =>
                  accept Ping do
                     Room (1) := 1;
                  end Ping;
                  Used := Used + 1;
            or
               terminate;
            end select;
         end loop;
      end Strict;
   begin
      Strict.Ping;
      Put_Line ("Strict took a ping");
   end;
   Put_Line ("PASSED");
exception
   when Tasking_Error =>
      Put_Line ("Strict was never activated");
      Put_Line ("PASSED");
end Main;
