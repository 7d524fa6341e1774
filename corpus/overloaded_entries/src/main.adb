--  Overloaded entries (same name, different parameter profiles), each with
--  its own accept in one select, and one also accepted before the loop with
--  its formal part written another way: a call must run the accept body of
--  the overload it names (repro overloaded_entries: the server scheme ran
--  the first accept body for every overload).
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Last : Integer := 0;

   task T is
      entry E (A : Integer);
      entry E (A, B : Integer);
      entry E (A : Integer; R : out Long_Integer);
      entry Stop;
   end T;

   task body T is
      Total : Integer := 0;
   begin
      accept E (A : in Integer; B : in Integer) do
         Last := 20;
         Total := A + B;
      end E;
      loop
         select
            accept E (A : Integer) do
               Last := 1;
               Total := Total + A;
            end E;
         or
            accept E (A, B : Integer) do
               Last := 2;
               Total := Total + A * B;
            end E;
         or
            accept E (A : Integer; R : out Long_Integer) do
               Last := 3;
               R := Long_Integer (Total + A);
            end E;
         or
            accept Stop;
            exit;
         end select;
      end loop;
   end T;

   R : Long_Integer := 0;
begin
   T.E (0, B => 10);
   Put_Line ("after E (A, B):" & Integer'Image (Last));
   T.E (1);
   Put_Line ("after E (A):" & Integer'Image (Last));
   T.E (3, B => 4);
   Put_Line ("after E (A, B):" & Integer'Image (Last));
   T.E (100, R);
   Put_Line ("after E (A, R):" & Integer'Image (Last) & Long_Integer'Image (R));
   T.E (2);
   Put_Line ("after E (A):" & Integer'Image (Last));
   T.Stop;
   Put_Line ("PASSED");
end Main;
