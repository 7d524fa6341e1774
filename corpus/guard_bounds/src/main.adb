--  Guards with conversions and sums that cannot raise (false obstacles found on
--  real code): each value lies in its subtype, so the conversion and the sum stay
--  within their types and the barrier standing for the guard raises nothing.
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   type Slot is mod 4;

   --  A ring of three values (accepting scheme): Count converted to Integer
   task Ring is
      entry Put (V : Integer);
      entry Get (V : out Integer);
   end Ring;

   task body Ring is
      Data  : array (Slot) of Integer := (others => 0);
      First, Last, Count : Slot := 0;
   begin
      loop
         select
            when Integer (Count) + 1 < 4 =>
               accept Put (V : Integer) do
                  Data (Last) := V;
               end Put;
               Last := Last + 1;
               Count := Count + 1;
         or
            when Integer (Count) > 0 =>
               accept Get (V : out Integer) do
                  V := Data (First);
               end Get;
               First := First + 1;
               Count := Count - 1;
         or
            terminate;
         end select;
      end loop;
   end Ring;

   --  A meter (accepting scheme): a Natural less one, a modular sum (wraps around),
   --  a Natural converted to Long_Integer and increased
   task Meter is
      entry Raise_Level;
      entry Lower_Level;
      entry Tick (Seen : out Integer);
      entry Read (L : out Integer);
   end Meter;

   task body Meter is
      Level : Natural := 0;
      Phase : Slot := 0;
   begin
      loop
         select
            accept Raise_Level do
               Level := Level + 1;
            end Raise_Level;
         or
            when Level - 1 >= 0 =>
               accept Lower_Level do
                  Level := Level - 1;
               end Lower_Level;
         or
            when Phase + 1 /= 0 =>
               accept Tick (Seen : out Integer) do
                  Phase := Phase + 1;
                  Seen := Integer (Phase);
               end Tick;
         or
            when Long_Integer (Level) + 1 > 1 =>
               accept Read (L : out Integer) do
                  L := Level;
               end Read;
         or
            terminate;
         end select;
      end loop;
   end Meter;

   --  A logbook that prints in its accept bodies (caller-runs scheme), with an
   --  anonymous array of a scalar indexed by the modular type
   task Logbook is
      entry Write (V : Integer);
      entry Take (V : out Integer);
   end Logbook;

   task body Logbook is
      Lines : array (Slot) of Integer := (others => 0);
      Head, Tail, Held : Slot := 0;
   begin
      loop
         select
            when Integer (Held) + 1 < 4 =>
               accept Write (V : Integer) do
                  Lines (Tail) := V;
                  Tail := Tail + 1;
                  Held := Held + 1;
                  Put_Line ("logged" & V'Image);
               end Write;
         or
            when Integer (Held) - 1 >= 0 =>
               accept Take (V : out Integer) do
                  V := Lines (Head);
                  Head := Head + 1;
                  Held := Held - 1;
                  Put_Line ("taken" & V'Image);
               end Take;
         or
            terminate;
         end select;
      end loop;
   end Logbook;

   V, Sum : Integer := 0;
begin
   for I in 1 .. 3 loop
      Ring.Put (I * 10);
   end loop;
   for I in 1 .. 3 loop
      Ring.Get (V);
      Sum := Sum + V;
   end loop;
   Ring.Put (7);
   Ring.Get (V);
   Put_Line ("ring" & Sum'Image & V'Image);

   Meter.Raise_Level;
   Meter.Raise_Level;
   Meter.Lower_Level;
   Meter.Read (V);
   Put_Line ("level" & V'Image);
   for I in 1 .. 3 loop
      Meter.Tick (V);
   end loop;
   select
      Meter.Tick (V);
      Put_Line ("tick taken");
   else
      Put_Line ("tick closed at phase 3");
   end select;

   Logbook.Write (1);
   Logbook.Write (2);
   Logbook.Take (V);
   Logbook.Write (3);
   Logbook.Write (4);
   for I in 1 .. 3 loop
      Logbook.Take (V);
   end loop;
   Put_Line ("PASSED");
end Main;
