with Buffers;

package body Agents is

   task body Producer is
      N : Positive;
   begin
      accept Start (Items : in Positive) do
         N := Items;
      end Start;
      for I in 1 .. N loop
         Buffers.Buffer.Put (Item (I));
      end loop;
   end Producer;

   task body Consumer is
      N     : Positive;
      X     : Integer;
      Got   : Natural := 0;
      Total : Long_Integer := 0;
      Check : Long_Integer := 0;
   begin
      accept Start (Items : in Positive) do
         N := Items;
      end Start;
      for I in 1 .. N loop
         Buffers.Buffer.Get (X);
         Got := Got + 1;
         Total := Total + Long_Integer (X);
         Check := Step (Check, X);
      end loop;
      accept Done (Count : out Natural;
                   Sum : out Long_Integer;
                   Checksum : out Long_Integer)
      do
         Count := Got;
         Sum := Total;
         Checksum := Check;
      end Done;
   end Consumer;

end Agents;
