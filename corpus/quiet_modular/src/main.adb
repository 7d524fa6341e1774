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

   task Sequencer is
      entry Next (N : out Byte; D : out Digit);
      entry Set_Level (L : Level);
      entry Get_Level (L : out Level);
      entry Stop;
   end Sequencer;

   task body Sequencer is
      Seq     : Byte := 250;
      Mask    : Byte := 16#0F#;
      Check   : Digit := 7;
      Current : Level := 1;
   begin
      loop
         select
            accept Next (N : out Byte; D : out Digit) do
               N := (Seq xor Mask) * 3 - not Mask;
               D := Check;
            end Next;
            Seq := Seq + 1;
            Check := Check + 9;
         or
            accept Set_Level (L : Level) do
               Current := L;
            end Set_Level;
         or
            accept Get_Level (L : out Level) do
               L := Current;
            end Get_Level;
         or
            accept Stop;
            exit;
         end select;
      end loop;
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
