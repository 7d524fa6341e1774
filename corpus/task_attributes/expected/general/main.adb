--  Task attributes and abort.  The main procedure queries Srv'Callable and
--  Srv'Terminated around a Stop call.  Stuck is a worker blocked in
--  "accept Wake"; it would only be woken if the total were large, which it
--  never is, so the main procedure aborts it instead.  Waiting for
--  termination polls 'Terminated with a short delay, bounded so it can
--  never hang; the printed values do not depend on timing.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO;

procedure Main is

   type Srv_Entry is (Srv_No_Entry, Srv_Add, Srv_Get, Srv_Stop);
   type Srv_Alternative is record
      Id : Srv_Entry := Srv_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Srv_Alternative_List is array (Positive range <>) of Srv_Alternative;
   --  rdv2po: task Srv became this protected object; its code runs in the task
   --  Srv_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Srv is
      entry Add (X : Integer);
      entry Get (Total : out Integer);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Srv_Agent
      entry Select_Arm
        (Order : Srv_Alternative_List;
         Chosen_Position : out Natural);
      procedure Add_Take (X : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (X : in Integer);
      procedure Get_Take (Total : out Integer);
      procedure Get_Accept_End (Total : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (Total : out Integer);
      procedure Stop_Take;
      function Agent_Callable return Boolean;
      procedure Close;
   private
      entry Select_Wait
        (Order : Srv_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Srv_Alternative);
      function Queued (Alternative : Srv_Alternative) return Boolean;
      function Position_Of (Alternative : Srv_Alternative) return Natural;
      Armed_List : Srv_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Srv_Entry := Srv_No_Entry;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_X : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_Total : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Srv;
   task Srv_Agent is
      --  rdv2po: general scheme agent of Srv
   end Srv_Agent;

   type Stuck_Entry is (Stuck_No_Entry, Stuck_Wake);
   --  rdv2po: task Stuck became this protected object; its code runs in the
   --  task Stuck_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Stuck is
      entry Wake;
      --  rdv2po: the rendezvous protocol, for Stuck_Agent
      entry Wake_Accept_Begin;
      function Agent_Callable return Boolean;
      procedure Close;
   private
      Chosen : Stuck_Entry := Stuck_No_Entry;
      Closed : Boolean := False;
   end Stuck;
   task Stuck_Agent is
      --  rdv2po: general scheme agent of Stuck
   end Stuck_Agent;

   protected body Srv is

      entry Add (X : Integer)
        when Closed or else (Chosen = Srv_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Srv_Add, Index => 0));
         Disarm;
         Chosen := Srv_Add;
         Add_X := X;
         Add_Done := False;
         requeue Add_Queue;
      end Add;

      entry Get (Total : out Integer)
        when Closed or else (Chosen = Srv_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Srv_Get, Index => 0));
         Disarm;
         Chosen := Srv_Get;
         Get_Total := Total;
         Get_Done := False;
         requeue Get_Queue;
      end Get;

      entry Stop
        when Closed or else (Chosen = Srv_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Srv_Stop, Index => 0));
         Disarm;
         Chosen := Srv_Stop;
      end Stop;

      entry Select_Arm
        (Order : Srv_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Srv_No_Entry then
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
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Srv_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Srv_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Get_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Srv_Alternative) is
      begin
         case Alternative.Id is
            when Srv_Add =>
               Add_Armed := True;
            when Srv_Get =>
               Get_Armed := True;
            when Srv_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Srv_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Srv_Add =>
               return Srv.Add'Count > 0;
            when Srv_Get =>
               return Srv.Get'Count > 0;
            when Srv_Stop =>
               return Srv.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Srv_Alternative) return Natural is
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
         Chosen := Srv_No_Entry;
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

      procedure Get_Take (Total : out Integer) is
      begin
         Total := Get_Total;
         Chosen := Srv_No_Entry;
      end Get_Take;

      procedure Get_Accept_End (Total : in Integer) is
      begin
         Get_Total := Total;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (Total : out Integer)
        when Get_Done or else Closed is
      begin
         if not Get_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Get_Done := False;
         if Get_Raised then
            Get_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Get_Failure);
         end if;
         Total := Get_Total;
      end Get_Queue;

      procedure Stop_Take is
      begin
         Chosen := Srv_No_Entry;
      end Stop_Take;

      function Agent_Callable return Boolean is
      begin
         return not Closed and then Srv_Agent'Callable;
      end Agent_Callable;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Srv;

   task body Srv_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Srv_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Srv_Closer);
      overriding procedure Finalize (Object : in out Srv_Closer) is
      begin
         Srv.Close;
      end Finalize;
      Closer : Srv_Closer;
      Sum : Integer := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Srv.Select_Arm
              (Order => (1 => (Srv_Add, 0),
                         2 => (Srv_Get, 0),
                         3 => (Srv_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                  begin
                     Srv.Add_Take (X);
                     begin
                        Sum := Sum + X;
                     exception
                        when Occurrence : others =>
                           Srv.Add_Failed (Occurrence);
                           raise;
                     end;
                     Srv.Add_Accept_End;
                  end;
               when 2 =>
                  declare
                     Total : Integer;
                  begin
                     Srv.Get_Take (Total);
                     begin
                        Total := Sum;
                     exception
                        when Occurrence : others =>
                           Srv.Get_Failed (Occurrence);
                           raise;
                     end;
                     Srv.Get_Accept_End (Total);
                  end;
               when 3 =>
                  Srv.Stop_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Srv_Agent;

   protected body Stuck is

      entry Wake
        when Closed
          or else (Chosen = Stuck_No_Entry
                   and then Wake_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Stuck_Wake;
      end Wake;

      entry Wake_Accept_Begin
        when Chosen = Stuck_Wake is
      begin
         Chosen := Stuck_No_Entry;
      end Wake_Accept_Begin;

      function Agent_Callable return Boolean is
      begin
         return not Closed and then Stuck_Agent'Callable;
      end Agent_Callable;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Stuck;

   task body Stuck_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Stuck_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Stuck_Closer);
      overriding procedure Finalize (Object : in out Stuck_Closer) is
      begin
         Stuck.Close;
      end Finalize;
      Closer : Stuck_Closer;
   begin
      Stuck.Wake_Accept_Begin;
   end Stuck_Agent;

   procedure Show (Name : String; Callable, Terminated : Boolean) is
   begin
      Ada.Text_IO.Put_Line
        (Name & ": Callable=" & Boolean'Image (Callable)
         & " Terminated=" & Boolean'Image (Terminated));
   end Show;

   Total  : Integer;
   Waited : Natural;

begin
   Show ("Srv before Stop", Srv.Agent_Callable, Srv_Agent'Terminated);
   for I in 1 .. 6 loop
      Srv.Add (I);
   end loop;
   Srv.Get (Total);
   Ada.Text_IO.Put_Line ("Total:" & Integer'Image (Total));
   Srv.Stop;

   Waited := 0;
   while not Srv_Agent'Terminated and then Waited < 500 loop
      delay 0.001;
      Waited := Waited + 1;
   end loop;
   Show ("Srv after Stop", Srv.Agent_Callable, Srv_Agent'Terminated);

   Show ("Stuck before abort", Stuck.Agent_Callable, Stuck_Agent'Terminated);
   if Total > 100 then
      Stuck.Wake;
   else
      abort Stuck_Agent;
      Stuck.Close;  --  rdv2po: abnormal now
   end if;
   Waited := 0;
   while not Stuck_Agent'Terminated and then Waited < 500 loop
      delay 0.001;
      Waited := Waited + 1;
   end loop;
   Show ("Stuck after abort", Stuck.Agent_Callable, Stuck_Agent'Terminated);

   if Total = 21
     and then Srv_Agent'Terminated and then not Srv.Agent_Callable
     and then Stuck_Agent'Terminated and then not Stuck.Agent_Callable
   then
      Ada.Text_IO.Put_Line ("PASSED");
   else
      Ada.Text_IO.Put_Line ("FAILED");
   end if;
end Main;
