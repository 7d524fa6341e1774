--  A dispatcher hands out slots of a table by entry family member.  Each
--  alternative is guarded by a check that its index is in range, and the index
--  is only computed when the guard is open: past the end of the table, the
--  index expression would raise Constraint_Error.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   subtype Slot is Positive range 1 .. 3;
   Table : constant array (Slot) of Slot := (3, 1, 2);

   Computed : Natural := 0;    --  how many indexes the dispatcher computed

   function Member (Position : Positive) return Slot is
   begin
      Computed := Computed + 1;
      return Table (Position);
   end Member;

   type Dispatcher_Entry is
     (Dispatcher_No_Entry,
      Dispatcher_Take,
      Dispatcher_Done);
   type Dispatcher_Alternative is record
      Id : Dispatcher_Entry := Dispatcher_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Dispatcher_Alternative_List is array (Positive range <>) of Dispatcher_Alternative;
   type Dispatcher_Take_Set is array (Slot) of Boolean;
   --  rdv2po: task Dispatcher became this protected object; its code runs in
   --  the task Dispatcher_Agent, declared after it (general scheme: each
   --  rendezvous goes through the object)
   protected Dispatcher is
      entry Take (Slot);
      entry Done;
      --  rdv2po: the rendezvous protocol, for Dispatcher_Agent
      entry Select_Arm
        (Order : Dispatcher_Alternative_List;
         Chosen_Position : out Natural);
      entry Take_Held (Slot);
      procedure Take_Woken;
      procedure Take_Take;
      procedure Take_Accept_End;
      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Take_Queue;
      entry Done_Held;
      procedure Done_Woken;
      procedure Done_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Dispatcher_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Dispatcher_Alternative);
      function Queued (Alternative : Dispatcher_Alternative) return Boolean;
      function Position_Of (Alternative : Dispatcher_Alternative) return Natural;
      Armed_List : Dispatcher_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position_2 : Natural := 0;
      Chosen : Dispatcher_Entry := Dispatcher_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Take_Armed : Dispatcher_Take_Set := (others => False);
      Take_Done : Boolean := False;
      Take_Raised : Boolean := False;
      Take_Failure : Ada.Exceptions.Exception_Occurrence;
      Done_Armed : Boolean := False;
   end Dispatcher;
   task Dispatcher_Agent is
      --  rdv2po: general scheme agent of Dispatcher
      entry Wake_1 (Positive range 1 .. 2);
   end Dispatcher_Agent;

   protected body Dispatcher is

      entry Take (for Member_2 in Slot)
        when Closed
          or else (Chosen = Dispatcher_No_Entry
                   and then Take_Armed (Member_2)
                   and then Take_Held (Member_2)'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Dispatcher_Agent.Wake_1
              (Position_Of ((Id => Dispatcher_Take, Index => Slot'Pos (Member_2)))) with abort;
         end if;
         Position_2 := Position_Of ((Id => Dispatcher_Take, Index => Slot'Pos (Member_2)));
         Take_Woken;
         requeue Take_Queue;
      end Take;

      entry Take_Held (for Member_2 in Slot)
        when Closed
          or else (Chosen = Dispatcher_No_Entry and then Take_Armed (Member_2))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position_2 := Position_Of ((Id => Dispatcher_Take, Index => Slot'Pos (Member_2)));
         Take_Woken;
         requeue Take_Queue;
      end Take_Held;

      entry Done
        when Closed
          or else (Chosen = Dispatcher_No_Entry
                   and then Done_Armed
                   and then Done_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Dispatcher_Agent.Wake_1
              (Position_Of ((Id => Dispatcher_Done, Index => 0))) with abort;
         end if;
         Position_2 := Position_Of ((Id => Dispatcher_Done, Index => 0));
         Done_Woken;
      end Done;

      entry Done_Held
        when Closed or else (Chosen = Dispatcher_No_Entry and then Done_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position_2 := Position_Of ((Id => Dispatcher_Done, Index => 0));
         Done_Woken;
      end Done_Held;

      entry Select_Arm
        (Order : Dispatcher_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Dispatcher_No_Entry then
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
        (Order : Dispatcher_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Dispatcher_No_Entry is
      begin
         Chosen_Position := Position_2;
      end Select_Wait;

      procedure Disarm is
      begin
         Take_Armed := (others => False);
         Done_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Dispatcher_Alternative) is
      begin
         case Alternative.Id is
            when Dispatcher_Take =>
               Take_Armed (Slot'Val (Alternative.Index)) := True;
            when Dispatcher_Done =>
               Done_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Dispatcher_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Dispatcher_Take =>
               return Dispatcher.Take (Slot'Val (Alternative.Index))'Count
                 + Take_Held (Slot'Val (Alternative.Index))'Count > 0;
            when Dispatcher_Done =>
               return Dispatcher.Done'Count + Done_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Dispatcher_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Take_Take is
      begin
         Chosen := Dispatcher_No_Entry;
      end Take_Take;

      procedure Take_Woken is
      begin
         Disarm;
         Chosen := Dispatcher_Take;
         Take_Done := False;
      end Take_Woken;

      procedure Take_Accept_End is
      begin
         Take_Done := True;
      end Take_Accept_End;

      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Take_Failure, Occurrence);
         Take_Raised := True;
         Take_Done := True;
      end Take_Failed;

      entry Take_Queue
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
      end Take_Queue;

      procedure Done_Take is
      begin
         Chosen := Dispatcher_No_Entry;
      end Done_Take;

      procedure Done_Woken is
      begin
         Disarm;
         Chosen := Dispatcher_Done;
      end Done_Woken;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Dispatcher;

   task body Dispatcher_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Dispatcher_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Dispatcher_Closer);
      overriding procedure Finalize (Object : in out Dispatcher_Closer) is
      begin
         Dispatcher.Close;
      end Finalize;
      Closer : Dispatcher_Closer;
      Next : Positive := 1;
   begin
      loop
         declare
            Alternatives : constant Dispatcher_Alternative_List :=
              (1 => (if Next <= Table'Last then (Dispatcher_Take, Slot'Pos (Member (Next))) else (Dispatcher_No_Entry, 0)),
               2 => ((if Next > Table'Last then Dispatcher_Done else Dispatcher_No_Entry), 0));
            Choice : Natural;
         begin
            Dispatcher.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Dispatcher.Take_Woken;
                     requeue Dispatcher.Take_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2) do
                     Dispatcher.Done_Woken;
                  end Wake_1;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Dispatcher.Take_Held (Slot'Val (Alternatives (1).Index)) with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2) do
                        requeue Dispatcher.Done_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Dispatcher.Take_Take;
                  begin
                     Next := Next + 1;
                  exception
                     when Occurrence : others =>
                        Dispatcher.Take_Failed (Occurrence);
                        raise;
                  end;
                  Dispatcher.Take_Accept_End;
               when 2 =>
                  Dispatcher.Done_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Dispatcher_Agent;

begin
   for Position in Table'Range loop
      Dispatcher.Take (Table (Position));
      Put_Line ("took slot" & Slot'Image (Table (Position)));
   end loop;
   Dispatcher.Done;
   Put_Line ("indexes computed:" & Natural'Image (Computed));
   Put_Line ("PASSED");
end Main;
