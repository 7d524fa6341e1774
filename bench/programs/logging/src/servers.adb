with Log_Files;

package body Servers is

   task body Logger is
      Count : Natural := 0;
   begin
      loop
         select
            accept Log (Msg : String) do
               Log_Files.Write (Msg);
            end Log;
            Count := Count + 1;
         or
            accept Total (N : out Natural) do
               N := Count;
            end Total;
         or
            terminate;
         end select;
      end loop;
   end Logger;

end Servers;
