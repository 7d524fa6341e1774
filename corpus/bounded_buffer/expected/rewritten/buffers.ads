--  A bounded buffer of capacity 10 implemented as an accepting server
--  (the producer/consumer application of the paper's evaluation).

package Buffers is

   Capacity : constant := 10;

   subtype Buffer_Index is Natural range 0 .. Capacity - 1;
   type Buffer_Data_Array is array (Buffer_Index) of Integer;
   protected Buffer is
      entry Put (X : in Integer);
      entry Get (X : out Integer);
   private
      --  rdv2po: task Buffer became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Data     : Buffer_Data_Array := (others => 0);
      In_Ptr   : Buffer_Index := 0;
      Out_Ptr  : Buffer_Index := 0;
      Count    : Natural range 0 .. Capacity := 0;
   end Buffer;

end Buffers;
