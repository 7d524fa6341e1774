with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Gate is
      entry Pass (V : in out Integer);
   private
      Open : Boolean := True;
   end Gate;
   protected body Gate is
      entry Pass (V : in out Integer) when Open is
      begin
         V := V + 1;
      end Pass;
   end Gate;
   type Fn is access function (A, B : Integer) return Integer;
   function Slow (A, B : Integer) return Integer is
      V : Integer := A;
   begin
      Gate.Pass (V);
      return V + B;
   end Slow;
   F : constant Fn := Slow'Access;
   type Server_Entry is (Server_No_Entry, Server_Put, Server_Get);
   type Server_Alternative is record
      Id : Server_Entry := Server_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Server_Alternative_List is array (Positive range <>) of Server_Alternative;
   --  rdv2po: task Server became this protected object; its code runs in the
   --  task Server_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Server is
      entry Put (V : Integer);
      entry Get (V : out Integer);
      --  rdv2po: the rendezvous protocol, for Server_Agent
      entry Select_Arm
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (V : Integer);
      procedure Put_Woken (V : in Integer);
      procedure Put_Take (V : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (V : in Integer);
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
      Armed_List : Server_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Server_Entry := Server_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_V : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_V : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Server;
   task Server_Agent is
      --  rdv2po: general scheme agent of Server
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Server_Agent;
   protected body Server is

      entry Put (V : Integer)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_1
              (Position_Of ((Id => Server_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put;

      entry Put_Held (V : Integer)
        when Closed or else (Chosen = Server_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put_Held;

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
            requeue Server_Agent.Wake_2
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
         Put_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Server_Alternative) is
      begin
         case Alternative.Id is
            when Server_Put =>
               Put_Armed := True;
            when Server_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Server_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Server_Put =>
               return Server.Put'Count + Put_Held'Count > 0;
            when Server_Get =>
               return Server.Get'Count + Get_Held'Count > 0;
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

      procedure Put_Take (V : out Integer) is
      begin
         V := Put_V;
         Chosen := Server_No_Entry;
      end Put_Take;

      procedure Put_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Server_Put;
         Put_V := V;
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

      entry Put_Queue (V : in Integer)
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
      T : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Server_Alternative_List :=
              (1 => (Server_Put, 0),
               2 => (Server_Get, 0));
            Choice : Natural;
         begin
            Server.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Server.Put_Woken (Value_1);
                     requeue Server.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Server.Get_Woken (Value_1);
                     requeue Server.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Server.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Server.Get_Held with abort;
                     end Wake_2;
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
                     Server.Put_Take (V);
                     begin
                        T := F (T, V);
                     exception
                        when Occurrence : others =>
                           Server.Put_Failed (Occurrence);
                           raise;
                     end;
                     Server.Put_Accept_End;
                  end;
               when 2 =>
                  declare
                     V : Integer;
                  begin
                     Server.Get_Take (V);
                     begin
                        V := T;
                     exception
                        when Occurrence : others =>
                           Server.Get_Failed (Occurrence);
                           raise;
                     end;
                     Server.Get_Accept_End (V);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Server_Agent;
   X : Integer;
begin
   Server.Put (3); Server.Put (4); Server.Get (X);
   Put_Line (X'Img);
   Put_Line ("PASSED");
end Main;
