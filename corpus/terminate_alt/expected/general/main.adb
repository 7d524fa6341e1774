--  The simplest accepting server: a loop around a select with one accept
--  alternative and a terminate alternative.  Several callers call E many
--  times; the server ends through the terminate alternative.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Num_Callers : constant := 4;
   Calls_Each  : constant := 250;

   --  Written only inside the accept body of E; read by Main after every
   --  caller has terminated.
   Total : Natural := 0;
   Calls : Natural := 0;

   type Server_Entry is (Server_No_Entry, Server_E);
   type Server_Alternative is record
      Id : Server_Entry := Server_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Server_Alternative_List is array (Positive range <>) of Server_Alternative;
   --  rdv2po: task Server became this protected object; its code runs in the
   --  task Server_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Server is
      entry E (X : in Natural);
      --  rdv2po: the rendezvous protocol, for Server_Agent
      entry Select_Arm
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural);
      entry E_Held (X : in Natural);
      procedure E_Woken (X : in Natural);
      procedure E_Take (X : out Natural);
      procedure E_Accept_End;
      procedure E_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry E_Queue (X : in Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Server_Alternative);
      function Queued (Alternative : Server_Alternative) return Boolean;
      function Position_Of (Alternative : Server_Alternative) return Natural;
      Armed_List : Server_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Server_Entry := Server_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      E_Armed : Boolean := False;
      E_X : Natural;
      E_Done : Boolean := False;
      E_Raised : Boolean := False;
      E_Failure : Ada.Exceptions.Exception_Occurrence;
   end Server;
   task Server_Agent is
      --  rdv2po: general scheme agent of Server
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Natural);
   end Server_Agent;

   protected body Server is

      entry E (X : in Natural)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then E_Armed
                   and then E_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_1
              (Position_Of ((Id => Server_E, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_E, Index => 0));
         E_Woken (X);
         requeue E_Queue;
      end E;

      entry E_Held (X : in Natural)
        when Closed or else (Chosen = Server_No_Entry and then E_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_E, Index => 0));
         E_Woken (X);
         requeue E_Queue;
      end E_Held;

      entry Select_Arm
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Server_No_Entry then
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
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Server_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         E_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Server_Alternative) is
      begin
         case Alternative.Id is
            when Server_E =>
               E_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Server_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Server_E =>
               return Server.E'Count + E_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Server_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure E_Take (X : out Natural) is
      begin
         X := E_X;
         Chosen := Server_No_Entry;
      end E_Take;

      procedure E_Woken (X : in Natural) is
      begin
         Disarm;
         Chosen := Server_E;
         E_X := X;
         E_Done := False;
      end E_Woken;

      procedure E_Accept_End is
      begin
         E_Done := True;
      end E_Accept_End;

      procedure E_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (E_Failure, Occurrence);
         E_Raised := True;
         E_Done := True;
      end E_Failed;

      entry E_Queue (X : in Natural)
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
      end E_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Server;

   task body Server_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Server_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Server_Closer);
      overriding procedure Finalize (Object : in out Server_Closer) is
      begin
         Server.Close;
      end Finalize;
      Closer : Server_Closer;
   begin
      loop
         declare
            Alternatives : constant Server_Alternative_List :=
              (1 => (Server_E, 0));
            Choice : Natural;
         begin
            Server.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Natural) do
                     Server.E_Woken (Value_1);
                     requeue Server.E_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Natural) do
                        requeue Server.E_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     X : Natural;
                  begin
                     Server.E_Take (X);
                     begin
                        Total := Total + X;
                        Calls := Calls + 1;
                     exception
                        when Occurrence : others =>
                           Server.E_Failed (Occurrence);
                           raise;
                     end;
                     Server.E_Accept_End;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Server_Agent;

   task type Caller;

   task body Caller is
   begin
      for I in 1 .. Calls_Each loop
         Server.E (I);
      end loop;
   end Caller;

begin
   declare
      Callers : array (1 .. Num_Callers) of Caller;
      pragma Unreferenced (Callers);
   begin
      null;  --  wait for all callers
   end;

   Put_Line ("Calls:" & Natural'Image (Calls));
   Put_Line ("Total:" & Natural'Image (Total));
   if Calls = Num_Callers * Calls_Each
     and then Total = Num_Callers * (Calls_Each * (Calls_Each + 1) / 2)
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
   --  Main now waits for Server, which takes its terminate alternative.
end Main;
