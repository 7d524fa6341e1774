with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Notes; use Notes;
procedure Main is
   type Teller_Entry is (Teller_No_Entry, Teller_Tell, Teller_Done);
   type Teller_Alternative is record
      Id : Teller_Entry := Teller_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Teller_Alternative_List is array (Positive range <>) of Teller_Alternative;
   --  rdv2po: task Teller became this protected object; its code runs in the
   --  task Teller_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Teller is
      entry Tell (N : Integer);
      entry Done (Total : out Integer);
      --  rdv2po: the rendezvous protocol, for Teller_Agent
      entry Select_Arm
        (Order : Teller_Alternative_List;
         Chosen_Position : out Natural);
      entry Tell_Held (N : Integer);
      procedure Tell_Woken (N : in Integer);
      procedure Tell_Take (N : out Integer);
      procedure Tell_Accept_End;
      procedure Tell_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Tell_Queue (N : in Integer);
      entry Done_Held (Total : out Integer);
      procedure Done_Woken (Total : in Integer);
      procedure Done_Take (Total : out Integer);
      procedure Done_Accept_End (Total : in Integer);
      procedure Done_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Done_Queue (Total : out Integer);
      procedure Close_2;
   private
      entry Select_Wait
        (Order : Teller_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Teller_Alternative);
      function Queued (Alternative : Teller_Alternative) return Boolean;
      function Position_Of (Alternative : Teller_Alternative) return Natural;
      Armed_List : Teller_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Teller_Entry := Teller_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Tell_Armed : Boolean := False;
      Tell_N : Integer;
      Tell_Done : Boolean := False;
      Tell_Raised : Boolean := False;
      Tell_Failure : Ada.Exceptions.Exception_Occurrence;
      Done_Armed : Boolean := False;
      Done_Total : Integer;
      Done_Done : Boolean := False;
      Done_Raised : Boolean := False;
      Done_Failure : Ada.Exceptions.Exception_Occurrence;
   end Teller;
   task Teller_Agent is
      --  rdv2po: general scheme agent of Teller
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Teller_Agent;

   protected body Teller is

      entry Tell (N : Integer)
        when Closed
          or else (Chosen = Teller_No_Entry
                   and then Tell_Armed
                   and then Tell_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Teller_Agent.Wake_1
              (Position_Of ((Id => Teller_Tell, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Teller_Tell, Index => 0));
         Tell_Woken (N);
         requeue Tell_Queue;
      end Tell;

      entry Tell_Held (N : Integer)
        when Closed or else (Chosen = Teller_No_Entry and then Tell_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Teller_Tell, Index => 0));
         Tell_Woken (N);
         requeue Tell_Queue;
      end Tell_Held;

      entry Done (Total : out Integer)
        when Closed
          or else (Chosen = Teller_No_Entry
                   and then Done_Armed
                   and then Done_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Teller_Agent.Wake_2
              (Position_Of ((Id => Teller_Done, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Teller_Done, Index => 0));
         Done_Woken (Total);
         requeue Done_Queue;
      end Done;

      entry Done_Held (Total : out Integer)
        when Closed or else (Chosen = Teller_No_Entry and then Done_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Teller_Done, Index => 0));
         Done_Woken (Total);
         requeue Done_Queue;
      end Done_Held;

      entry Select_Arm
        (Order : Teller_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Teller_No_Entry then
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
        (Order : Teller_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Teller_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Tell_Armed := False;
         Done_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Teller_Alternative) is
      begin
         case Alternative.Id is
            when Teller_Tell =>
               Tell_Armed := True;
            when Teller_Done =>
               Done_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Teller_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Teller_Tell =>
               return Teller.Tell'Count + Tell_Held'Count > 0;
            when Teller_Done =>
               return Teller.Done'Count + Done_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Teller_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Tell_Take (N : out Integer) is
      begin
         N := Tell_N;
         Chosen := Teller_No_Entry;
      end Tell_Take;

      procedure Tell_Woken (N : in Integer) is
      begin
         Disarm;
         Chosen := Teller_Tell;
         Tell_N := N;
         Tell_Done := False;
      end Tell_Woken;

      procedure Tell_Accept_End is
      begin
         Tell_Done := True;
      end Tell_Accept_End;

      procedure Tell_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Tell_Failure, Occurrence);
         Tell_Raised := True;
         Tell_Done := True;
      end Tell_Failed;

      entry Tell_Queue (N : in Integer)
        when Tell_Done or else Closed is
      begin
         if not Tell_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Tell_Done := False;
         if Tell_Raised then
            Tell_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Tell_Failure);
         end if;
      end Tell_Queue;

      procedure Done_Take (Total : out Integer) is
      begin
         Total := Done_Total;
         Chosen := Teller_No_Entry;
      end Done_Take;

      procedure Done_Woken (Total : in Integer) is
      begin
         Disarm;
         Chosen := Teller_Done;
         Done_Total := Total;
         Done_Done := False;
      end Done_Woken;

      procedure Done_Accept_End (Total : in Integer) is
      begin
         Done_Total := Total;
         Done_Done := True;
      end Done_Accept_End;

      procedure Done_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Done_Failure, Occurrence);
         Done_Raised := True;
         Done_Done := True;
      end Done_Failed;

      entry Done_Queue (Total : out Integer)
        when Done_Done or else Closed is
      begin
         if not Done_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Done_Done := False;
         if Done_Raised then
            Done_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Done_Failure);
         end if;
         Total := Done_Total;
      end Done_Queue;

      procedure Close_2 is
      begin
         Closed := True;
      end Close_2;
   end Teller;

   task body Teller_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Teller_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Teller_Closer);
      overriding procedure Finalize (Object : in out Teller_Closer) is
      begin
         Teller.Close_2;
      end Finalize;
      Closer : Teller_Closer;
      Sum : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Teller_Alternative_List :=
              (1 => (Teller_Tell, 0),
               2 => (Teller_Done, 0));
            Choice : Natural;
         begin
            Teller.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Teller.Tell_Woken (Value_1);
                     requeue Teller.Tell_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Teller.Done_Woken (Value_1);
                     requeue Teller.Done_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Teller.Tell_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Teller.Done_Held with abort;
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
                     Teller.Tell_Take (N);
                     begin
                        Sum := Sum + N;
                     exception
                        when Occurrence : others =>
                           Teller.Tell_Failed (Occurrence);
                           raise;
                     end;
                     Teller.Tell_Accept_End;
                  end;
                  Note ("told" & Integer'Image (Sum));
               when 2 =>
                  declare
                     Total : Integer;
                  begin
                     Teller.Done_Take (Total);
                     begin
                        Total := Sum;
                     exception
                        when Occurrence : others =>
                           Teller.Done_Failed (Occurrence);
                           raise;
                     end;
                     Teller.Done_Accept_End (Total);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Teller_Agent;

   type Logger_Entry is (Logger_No_Entry, Logger_Put);
   type Logger_Alternative is record
      Id : Logger_Entry := Logger_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Logger_Alternative_List is array (Positive range <>) of Logger_Alternative;
   --  rdv2po: task Logger became this protected object; its code runs in the
   --  task Logger_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Logger is
      entry Put (N : Integer);
      --  rdv2po: the rendezvous protocol, for Logger_Agent
      entry Select_Arm
        (Order : Logger_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (N : Integer);
      procedure Put_Woken (N : in Integer);
      procedure Put_Take (N : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (N : in Integer);
      procedure Close_2;
   private
      entry Select_Wait
        (Order : Logger_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Logger_Alternative);
      function Queued (Alternative : Logger_Alternative) return Boolean;
      function Position_Of (Alternative : Logger_Alternative) return Natural;
      Armed_List : Logger_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Logger_Entry := Logger_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_N : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
   end Logger;
   task Logger_Agent is
      --  rdv2po: general scheme agent of Logger
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
   end Logger_Agent;

   protected body Logger is

      entry Put (N : Integer)
        when Closed
          or else (Chosen = Logger_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Logger_Agent.Wake_1
              (Position_Of ((Id => Logger_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Logger_Put, Index => 0));
         Put_Woken (N);
         requeue Put_Queue;
      end Put;

      entry Put_Held (N : Integer)
        when Closed or else (Chosen = Logger_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Logger_Put, Index => 0));
         Put_Woken (N);
         requeue Put_Queue;
      end Put_Held;

      entry Select_Arm
        (Order : Logger_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Logger_No_Entry then
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
        (Order : Logger_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Logger_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Logger_Alternative) is
      begin
         case Alternative.Id is
            when Logger_Put =>
               Put_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Logger_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Logger_Put =>
               return Logger.Put'Count + Put_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Logger_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (N : out Integer) is
      begin
         N := Put_N;
         Chosen := Logger_No_Entry;
      end Put_Take;

      procedure Put_Woken (N : in Integer) is
      begin
         Disarm;
         Chosen := Logger_Put;
         Put_N := N;
         Put_Done := False;
      end Put_Woken;

      procedure Put_Accept_End is
      begin
         Put_Done := True;
      end Put_Accept_End;

      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Put_Failure, Occurrence);
         Put_Raised := True;
         Put_Done := True;
      end Put_Failed;

      entry Put_Queue (N : in Integer)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
      end Put_Queue;

      procedure Close_2 is
      begin
         Closed := True;
      end Close_2;
   end Logger;

   task body Logger_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Logger_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Logger_Closer);
      overriding procedure Finalize (Object : in out Logger_Closer) is
      begin
         Logger.Close_2;
      end Finalize;
      Closer : Logger_Closer;
   begin
      loop
         declare
            Alternatives : constant Logger_Alternative_List :=
              (1 => (Logger_Put, 0));
            Choice : Natural;
         begin
            Logger.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Logger.Put_Woken (Value_1);
                     requeue Logger.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Logger.Put_Held with abort;
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
                     Logger.Put_Take (N);
                     begin
                        Log ("logged" & Integer'Image (N));
                     exception
                        when Occurrence : others =>
                           Logger.Put_Failed (Occurrence);
                           raise;
                     end;
                     Logger.Put_Accept_End;
                  end;
                  Log ("after");
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Logger_Agent;

   Total : Integer;
begin
   Teller.Tell (3);
   Teller.Tell (4);
   Teller.Done (Total);
   Logger.Put (1);
   Put_Line ("total" & Integer'Image (Total));
   Put_Line ("PASSED");
end Main;
