--  A server that is never activated: the declarative part holding it raises
--  after an allocator has started a task that calls it.  The call must
--  raise Tasking_Error (RM 9.2, 9.5.3); both schemes refuse the server (the
--  accepting-server object took the call, the general scheme's hung).
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
begin
   declare
      task Server is
         entry E;
      end Server;

      task type Caller;
      type Caller_Ref is access Caller;

      task body Server is
      begin
         loop
            select
               accept E;
            or
               terminate;
            end select;
         end loop;
      end Server;

      task body Caller is
      begin
         Server.E;
         Put_Line ("call completed (wrong)");
      exception
         when Tasking_Error =>
            Put_Line ("Tasking_Error: Server was never activated");
      end Caller;

      C : Caller_Ref := new Caller;        --  activated at once
      I : Positive := Integer'Value ("0"); --  raises before Server is activated
   begin
      Put_Line ("not reached" & Integer'Image (I));
   end;
exception
   when Constraint_Error =>
      Put_Line ("Constraint_Error from the declarative part");
      Put_Line ("PASSED");
end Main;
