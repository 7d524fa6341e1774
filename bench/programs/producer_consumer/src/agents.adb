with Ada.Text_IO;
with Buffers;

package body Agents is

   task body Producer is
      N    : Positive;
      Done : Natural := 0;
   begin
      accept Start (Items : in Positive) do
         N := Items;
      end Start;
      for I in 1 .. N loop
         Buffers.Buffer.Put (Item (I));
         Done := Done + 1;
      end loop;
      accept Finish (Sent : out Natural) do
         Sent := Done;
      end Finish;
   end Producer;

   task body Consumer is
      N     : Positive;
      Echo  : Boolean;
      X     : Integer;
      Got   : Natural := 0;
      Total : Long_Integer := 0;
      Check : Long_Integer := 0;
   begin
      accept Start (Items : in Positive; Print : in Boolean) do
         N := Items;
         Echo := Print;
      end Start;
      for I in 1 .. N loop
         Buffers.Buffer.Get (X);
         if Echo then
            Ada.Text_IO.Put_Line ("item" & Integer'Image (X));
         end if;
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
