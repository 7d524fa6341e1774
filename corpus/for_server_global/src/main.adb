--  Main opens a batch of three, sends four items: the fourth raises
--  Tasking_Error, the server having left its loop.

with Ada.Text_IO; use Ada.Text_IO;
with Batches;     use Batches;

procedure Main is
   S : Integer;
begin
   Batch.Open (3);
   for I in 1 .. 4 loop
      begin
         Batch.Item (I, S);
         Put_Line ("sum" & Integer'Image (S));
      exception
         when Tasking_Error => Put_Line ("item" & Integer'Image (I) & ": Tasking_Error");
      end;
   end loop;
   Put_Line ("PASSED");
end Main;
