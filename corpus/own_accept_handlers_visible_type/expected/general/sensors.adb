with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

package body Sensors is

   procedure Complain (What : String) is
   begin
      Problems := Problems + 1;
      Put_Line (Standard_Error, What);
   end Complain;

   protected body Probe_Rendezvous is

      entry Reading (Level : in Level_Type)
        when Closed
          or else (Chosen = Probe_No_Entry
                   and then Reading_Armed
                   and then Reading_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Probe_Reading, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Probe_Reading, Index => 0));
         Reading_Woken (Level);
         requeue Reading_Queue;
      end Reading;

      entry Reading_Held (Level : in Level_Type)
        when Closed or else (Chosen = Probe_No_Entry and then Reading_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Probe_Reading, Index => 0));
         Reading_Woken (Level);
         requeue Reading_Queue;
      end Reading_Held;

      entry Select_Arm
        (Order : Probe_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Probe_No_Entry then
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
        (Order : Probe_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Probe_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Reading_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Probe_Alternative) is
      begin
         case Alternative.Id is
            when Probe_Reading =>
               Reading_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Probe_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Probe_Reading =>
               return Probe_Rendezvous.Reading'Count + Reading_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Probe_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Reading_Take (Level : out Level_Type) is
      begin
         Level := Reading_Level;
         Chosen := Probe_No_Entry;
      end Reading_Take;

      procedure Reading_Woken (Level : in Level_Type) is
      begin
         Disarm;
         Chosen := Probe_Reading;
         Reading_Level := Level;
         Reading_Done := False;
      end Reading_Woken;

      procedure Reading_Accept_End is
      begin
         Reading_Done := True;
      end Reading_Accept_End;

      procedure Reading_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Reading_Failure, Occurrence);
         Reading_Raised := True;
         Reading_Done := True;
      end Reading_Failed;

      entry Reading_Queue (Level : in Level_Type)
        when Reading_Done or else Closed is
      begin
         if not Reading_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Reading_Done := False;
         if Reading_Raised then
            Reading_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Reading_Failure);
         end if;
      end Reading_Queue;

      function Agent_Callable return Boolean is
      begin
         return not Closed and then Agent'Callable;
      end Agent_Callable;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Probe_Rendezvous;

   protected body Probe is
      --  rdv2po: each call goes on to Rendezvous, as cancellable as it was
      entry Reading (Level : in Level_Type) when Passing is
      begin
         requeue Rendezvous.Reading with abort;
      end Reading;

      function Agent_Callable return Boolean is
      begin
         return Rendezvous.Agent_Callable;
      end Agent_Callable;
   end Probe;

   task body Probe_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Probe_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Probe_Closer);
      overriding procedure Finalize (Object : in out Probe_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Probe_Closer;
   begin
      loop
         One_Reading :
         begin
            declare
               Alternatives : constant Probe_Alternative_List :=
                 (1 => (Probe_Reading, 0));
               Choice : Natural;
            begin
               Self.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in Level_Type) do
                        Self.Reading_Woken (Value_1);
                        requeue Self.Reading_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Level_Type) do
                           requeue Self.Reading_Held with abort;
                        end Wake_1;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     declare
                        Level : Level_Type;
                     begin
                        Self.Reading_Take (Level);
                        begin
                           begin
                              case Level is
                                 when 1_001 .. Level_Type'Last =>
                                    raise Too_High;
                                 when 501 .. 1_000 =>
                                    raise Out_Of_Range;
                                 when 101 .. 500 =>
                                    raise Bad_Value;
                                 when 0 .. 100 =>
                                    Last_Level := Integer (Level);
                              end case;
                           exception
                              when Too_High =>
                                 Handled_In_Accept := True;
                              when Out_Of_Range =>
                                 Raised_Again := True;
                                 raise;
                           end;
                        exception
                           when Occurrence : others =>
                              Self.Reading_Failed (Occurrence);
                              raise;
                        end;
                        Self.Reading_Accept_End;
                     end;
                  when others =>
                     null;
               end case;
            end;
         exception
            when Too_High =>
               Complain ("Probe: Too_High left the accept body");
            when Out_Of_Range =>
               Handled_Around_Loop := True;
         end One_Reading;
      end loop;
   exception
      when Too_High | Out_Of_Range =>
         Complain ("Probe: an exception handled inside the loop ended the task");
      when others =>
         null;   --  Bad_Value ends the probe
   end Probe_Agent;

end Sensors;
