--  The same server as corpus caller_runs_language_operators, in a program
--  that declares an addition of its own: the proof that the handler's loop
--  ends computes with "+" and "-", which the program may have given another
--  meaning, so the loop is not proved and the server stays a task.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Calendar;
procedure Main is
   function "-" (Left : Ada.Calendar.Time; Right : Duration)
     return Ada.Calendar.Time renames Ada.Calendar."-";

   type Grams is new Integer;
   function "+" (Left, Right : Grams) return Grams is
     (Grams (Integer (Left) * 1 + Integer (Right)));

   procedure Say (Text : String) is
      Width : constant Integer := 20;
      First : Integer := Text'First;
      Last  : Integer;
   begin
      loop
         if Text'Last - First >= Width then
            Last := First + Width - 1;
         else
            Last := Text'Last;
         end if;
         Put_Line ("checker: " & Text (First .. Last));
         First := Last + 1;
         exit when First > Text'Last;
      end loop;
   end Say;

   Failed : exception;
   Started : constant Ada.Calendar.Time := Ada.Calendar.Clock - 1.0;
   Refused : Boolean := False;

   procedure Run is
      type Checker_Entry is (Checker_No_Entry, Checker_Check);
      type Checker_Alternative is record
         Id : Checker_Entry := Checker_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Checker_Alternative_List is array (Positive range <>) of Checker_Alternative;
      --  rdv2po: task Checker became this protected object; its code runs in
      --  the task Checker_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Checker is
         entry Check (N : Integer);
         --  rdv2po: the rendezvous protocol, for Checker_Agent
         entry Select_Arm
           (Order : Checker_Alternative_List;
            Chosen_Position : out Natural);
         entry Check_Held (N : Integer);
         procedure Check_Woken (N : in Integer);
         procedure Check_Take (N : out Integer);
         procedure Check_Accept_End;
         procedure Check_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Check_Queue (N : in Integer);
         procedure Close;
      private
         entry Select_Wait
           (Order : Checker_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Checker_Alternative);
         function Queued (Alternative : Checker_Alternative) return Boolean;
         function Position_Of (Alternative : Checker_Alternative) return Natural;
         Armed_List : Checker_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Checker_Entry := Checker_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Check_Armed : Boolean := False;
         Check_N : Integer;
         Check_Done : Boolean := False;
         Check_Raised : Boolean := False;
         Check_Failure : Ada.Exceptions.Exception_Occurrence;
      end Checker;
      task Checker_Agent is
         --  rdv2po: general scheme agent of Checker
         entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
      end Checker_Agent;

      protected body Checker is

         entry Check (N : Integer)
           when Closed
             or else (Chosen = Checker_No_Entry
                      and then Check_Armed
                      and then Check_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Checker_Agent.Wake_1
                 (Position_Of ((Id => Checker_Check, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Checker_Check, Index => 0));
            Check_Woken (N);
            requeue Check_Queue;
         end Check;

         entry Check_Held (N : Integer)
           when Closed or else (Chosen = Checker_No_Entry and then Check_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Checker_Check, Index => 0));
            Check_Woken (N);
            requeue Check_Queue;
         end Check_Held;

         entry Select_Arm
           (Order : Checker_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Checker_No_Entry then
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
           (Order : Checker_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Checker_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Check_Armed := False;
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Checker_Alternative) is
         begin
            case Alternative.Id is
               when Checker_Check =>
                  Check_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Checker_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Checker_Check =>
                  return Checker.Check'Count + Check_Held'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Checker_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Check_Take (N : out Integer) is
         begin
            N := Check_N;
            Chosen := Checker_No_Entry;
         end Check_Take;

         procedure Check_Woken (N : in Integer) is
         begin
            Disarm;
            Chosen := Checker_Check;
            Check_N := N;
            Check_Done := False;
         end Check_Woken;

         procedure Check_Accept_End is
         begin
            Check_Done := True;
         end Check_Accept_End;

         procedure Check_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Check_Failure, Occurrence);
            Check_Raised := True;
            Check_Done := True;
         end Check_Failed;

         entry Check_Queue (N : in Integer)
           when Check_Done or else Closed is
         begin
            if not Check_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Check_Done := False;
            if Check_Raised then
               Check_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Check_Failure);
            end if;
         end Check_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Checker;

      task body Checker_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Checker_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Checker_Closer);
         overriding procedure Finalize (Object : in out Checker_Closer) is
         begin
            Checker.Close;
         end Finalize;
         Closer : Checker_Closer;
      begin
         loop
            declare
               Alternatives : constant Checker_Alternative_List :=
                 (1 => (Checker_Check, 0));
               Choice : Natural;
            begin
               Checker.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        Checker.Check_Woken (Value_1);
                        requeue Checker.Check_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Integer) do
                           requeue Checker.Check_Held with abort;
                        end Wake_1;
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
                        Checker.Check_Take (N);
                        begin
                           if N < 0 then
                              raise Failed;
                           end if;
                        exception
                           when Occurrence : others =>
                              Checker.Check_Failed (Occurrence);
                              raise;
                        end;
                        Checker.Check_Accept_End;
                     end;
                  when others =>
                     null;
               end case;
            end;
         end loop;
      exception
         when others =>
            Say ("a negative number came in, and the checker stops here");
      end Checker_Agent;
   begin
      Checker.Check (1);
      Checker.Check (-1);
   exception
      when Failed =>
         Refused := True;
   end Run;  --  waits for Checker, and its handler, to end
begin
   Run;
   Put_Line ("main: refused " & Boolean'Image (Refused));
   Put_Line ("main: clock ahead " &
             Boolean'Image (Ada.Calendar.">" (Ada.Calendar.Clock, Started)));
   Put_Line ("main: grams" & Grams'Image (Grams (2) + Grams (3)));
   Put_Line ("PASSED");
end Main;
