--  Return statements in accept bodies: each ends the rendezvous, and the task
--  goes on with what follows the accept.  Ledger leaves from a loop and from a
--  handler of its accept body and counts its calls after the accept; Filter
--  accepts Start first (a stage of its own), then returns early from an accept
--  whose statements after it run all the same, and from one that requeues.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type List is array (1 .. 4) of Integer;

   protected Ledger is
      entry Post (Items : List);
      entry Parse (Image : String);
      procedure Report (Sum, Calls, Bad : out Integer);
   private
      --  rdv2po: task Ledger became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Total, Calls, Bad : Integer := 0;
   end Ledger;

   protected body Ledger is

      entry Post (Items : List) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            for I of Items loop
               if I = 0 then
                  goto Accepted_1;              --  a zero ends the list
               end if;
               Total := Total + I;
            end loop;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         <<Accepted_1>>
         begin
            Calls := Calls + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Post;

      entry Parse (Image : String) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            begin
               Total := Total + Integer'Value (Image);
               exception
               when Constraint_Error =>
                  Bad := Bad + 1;
                  goto Accepted_2;
            end;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         <<Accepted_2>>
         begin
            Calls := Calls + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Parse;

      procedure Report (Sum, Calls, Bad : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Total;
            Calls := Ledger.Calls;
            Bad := Ledger.Bad;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Report;

   end Ledger;

   protected Filter is
      entry Start (Limit : Integer);
      entry Put (X : Integer);
      entry Take (X : Integer);
      entry Get (Kept, Seen : out Integer);
   private
      --  rdv2po: task Filter became this protected object. Stage is where
      --  the task stood: 1 = accept Start; 2 = select of Put/Take/Get; 0 =
      --  ended (calls raise Tasking_Error).
      Stage : Integer := 1;
      Max, Kept, Seen : Integer := 0;
   end Filter;

   protected body Filter is

      entry Start (Limit : Integer) when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Max := Limit;
         Stage := 2;
      end Start;

      entry Put (X : Integer) when Stage = 0 or else Stage = 2 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            if X > Max then
               goto Accepted_1;
            end if;
            Kept := Kept + X;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         <<Accepted_1>>
         Stage := 2;
         begin
            Seen := Seen + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Put;

      entry Take (X : Integer) when Stage = 0 or else Stage = 2 is
         Requeue_To : Natural := 0;
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            if X < 0 then
               goto Accepted_2;
            end if;
            Requeue_To := 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         <<Accepted_2>>
         Stage := 2;
         begin
            Seen := Seen + 10;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               case Requeue_To is
                  when 1 =>
                     requeue Put;
                  when others =>
                     null;
               end case;
               return;
         end;
         case Requeue_To is
            when 1 =>
               requeue Put;
            when others =>
               null;
         end case;
      end Take;

      entry Get (Kept, Seen : out Integer)
        when Stage = 0 or else Stage = 2
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Kept := Filter.Kept;
            Seen := Filter.Seen;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 2;
      end Get;

   end Filter;

   A, B, C : Integer;
begin
   Ledger.Post ((1, 2, 0, 4));
   Ledger.Post ((5, 5, 5, 5));
   Ledger.Parse ("12");
   Ledger.Parse ("x");
   Ledger.Report (A, B, C);
   Put_Line ("ledger" & Integer'Image (A) & Integer'Image (B) & Integer'Image (C));
   Filter.Start (10);
   Filter.Put (3);
   Filter.Put (30);
   Filter.Take (4);
   Filter.Take (-1);
   Filter.Get (A, B);
   Put_Line ("filter" & Integer'Image (A) & Integer'Image (B));
   Put_Line ("PASSED");
end Main;
