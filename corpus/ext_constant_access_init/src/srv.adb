with Glob;
package body Srv is
   task body Server is
      X : Integer := Glob.P.all;
   begin
      loop
         select
            accept Get (V : out Integer) do
               V := X;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Server;
end Srv;
