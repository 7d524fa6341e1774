--  Task attributes and abort.  The main procedure queries Srv'Callable and
--  Srv'Terminated around a Stop call.  Stuck is a worker blocked in
--  "accept Wake"; it would only be woken if the total were large, which it
--  never is, so the main procedure aborts it instead.  Waiting for
--  termination polls 'Terminated with a short delay, bounded so it can
--  never hang; the printed values do not depend on timing.

with Ada.Text_IO;

procedure Main is

   protected Srv is
      procedure Add (X : Integer);
      procedure Get (Total : out Integer);
      procedure Stop;
      function Is_Callable return Boolean;  --  was Srv'Callable
      function Is_Terminated return Boolean;  --  was Srv'Terminated
   private
      --  rdv2po: task Srv became this protected object. Ended: the task has
      --  ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Sum : Integer := 0;
   end Srv;

   task Stuck is
      entry Wake;
   end Stuck;

   protected body Srv is

      function Is_Callable return Boolean is
      begin
         return not Ended;
      end Is_Callable;

      function Is_Terminated return Boolean is
      begin
         return Ended;
      end Is_Terminated;

      procedure Add (X : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + X;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Add;

      procedure Get (Total : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Total := Sum;
      end Get;

      procedure Stop is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Ended := True;  --  the task left its loop
         return;
      end Stop;

   end Srv;

   task body Stuck is
   begin
      accept Wake;
   end Stuck;

   procedure Show (Name : String; Callable, Terminated : Boolean) is
   begin
      Ada.Text_IO.Put_Line
        (Name & ": Callable=" & Boolean'Image (Callable)
         & " Terminated=" & Boolean'Image (Terminated));
   end Show;

   Total  : Integer;
   Waited : Natural;

begin
   Show ("Srv before Stop", Srv.Is_Callable, Srv.Is_Terminated);
   for I in 1 .. 6 loop
      Srv.Add (I);
   end loop;
   Srv.Get (Total);
   Ada.Text_IO.Put_Line ("Total:" & Integer'Image (Total));
   Srv.Stop;

   Waited := 0;
   while not Srv.Is_Terminated and then Waited < 500 loop
      delay 0.001;
      Waited := Waited + 1;
   end loop;
   Show ("Srv after Stop", Srv.Is_Callable, Srv.Is_Terminated);

   Show ("Stuck before abort", Stuck'Callable, Stuck'Terminated);
   if Total > 100 then
      Stuck.Wake;
   else
      abort Stuck;
   end if;
   Waited := 0;
   while not Stuck'Terminated and then Waited < 500 loop
      delay 0.001;
      Waited := Waited + 1;
   end loop;
   Show ("Stuck after abort", Stuck'Callable, Stuck'Terminated);

   if Total = 21
     and then Srv.Is_Terminated and then not Srv.Is_Callable
     and then Stuck'Terminated and then not Stuck'Callable
   then
      Ada.Text_IO.Put_Line ("PASSED");
   else
      Ada.Text_IO.Put_Line ("FAILED");
   end if;
end Main;
