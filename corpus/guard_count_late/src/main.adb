--  A guard reading B'Count, B itself guarded: Server evaluates it once, when
--  it reaches its select (RM 9.7.1(15)), so a call of B queued while Server
--  waits there leaves A open, and the conditional call of A is accepted.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Server is
      entry A;
      entry B;
      entry Open_B;
   end Server;
   task body Server is
      B_Open : Boolean := False;
   begin
      loop
         select
            when B'Count = 0 =>
               accept A;
         or
            when B_Open =>
               accept B;
         or
            accept Open_B;
            B_Open := True;
         or
            terminate;
         end select;
      end loop;
   end Server;
   Admitted : Boolean;
begin
   declare
      task Caller_B;
      task body Caller_B is
      begin
         delay 0.1;  --  Server is already waiting in its select, A open
         Server.B;
      end Caller_B;
   begin
      delay 0.3;  --  Caller_B is now queued on B
      select
         Server.A;
         Admitted := True;
      else
         Admitted := False;
      end select;
      Server.Open_B;
   end;
   Put_Line ("A admitted: " & Boolean'Image (Admitted));
   Put_Line ("PASSED");
end Main;
