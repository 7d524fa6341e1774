package body Gen is
   task Server is
      entry Put (V : Integer);
      entry Total (T : out Integer);
   end Server;
   task body Server is
      Sum : Integer := Size * 100 + Name'Length;
   begin
      loop
         select
            when Sum < Size * 1000 =>
               accept Put (V : Integer) do
                  Sum := Sum + V;
               end Put;
         or
            accept Total (T : out Integer) do
               T := Sum;
            end Total;
         or
            terminate;
         end select;
      end loop;
   end Server;
   procedure Put (V : Integer) is
   begin
      Server.Put (V);
   end Put;
   function Total return Integer is
      T : Integer;
   begin
      Server.Total (T);
      return T;
   end Total;
end Gen;
