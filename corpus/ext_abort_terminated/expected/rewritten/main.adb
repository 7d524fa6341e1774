with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected type Srv is
      procedure E (X : in out Integer);
      procedure Stop;
      function Is_Callable return Boolean;  --  was Srv'Callable
      function Is_Terminated return Boolean;  --  was Srv'Terminated
      procedure Abort_Task;  --  was abort Srv
   private
      --  rdv2po: task Srv became this protected object. Ended: the task has
      --  ended (calls raise Tasking_Error).
      Ended : Boolean := False;
   end Srv;
   protected body Srv is

      function Is_Callable return Boolean is
      begin
         return not Ended;
      end Is_Callable;

      function Is_Terminated return Boolean is
      begin
         return Ended;
      end Is_Terminated;

      procedure Abort_Task is
      begin
         Ended := True;  --  aborted: calls raise Tasking_Error
      end Abort_Task;

      procedure E (X : in out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            X := X + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end E;

      procedure Stop is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Ended := True;  --  the task left its loop
         return;
      end Stop;

   end Srv;
   A, B : Srv;
   X : Integer := 0;
begin
   A.E (X);
   Put_Line ("x" & Integer'Image (X) & " callable " & Boolean'Image (A.Is_Callable));
   A.Abort_Task;
   delay 0.05;
   Put_Line ("after abort callable " & Boolean'Image (A.Is_Callable) & " term " & Boolean'Image (A.Is_Terminated));
   begin
      A.E (X);
      Put_Line ("called aborted?");
   exception
      when Tasking_Error => Put_Line ("TE");
   end;
   B.E (X);
   B.Stop;
   delay 0.05;
   Put_Line ("B term " & Boolean'Image (B.Is_Terminated) & Integer'Image (X));
   Put_Line ("PASSED");
end Main;
