--  Resource allocator with requeue (Burns & Wellings, "Concurrency in
--  Ada", resource control): a request that cannot be met is requeued to a
--  private entry of the same task and retried after each release; an
--  impossible request is requeued to another task (the Auditor).

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Capacity : constant := 10;

   protected Auditor is
      entry Reject (Amount : Positive; Ticket : out Natural);
      procedure Rejected (Count : out Natural);
   private
      --  rdv2po: task Auditor became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      N : Natural := 0;
   end Auditor;

   protected body Auditor is

      entry Reject (Amount : Positive; Ticket : out Natural) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Ticket := 0;
            N := N + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Reject;

      procedure Rejected (Count : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Count := N;
      end Rejected;

   end Auditor;

   task Allocator is
      entry Request (Amount : Positive; Ticket : out Natural);
      entry Release (Amount : Positive);
      entry Status (Free, Waiting : out Natural);
   private
      entry Retry (Amount : Positive; Ticket : out Natural);
   end Allocator;

   task body Allocator is
      Free        : Natural := Capacity;
      Last_Ticket : Natural := 0;
      Pending     : Natural := 0;  --  retries allowed since the last release
   begin
      loop
         select
            accept Request (Amount : Positive; Ticket : out Natural) do
               if Amount > Capacity then
                  requeue Auditor.Reject with abort;
               elsif Amount <= Free and then Retry'Count = 0 then
                  Free := Free - Amount;
                  Last_Ticket := Last_Ticket + 1;
                  Ticket := Last_Ticket;
               else
                  requeue Retry with abort;
               end if;
            end Request;
         or
            when Pending > 0 =>
               accept Retry (Amount : Positive; Ticket : out Natural) do
                  Pending := Pending - 1;
                  if Amount <= Free then
                     Free := Free - Amount;
                     Last_Ticket := Last_Ticket + 1;
                     Ticket := Last_Ticket;
                  else
                     requeue Retry with abort;
                  end if;
               end Retry;
         or
            accept Release (Amount : Positive) do
               Free := Free + Amount;
            end Release;
            Pending := Retry'Count;
         or
            accept Status (Free, Waiting : out Natural) do
               Free := Allocator.Free;
               Waiting := Retry'Count;
            end Status;
         or
            terminate;
         end select;
      end loop;
   end Allocator;

   subtype Client_Name is Character range 'A' .. 'B';
   type Ticket_Table is array (Client_Name) of Natural;

   protected Grants is
      procedure Got (Who : Client_Name; Ticket : Natural);
      function Image return String;
      function Count return Natural;
   private
      Table : Ticket_Table := (others => 0);
      N     : Natural := 0;
   end Grants;

   protected body Grants is
      procedure Got (Who : Client_Name; Ticket : Natural) is
      begin
         Table (Who) := Ticket;
         N := N + 1;
      end Got;
      function Image return String is
        (" A" & Natural'Image (Table ('A')) & " B" & Natural'Image (Table ('B')));
      function Count return Natural is (N);
   end Grants;

   task type Client (Name : Client_Name; Amount : Positive);
   task body Client is
      T : Natural;
   begin
      Allocator.Request (Amount, T);
      Grants.Got (Name, T);
   end Client;

   type Client_Ptr is access Client;

   procedure Wait_For (Waiting : Natural) is
      F, W : Natural;
   begin
      loop
         Allocator.Status (F, W);
         exit when W = Waiting;
         delay 0.005;
      end loop;
   end Wait_For;

   T1, T2, T3 : Natural;
   C          : Client_Ptr;
   F, W       : Natural;
   Rejected   : Natural;
begin
   Allocator.Request (4, T1);
   Allocator.Request (5, T2);
   Put_Line ("main got tickets" & Natural'Image (T1) & Natural'Image (T2));

   C := new Client ('A', 3);     --  must wait: only 1 free
   Wait_For (1);
   C := new Client ('B', 1);     --  would fit, but A is waiting first
   Wait_For (2);
   Allocator.Status (F, W);
   Put_Line ("free" & Natural'Image (F) & ", waiting" & Natural'Image (W));

   Allocator.Release (4);        --  A (3) fits, then B (1) fits
   Wait_For (0);
   Allocator.Status (F, W);
   Put_Line ("free" & Natural'Image (F) & ", waiting" & Natural'Image (W));

   Allocator.Request (50, T3);   --  impossible: the Auditor answers
   Put_Line ("ticket for 50:" & Natural'Image (T3));
   Auditor.Rejected (Rejected);
   Put_Line ("rejected" & Natural'Image (Rejected));

   Allocator.Release (5);
   Allocator.Release (3);
   Allocator.Release (1);
   Allocator.Status (F, W);
   Put_Line ("free" & Natural'Image (F) & ", waiting" & Natural'Image (W));
   while Grants.Count < 2 loop
      delay 0.005;
   end loop;
   Put_Line ("grants:" & Grants.Image);
end Main;
