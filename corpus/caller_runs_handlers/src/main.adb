--  Servers with exception handlers of the task body, taken by the caller-runs
--  scheme: when the server's code raises, the handler is the server's last
--  work, which the caller running that code does before it goes on.  An
--  exception in an accept body reaches the caller and the server's handler
--  (a one-shot server naming the exception); one after the accept ends the
--  server through its handler, which re-raises (the task dies of it
--  silently), and the next call raises Tasking_Error.  A task type's object
--  runs its handler on its own variables.
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Exceptions; use Ada.Exceptions;
procedure Main is
   Bad : exception;

   procedure One_Shot is
      Seen : Boolean := False;
   begin
      declare
         task Once is
            entry Put (N : Integer);
         end Once;

         task body Once is
            Count : Integer := 0;
         begin
            accept Put (N : Integer) do
               if N < 0 then
                  raise Bad;
               end if;
               Count := N;
            end Put;
            Put_Line ("once got" & Integer'Image (Count));
         exception
            when E : Bad =>
               Put_Line ("once: " & Exception_Name (E));
            when others =>
               Put_Line ("once: other");
         end Once;
      begin
         Once.Put (-1);
      exception
         when Bad => Seen := True;
      end;
      Put_Line ("caller saw Bad: " & Boolean'Image (Seen));
   end One_Shot;

   procedure Looping is
      task Server is
         entry Put (N : Integer);
      end Server;

      task body Server is
         Sum : Integer := 0;
      begin
         loop
            select
               accept Put (N : Integer) do
                  Sum := Sum + N;
                  Put_Line ("put" & Integer'Image (N));
               end Put;
               if Sum > 10 then
                  raise Constraint_Error;
               end if;
            or
               terminate;
            end select;
         end loop;
      exception
         when Constraint_Error =>
            Put_Line ("server: sum" & Integer'Image (Sum));
            raise;
      end Server;
   begin
      Server.Put (5);
      Server.Put (7);
      Server.Put (1);
   exception
      when Tasking_Error => Put_Line ("caller: Tasking_Error");
   end Looping;

   task type Meter (Limit : Integer) is
      entry Add (N : Integer);
   end Meter;

   task body Meter is
      Level : Integer := 0;
   begin
      loop
         select
            accept Add (N : Integer) do
               Level := Level + N;
               Put_Line ("level" & Integer'Image (Level));
            end Add;
            if Level > Limit then
               raise Program_Error;
            end if;
         or
            terminate;
         end select;
      end loop;
   exception
      when Program_Error =>
         Put_Line ("meter over" & Integer'Image (Limit) & " at" & Integer'Image (Level));
   end Meter;

   procedure Meters is
      M : Meter (3);
   begin
      M.Add (2);
      M.Add (2);
      M.Add (1);
   exception
      when Tasking_Error => Put_Line ("meter: Tasking_Error");
   end Meters;
begin
   One_Shot;
   Looping;
   Meters;
   Put_Line ("PASSED");
end Main;
