--  A server whose statements after its loop can raise: Averager leaves its
--  loop on Finish and divides the sum by the count; with no value given the
--  division raises, and the task's handler records it.  Finish's caller is
--  not affected either way (the rendezvous is over); later calls raise
--  Tasking_Error.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Result  : Integer := -1;
   Failed  : Boolean := False;

   procedure Session (Values : Natural) is
      task Averager is
         entry Add (X : Integer);
         entry Finish;
      end Averager;

      task body Averager is
         Sum   : Integer := 0;
         Count : Natural := 0;
      begin
         loop
            select
               accept Add (X : Integer) do
                  Sum := Sum + X;
               end Add;
               Count := Count + 1;
            or
               accept Finish;
               exit;
            end select;
         end loop;
         Result := Sum / Count;
         Failed := False;
      exception
         when Constraint_Error =>
            Failed := True;
      end Averager;
   begin
      Result := -1;
      Failed := False;
      for I in 1 .. Values loop
         Averager.Add (I * 10);
      end loop;
      Averager.Finish;
      begin
         Averager.Add (1);
         Put_Line ("late Add accepted");
      exception
         when Tasking_Error =>
            Put_Line ("late Add: Tasking_Error");
      end;
   end Session;
begin
   Session (4);
   Put_Line ("result" & Integer'Image (Result) & ", failed " & Boolean'Image (Failed));
   Session (0);
   Put_Line ("result" & Integer'Image (Result) & ", failed " & Boolean'Image (Failed));
   Put_Line ("PASSED");
end Main;
