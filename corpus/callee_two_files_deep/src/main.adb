with Ada.Text_IO; use Ada.Text_IO;
with Tally;
procedure Main is
   Sum : Integer;
begin
   for I in 1 .. 5 loop
      Tally.Counter.Add (I);
   end loop;
   Tally.Counter.Get (Sum);
   Put_Line ("Total:" & Integer'Image (Sum));
   if Sum = 155 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
