--  Guards with conversions and sums that cannot raise (false obstacles found on
--  real code): each value lies in its subtype, so the conversion and the sum stay
--  within their types and the barrier standing for the guard raises nothing.
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   type Slot is mod 4;

   --  A ring of three values (accepting scheme): Count converted to Integer
   type Ring_Data_Array is array (Slot) of Integer;
   protected Ring is
      entry Put (V : Integer);
      entry Get (V : out Integer);
   private
      --  rdv2po: task Ring became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Data  : Ring_Data_Array := (others => 0);
      First, Last, Count : Slot := 0;
   end Ring;

   protected body Ring is

      entry Put (V : Integer) when Ended or else Integer (Count) + 1 < 4 is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Data (Last) := V;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Last := Last + 1;
         Count := Count + 1;
      end Put;

      entry Get (V : out Integer) when Ended or else Integer (Count) > 0 is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            V := Data (First);
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         First := First + 1;
         Count := Count - 1;
      end Get;

   end Ring;

   --  A meter (accepting scheme): a Natural less one, a modular sum (wraps around),
   --  a Natural converted to Long_Integer and increased
   protected Meter is
      procedure Raise_Level;
      entry Lower_Level;
      entry Tick (Seen : out Integer);
      entry Read (L : out Integer);
   private
      --  rdv2po: task Meter became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Level : Natural := 0;
      Phase : Slot := 0;
   end Meter;

   protected body Meter is

      procedure Raise_Level is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Level := Level + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Raise_Level;

      entry Lower_Level when Ended or else Level - 1 >= 0 is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Level := Level - 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Lower_Level;

      entry Tick (Seen : out Integer) when Ended or else Phase + 1 /= 0 is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Phase := Phase + 1;
            Seen := Integer (Phase);
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Tick;

      entry Read (L : out Integer)
        when Ended or else Long_Integer (Level) + 1 > 1
      is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            L := Level;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Read;

   end Meter;

   --  A logbook that prints in its accept bodies (caller-runs scheme), with an
   --  anonymous array of a scalar indexed by the modular type
   package Logbook is
      procedure Write (V : Integer);
      procedure Take (V : out Integer);
   end Logbook;

   package body Logbook is
      Lines : array (Slot) of Integer := (others => 0);
      Head, Tail, Held : Slot := 0;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Write;
         entry Take;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Write when Over or else (not Busy and then (Integer (Held) + 1 < 4)) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Write;

         entry Take when Over or else (not Busy and then (Integer (Held) - 1 >= 0)) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Take;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Write (V : Integer) is
      begin
         Turn.Write;
         begin
            Lines (Tail) := V;
            Tail := Tail + 1;
            Held := Held + 1;
            Put_Line ("logged" & V'Image);
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Write;

      procedure Take (V : out Integer) is
      begin
         Turn.Take;
         begin
            V := Lines (Head);
            Head := Head + 1;
            Held := Held - 1;
            Put_Line ("taken" & V'Image);
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Take;
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
