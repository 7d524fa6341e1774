--  Sync points after the server loop: Summer adds until Stop, then doubles
--  the sum, hands it out once through Result, records that it is done and
--  ends.  Calls of Add after Stop wait for Result (the task no longer
--  accepts Add) and get Tasking_Error once it has ended.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Done : Boolean := False;

   task Summer is
      entry Add (X : Integer);
      entry Stop;
      entry Result (Total : out Integer);
   end Summer;

   task body Summer is
      Sum   : Integer := 0;
      Final : Integer := 0;
   begin
      loop
         select
            accept Add (X : Integer) do
               Sum := Sum + X;
            end Add;
         or
            accept Stop;
            exit;
         end select;
      end loop;
      Final := Sum * 2;
      accept Result (Total : out Integer) do
         Total := Final;
      end Result;
      Done := True;
   end Summer;

   T : Integer;
begin
   for I in 1 .. 4 loop
      Summer.Add (I);
   end loop;
   Summer.Stop;
   Summer.Result (T);
   Put_Line ("result" & Integer'Image (T));
   begin
      Summer.Add (1);
      Put_Line ("add after the end accepted");
   exception
      when Tasking_Error =>
         Put_Line ("add after the end: Tasking_Error, done " & Boolean'Image (Done));
   end;
   Put_Line ("PASSED");
end Main;
