with Ada.Finalization;
package body Resources is

   type Resource_Entry is
     (Resource_No_Entry,
      Resource_Acquire,
      Resource_Release);
   type Resource_Alternative is record
      Id : Resource_Entry := Resource_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Resource_Alternative_List is array (Positive range <>) of Resource_Alternative;
   --  rdv2po: the rendezvous of task Resource, for Resource_Agent
   protected Resource_Rendezvous is
      entry Acquire;
      entry Release;
      entry Select_Arm
        (Order : Resource_Alternative_List;
         Chosen_Position : out Natural);
      entry Acquire_Held;
      procedure Acquire_Woken;
      procedure Acquire_Take;
      entry Release_Accept_Begin;
      procedure Close;
   private
      entry Select_Wait
        (Order : Resource_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Resource_Alternative);
      function Queued (Alternative : Resource_Alternative) return Boolean;
      function Position_Of (Alternative : Resource_Alternative) return Natural;
      Armed_List : Resource_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Resource_Entry := Resource_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Acquire_Armed : Boolean := False;
   end Resource_Rendezvous;
   task Resource_Agent is
      --  rdv2po: general scheme agent of Resource_Rendezvous
      entry Wake_1 (Positive range 1 .. 1);
   end Resource_Agent;

   protected body Resource is
      --  rdv2po: each call goes on to Resource_Rendezvous, as cancellable as
      --  it was
      entry Acquire when True is
      begin
         requeue Resource_Rendezvous.Acquire with abort;
      end Acquire;

      entry Release when True is
      begin
         requeue Resource_Rendezvous.Release with abort;
      end Release;
   end Resource;

   protected body Resource_Rendezvous is

      entry Acquire
        when Closed
          or else (Chosen = Resource_No_Entry
                   and then Acquire_Armed
                   and then Acquire_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Resource_Agent.Wake_1
              (Position_Of ((Id => Resource_Acquire, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Resource_Acquire, Index => 0));
         Acquire_Woken;
      end Acquire;

      entry Acquire_Held
        when Closed or else (Chosen = Resource_No_Entry and then Acquire_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Resource_Acquire, Index => 0));
         Acquire_Woken;
      end Acquire_Held;

      entry Release
        when Closed
          or else (Chosen = Resource_No_Entry
                   and then Release_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Resource_Release;
      end Release;

      entry Select_Arm
        (Order : Resource_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Resource_No_Entry then
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
        (Order : Resource_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Resource_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Acquire_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Resource_Alternative) is
      begin
         case Alternative.Id is
            when Resource_Acquire =>
               Acquire_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Resource_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Resource_Acquire =>
               return Resource_Rendezvous.Acquire'Count
                 + Acquire_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Resource_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Acquire_Take is
      begin
         Chosen := Resource_No_Entry;
      end Acquire_Take;

      procedure Acquire_Woken is
      begin
         Disarm;
         Chosen := Resource_Acquire;
      end Acquire_Woken;

      entry Release_Accept_Begin
        when Chosen = Resource_Release is
      begin
         Chosen := Resource_No_Entry;
      end Release_Accept_Begin;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Resource_Rendezvous;

   task body Resource_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Resource_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Resource_Closer);
      overriding procedure Finalize (Object : in out Resource_Closer) is
      begin
         Resource_Rendezvous.Close;
      end Finalize;
      Closer : Resource_Closer;
   begin
      loop
         --  The terminate alternative stands for Figure 1's "exit when
         --  Done": the server ends once every client has finished.
         declare
            Alternatives : constant Resource_Alternative_List :=
              (1 => (Resource_Acquire, 0));
            Choice : Natural;
         begin
            Resource_Rendezvous.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Resource_Rendezvous.Acquire_Woken;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Resource_Rendezvous.Acquire_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Resource_Rendezvous.Acquire_Take;
               when others =>
                  null;
            end case;
         end;
         Resource_Rendezvous.Release_Accept_Begin;
      end loop;
   end Resource_Agent;

end Resources;
