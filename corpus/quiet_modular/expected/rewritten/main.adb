--  A sequencer hands out byte-sized sequence numbers that wrap around at
--  256, a check digit that wraps at 10, and the last priority level it was
--  given.  None of its statements can raise: modular arithmetic wraps
--  around instead of overflowing, and a copy between objects of one
--  integer type's first subtype always fits.  Stop ends it.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Byte is mod 2 ** 8;
   type Digit is mod 10;
   type Level is range 1 .. 5;

   protected Sequencer is
      procedure Next (N : out Byte; D : out Digit);
      procedure Set_Level (L : Level);
      procedure Get_Level (L : out Level);
      procedure Stop;
   private
      --  rdv2po: task Sequencer became this protected object. Ended: the
      --  task has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Seq     : Byte := 250;
      Mask    : Byte := 16#0F#;
      Check   : Digit := 7;
      Current : Level := 1;
   end Sequencer;

   protected body Sequencer is

      procedure Next (N : out Byte; D : out Digit) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         N := (Seq xor Mask) * 3 - not Mask;
         D := Check;
         Seq := Seq + 1;
         Check := Check + 9;
      end Next;

      procedure Set_Level (L : Level) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Current := L;
      end Set_Level;

      procedure Get_Level (L : out Level) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         L := Current;
      end Get_Level;

      procedure Stop is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Ended := True;  --  the task left its loop
         return;
      end Stop;

   end Sequencer;

   N     : Byte;
   C     : Digit;
   L     : Level;
   Total : Natural := 0;
begin
   for I in 1 .. 12 loop
      Sequencer.Next (N, C);
      Put_Line (Byte'Image (N) & Digit'Image (C));
      Total := Total + Natural (N) + Natural (C);
   end loop;
   Sequencer.Set_Level (4);
   Sequencer.Get_Level (L);
   Sequencer.Stop;
   begin
      Sequencer.Get_Level (L);
      Put_Line ("still callable");
   exception
      when Tasking_Error =>
         Put_Line ("stopped");
   end;
   Put_Line ("total" & Total'Image & ", level" & L'Image);
   Put_Line (if Total > 0 and then L = 4 then "PASSED" else "FAILED");
end Main;
