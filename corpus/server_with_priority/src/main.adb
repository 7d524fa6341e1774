--  The main procedure and a second client task both increment the counter;
--  the main procedure reads the value after the client has terminated.

with Ada.Text_IO;
with Counters;

procedure Main is
   Total : Natural;
begin
   declare
      task Helper;

      task body Helper is
      begin
         for I in 1 .. 10 loop
            Counters.Counter.Increment (I);
         end loop;
      end Helper;
   begin
      for I in 1 .. 10 loop
         Counters.Counter.Increment (100);
      end loop;
   end;
   Counters.Counter.Value (Total);
   Ada.Text_IO.Put_Line ("Total:" & Natural'Image (Total));
   if Total = 1_055 then
      Ada.Text_IO.Put_Line ("PASSED");
   else
      Ada.Text_IO.Put_Line ("FAILED");
   end if;
end Main;
