--  Main draws every card (and one more: Tasking_Error), every color, every
--  weekend day, and pings a server whose loop never ran.

with Ada.Text_IO; use Ada.Text_IO;
with Servers;     use Servers;

procedure Main is
   Card  : Integer;
   C     : Color;
   D     : Day;
   Hours : Natural;
begin
   for I in 1 .. 6 loop
      begin
         if I = 3 then
            Dealer.Odd_Only (Card);
         else
            Dealer.Deal (Card);
         end if;
         Put_Line ("card" & Integer'Image (Card));
      exception
         when Tasking_Error => Put_Line ("card" & Integer'Image (I) & ": Tasking_Error");
      end;
   end loop;
   for I in 1 .. 3 loop
      begin
         Painter.Next (C);
         Put_Line ("color " & Color'Image (C));
      exception
         when Tasking_Error => Put_Line ("color" & Integer'Image (I) & ": Tasking_Error");
      end;
   end loop;
   for I in 1 .. 3 loop
      begin
         Weekly.Rest (D, Hours);
         Put_Line ("rest " & Day'Image (D) & Natural'Image (Hours));
      exception
         when Tasking_Error => Put_Line ("rest" & Integer'Image (I) & ": Tasking_Error");
      end;
   end loop;
   begin
      Empty.Ping;
      Put_Line ("ping accepted");
   exception
      when Tasking_Error => Put_Line ("ping: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;
