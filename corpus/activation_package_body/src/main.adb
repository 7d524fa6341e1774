with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Tally is
      entry Add (N : Integer);
      entry Total (T : out Integer);
   end Tally;

   package Counting is
      procedure Bump;
      function Value return Integer;
   end Counting;

   package body Counting is
      Count : Integer := 0;
      procedure Bump is
      begin
         Count := Count + 1;
         Tally.Add (Count);
      end Bump;
      function Value return Integer is (Count);
   end Counting;

   task body Tally is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Add (N : Integer) do
               Sum := Sum + N;
            end Add;
         or
            accept Total (T : out Integer) do
               T := Sum;
            end Total;
         or
            terminate;
         end select;
      end loop;
   end Tally;

   Result : Integer;
begin
   Counting.Bump;
   Counting.Bump;
   Tally.Total (Result);
   Put_Line ("count" & Integer'Image (Counting.Value)
             & ", total" & Integer'Image (Result));
   Put_Line ("PASSED");
end Main;
