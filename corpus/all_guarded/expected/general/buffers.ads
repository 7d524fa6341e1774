--  A bounded buffer of Size items.  Every alternative of its select is
--  guarded: Put while not full, Get while not empty, Stop once empty.
--  One of Put and Get is always open, so the select never raises
--  Program_Error.

package Buffers is

   Size : constant := 4;

   subtype Slot_Index is Positive range 1 .. Size;
   type Slot_Array is array (Slot_Index) of Integer;

   --  rdv2po: task Buffer became this protected object; its calls go on to
   --  Buffer_Rendezvous and its code runs in the task Buffer_Agent, both in
   --  the package body (general scheme)
   protected Buffer is
      entry Put (Item : in Integer);
      entry Get (Item : out Integer);
      entry Stop (Moved : out Natural);
      --  accepted once empty; ends Buffer
   end Buffer;

end Buffers;
