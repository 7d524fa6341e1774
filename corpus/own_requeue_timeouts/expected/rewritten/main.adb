--  Requeue with and without abort seen by callers that made timed entry
--  calls (RM 9.5.4(13), 9.7.2): a call requeued with abort can still time
--  out and leaves the queue (E'Count drops); a call requeued without abort
--  can no longer be cancelled and waits until it is served.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   protected Server is
      entry Ask (X : Integer; Y : out Integer);
      procedure Release;
      procedure Pending (With_Abort, Without_Abort : out Natural);
   private
      entry Later (X : Integer; Y : out Integer);
      entry Later_Firm (X : Integer; Y : out Integer);
      --  rdv2po: task Server became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Open : Boolean := False;
   end Server;

   protected body Server is

      entry Ask (X : Integer; Y : out Integer) when True is
         Requeue_To : Natural := 0;
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            if X > 0 then
               Requeue_To := 1;
            else
               Requeue_To := 2;
            end if;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         case Requeue_To is
            when 1 =>
               requeue Later with abort;
            when 2 =>
               requeue Later_Firm;
            when others =>
               null;
         end case;
      end Ask;

      procedure Release is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Open := True;
      end Release;

      procedure Pending (With_Abort, Without_Abort : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         With_Abort := Later'Count;
         Without_Abort := Later_Firm'Count;
      end Pending;

      entry Later (X : Integer; Y : out Integer) when Ended or else Open is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Y := X * 10;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Later;

      entry Later_Firm (X : Integer; Y : out Integer)
        when Ended or else Open
      is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Y := -X;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Later_Firm;

   end Server;

   Y          : Integer := 0;
   A, B       : Natural;
   Firm_Value : Integer := 0 with Volatile;
   Firm_Timed : Boolean := False with Volatile;
begin
   select
      Server.Ask (5, Y);
      Put_Line ("Ask (5) served (wrong):" & Integer'Image (Y));
   or
      delay 0.1;
      Put_Line ("Ask (5) timed out while requeued with abort");
   end select;
   Server.Pending (A, B);
   Put_Line ("queued after the timeout:" & Natural'Image (A) & Natural'Image (B));

   declare
      task Firm_Caller;
      task body Firm_Caller is
         V : Integer := 0;
      begin
         select
            Server.Ask (-3, V);
            Firm_Value := V;
         or
            delay 0.1;
            Firm_Timed := True;
         end select;
      end Firm_Caller;
   begin
      delay 0.4;
      Server.Pending (A, B);
      Put_Line ("queued without abort after 0.4 s:" & Natural'Image (A) & Natural'Image (B));
      Server.Release;
   end;
   Put_Line ("firm caller timed out: " & Boolean'Image (Firm_Timed) &
             ", value" & Integer'Image (Firm_Value));

   select
      Server.Ask (7, Y);
      Put_Line ("Ask (7) served:" & Integer'Image (Y));
   or
      delay 2.0;
      Put_Line ("Ask (7) timed out (wrong)");
   end select;
end Main;
