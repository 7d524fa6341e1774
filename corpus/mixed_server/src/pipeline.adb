package body Pipeline is

   task body Relay is
      Value : Integer;
   begin
      loop
         select
            accept Put (Item : Integer) do
               Value := Item;
            end Put;
            Sink.Put (2 * Value + 1);
         or
            accept Stop;
            exit;
         end select;
      end loop;
   end Relay;

   task body Sink is
      Received : Natural := 0;
      Total    : Integer := 0;
   begin
      loop
         select
            accept Put (Item : Integer) do
               Total := Total + Item;
            end Put;
            Received := Received + 1;
         or
            accept Report (Count : out Natural; Sum : out Integer) do
               Count := Received;
               Sum := Total;
            end Report;
         or
            terminate;
         end select;
      end loop;
   end Sink;

end Pipeline;
