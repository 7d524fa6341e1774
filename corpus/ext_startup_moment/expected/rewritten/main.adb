with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Count : Natural := 0;
   Started : Natural := 0;
   pragma Volatile (Started);
   Limit : constant Natural := 3;

   function Initial_Credit return Natural;

   function Next return Natural is
   begin
      Count := Count + 1;
      return Count;
   end Next;

   --  Its body is elaborated after this declaration: a component default
   --  calling it would raise Program_Error.
   package Account is
      procedure Withdraw (N : Natural; Ok : out Boolean);
      procedure Balance (B : out Natural);
      function Start return Boolean;   --  rdv2po: the task's activation
   end Account;

   --  Next counts calls: evaluated at the declaration, its number changes.
   task Numbered is
      entry Get (V : out Natural);
   end Numbered;

   Other : constant Natural := Next;

   --  Its first statement changes a variable main reads before any call.
   package Starter is
      procedure Get (V : out Natural);
      function Start return Boolean;   --  rdv2po: the task's activation
   end Starter;

   --  Only constants and its own variables: translated.
   protected Plain is
      entry Get (V : out Natural);
   private
      --  rdv2po: task Plain became this protected object. Stage is where
      --  the task stood: 1 = select of Get; 0 = ended (calls raise
      --  Tasking_Error); -1 = not started (Start_Up runs at the first
      --  call).
      Stage : Integer := -1;
      Calls : Natural := Limit * 2;
      procedure Start_Up;
   end Plain;

   function Initial_Credit return Natural is
   begin
      return 100;
   end Initial_Credit;

   package body Account is
      Credit : Natural;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Withdraw;
         entry Balance;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := True;   -- until Start has run
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Withdraw when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Withdraw;

         entry Balance when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Balance;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Withdraw (N : Natural; Ok : out Boolean) is
      begin
         Turn.Withdraw;
         begin
            Ok := N <= Credit;
            if Ok then
               Credit := Credit - N;
            end if;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Withdraw;

      procedure Balance (B : out Natural) is
      begin
         Turn.Balance;
         begin
            B := Credit;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Balance;

      --  What the task did when it was activated and before its loop, done
      --  where it was activated; False when its activation failed.
      function Start return Boolean is
      begin
         begin
            Credit := Initial_Credit;
         exception
            when others =>   -- the task's activation failed
               Turn.Finish (Ended => True);
               return False;
         end;
         Turn.Finish (Ended => False);   -- the server is at its loop
         return True;
      end Start;
   end Account;

   task body Numbered is
      Mine : constant Natural := Next;
   begin
      loop
         select
            accept Get (V : out Natural) do
               V := Mine;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Numbered;

   package body Starter is
      Mine : Natural := 5;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Get;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := True;   -- until Start has run
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Get when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Get;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Get (V : out Natural) is
      begin
         Turn.Get;
         begin
            V := Mine;
            Mine := Mine + 1;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Get;

      --  What the task did when it was activated and before its loop, done
      --  where it was activated; False when its activation failed.
      function Start return Boolean is
      begin
         begin
            Started := Started + 1;
         exception
            when others =>   -- the server dies of it, silently
               Turn.Finish (Ended => True);
               return True;
         end;
         Turn.Finish (Ended => False);   -- the server is at its loop
         return True;
      end Start;
   end Starter;

   protected body Plain is

      procedure Start_Up is
      begin
         Stage := 1;
         begin
            Calls := Calls + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Start_Up;

      entry Get (V : out Natural) when Stage <= 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Get with abort;
         end if;
         begin
            V := Calls;
            Calls := Calls + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
      end Get;

   end Plain;

   Ok : Boolean;
   B, V : Natural;
   Account_Started : constant Boolean := Account.Start;  --  rdv2po: the task was activated here
   Starter_Started : constant Boolean := Starter.Start;  --  rdv2po: the task was activated here
begin
   if not Account_Started then raise Tasking_Error; end if;  --  rdv2po: the task was activated here
   delay 0.1;
   Put_Line ("started" & Natural'Image (Started));
   Account.Withdraw (30, Ok);
   Account.Balance (B);
   Put_Line ("withdrawn " & Boolean'Image (Ok) & ", balance" & Natural'Image (B));
   Numbered.Get (V);
   Put_Line ("numbered" & Natural'Image (V) & ", other" & Natural'Image (Other));
   Starter.Get (V);
   Put_Line ("starter" & Natural'Image (V));
   Plain.Get (V);
   Plain.Get (V);
   Put_Line ("plain" & Natural'Image (V));
   Put_Line ("PASSED");
end Main;
