with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Server is
      entry Put (V : Integer);
      entry Stop;
   end Server;
   task body Server is
      Open : Boolean := True;
      Total : Integer := 0;
   begin
      loop
         select
            when Open =>
               accept Put (V : Integer) do
                  Total := Total + V;
               end Put;
         or
            when Open =>
               accept Stop;
               Open := False;
         or
            when not Open => terminate;
         end select;
      end loop;
   end Server;
begin
   Server.Put (1);
   Server.Stop;
   select
      Server.Put (2);
      Put_Line ("put accepted");
   or
      delay 0.2;
      Put_Line ("timed out");
   end select;
   Put_Line ("PASSED");
exception
   when Tasking_Error => Put_Line ("tasking error");
end Main;
