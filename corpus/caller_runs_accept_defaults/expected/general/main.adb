--  Entry defaults written with a user-defined operator: a call evaluates the
--  entry declaration's default in the caller, and the accept statement only
--  repeats the formal part, so the server never runs the operator there.
--  Scaler runs it after the accept as well: its caller would run that code,
--  and nothing proves the operator cannot wait for that caller.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Grams is new Integer;

   function "*" (Left, Right : Grams) return Grams is
   begin
      return Grams (Integer (Left) * Integer (Right));
   end "*";

   procedure Run is
      type Weigher_Entry is (Weigher_No_Entry, Weigher_Weigh);
      type Weigher_Alternative is record
         Id : Weigher_Entry := Weigher_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Weigher_Alternative_List is array (Positive range <>) of Weigher_Alternative;
      --  rdv2po: task Weigher became this protected object; its code runs in
      --  the task Weigher_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Weigher is
         entry Weigh (Amount : Grams := 25 * 4);
         --  rdv2po: the rendezvous protocol, for Weigher_Agent
         entry Select_Arm
           (Order : Weigher_Alternative_List;
            Chosen_Position : out Natural);
         entry Weigh_Held (Amount : in Grams);
         procedure Weigh_Woken (Amount : in Grams);
         procedure Weigh_Take (Amount : out Grams);
         procedure Weigh_Accept_End;
         procedure Weigh_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Weigh_Queue (Amount : in Grams);
         procedure Close;
      private
         entry Select_Wait
           (Order : Weigher_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Weigher_Alternative);
         function Queued (Alternative : Weigher_Alternative) return Boolean;
         function Position_Of (Alternative : Weigher_Alternative) return Natural;
         Armed_List : Weigher_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Weigher_Entry := Weigher_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Weigh_Armed : Boolean := False;
         Weigh_Amount : Grams;
         Weigh_Done : Boolean := False;
         Weigh_Raised : Boolean := False;
         Weigh_Failure : Ada.Exceptions.Exception_Occurrence;
      end Weigher;
      task Weigher_Agent is
         --  rdv2po: general scheme agent of Weigher
         entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Grams);
      end Weigher_Agent;

      protected body Weigher is

         entry Weigh (Amount : Grams := 25 * 4)
           when Closed
             or else (Chosen = Weigher_No_Entry
                      and then Weigh_Armed
                      and then Weigh_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Weigher_Agent.Wake_1
                 (Position_Of ((Id => Weigher_Weigh, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Weigher_Weigh, Index => 0));
            Weigh_Woken (Amount);
            requeue Weigh_Queue;
         end Weigh;

         entry Weigh_Held (Amount : in Grams)
           when Closed or else (Chosen = Weigher_No_Entry and then Weigh_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Weigher_Weigh, Index => 0));
            Weigh_Woken (Amount);
            requeue Weigh_Queue;
         end Weigh_Held;

         entry Select_Arm
           (Order : Weigher_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Weigher_No_Entry then
                  if Found = 0 and then Queued (Order (K)) then
                     Found := K;
                  end if;
               end if;
            end loop;
            --  a caller already queued is taken first, in the select's order
            --  (as GNAT does)
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
           (Order : Weigher_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Weigher_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Weigh_Armed := False;
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Weigher_Alternative) is
         begin
            case Alternative.Id is
               when Weigher_Weigh =>
                  Weigh_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Weigher_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Weigher_Weigh =>
                  return Weigher.Weigh'Count + Weigh_Held'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Weigher_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Weigh_Take (Amount : out Grams) is
         begin
            Amount := Weigh_Amount;
            Chosen := Weigher_No_Entry;
         end Weigh_Take;

         procedure Weigh_Woken (Amount : in Grams) is
         begin
            Disarm;
            Chosen := Weigher_Weigh;
            Weigh_Amount := Amount;
            Weigh_Done := False;
         end Weigh_Woken;

         procedure Weigh_Accept_End is
         begin
            Weigh_Done := True;
         end Weigh_Accept_End;

         procedure Weigh_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Weigh_Failure, Occurrence);
            Weigh_Raised := True;
            Weigh_Done := True;
         end Weigh_Failed;

         entry Weigh_Queue (Amount : in Grams)
           when Weigh_Done or else Closed is
         begin
            if not Weigh_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Weigh_Done := False;
            if Weigh_Raised then
               Weigh_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Weigh_Failure);
            end if;
         end Weigh_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Weigher;

      task body Weigher_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Weigher_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Weigher_Closer);
         overriding procedure Finalize (Object : in out Weigher_Closer) is
         begin
            Weigher.Close;
         end Finalize;
         Closer : Weigher_Closer;
      begin
         loop
            declare
               Alternatives : constant Weigher_Alternative_List :=
                 (1 => (Weigher_Weigh, 0));
               Choice : Natural;
            begin
               Weigher.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in Grams) do
                        Weigher.Weigh_Woken (Value_1);
                        requeue Weigher.Weigh_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Grams) do
                           requeue Weigher.Weigh_Held with abort;
                        end Wake_1;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     declare
                        Amount : Grams;
                     begin
                        Weigher.Weigh_Take (Amount);
                        begin
                           Put_Line ("weighed" & Grams'Image (Amount));
                        exception
                           when Occurrence : others =>
                              Weigher.Weigh_Failed (Occurrence);
                              raise;
                        end;
                        Weigher.Weigh_Accept_End;
                     end;
                  when others =>
                     null;
               end case;
            end;
         end loop;
      end Weigher_Agent;

      type Scaler_Entry is (Scaler_No_Entry, Scaler_Scale);
      type Scaler_Alternative is record
         Id : Scaler_Entry := Scaler_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Scaler_Alternative_List is array (Positive range <>) of Scaler_Alternative;
      --  rdv2po: task Scaler became this protected object; its code runs in
      --  the task Scaler_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Scaler is
         entry Scale (Amount : Grams := 3 * 3);
         --  rdv2po: the rendezvous protocol, for Scaler_Agent
         entry Select_Arm
           (Order : Scaler_Alternative_List;
            Chosen_Position : out Natural);
         entry Scale_Held (Amount : in Grams);
         procedure Scale_Woken (Amount : in Grams);
         procedure Scale_Take (Amount : out Grams);
         procedure Scale_Accept_End;
         procedure Scale_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Scale_Queue (Amount : in Grams);
         procedure Close;
      private
         entry Select_Wait
           (Order : Scaler_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Scaler_Alternative);
         function Queued (Alternative : Scaler_Alternative) return Boolean;
         function Position_Of (Alternative : Scaler_Alternative) return Natural;
         Armed_List : Scaler_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Scaler_Entry := Scaler_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Scale_Armed : Boolean := False;
         Scale_Amount : Grams;
         Scale_Done : Boolean := False;
         Scale_Raised : Boolean := False;
         Scale_Failure : Ada.Exceptions.Exception_Occurrence;
      end Scaler;
      task Scaler_Agent is
         --  rdv2po: general scheme agent of Scaler
         entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Grams);
      end Scaler_Agent;

      protected body Scaler is

         entry Scale (Amount : Grams := 3 * 3)
           when Closed
             or else (Chosen = Scaler_No_Entry
                      and then Scale_Armed
                      and then Scale_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Scaler_Agent.Wake_1
                 (Position_Of ((Id => Scaler_Scale, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Scaler_Scale, Index => 0));
            Scale_Woken (Amount);
            requeue Scale_Queue;
         end Scale;

         entry Scale_Held (Amount : in Grams)
           when Closed or else (Chosen = Scaler_No_Entry and then Scale_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Scaler_Scale, Index => 0));
            Scale_Woken (Amount);
            requeue Scale_Queue;
         end Scale_Held;

         entry Select_Arm
           (Order : Scaler_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Scaler_No_Entry then
                  if Found = 0 and then Queued (Order (K)) then
                     Found := K;
                  end if;
               end if;
            end loop;
            --  a caller already queued is taken first, in the select's order
            --  (as GNAT does)
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
           (Order : Scaler_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Scaler_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Scale_Armed := False;
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Scaler_Alternative) is
         begin
            case Alternative.Id is
               when Scaler_Scale =>
                  Scale_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Scaler_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Scaler_Scale =>
                  return Scaler.Scale'Count + Scale_Held'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Scaler_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Scale_Take (Amount : out Grams) is
         begin
            Amount := Scale_Amount;
            Chosen := Scaler_No_Entry;
         end Scale_Take;

         procedure Scale_Woken (Amount : in Grams) is
         begin
            Disarm;
            Chosen := Scaler_Scale;
            Scale_Amount := Amount;
            Scale_Done := False;
         end Scale_Woken;

         procedure Scale_Accept_End is
         begin
            Scale_Done := True;
         end Scale_Accept_End;

         procedure Scale_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Scale_Failure, Occurrence);
            Scale_Raised := True;
            Scale_Done := True;
         end Scale_Failed;

         entry Scale_Queue (Amount : in Grams)
           when Scale_Done or else Closed is
         begin
            if not Scale_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Scale_Done := False;
            if Scale_Raised then
               Scale_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Scale_Failure);
            end if;
         end Scale_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Scaler;

      task body Scaler_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Scaler_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Scaler_Closer);
         overriding procedure Finalize (Object : in out Scaler_Closer) is
         begin
            Scaler.Close;
         end Finalize;
         Closer : Scaler_Closer;
         Last : Grams := 0;
      begin
         loop
            declare
               Alternatives : constant Scaler_Alternative_List :=
                 (1 => (Scaler_Scale, 0));
               Choice : Natural;
            begin
               Scaler.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in Grams) do
                        Scaler.Scale_Woken (Value_1);
                        requeue Scaler.Scale_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Grams) do
                           requeue Scaler.Scale_Held with abort;
                        end Wake_1;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     declare
                        Amount : Grams;
                     begin
                        Scaler.Scale_Take (Amount);
                        begin
                           Last := Amount;
                        exception
                           when Occurrence : others =>
                              Scaler.Scale_Failed (Occurrence);
                              raise;
                        end;
                        Scaler.Scale_Accept_End;
                     end;
                     Put_Line ("scaled" & Grams'Image (Last * 2));
                  when others =>
                     null;
               end case;
            end;
         end loop;
      end Scaler_Agent;
   begin
      Weigher.Weigh;
      Weigher.Weigh (7);
      Scaler.Scale;
   end Run;  --  waits for both tasks
begin
   Run;
   Put_Line ("PASSED");
end Main;
