--  A polling server: its selective accept has an else part, taken whenever
--  no call is queued.  In the else part the server does a unit of
--  background work (it advances a counter that nobody prints, because how
--  often it runs depends on timing).  Only the main procedure prints.

with Ada.Text_IO;

procedure Main is

   task Poller is
      entry Put (Item : Integer);
      entry Get_Sum (Sum : out Integer; Count : out Natural);
      entry Stop;
   end Poller;

   task body Poller is
      Sum   : Integer := 0;
      Count : Natural := 0;
      Idle  : Natural := 0;
   begin
      loop
         select
            accept Put (Item : Integer) do
               Sum := Sum + Item;
            end Put;
            Count := Count + 1;
         or
            accept Get_Sum (Sum : out Integer; Count : out Natural) do
               Get_Sum.Sum := Poller.Sum;
               Get_Sum.Count := Poller.Count;
            end Get_Sum;
         or
            accept Stop;
            exit;
         else
            Idle := (Idle + 1) mod 1_000;
         end select;
      end loop;
   end Poller;

   Sum   : Integer;
   Count : Natural;

begin
   for I in 1 .. 10 loop
      Poller.Put (I * I);
   end loop;
   Poller.Put (-85);
   Poller.Get_Sum (Sum, Count);
   Poller.Stop;
   Ada.Text_IO.Put_Line ("Items:" & Natural'Image (Count));
   Ada.Text_IO.Put_Line ("Sum:" & Integer'Image (Sum));
   if Count = 11 and then Sum = 300 then
      Ada.Text_IO.Put_Line ("PASSED");
   else
      Ada.Text_IO.Put_Line ("FAILED");
   end if;
end Main;
