--  'Callable, 'Terminated and abort of the objects of a task type that
--  becomes a protected type: a plain object, elements of an array, record
--  components, an object reached through an access value (P and P.all), an
--  object passed as an in parameter to a procedure that aborts it, and an
--  abort naming an object with a single task.  A caller waiting on a closed
--  entry of an aborted object gets Tasking_Error, as do later callers; the
--  other objects keep serving.  Waits for 'Terminated are bounded polls, so
--  what is printed does not depend on timing.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is

   protected type Counter is
      procedure Add (N : Integer);
      entry Get (Total : out Integer);
      procedure Stop;
      function Is_Callable return Boolean;  --  was Counter'Callable
      function Is_Terminated return Boolean;  --  was Counter'Terminated
      procedure Abort_Task;  --  was abort Counter
   private
      --  rdv2po: task Counter became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Sum : Integer := 0;
   end Counter;

   protected body Counter is

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

      procedure Add (N : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + N;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Add;

      entry Get (Total : out Integer) when Ended or else Sum > 0 is
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

   end Counter;

   type Counter_Ptr is access Counter;

   type Pair is record
      Left, Right : Counter;
   end record;

   task Idle is
      entry Never;
   end Idle;

   task body Idle is
   begin
      accept Never;
   end Idle;

   Solo : Counter;
   Pool : array (1 .. 3) of Counter;
   Both : Pair;
   Far  : constant Counter_Ptr := new Counter;
   Last : Counter;

   procedure Wait_Terminated (C : Counter) is
   begin
      for I in 1 .. 1_000 loop
         exit when C.Is_Terminated;
         delay 0.001;
      end loop;
   end Wait_Terminated;

   procedure Show (Name : String; C : Counter) is
   begin
      Put_Line (Name & ": callable " & Boolean'Image (C.Is_Callable)
                & ", terminated " & Boolean'Image (C.Is_Terminated));
   end Show;

   procedure Kill (C : in out Counter) is
   begin
      C.Abort_Task;
   end Kill;

   procedure Try_Add (Name : String; C : in out Counter) is
   begin
      C.Add (1);
      Put_Line (Name & ": Add accepted");
   exception
      when Tasking_Error =>
         Put_Line (Name & ": Add raised Tasking_Error");
   end Try_Add;

   Total : Integer;
begin
   Show ("Solo", Solo);
   Solo.Add (4);
   Solo.Get (Total);
   Put_Line ("Solo total" & Integer'Image (Total));
   Solo.Stop;
   Wait_Terminated (Solo);
   Show ("Solo after Stop", Solo);
   Try_Add ("Solo after Stop", Solo);

   declare
      Saw : String (1 .. 13) := "nothing      ";
      task Waiter;
      task body Waiter is
         T : Integer;
      begin
         Pool (2).Get (T);        --  closed: Sum is 0
         Saw := "got a total  ";
      exception
         when Tasking_Error =>
            Saw := "Tasking_Error";
      end Waiter;
   begin
      delay 0.05;
      Pool (2).Abort_Task;
      Put_Line ("Pool (2) callable right after abort: "
                & Boolean'Image (Pool (2).Is_Callable));
      delay 0.0;
      while Waiter'Callable loop
         delay 0.001;
      end loop;
      Put_Line ("waiter on Pool (2).Get: " & Saw);
   end;
   Wait_Terminated (Pool (2));
   Show ("Pool (2)", Pool (2));
   Try_Add ("Pool (2)", Pool (2));
   Try_Add ("Pool (1)", Pool (1));
   Show ("Pool (1)", Pool (1));

   Kill (Pool (3));
   Wait_Terminated (Pool (3));
   Show ("Pool (3) after Kill", Pool (3));
   Try_Add ("Pool (3)", Pool (3));

   Both.Left.Abort_Task;
   Wait_Terminated (Both.Left);
   Put_Line ("Both.Left terminated " & Boolean'Image (Both.Left.Is_Terminated)
             & ", Both.Right callable " & Boolean'Image (Both.Right.Is_Callable));
   Try_Add ("Both.Left", Both.Left);
   Try_Add ("Both.Right", Both.Right);

   Far.Add (5);
   Put_Line ("Far callable " & Boolean'Image (Far.Is_Callable));
   Far.all.Abort_Task;
   Wait_Terminated (Far.all);
   Put_Line ("Far.all callable " & Boolean'Image (Far.all.Is_Callable)
             & ", terminated " & Boolean'Image (Far.Is_Terminated));
   Try_Add ("Far", Far.all);

   Last.Abort_Task;
   abort Idle;
   Wait_Terminated (Last);
   for I in 1 .. 1_000 loop
      exit when Idle'Terminated;
      delay 0.001;
   end loop;
   Put_Line ("Last terminated " & Boolean'Image (Last.Is_Terminated)
             & ", Idle terminated " & Boolean'Image (Idle'Terminated));
   Try_Add ("Last", Last);
   Put_Line ("PASSED");
end Main;
