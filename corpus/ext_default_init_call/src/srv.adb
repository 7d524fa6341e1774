with Ids;
package body Srv is
   task body Server is
      Mine : Ids.Tagged_Id;
   begin
      loop
         select
            accept Get (V : out Integer) do
               V := Mine.Id;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Server;
end Srv;
