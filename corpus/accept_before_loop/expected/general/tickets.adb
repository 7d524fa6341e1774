with Ada.Finalization;
package body Tickets is

   protected body Dispenser is

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
         Disarm;
         Chosen := Dispenser_Take;
         Take_Ticket := Ticket;
         Take_Done := False;
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
         Disarm;
         Chosen := Dispenser_Take;
         Take_Ticket := Ticket;
         Take_Done := False;
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
         Disarm;
         Chosen := Dispenser_Refill;
      end Refill;

      entry Refill_Held
        when Closed or else (Chosen = Dispenser_No_Entry and then Refill_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Dispenser_Refill, Index => 0));
         Disarm;
         Chosen := Dispenser_Refill;
      end Refill_Held;

      entry Select_Arm
        (Order : Dispenser_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Dispenser_No_Entry then
               Any_Open := True;
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  RM 9.7.1(21): every alternative closed and no else part
         if not Any_Open and then not (Poll or else Timed_Wait or else Wake) then
            raise Program_Error;
         end if;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found /= 0 then
            Armed_List (1 .. Found) := Order (Order'First .. Order'First + Found - 1);
            Armed_Last := Found;
            Arm (Order (Found));
         elsif Poll then
            return;
         else
            Armed_List (1 .. Order'Length) := Order;
            Armed_Last := Order'Length;
            for K in Order'Range loop
               Arm (Order (K));
            end loop;
         end if;
         Via_Wake := Wake and then Found = 0;
         if Via_Wake then
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Dispenser_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
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
               return Dispenser.Take'Count + Take_Held'Count > 0;
            when Dispenser_Refill =>
               return Dispenser.Refill'Count + Refill_Held'Count > 0;
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
   end Dispenser;

   task body Dispenser_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Dispenser_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Dispenser_Closer);
      overriding procedure Finalize (Object : in out Dispenser_Closer) is
      begin
         Dispenser.Close;
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
         Dispenser.Start_Accept_Begin (Initial);
         begin
            Next := Initial;
         exception
            when Occurrence : others =>
               Dispenser.Start_Failed (Occurrence);
               raise;
         end;
         Dispenser.Start_Accept_End;
      end;
      Left := Batch;

      loop
         declare
            Alternatives : constant Dispenser_Alternative_List :=
              (1 => ((if Left > 0 then Dispenser_Take else Dispenser_No_Entry), 0),
               2 => ((if Left = 0 then Dispenser_Refill else Dispenser_No_Entry), 0));
            Choice : Natural;
         begin
            Dispenser.Select_Arm
              (Order => Alternatives,
               Poll => False,
               Timed_Wait => False,
               Wake => True,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : out Integer) do
                     Dispenser.Take_Woken (Value_1);
                     requeue Dispenser.Take_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) do
                     Dispenser.Refill_Woken;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : out Integer) do
                        requeue Dispenser.Take_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) do
                        requeue Dispenser.Refill_Held with abort;
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
                     Dispenser.Take_Take (Ticket);
                     begin
                        Ticket := Next;
                        Next := Next + 1;
                     exception
                        when Occurrence : others =>
                           Dispenser.Take_Failed (Occurrence);
                           raise;
                     end;
                     Dispenser.Take_Accept_End (Ticket);
                  end;
                  Left := Left - 1;
                  Issued := Issued + 1;
               when 2 =>
                  Dispenser.Refill_Take;
                  Left := Batch;
                  Refills := Refills + 1;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Dispenser_Agent;

end Tickets;
