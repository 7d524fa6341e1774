with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Containers.Vectors;
procedure Main is
   package IV is new Ada.Containers.Vectors (Positive, Integer);
   type Count is range 0 .. 100;
   type Server_Entry is (Server_No_Entry, Server_Push, Server_Total);
   type Server_Alternative is record
      Id : Server_Entry := Server_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Server_Alternative_List is array (Positive range <>) of Server_Alternative;
   --  rdv2po: task Server became this protected object; its code runs in the
   --  task Server_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Server is
      entry Push (V : Integer);
      entry Total (S : out Integer; C : out Main.Count);
      --  rdv2po: the rendezvous protocol, for Server_Agent
      entry Select_Arm
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural);
      entry Push_Held (V : Integer);
      procedure Push_Woken (V : in Integer);
      procedure Push_Take (V : out Integer);
      procedure Push_Accept_End;
      procedure Push_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Push_Queue (V : in Integer);
      entry Total_Held (S : out Integer; C : out Main.Count);
      procedure Total_Woken (S : in Integer; C : in Main.Count);
      procedure Total_Take (S : out Integer; C : out Main.Count);
      procedure Total_Accept_End (S : in Integer; C : in Main.Count);
      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Total_Queue (S : out Integer; C : out Main.Count);
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
      Push_Armed : Boolean := False;
      Push_V : Integer;
      Push_Done : Boolean := False;
      Push_Raised : Boolean := False;
      Push_Failure : Ada.Exceptions.Exception_Occurrence;
      Total_Armed : Boolean := False;
      Total_S : Integer;
      Total_C : Main.Count;
      Total_Done : Boolean := False;
      Total_Raised : Boolean := False;
      Total_Failure : Ada.Exceptions.Exception_Occurrence;
   end Server;
   task Server_Agent is
      --  rdv2po: general scheme agent of Server
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2)
        (Value_1 : out Integer; Value_2 : out Main.Count);
   end Server_Agent;
   protected body Server is

      entry Push (V : Integer)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Push_Armed
                   and then Push_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_1
              (Position_Of ((Id => Server_Push, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_Push, Index => 0));
         Push_Woken (V);
         requeue Push_Queue;
      end Push;

      entry Push_Held (V : Integer)
        when Closed or else (Chosen = Server_No_Entry and then Push_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Push, Index => 0));
         Push_Woken (V);
         requeue Push_Queue;
      end Push_Held;

      entry Total (S : out Integer; C : out Main.Count)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Total_Armed
                   and then Total_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_2
              (Position_Of ((Id => Server_Total, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_Total, Index => 0));
         Total_Woken (S, C);
         requeue Total_Queue;
      end Total;

      entry Total_Held (S : out Integer; C : out Main.Count)
        when Closed or else (Chosen = Server_No_Entry and then Total_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Total, Index => 0));
         Total_Woken (S, C);
         requeue Total_Queue;
      end Total_Held;

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
         Push_Armed := False;
         Total_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Server_Alternative) is
      begin
         case Alternative.Id is
            when Server_Push =>
               Push_Armed := True;
            when Server_Total =>
               Total_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Server_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Server_Push =>
               return Server.Push'Count + Push_Held'Count > 0;
            when Server_Total =>
               return Server.Total'Count + Total_Held'Count > 0;
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

      procedure Push_Take (V : out Integer) is
      begin
         V := Push_V;
         Chosen := Server_No_Entry;
      end Push_Take;

      procedure Push_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Server_Push;
         Push_V := V;
         Push_Done := False;
      end Push_Woken;

      procedure Push_Accept_End is
      begin
         Push_Done := True;
      end Push_Accept_End;

      procedure Push_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Push_Failure, Occurrence);
         Push_Raised := True;
         Push_Done := True;
      end Push_Failed;

      entry Push_Queue (V : in Integer)
        when Push_Done or else Closed is
      begin
         if not Push_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Push_Done := False;
         if Push_Raised then
            Push_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Push_Failure);
         end if;
      end Push_Queue;

      procedure Total_Take (S : out Integer; C : out Main.Count) is
      begin
         S := Total_S;
         C := Total_C;
         Chosen := Server_No_Entry;
      end Total_Take;

      procedure Total_Woken (S : in Integer; C : in Main.Count) is
      begin
         Disarm;
         Chosen := Server_Total;
         Total_S := S;
         Total_C := C;
         Total_Done := False;
      end Total_Woken;

      procedure Total_Accept_End (S : in Integer; C : in Main.Count) is
      begin
         Total_S := S;
         Total_C := C;
         Total_Done := True;
      end Total_Accept_End;

      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Total_Failure, Occurrence);
         Total_Raised := True;
         Total_Done := True;
      end Total_Failed;

      entry Total_Queue (S : out Integer; C : out Main.Count)
        when Total_Done or else Closed is
      begin
         if not Total_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Total_Done := False;
         if Total_Raised then
            Total_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Total_Failure);
         end if;
         S := Total_S;
         C := Total_C;
      end Total_Queue;

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
      Vec : IV.Vector;
      Count : Main.Count := 0;
   begin
      loop
         declare
            Alternatives : constant Server_Alternative_List :=
              (1 => (Server_Push, 0),
               2 => (Server_Total, 0));
            Choice : Natural;
         begin
            Server.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Server.Push_Woken (Value_1);
                     requeue Server.Push_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    (Value_1 : out Integer; Value_2 : out Main.Count) do
                     Server.Total_Woken (Value_1, Value_2);
                     requeue Server.Total_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Server.Push_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : out Integer; Value_2 : out Main.Count) do
                        requeue Server.Total_Held with abort;
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
                     Server.Push_Take (V);
                     begin
                        Vec.Append (V);
                        Count := Count + 1;
                     exception
                        when Occurrence : others =>
                           Server.Push_Failed (Occurrence);
                           raise;
                     end;
                     Server.Push_Accept_End;
                  end;
               when 2 =>
                  declare
                     S : Integer;
                     C : Main.Count;
                  begin
                     Server.Total_Take (S, C);
                     begin
                        S := 0;
                        for E of Vec loop S := S + E; end loop;
                        C := Count;
                     exception
                        when Occurrence : others =>
                           Server.Total_Failed (Occurrence);
                           raise;
                     end;
                     Server.Total_Accept_End (S, C);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Server_Agent;
   S : Integer; C : Count;
begin
   Server.Push (2); Server.Push (40);
   Server.Total (S, C);
   Put_Line (S'Img & C'Img);
   Put_Line ("PASSED");
end Main;
