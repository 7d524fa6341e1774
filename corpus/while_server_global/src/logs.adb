package body Logs is

   task body Logger is
      Total : Integer := 0;
   begin
      while not Stopping loop
         select
            accept Log (X : Integer) do
               Total := Total + X;
            end Log;
         or
            accept Flush (Sum : out Integer) do
               Sum := Total;
            end Flush;
         or
            accept Stop do
               Stopping := True;
            end Stop;
         or
            terminate;
         end select;
      end loop;
   end Logger;

end Logs;
