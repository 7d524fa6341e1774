package body Stacks is

   task body Stack_Server is
      Data : array (1 .. Max) of Integer;
      Top  : Natural := 0;
   begin
      loop
         select
            when Top < Max =>
               accept Push (X : Integer) do
                  Top := Top + 1;
                  Data (Top) := X;
               end Push;
         or
            when Top > 0 =>
               accept Pop (X : out Integer) do
                  X := Data (Top);
                  Top := Top - 1;
               end Pop;
         or
            accept Depth (N : out Natural) do
               N := Top;
            end Depth;
         or
            terminate;
         end select;
      end loop;
   end Stack_Server;

end Stacks;
