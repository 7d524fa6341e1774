pragma Assertion_Policy (Check);
with Ada.Text_IO; use Ada.Text_IO;
with Checks; use Checks;
procedure Main is
   --  Level's predicate calls In_Range, a comparison: followed, taken
   protected Gauge is
      procedure Set (V : Integer);
      procedure Get (V : out Integer);
   private
      --  rdv2po: task Gauge became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      L : Level;
   end Gauge;

   protected body Gauge is

      --  rdv2po: comments of the task body, kept:
      --  no value given: no predicate check (RM 3.2.4(31))

      procedure Set (V : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            L := V;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Set;

      procedure Get (V : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            V := L;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Get;

   end Gauge;

   --  Record_It's precondition writes text: not in a protected action (the
   --  accepting scheme refuses), in the caller's accept body (caller-runs takes it)
   package Logger is
      procedure Put (V : Integer);
   end Logger;

   package body Logger is
      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Put;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Put when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Put;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Put (V : Integer) is
      begin
         Turn.Put;
         begin
            Record_It (V);
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Put;
   end Logger;

   --  Ticket's predicate calls Admit, which waits on Gate's entry: after the
   --  accept, neither in a protected action nor in the caller (refused)
   task Waiter is
      entry Take (V : Integer);
      entry Count (C : out Integer);
   end Waiter;

   task body Waiter is
      T : Ticket := 1;
      N : Integer := 0;
   begin
      loop
         select
            accept Take (V : Integer) do
               N := N + V;
            end Take;
            T := N;
         or
            accept Count (C : out Integer) do
               C := T;
            end Count;
         or
            terminate;
         end select;
      end loop;
   end Waiter;

   X : Integer;
begin
   Gauge.Set (42);
   Gauge.Get (X);
   Put_Line ("level" & Integer'Image (X));
   Logger.Put (7);
   Waiter.Take (1);
   Waiter.Take (2);
   Waiter.Count (X);
   Put_Line ("tickets" & Integer'Image (X));
   Put_Line ("PASSED");
end Main;
