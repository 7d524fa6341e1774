package body Resources is

   task body Resource_Server is
      Served : Natural := 0;
      Done   : Boolean := False;
   begin
      loop
         accept Acquire;
         accept Release;
         Served := Served + 1;
         Done := Served = Clients * Rounds;
         exit when Done;
      end loop;
   end Resource_Server;

end Resources;
