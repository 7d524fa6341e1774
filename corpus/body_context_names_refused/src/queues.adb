with Tuning; use Tuning;
package body Queues is
   task body Queue is
      Items : array (1 .. Depth) of Integer;
      Count : Natural range 0 .. Depth := 0;
   begin
      loop
         select
            when Count < Depth =>
               accept Put (V : Integer) do
                  Count := Count + 1;
                  Items (Count) := V;
               end Put;
         or
            when Count > 0 =>
               accept Get (V : out Integer) do
                  V := Items (Count);
                  Count := Count - 1;
               end Get;
         or
            terminate;
         end select;
      end loop;
   end Queue;
end Queues;
