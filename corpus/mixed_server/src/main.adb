--  The main procedure feeds the pipeline through Relay.  Relay accepts
--  Stop only after it has forwarded every earlier item, so once Stop
--  returns, Sink has received everything and its report is complete.

with Ada.Text_IO;
with Pipeline;

procedure Main is
   Count : Natural;
   Sum   : Integer;
begin
   for I in 1 .. 12 loop
      Pipeline.Relay.Put (I);
   end loop;
   Pipeline.Relay.Stop;
   Pipeline.Sink.Report (Count, Sum);
   Ada.Text_IO.Put_Line ("Forwarded:" & Natural'Image (Count));
   Ada.Text_IO.Put_Line ("Sum:" & Integer'Image (Sum));
   --  sum of 2*I+1 for I in 1 .. 12 = 2*78 + 12 = 168
   if Count = 12 and then Sum = 168 then
      Ada.Text_IO.Put_Line ("PASSED");
   else
      Ada.Text_IO.Put_Line ("FAILED");
   end if;
end Main;
