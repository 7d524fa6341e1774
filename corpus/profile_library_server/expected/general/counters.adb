with Ada.Exceptions;
with Ada.Finalization;
package body Counters is

   type Tally_Entry is (Tally_No_Entry, Tally_Add, Tally_Total);
   type Tally_Alternative is record
      Id : Tally_Entry := Tally_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Tally_Alternative_List is array (Positive range <>) of Tally_Alternative;
   --  rdv2po: the rendezvous of task Tally, for Tally_Agent
   protected Tally_Rendezvous is
      entry Add (N : Natural);
      entry Total (T : out Natural);
      entry Select_Arm
        (Order : Tally_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held (N : Natural);
      procedure Add_Woken (N : in Natural);
      procedure Add_Take (N : out Natural);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (N : in Natural);
      entry Total_Held (T : out Natural);
      procedure Total_Woken (T : in Natural);
      procedure Total_Take (T : out Natural);
      procedure Total_Accept_End (T : in Natural);
      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Total_Queue (T : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Tally_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Tally_Alternative);
      function Queued (Alternative : Tally_Alternative) return Boolean;
      function Position_Of (Alternative : Tally_Alternative) return Natural;
      Armed_List : Tally_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Tally_Entry := Tally_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_N : Natural;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Total_Armed : Boolean := False;
      Total_T : Natural;
      Total_Done : Boolean := False;
      Total_Raised : Boolean := False;
      Total_Failure : Ada.Exceptions.Exception_Occurrence;
   end Tally_Rendezvous;
   task Tally_Agent is
      --  rdv2po: general scheme agent of Tally_Rendezvous
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Natural);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Natural);
   end Tally_Agent;

   protected body Tally is
      --  rdv2po: each call goes on to Tally_Rendezvous, as cancellable as it
      --  was
      entry Add (N : Natural) when True is
      begin
         requeue Tally_Rendezvous.Add with abort;
      end Add;

      entry Total (T : out Natural) when True is
      begin
         requeue Tally_Rendezvous.Total with abort;
      end Total;
   end Tally;

   protected body Tally_Rendezvous is

      entry Add (N : Natural)
        when Closed
          or else (Chosen = Tally_No_Entry
                   and then Add_Armed
                   and then Add_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Tally_Agent.Wake_1
              (Position_Of ((Id => Tally_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Tally_Add, Index => 0));
         Add_Woken (N);
         requeue Add_Queue;
      end Add;

      entry Add_Held (N : Natural)
        when Closed or else (Chosen = Tally_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Tally_Add, Index => 0));
         Add_Woken (N);
         requeue Add_Queue;
      end Add_Held;

      entry Total (T : out Natural)
        when Closed
          or else (Chosen = Tally_No_Entry
                   and then Total_Armed
                   and then Total_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Tally_Agent.Wake_2
              (Position_Of ((Id => Tally_Total, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Tally_Total, Index => 0));
         Total_Woken (T);
         requeue Total_Queue;
      end Total;

      entry Total_Held (T : out Natural)
        when Closed or else (Chosen = Tally_No_Entry and then Total_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Tally_Total, Index => 0));
         Total_Woken (T);
         requeue Total_Queue;
      end Total_Held;

      entry Select_Arm
        (Order : Tally_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Tally_No_Entry then
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
        (Order : Tally_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Tally_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Total_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Tally_Alternative) is
      begin
         case Alternative.Id is
            when Tally_Add =>
               Add_Armed := True;
            when Tally_Total =>
               Total_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Tally_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Tally_Add =>
               return Tally_Rendezvous.Add'Count + Add_Held'Count > 0;
            when Tally_Total =>
               return Tally_Rendezvous.Total'Count + Total_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Tally_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Add_Take (N : out Natural) is
      begin
         N := Add_N;
         Chosen := Tally_No_Entry;
      end Add_Take;

      procedure Add_Woken (N : in Natural) is
      begin
         Disarm;
         Chosen := Tally_Add;
         Add_N := N;
         Add_Done := False;
      end Add_Woken;

      procedure Add_Accept_End is
      begin
         Add_Done := True;
      end Add_Accept_End;

      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Add_Failure, Occurrence);
         Add_Raised := True;
         Add_Done := True;
      end Add_Failed;

      entry Add_Queue (N : in Natural)
        when Add_Done or else Closed is
      begin
         if not Add_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Add_Done := False;
         if Add_Raised then
            Add_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Add_Failure);
         end if;
      end Add_Queue;

      procedure Total_Take (T : out Natural) is
      begin
         T := Total_T;
         Chosen := Tally_No_Entry;
      end Total_Take;

      procedure Total_Woken (T : in Natural) is
      begin
         Disarm;
         Chosen := Tally_Total;
         Total_T := T;
         Total_Done := False;
      end Total_Woken;

      procedure Total_Accept_End (T : in Natural) is
      begin
         Total_T := T;
         Total_Done := True;
      end Total_Accept_End;

      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Total_Failure, Occurrence);
         Total_Raised := True;
         Total_Done := True;
      end Total_Failed;

      entry Total_Queue (T : out Natural)
        when Total_Done or else Closed is
      begin
         if not Total_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Total_Done := False;
         if Total_Raised then
            Total_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Total_Failure);
         end if;
         T := Total_T;
      end Total_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Tally_Rendezvous;

   task body Tally_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Tally_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Tally_Closer);
      overriding procedure Finalize (Object : in out Tally_Closer) is
      begin
         Tally_Rendezvous.Close;
      end Finalize;
      Closer : Tally_Closer;
      Sum : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Tally_Alternative_List :=
              (1 => (Tally_Add, 0),
               2 => (Tally_Total, 0));
            Choice : Natural;
         begin
            Tally_Rendezvous.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Natural) do
                     Tally_Rendezvous.Add_Woken (Value_1);
                     requeue Tally_Rendezvous.Add_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Natural) do
                     Tally_Rendezvous.Total_Woken (Value_1);
                     requeue Tally_Rendezvous.Total_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Natural) do
                        requeue Tally_Rendezvous.Add_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Natural) do
                        requeue Tally_Rendezvous.Total_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     N : Natural;
                  begin
                     Tally_Rendezvous.Add_Take (N);
                     begin
                        Sum := Sum + N;
                     exception
                        when Occurrence : others =>
                           Tally_Rendezvous.Add_Failed (Occurrence);
                           raise;
                     end;
                     Tally_Rendezvous.Add_Accept_End;
                  end;
               when 2 =>
                  declare
                     T : Natural;
                  begin
                     Tally_Rendezvous.Total_Take (T);
                     begin
                        T := Sum;
                     exception
                        when Occurrence : others =>
                           Tally_Rendezvous.Total_Failed (Occurrence);
                           raise;
                     end;
                     Tally_Rendezvous.Total_Accept_End (T);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Tally_Agent;

end Counters;
