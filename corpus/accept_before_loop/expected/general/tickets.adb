with Ada.Exceptions;
with Ada.Finalization;
package body Tickets is

   type Dispenser_Entry is
     (Dispenser_No_Entry,
      Dispenser_Start,
      Dispenser_Take,
      Dispenser_Refill);
   type Dispenser_Alternative is record
      Id : Dispenser_Entry := Dispenser_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Dispenser_Alternative_List is array (Positive range <>) of Dispenser_Alternative;
   --  rdv2po: the rendezvous of task Dispenser, for Dispenser_Agent
   protected Dispenser_Rendezvous is
      entry Start (Initial : in Integer);
      entry Take (Ticket : out Integer);
      --  open while stock is left
      entry Refill;
      --  open when out of stock
      entry Select_Arm
        (Order : Dispenser_Alternative_List;
         Chosen_Position : out Natural);
      entry Start_Accept_Begin (Initial : out Integer);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (Initial : in Integer);
      entry Take_Held (Ticket : out Integer);
      procedure Take_Woken (Ticket : in Integer);
      procedure Take_Take (Ticket : out Integer);
      procedure Take_Accept_End (Ticket : in Integer);
      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Take_Queue (Ticket : out Integer);
      entry Refill_Held;
      procedure Refill_Woken;
      procedure Refill_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Dispenser_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Dispenser_Alternative);
      function Queued (Alternative : Dispenser_Alternative) return Boolean;
      function Position_Of (Alternative : Dispenser_Alternative) return Natural;
      Armed_List : Dispenser_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Dispenser_Entry := Dispenser_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Start_Initial : Integer;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Take_Armed : Boolean := False;
      Take_Ticket : Integer;
      Take_Done : Boolean := False;
      Take_Raised : Boolean := False;
      Take_Failure : Ada.Exceptions.Exception_Occurrence;
      Refill_Armed : Boolean := False;
   end Dispenser_Rendezvous;
   task Dispenser_Agent is
      --  rdv2po: general scheme agent of Dispenser_Rendezvous
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : out Integer);
      entry Wake_2 (Positive range 1 .. 2);
   end Dispenser_Agent;

   protected body Dispenser is
      --  rdv2po: each call goes on to Dispenser_Rendezvous, as cancellable as
      --  it was
      entry Start (Initial : in Integer) when True is
      begin
         requeue Dispenser_Rendezvous.Start with abort;
      end Start;

      entry Take (Ticket : out Integer) when True is
      begin
         requeue Dispenser_Rendezvous.Take with abort;
      end Take;

      entry Refill when True is
      begin
         requeue Dispenser_Rendezvous.Refill with abort;
      end Refill;
   end Dispenser;

   protected body Dispenser_Rendezvous is

      entry Start (Initial : in Integer)
        when Closed
          or else (Chosen = Dispenser_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Dispenser_Start;
         Start_Initial := Initial;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Take (Ticket : out Integer)
        when Closed
          or else (Chosen = Dispenser_No_Entry
                   and then Take_Armed
                   and then Take_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Dispenser_Agent.Wake_1
              (Position_Of ((Id => Dispenser_Take, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Dispenser_Take, Index => 0));
         Take_Woken (Ticket);
         requeue Take_Queue;
      end Take;

      entry Take_Held (Ticket : out Integer)
        when Closed or else (Chosen = Dispenser_No_Entry and then Take_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Dispenser_Take, Index => 0));
         Take_Woken (Ticket);
         requeue Take_Queue;
      end Take_Held;

      entry Refill
        when Closed
          or else (Chosen = Dispenser_No_Entry
                   and then Refill_Armed
                   and then Refill_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Dispenser_Agent.Wake_2
              (Position_Of ((Id => Dispenser_Refill, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Dispenser_Refill, Index => 0));
         Refill_Woken;
      end Refill;

      entry Refill_Held
        when Closed or else (Chosen = Dispenser_No_Entry and then Refill_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Dispenser_Refill, Index => 0));
         Refill_Woken;
      end Refill_Held;

      entry Select_Arm
        (Order : Dispenser_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Dispenser_No_Entry then
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found /= 0 then
            Armed_List (1 .. Found) := Order (Order'First .. Order'First + Found - 1);
            Armed_Last := Found;
            Arm (Order (Found));
         else
            Armed_List (1 .. Order'Length) := Order;
            Armed_Last := Order'Length;
            for K in Order'Range loop
               Arm (Order (K));
            end loop;
         end if;
         Via_Wake := Found = 0;
         if Via_Wake then
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Dispenser_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Dispenser_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Take_Armed := False;
         Refill_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Dispenser_Alternative) is
      begin
         case Alternative.Id is
            when Dispenser_Take =>
               Take_Armed := True;
            when Dispenser_Refill =>
               Refill_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Dispenser_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Dispenser_Take =>
               return Dispenser_Rendezvous.Take'Count + Take_Held'Count > 0;
            when Dispenser_Refill =>
               return Dispenser_Rendezvous.Refill'Count
                 + Refill_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Dispenser_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      entry Start_Accept_Begin (Initial : out Integer)
        when Chosen = Dispenser_Start is
      begin
         Initial := Start_Initial;
         Chosen := Dispenser_No_Entry;
      end Start_Accept_Begin;

      procedure Start_Accept_End is
      begin
         Start_Done := True;
      end Start_Accept_End;

      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Start_Failure, Occurrence);
         Start_Raised := True;
         Start_Done := True;
      end Start_Failed;

      entry Start_Queue (Initial : in Integer)
        when Start_Done or else Closed is
      begin
         if not Start_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Start_Done := False;
         if Start_Raised then
            Start_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Start_Failure);
         end if;
      end Start_Queue;

      procedure Take_Take (Ticket : out Integer) is
      begin
         Ticket := Take_Ticket;
         Chosen := Dispenser_No_Entry;
      end Take_Take;

      procedure Take_Woken (Ticket : in Integer) is
      begin
         Disarm;
         Chosen := Dispenser_Take;
         Take_Ticket := Ticket;
         Take_Done := False;
      end Take_Woken;

      procedure Take_Accept_End (Ticket : in Integer) is
      begin
         Take_Ticket := Ticket;
         Take_Done := True;
      end Take_Accept_End;

      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Take_Failure, Occurrence);
         Take_Raised := True;
         Take_Done := True;
      end Take_Failed;

      entry Take_Queue (Ticket : out Integer)
        when Take_Done or else Closed is
      begin
         if not Take_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Take_Done := False;
         if Take_Raised then
            Take_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Take_Failure);
         end if;
         Ticket := Take_Ticket;
      end Take_Queue;

      procedure Refill_Take is
      begin
         Chosen := Dispenser_No_Entry;
      end Refill_Take;

      procedure Refill_Woken is
      begin
         Disarm;
         Chosen := Dispenser_Refill;
      end Refill_Woken;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Dispenser_Rendezvous;

   task body Dispenser_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Dispenser_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Dispenser_Closer);
      overriding procedure Finalize (Object : in out Dispenser_Closer) is
      begin
         Dispenser_Rendezvous.Close;
      end Finalize;
      Closer : Dispenser_Closer;
      Next    : Integer;
      Left    : Natural;
      Refills : Natural;
      Issued  : Natural;
   begin
      Next := 0;
      Left := 0;
      Refills := 0;
      Issued := 0;

      declare
         Initial : Integer;
      begin
         Dispenser_Rendezvous.Start_Accept_Begin (Initial);
         begin
            Next := Initial;
         exception
            when Occurrence : others =>
               Dispenser_Rendezvous.Start_Failed (Occurrence);
               raise;
         end;
         Dispenser_Rendezvous.Start_Accept_End;
      end;
      Left := Batch;

      loop
         declare
            Alternatives : constant Dispenser_Alternative_List :=
              (1 => ((if Left > 0 then Dispenser_Take else Dispenser_No_Entry), 0),
               2 => ((if Left = 0 then Dispenser_Refill else Dispenser_No_Entry), 0));
            Choice : Natural;
         begin
            Dispenser_Rendezvous.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : out Integer) do
                     Dispenser_Rendezvous.Take_Woken (Value_1);
                     requeue Dispenser_Rendezvous.Take_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) do
                     Dispenser_Rendezvous.Refill_Woken;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : out Integer) do
                        requeue Dispenser_Rendezvous.Take_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) do
                        requeue Dispenser_Rendezvous.Refill_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Ticket : Integer;
                  begin
                     Dispenser_Rendezvous.Take_Take (Ticket);
                     begin
                        Ticket := Next;
                        Next := Next + 1;
                     exception
                        when Occurrence : others =>
                           Dispenser_Rendezvous.Take_Failed (Occurrence);
                           raise;
                     end;
                     Dispenser_Rendezvous.Take_Accept_End (Ticket);
                  end;
                  Left := Left - 1;
                  Issued := Issued + 1;
               when 2 =>
                  Dispenser_Rendezvous.Refill_Take;
                  Left := Batch;
                  Refills := Refills + 1;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Dispenser_Agent;

end Tickets;
