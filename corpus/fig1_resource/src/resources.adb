package body Resources is

   task body Resource is
   begin
      loop
         --  The terminate alternative stands for Figure 1's "exit when
         --  Done": the server ends once every client has finished.
         select
            accept Acquire;
         or
            terminate;
         end select;
         accept Release;
      end loop;
   end Resource;

end Resources;
