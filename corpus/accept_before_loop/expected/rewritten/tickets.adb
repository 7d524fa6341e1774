package body Tickets is

   protected body Dispenser is

      procedure Start_Up is
      begin
         Stage := 1;
         Next := 0;
         Left := 0;
         Refills := 0;
         Issued := 0;
      end Start_Up;

      entry Start (Initial : in Integer) when Stage <= 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Start with abort;
         end if;
         Next := Initial;
         Stage := 2;
         begin
            Left := Batch;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Start;

      entry Take (Ticket : out Integer)
        when Stage <= 0 or else (Stage = 2 and then (Left > 0))
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Take with abort;
         end if;
         begin
            Ticket := Next;
            Next := Next + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 2;
         begin
            Left := Left - 1;
            Issued := Issued + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Take;

      entry Refill when Stage <= 0 or else (Stage = 2 and then (Left = 0)) is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Refill with abort;
         end if;
         Stage := 2;
         begin
            Left := Batch;
            Refills := Refills + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Refill;

   end Dispenser;

end Tickets;
