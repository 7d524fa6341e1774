--  A server whose statements after its loop can raise: Averager leaves its
--  loop on Finish and divides the sum by the count; with no value given the
--  division raises, and the task's handler records it.  Finish's caller is
--  not affected either way (the rendezvous is over); later calls raise
--  Tasking_Error.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Result  : Integer := -1;
   Failed  : Boolean := False;

   procedure Session (Values : Natural) is
      type Averager_Entry is
        (Averager_No_Entry,
         Averager_Add,
         Averager_Finish);
      type Averager_Alternative is record
         Id : Averager_Entry := Averager_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Averager_Alternative_List is array (Positive range <>) of Averager_Alternative;
      --  rdv2po: task Averager became this protected object; its code runs in
      --  the task Averager_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Averager is
         entry Add (X : Integer);
         entry Finish;
         --  rdv2po: the rendezvous protocol, for Averager_Agent
         entry Select_Arm
           (Order : Averager_Alternative_List;
            Chosen_Position : out Natural);
         procedure Add_Take (X : out Integer);
         procedure Add_Accept_End;
         procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Add_Queue (X : in Integer);
         procedure Finish_Take;
         procedure Close;
      private
         entry Select_Wait
           (Order : Averager_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Averager_Alternative);
         function Queued (Alternative : Averager_Alternative) return Boolean;
         function Position_Of (Alternative : Averager_Alternative) return Natural;
         Armed_List : Averager_Alternative_List (1 .. 2);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Averager_Entry := Averager_No_Entry;
         Closed : Boolean := False;
         Add_Armed : Boolean := False;
         Add_X : Integer;
         Add_Done : Boolean := False;
         Add_Raised : Boolean := False;
         Add_Failure : Ada.Exceptions.Exception_Occurrence;
         Finish_Armed : Boolean := False;
      end Averager;
      task Averager_Agent is
         --  rdv2po: general scheme agent of Averager
      end Averager_Agent;

      protected body Averager is

         entry Add (X : Integer)
           when Closed or else (Chosen = Averager_No_Entry and then Add_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Averager_Add, Index => 0));
            Disarm;
            Chosen := Averager_Add;
            Add_X := X;
            Add_Done := False;
            requeue Add_Queue;
         end Add;

         entry Finish
           when Closed
             or else (Chosen = Averager_No_Entry and then Finish_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Averager_Finish, Index => 0));
            Disarm;
            Chosen := Averager_Finish;
         end Finish;

         entry Select_Arm
           (Order : Averager_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
            Any_Open : Boolean := False;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Averager_No_Entry then
                  Any_Open := True;
                  if Found = 0 and then Queued (Order (K)) then
                     Found := K;
                  end if;
               end if;
            end loop;
            --  RM 9.7.1(21): every alternative closed and no else part
            if not Any_Open then
               raise Program_Error;
            end if;
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
            requeue Select_Wait with abort;
         end Select_Arm;

         entry Select_Wait
           (Order : Averager_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Averager_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Add_Armed := False;
            Finish_Armed := False;
         end Disarm;

         procedure Arm (Alternative : Averager_Alternative) is
         begin
            case Alternative.Id is
               when Averager_Add =>
                  Add_Armed := True;
               when Averager_Finish =>
                  Finish_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Averager_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Averager_Add =>
                  return Averager.Add'Count > 0;
               when Averager_Finish =>
                  return Averager.Finish'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Averager_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Add_Take (X : out Integer) is
         begin
            X := Add_X;
            Chosen := Averager_No_Entry;
         end Add_Take;

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

         entry Add_Queue (X : in Integer)
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

         procedure Finish_Take is
         begin
            Chosen := Averager_No_Entry;
         end Finish_Take;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Averager;

      task body Averager_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Averager_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Averager_Closer);
         overriding procedure Finalize (Object : in out Averager_Closer) is
         begin
            Averager.Close;
         end Finalize;
         Closer : Averager_Closer;
         Sum   : Integer := 0;
         Count : Natural := 0;
      begin
         loop
            declare
               Choice : Natural;
            begin
               Averager.Select_Arm
                 (Order => (1 => (Averager_Add, 0),
                            2 => (Averager_Finish, 0)),
                  Chosen_Position => Choice);
               case Choice is
                  when 1 =>
                     declare
                        X : Integer;
                     begin
                        Averager.Add_Take (X);
                        begin
                           Sum := Sum + X;
                        exception
                           when Occurrence : others =>
                              Averager.Add_Failed (Occurrence);
                              raise;
                        end;
                        Averager.Add_Accept_End;
                     end;
                     Count := Count + 1;
                  when 2 =>
                     Averager.Finish_Take;
                     exit;
                  when others =>
                     null;
               end case;
            end;
         end loop;
         Result := Sum / Count;
         Failed := False;
      exception
         when Constraint_Error =>
            Failed := True;
      end Averager_Agent;
   begin
      Result := -1;
      Failed := False;
      for I in 1 .. Values loop
         Averager.Add (I * 10);
      end loop;
      Averager.Finish;
      begin
         Averager.Add (1);
         Put_Line ("late Add accepted");
      exception
         when Tasking_Error =>
            Put_Line ("late Add: Tasking_Error");
      end;
   end Session;
begin
   Session (4);
   Put_Line ("result" & Integer'Image (Result) & ", failed " & Boolean'Image (Failed));
   Session (0);
   Put_Line ("result" & Integer'Image (Result) & ", failed " & Boolean'Image (Failed));
   Put_Line ("PASSED");
end Main;
