with Ada.Exceptions;
with Ada.Finalization;
with Glob;
package body Srv is
   type Server_Entry is (Server_No_Entry, Server_Get);
   type Server_Alternative is record
      Id : Server_Entry := Server_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Server_Alternative_List is array (Positive range <>) of Server_Alternative;
   --  rdv2po: the rendezvous of task Server, for Server_Agent
   protected Server_Rendezvous is
      entry Get (V : out Integer);
      entry Select_Arm
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural);
      entry Get_Held (V : out Integer);
      procedure Get_Woken (V : in Integer);
      procedure Get_Take (V : out Integer);
      procedure Get_Accept_End (V : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (V : out Integer);
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
      Get_Armed : Boolean := False;
      Get_V : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Server_Rendezvous;
   task Server_Agent is
      --  rdv2po: general scheme agent of Server_Rendezvous
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : out Integer);
   end Server_Agent;

   protected body Server is
      --  rdv2po: each call goes on to Server_Rendezvous, as cancellable as it
      --  was
      entry Get (V : out Integer) when True is
      begin
         requeue Server_Rendezvous.Get with abort;
      end Get;
   end Server;

   protected body Server_Rendezvous is

      entry Get (V : out Integer)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_1
              (Position_Of ((Id => Server_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_Get, Index => 0));
         Get_Woken (V);
         requeue Get_Queue;
      end Get;

      entry Get_Held (V : out Integer)
        when Closed or else (Chosen = Server_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Get, Index => 0));
         Get_Woken (V);
         requeue Get_Queue;
      end Get_Held;

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
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Server_Alternative) is
      begin
         case Alternative.Id is
            when Server_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Server_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Server_Get =>
               return Server_Rendezvous.Get'Count + Get_Held'Count > 0;
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

      procedure Get_Take (V : out Integer) is
      begin
         V := Get_V;
         Chosen := Server_No_Entry;
      end Get_Take;

      procedure Get_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Server_Get;
         Get_V := V;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (V : in Integer) is
      begin
         Get_V := V;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (V : out Integer)
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
         V := Get_V;
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Server_Rendezvous;

   task body Server_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Server_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Server_Closer);
      overriding procedure Finalize (Object : in out Server_Closer) is
      begin
         Server_Rendezvous.Close;
      end Finalize;
      Closer : Server_Closer;
      X : Integer := Glob.P.all;
   begin
      loop
         declare
            Alternatives : constant Server_Alternative_List :=
              (1 => (Server_Get, 0));
            Choice : Natural;
         begin
            Server_Rendezvous.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : out Integer) do
                     Server_Rendezvous.Get_Woken (Value_1);
                     requeue Server_Rendezvous.Get_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : out Integer) do
                        requeue Server_Rendezvous.Get_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     V : Integer;
                  begin
                     Server_Rendezvous.Get_Take (V);
                     begin
                        V := X;
                     exception
                        when Occurrence : others =>
                           Server_Rendezvous.Get_Failed (Occurrence);
                           raise;
                     end;
                     Server_Rendezvous.Get_Accept_End (V);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Server_Agent;
end Srv;
