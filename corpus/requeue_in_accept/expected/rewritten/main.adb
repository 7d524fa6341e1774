--  A gathering gate: every Request that arrives before the group is
--  complete is requeued (inside the accept body) to the Wait entry, which
--  is accepted later in the same server loop once the group is complete.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Group  : constant := 4;
   Rounds : constant := 3;

   protected Gate is
      entry Request (Id : Positive; Ticket : out Natural);
      entry Wait (Id : Positive; Ticket : out Natural);
      procedure Stats (Requeued, Direct, Issued : out Natural);
   private
      --  rdv2po: task Gate became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Arrived  : Natural := 0;
      Released : Natural := 0;
      Next     : Natural := 0;
      Requeued : Natural := 0;
      Direct   : Natural := 0;
      Ready    : Boolean := False;
   end Gate;

   protected body Gate is

      entry Request (Id : Positive; Ticket : out Natural)
        when Ended or else not Ready
      is
         Requeue_To : Natural := 0;
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Arrived := Arrived + 1;
            if Arrived < Group then
               Requeued := Requeued + 1;
               Requeue_To := 1;
               goto Accepted_1;
            end if;
            Direct := Direct + 1;
            Next := Next + 1;
            Ticket := Next * 10 + Id;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         <<Accepted_1>>
         if Arrived = Group then
            Ready := True;
         end if;
         case Requeue_To is
            when 1 =>
               requeue Wait;
            when others =>
               null;
         end case;
      end Request;

      entry Wait (Id : Positive; Ticket : out Natural)
        when Ended or else Ready
      is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Next := Next + 1;
            Ticket := Next * 10 + Id;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Released := Released + 1;
            if Released = Group - 1 then
               Ready := False;
               Arrived := 0;
               Released := 0;
               Next := 0;
            end if;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Wait;

      procedure Stats (Requeued, Direct, Issued : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Requeued := Gate.Requeued;
            Direct := Gate.Direct;
            Issued := Gate.Requeued + Gate.Direct;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Stats;

   end Gate;

   task type Member is
      entry Start (Id : Positive);
      entry Sum (S : out Natural);
   end Member;

   task body Member is
      Me     : Positive;
      Total  : Natural := 0;
      Ticket : Natural;
   begin
      accept Start (Id : Positive) do
         Me := Id;
      end Start;
      for R in 1 .. Rounds loop
         Gate.Request (Me, Ticket);
         Total := Total + Ticket;
      end loop;
      accept Sum (S : out Natural) do
         S := Total;
      end Sum;
   end Member;

   Members : array (1 .. Group) of Member;

   Grand    : Natural := 0;
   S        : Natural;
   Requeued : Natural;
   Direct   : Natural;
   Issued   : Natural;
   Expected : Natural := 0;

begin
   for I in Members'Range loop
      Members (I).Start (I);
   end loop;
   for I in Members'Range loop
      Members (I).Sum (S);
      Grand := Grand + S;
   end loop;
   Gate.Stats (Requeued, Direct, Issued);
   --  Each round hands out tickets 1 .. Group (times ten), and every
   --  member's own Id once per round.
   for K in 1 .. Group loop
      Expected := Expected + Rounds * (K * 10 + K);
   end loop;
   Put_Line ("requeued" & Natural'Image (Requeued));
   Put_Line ("direct" & Natural'Image (Direct));
   Put_Line ("issued" & Natural'Image (Issued));
   Put_Line ("ticket sum" & Natural'Image (Grand));
   if Requeued = Rounds * (Group - 1)
     and then Direct = Rounds
     and then Grand = Expected
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
