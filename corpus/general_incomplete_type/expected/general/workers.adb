with Ada.Exceptions;
with Ada.Finalization;
package body Workers is
   type Worker_Entry is (Worker_No_Entry, Worker_Add, Worker_Total);
   type Worker_Alternative is record
      Id : Worker_Entry := Worker_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Worker_Alternative_List is array (Positive range <>) of Worker_Alternative;
   task type Worker_Agent (Self : not null access Worker) is
      --  rdv2po: general scheme agent of Worker
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Worker_Agent;
   --  rdv2po: task type Worker became this protected type; its code runs in
   --  Worker_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Worker is
      entry Add (N : Integer);
      entry Total (T : out Integer);
      --  rdv2po: the rendezvous protocol, for Worker_Agent
      entry Select_Arm
        (Order : Worker_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held (N : Integer);
      procedure Add_Woken (N : in Integer);
      procedure Add_Take (N : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (N : in Integer);
      entry Total_Held (T : out Integer);
      procedure Total_Woken (T : in Integer);
      procedure Total_Take (T : out Integer);
      procedure Total_Accept_End (T : in Integer);
      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Total_Queue (T : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Worker_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Worker_Alternative);
      function Queued (Alternative : Worker_Alternative) return Boolean;
      function Position_Of (Alternative : Worker_Alternative) return Natural;
      Armed_List : Worker_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Worker_Entry := Worker_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_N : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Total_Armed : Boolean := False;
      Total_T : Integer;
      Total_Done : Boolean := False;
      Total_Raised : Boolean := False;
      Total_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Worker_Agent (Self => Worker'Unchecked_Access);
   end Worker;

   protected body Worker is

      entry Add (N : Integer)
        when Closed
          or else (Chosen = Worker_No_Entry
                   and then Add_Armed
                   and then Add_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Worker_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Worker_Add, Index => 0));
         Add_Woken (N);
         requeue Add_Queue;
      end Add;

      entry Add_Held (N : Integer)
        when Closed or else (Chosen = Worker_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Worker_Add, Index => 0));
         Add_Woken (N);
         requeue Add_Queue;
      end Add_Held;

      entry Total (T : out Integer)
        when Closed
          or else (Chosen = Worker_No_Entry
                   and then Total_Armed
                   and then Total_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_2
              (Position_Of ((Id => Worker_Total, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Worker_Total, Index => 0));
         Total_Woken (T);
         requeue Total_Queue;
      end Total;

      entry Total_Held (T : out Integer)
        when Closed or else (Chosen = Worker_No_Entry and then Total_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Worker_Total, Index => 0));
         Total_Woken (T);
         requeue Total_Queue;
      end Total_Held;

      entry Select_Arm
        (Order : Worker_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Worker_No_Entry then
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
        (Order : Worker_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Worker_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Total_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Worker_Alternative) is
      begin
         case Alternative.Id is
            when Worker_Add =>
               Add_Armed := True;
            when Worker_Total =>
               Total_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Worker_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Worker_Add =>
               return Worker.Add'Count + Add_Held'Count > 0;
            when Worker_Total =>
               return Worker.Total'Count + Total_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Worker_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Add_Take (N : out Integer) is
      begin
         N := Add_N;
         Chosen := Worker_No_Entry;
      end Add_Take;

      procedure Add_Woken (N : in Integer) is
      begin
         Disarm;
         Chosen := Worker_Add;
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

      entry Add_Queue (N : in Integer)
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

      procedure Total_Take (T : out Integer) is
      begin
         T := Total_T;
         Chosen := Worker_No_Entry;
      end Total_Take;

      procedure Total_Woken (T : in Integer) is
      begin
         Disarm;
         Chosen := Worker_Total;
         Total_T := T;
         Total_Done := False;
      end Total_Woken;

      procedure Total_Accept_End (T : in Integer) is
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

      entry Total_Queue (T : out Integer)
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
   end Worker;

   task body Worker_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Worker_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Worker_Closer);
      overriding procedure Finalize (Object : in out Worker_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Worker_Closer;
      Sum : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Worker_Alternative_List :=
              (1 => (Worker_Add, 0),
               2 => (Worker_Total, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Self.Add_Woken (Value_1);
                     requeue Self.Add_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Self.Total_Woken (Value_1);
                     requeue Self.Total_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Self.Add_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Self.Total_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     N : Integer;
                  begin
                     Self.Add_Take (N);
                     begin
                        Sum := Sum + N;
                     exception
                        when Occurrence : others =>
                           Self.Add_Failed (Occurrence);
                           raise;
                     end;
                     Self.Add_Accept_End;
                  end;
               when 2 =>
                  declare
                     T : Integer;
                  begin
                     Self.Total_Take (T);
                     begin
                        T := Sum;
                     exception
                        when Occurrence : others =>
                           Self.Total_Failed (Occurrence);
                           raise;
                     end;
                     Self.Total_Accept_End (T);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Worker_Agent;

   function Start return Handle is
   begin
      return new Worker;
   end Start;

   procedure Put (H : Handle; N : Integer) is
   begin
      H.Add (N);
   end Put;

   function Sum_Of (H : Handle) return Integer is
      T : Integer;
   begin
      H.Total (T);
      return T;
   end Sum_Of;
end Workers;
