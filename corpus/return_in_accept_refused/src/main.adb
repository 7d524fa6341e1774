--  A return statement in an accept body that holds a nested accept: the
--  outer caller waits for the nested rendezvous, and a return ends both
--  accept bodies at different places.  The accepting-server scheme refuses.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Pair is
      entry Open (N : Integer);
      entry Join (M : Integer);
      entry Get (Sum : out Integer);
   end Pair;

   task body Pair is
      Total : Integer := 0;
   begin
      loop
         select
            accept Open (N : Integer) do
               if N < 0 then
                  return;
               end if;
               accept Join (M : Integer) do
                  Total := Total + N * M;
               end Join;
            end Open;
         or
            accept Get (Sum : out Integer) do
               Sum := Total;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Pair;

   task Joiner;
   task body Joiner is
   begin
      Pair.Join (4);
   end Joiner;

   S : Integer;
begin
   Pair.Open (-1);
   Pair.Open (3);
   Pair.Get (S);
   Put_Line ("sum" & Integer'Image (S));
   Put_Line ("PASSED");
end Main;
