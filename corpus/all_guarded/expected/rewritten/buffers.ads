--  A bounded buffer of Size items.  Every alternative of its select is
--  guarded: Put while not full, Get while not empty, Stop once empty.
--  One of Put and Get is always open, so the select never raises
--  Program_Error.

package Buffers is

   Size : constant := 4;

   subtype Slot_Index is Positive range 1 .. Size;
   type Slot_Array is array (Slot_Index) of Integer;

   protected Buffer is
      entry Put (Item : in Integer);
      entry Get (Item : out Integer);
      entry Stop (Moved : out Natural);   --  accepted once empty; ends Buffer
   private
      --  rdv2po: task Buffer became this protected object. Stage is where
      --  the task stood: 1 = select of Put/Get/Stop; 0 = ended (calls raise
      --  Tasking_Error).
      Stage : Integer := 1;
      Slots : Slot_Array := (others => 0);
      Head  : Slot_Index := 1;  --  next to Get
      Tail  : Slot_Index := 1;  --  next free
      Count : Natural := 0;
      Total : Natural := 0;
   end Buffer;

end Buffers;
