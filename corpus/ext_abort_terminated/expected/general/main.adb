with Ada.Task_Identification;
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Srv;
   type Srv_Entry is (Srv_No_Entry, Srv_E, Srv_Stop);
   type Srv_Alternative is record
      Id : Srv_Entry := Srv_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Srv_Alternative_List is array (Positive range <>) of Srv_Alternative;
   task type Srv_Agent (Self : not null access Srv) is
      --  rdv2po: general scheme agent of Srv
   end Srv_Agent;
   --  rdv2po: task type Srv became this protected type; its code runs in
   --  Srv_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Srv is
      entry E (X : in out Integer);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Srv_Agent
      entry Select_Arm
        (Order : Srv_Alternative_List;
         Chosen_Position : out Natural);
      procedure E_Take (X : out Integer);
      procedure E_Accept_End (X : in Integer);
      procedure E_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry E_Queue (X : in out Integer);
      procedure Stop_Take;
      function Agent_Callable return Boolean;
      function Agent_Terminated return Boolean;
      function Agent_Identity return Ada.Task_Identification.Task_Id;
      procedure Close;
   private
      entry Select_Wait
        (Order : Srv_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Srv_Alternative);
      function Queued (Alternative : Srv_Alternative) return Boolean;
      function Position_Of (Alternative : Srv_Alternative) return Natural;
      Armed_List : Srv_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Srv_Entry := Srv_No_Entry;
      Closed : Boolean := False;
      E_Armed : Boolean := False;
      E_X : Integer;
      E_Done : Boolean := False;
      E_Raised : Boolean := False;
      E_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Agent : Srv_Agent (Self => Srv'Unchecked_Access);
   end Srv;
   protected body Srv is

      entry E (X : in out Integer)
        when Closed or else (Chosen = Srv_No_Entry and then E_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Srv_E, Index => 0));
         Disarm;
         Chosen := Srv_E;
         E_X := X;
         E_Done := False;
         requeue E_Queue;
      end E;

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
         E_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Srv_Alternative) is
      begin
         case Alternative.Id is
            when Srv_E =>
               E_Armed := True;
            when Srv_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Srv_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Srv_E =>
               return Srv.E'Count > 0;
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

      procedure E_Take (X : out Integer) is
      begin
         X := E_X;
         Chosen := Srv_No_Entry;
      end E_Take;

      procedure E_Accept_End (X : in Integer) is
      begin
         E_X := X;
         E_Done := True;
      end E_Accept_End;

      procedure E_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (E_Failure, Occurrence);
         E_Raised := True;
         E_Done := True;
      end E_Failed;

      entry E_Queue (X : in out Integer)
        when E_Done or else Closed is
      begin
         if not E_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         E_Done := False;
         if E_Raised then
            E_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (E_Failure);
         end if;
         X := E_X;
      end E_Queue;

      procedure Stop_Take is
      begin
         Chosen := Srv_No_Entry;
      end Stop_Take;

      function Agent_Callable return Boolean is
      begin
         return not Closed and then Agent'Callable;
      end Agent_Callable;

      function Agent_Terminated return Boolean is
      begin
         return Agent'Terminated;
      end Agent_Terminated;

      function Agent_Identity return Ada.Task_Identification.Task_Id is
      begin
         return Agent'Identity;
      end Agent_Identity;

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
         Self.Close;
      end Finalize;
      Closer : Srv_Closer;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => (1 => (Srv_E, 0),
                         2 => (Srv_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                  begin
                     Self.E_Take (X);
                     begin
                        X := X + 1;
                     exception
                        when Occurrence : others =>
                           Self.E_Failed (Occurrence);
                           raise;
                     end;
                     Self.E_Accept_End (X);
                  end;
               when 2 =>
                  Self.Stop_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Srv_Agent;
   A, B : Srv;
   X : Integer := 0;
begin
   A.E (X);
   Put_Line ("x" & Integer'Image (X) & " callable " & Boolean'Image (A.Agent_Callable));
   Ada.Task_Identification.Abort_Task (A.Agent_Identity);
   A.Close;
   delay 0.05;
   Put_Line ("after abort callable " & Boolean'Image (A.Agent_Callable) & " term " & Boolean'Image (A.Agent_Terminated));
   begin
      A.E (X);
      Put_Line ("called aborted?");
   exception
      when Tasking_Error => Put_Line ("TE");
   end;
   B.E (X);
   B.Stop;
   delay 0.05;
   Put_Line ("B term " & Boolean'Image (B.Agent_Terminated) & Integer'Image (X));
   Put_Line ("PASSED");
end Main;
