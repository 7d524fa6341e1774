with Ada.Finalization;
package body CB20001_0 is


   protected body Submarine_Type is

      entry Contact (Location : in Location_Type)
        when Closed
          or else (Chosen = Submarine_Type_No_Entry
                   and then Contact_Armed
                   and then Contact_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Submarine_Type_Contact, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Submarine_Type_Contact, Index => 0));
         Contact_Woken (Location);
         requeue Contact_Queue;
      end Contact;

      entry Contact_Held (Location : in Location_Type)
        when Closed
          or else (Chosen = Submarine_Type_No_Entry and then Contact_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Submarine_Type_Contact, Index => 0));
         Contact_Woken (Location);
         requeue Contact_Queue;
      end Contact_Held;

      entry Select_Arm
        (Order : Submarine_Type_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Submarine_Type_No_Entry then
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
        (Order : Submarine_Type_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Submarine_Type_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Contact_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Submarine_Type_Alternative) is
      begin
         case Alternative.Id is
            when Submarine_Type_Contact =>
               Contact_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Submarine_Type_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Submarine_Type_Contact =>
               return Submarine_Type.Contact'Count + Contact_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Submarine_Type_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Contact_Take (Location : out Location_Type) is
      begin
         Location := Contact_Location;
         Chosen := Submarine_Type_No_Entry;
      end Contact_Take;

      procedure Contact_Woken (Location : in Location_Type) is
      begin
         Disarm;
         Chosen := Submarine_Type_Contact;
         Contact_Location := Location;
         Contact_Done := False;
      end Contact_Woken;

      procedure Contact_Accept_End is
      begin
         Contact_Done := True;
      end Contact_Accept_End;

      procedure Contact_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Contact_Failure, Occurrence);
         Contact_Raised := True;
         Contact_Done := True;
      end Contact_Failed;

      entry Contact_Queue (Location : in Location_Type)
        when Contact_Done or else Closed is
      begin
         if not Contact_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Contact_Done := False;
         if Contact_Raised then
            Contact_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Contact_Failure);
         end if;
      end Contact_Queue;

      function Agent_Callable return Boolean is
      begin
         return not Closed and then Agent'Callable;
      end Agent_Callable;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Submarine_Type;

   task body Submarine_Type_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Submarine_Type_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Submarine_Type_Closer);
      overriding procedure Finalize (Object : in out Submarine_Type_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Submarine_Type_Closer;
   begin
      loop

         Task_Block:
         begin
            declare
               Alternatives : constant Submarine_Type_Alternative_List :=
                 (1 => (Submarine_Type_Contact, 0));
               Choice : Natural;
            begin
               Self.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in Location_Type) do
                        Self.Contact_Woken (Value_1);
                        requeue Self.Contact_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Location_Type) do
                           requeue Self.Contact_Held with abort;
                        end Wake_1;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     declare
                        Location : Location_Type;
                     begin
                        Self.Contact_Take (Location);
                        begin
                           begin
                              if Location > 1000 then
                                 raise Off_Screen_Data;
                              elsif (Location > 500) and (Location <= 1000) then
                                 raise Location_Error;
                              elsif (Location > 100) and (Location <= 500) then
                                 raise Incorrect_Data;
                              else
                                 Current_Position := Location;
                              end if;
                           exception
                              when Off_Screen_Data =>
                                 TC_Handled_In_Accept := True;
                              when Location_Error =>
                                 TC_Reraised_In_Accept := True;
                                 raise;   -- Reraise the Location_Error exception
                                          -- in the task block.
                           end;
                        exception
                           when Occurrence : others =>
                              Self.Contact_Failed (Occurrence);
                              raise;
                        end;
                        Self.Contact_Accept_End;
                     end;
                  when others =>
                     null;
               end case;
            end;

         exception

            when Off_Screen_Data =>
                TC_Handled_In_Accept := False;
                Report.Failed ("Off_Screen_Data exception " &
                               "improperly handled in task block");

            when Location_Error =>
                TC_Handled_In_Task_Block := True;
         end Task_Block;

      end loop;

   exception

      when Location_Error | Off_Screen_Data =>
         TC_Handled_In_Accept := False;
         TC_Handled_In_Task_Block := False;
         Report.Failed ("Exception improperly propagated out to task body"); 
      when others =>
         null;
   end Submarine_Type_Agent;

end CB20001_0;
