package body Resources is

   task body Resource is
   begin
      loop
         select
            accept Acquire;
         or
            terminate;
         end select;
         accept Release;
      end loop;
   end Resource;

end Resources;
