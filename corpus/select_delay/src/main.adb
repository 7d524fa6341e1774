--  A watchdog server: its select has an "or delay 0.05;" alternative that
--  counts timeouts.  The number of timeouts depends on timing, so it is
--  never printed; the program only prints whether at least one timeout was
--  observed, and it waits for one on purpose (Wait_Timeout is guarded by
--  Timeouts > 0), which makes that answer always True.

with Ada.Text_IO;

procedure Main is

   task Watchdog is
      entry Kick (Amount : Positive);
      entry Wait_Timeout;
      entry Total (Kicks : out Natural; Sum : out Natural);
      entry Stop;
   end Watchdog;

   task body Watchdog is
      Kicks    : Natural := 0;
      Sum      : Natural := 0;
      Timeouts : Natural := 0;
   begin
      loop
         select
            accept Kick (Amount : Positive) do
               Sum := Sum + Amount;
            end Kick;
            Kicks := Kicks + 1;
         or
            when Timeouts > 0 =>
               accept Wait_Timeout;
         or
            accept Total (Kicks : out Natural; Sum : out Natural) do
               Total.Kicks := Watchdog.Kicks;
               Total.Sum := Watchdog.Sum;
            end Total;
         or
            accept Stop;
            exit;
         or
            delay 0.05;
            Timeouts := Timeouts + 1;
         end select;
      end loop;
   end Watchdog;

   Kicks : Natural;
   Sum   : Natural;

begin
   for I in 1 .. 10 loop
      Watchdog.Kick (I);
   end loop;
   Watchdog.Wait_Timeout;
   Ada.Text_IO.Put_Line ("Timeout observed: TRUE");
   Watchdog.Kick (100);
   Watchdog.Total (Kicks, Sum);
   Watchdog.Stop;
   Ada.Text_IO.Put_Line ("Kicks:" & Natural'Image (Kicks));
   Ada.Text_IO.Put_Line ("Sum:" & Natural'Image (Sum));
   if Kicks = 11 and then Sum = 155 then
      Ada.Text_IO.Put_Line ("PASSED");
   else
      Ada.Text_IO.Put_Line ("FAILED");
   end if;
end Main;
