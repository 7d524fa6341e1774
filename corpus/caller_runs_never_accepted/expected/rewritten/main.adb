with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   package Once is
      procedure  Never ;
      procedure Try_Never (Taken : out Boolean);
      procedure Try_Never (Within : Duration; Taken : out Boolean);
      procedure Go (N : Integer);
      procedure Stop;
      type Master is limited private;   --  rdv2po: the task's master waits for it
   private
      type Master is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Self : in out Master);
   end Once;

   package body Once is
      Sum : Integer := 0;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Go;
         entry Stop;
         entry Never;   -- never accepted
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the master's wait
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage : Positive := 1;   -- 1 at accept Go, 2 at accept Stop
      end Turn;

      protected body Turn is
         entry Go when Over or else (not Busy and then Stage = 1) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage := 2;
         end Go;

         entry Stop when Over or else (not Busy and then Stage = 2) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage := 3;
         end Stop;

         entry Never when Over is   -- open once the server has completed
         begin
            raise Tasking_Error;
         end Never;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;

         entry Await_End when Over is
         begin
            null;
         end Await_End;
      end Turn;

      procedure Go (N : Integer) is
      begin
         Turn.Go;
         begin
            Sum := N;
            Put_Line ("go" & Integer'Image (N));
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Go;

      procedure Stop is
      begin
         Turn.Stop;
         begin
            Put_Line ("stop at" & Integer'Image (Sum));
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => True);   -- the task's end
      end Stop;

      procedure Serve_Never  is
      begin
         null;   -- never run: the turn's entry only raises
      end Serve_Never;

      procedure  Never  is
      begin
         Turn.Never;
         Serve_Never;
      end Never;

      procedure Try_Never (Taken : out Boolean) is
      begin
         select
            Turn.Never;
            Taken := True;
         else
            Taken := False;
         end select;
         if Taken then
            Serve_Never;
         end if;
      end Try_Never;

      procedure Try_Never (Within : Duration; Taken : out Boolean) is
      begin
         select
            Turn.Never;
            Taken := True;
         or
            delay Within;
            Taken := False;
         end select;
         if Taken then
            Serve_Never;
         end if;
      end Try_Never;

      overriding procedure Finalize (Self : in out Master) is
         pragma Unreferenced (Self);
      begin
         Turn.Await_End;   -- where the master waited for the task
      end Finalize;
   end Once;

   task Looper is
      entry Put (N : Integer);
      entry Unused;
   end Looper;

   task body Looper is
   begin
      loop
         select
            accept Put (N : Integer) do
               Put_Line ("put" & Integer'Image (N));
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Looper;
   Once_Master : Once.Master;  --  rdv2po: the task was activated here (its master waits for it)
begin
   declare
      Taken : Boolean;
   begin
      Once.Try_Never (Taken => Taken);
      if Taken then
         Put_Line ("never taken?");
      else
         Put_Line ("never: else part");
      end if;
   end;
   Once.Go (3);
   declare
      Taken : Boolean;
   begin
      Once.Try_Never (Within => 0.05, Taken => Taken);
      if Taken then
         Put_Line ("never taken?");
      else
         Put_Line ("never: timed out");
      end if;
   end;
   Once.Stop;
   begin
      Once.Never;
      Put_Line ("never returned?");
   exception
      when Tasking_Error =>
         Put_Line ("never: Tasking_Error");
   end;
   begin
      declare
         Taken : Boolean;
      begin
         Once.Try_Never (Taken => Taken);
         if not Taken then
            Put_Line ("never: else after the end?");
         end if;
      end;
   exception
      when Tasking_Error =>
         Put_Line ("never: Tasking_Error again");
   end;
   Looper.Put (1);
   Put_Line ("PASSED");
end Main;
