--  An accept body raises an exception and the server has no handler: the
--  exception propagates to the caller AND out of the server's task body,
--  which ends the server.  A later call then raises Tasking_Error.

with Ada.Finalization;
with Ada.Exceptions; use Ada.Exceptions;
with Ada.Text_IO;    use Ada.Text_IO;

procedure Main is

   Bad_Value : exception;

   Feeds : constant := 50;

   type Server_Entry is (Server_No_Entry, Server_Put, Server_Total);
   type Server_Alternative is record
      Id : Server_Entry := Server_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Server_Alternative_List is array (Positive range <>) of Server_Alternative;
   --  rdv2po: task Server became this protected object; its code runs in the
   --  task Server_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Server is
      entry Put (X : in Integer);
      --  Bad_Value if X < 0
      entry Total (Sum : out Integer; Count : out Natural);
      --  rdv2po: the rendezvous protocol, for Server_Agent
      entry Select_Arm
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (X : in Integer);
      procedure Put_Woken (X : in Integer);
      procedure Put_Take (X : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (X : in Integer);
      entry Total_Held (Sum : out Integer; Count : out Natural);
      procedure Total_Woken (Sum : in Integer; Count : in Natural);
      procedure Total_Take (Sum : out Integer; Count : out Natural);
      procedure Total_Accept_End (Sum : in Integer; Count : in Natural);
      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Total_Queue (Sum : out Integer; Count : out Natural);
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
      Put_X : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Total_Armed : Boolean := False;
      Total_Sum : Integer;
      Total_Count_2 : Natural;
      Total_Done : Boolean := False;
      Total_Raised : Boolean := False;
      Total_Failure : Ada.Exceptions.Exception_Occurrence;
   end Server;
   task Server_Agent is
      --  rdv2po: general scheme agent of Server
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2)
        (Value_1 : out Integer; Value_2 : out Natural);
   end Server_Agent;

   protected body Server is

      entry Put (X : in Integer)
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
         Put_Woken (X);
         requeue Put_Queue;
      end Put;

      entry Put_Held (X : in Integer)
        when Closed or else (Chosen = Server_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Put, Index => 0));
         Put_Woken (X);
         requeue Put_Queue;
      end Put_Held;

      entry Total (Sum : out Integer; Count : out Natural)
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
         Total_Woken (Sum, Count);
         requeue Total_Queue;
      end Total;

      entry Total_Held (Sum : out Integer; Count : out Natural)
        when Closed or else (Chosen = Server_No_Entry and then Total_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Total, Index => 0));
         Total_Woken (Sum, Count);
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
         Put_Armed := False;
         Total_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Server_Alternative) is
      begin
         case Alternative.Id is
            when Server_Put =>
               Put_Armed := True;
            when Server_Total =>
               Total_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Server_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Server_Put =>
               return Server.Put'Count + Put_Held'Count > 0;
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

      procedure Put_Take (X : out Integer) is
      begin
         X := Put_X;
         Chosen := Server_No_Entry;
      end Put_Take;

      procedure Put_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Server_Put;
         Put_X := X;
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

      entry Put_Queue (X : in Integer)
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

      procedure Total_Take (Sum : out Integer; Count : out Natural) is
      begin
         Sum := Total_Sum;
         Count := Total_Count_2;
         Chosen := Server_No_Entry;
      end Total_Take;

      procedure Total_Woken (Sum : in Integer; Count : in Natural) is
      begin
         Disarm;
         Chosen := Server_Total;
         Total_Sum := Sum;
         Total_Count_2 := Count;
         Total_Done := False;
      end Total_Woken;

      procedure Total_Accept_End (Sum : in Integer; Count : in Natural) is
      begin
         Total_Sum := Sum;
         Total_Count_2 := Count;
         Total_Done := True;
      end Total_Accept_End;

      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Total_Failure, Occurrence);
         Total_Raised := True;
         Total_Done := True;
      end Total_Failed;

      entry Total_Queue (Sum : out Integer; Count : out Natural)
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
         Sum := Total_Sum;
         Count := Total_Count_2;
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
      S : Integer := 0;
      N : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Server_Alternative_List :=
              (1 => (Server_Put, 0),
               2 => (Server_Total, 0));
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
                  accept Wake_2 (2)
                    (Value_1 : out Integer; Value_2 : out Natural) do
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
                        requeue Server.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : out Integer; Value_2 : out Natural) do
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
                     X : Integer;
                  begin
                     Server.Put_Take (X);
                     begin
                        if X < 0 then
                           raise Bad_Value;   --  no handler anywhere in Server
                        end if;
                        S := S + X;
                     exception
                        when Occurrence : others =>
                           Server.Put_Failed (Occurrence);
                           raise;
                     end;
                     Server.Put_Accept_End;
                  end;
                  N := N + 1;
               when 2 =>
                  declare
                     Sum : Integer;
                     Count : Natural;
                  begin
                     Server.Total_Take (Sum, Count);
                     begin
                        Sum := S;
                        Count := N;
                     exception
                        when Occurrence : others =>
                           Server.Total_Failed (Occurrence);
                           raise;
                     end;
                     Server.Total_Accept_End (Sum, Count);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Server_Agent;

   procedure Run_Feeder is
      task Feeder;

      task body Feeder is
      begin
         for I in 1 .. Feeds loop
            Server.Put (I);
         end loop;
      end Feeder;
   begin
      null;  --  returns when Feeder has terminated
   end Run_Feeder;

   Sum     : Integer;
   Count   : Natural;
   Events  : Natural := 0;

begin
   Run_Feeder;
   Server.Total (Sum, Count);
   Put_Line ("Count:" & Natural'Image (Count));
   Put_Line ("Sum  :" & Integer'Image (Sum));

   --  1. The bad call: the exception reaches Main (and ends Server)
   begin
      Server.Put (-1);
      Put_Line ("bad call accepted");
   exception
      when E : Bad_Value =>
         Put_Line ("Caller got " & Exception_Name (E));
         Events := Events + 1;
   end;

   --  2. Server is completed (or completes with this call queued)
   begin
      Server.Total (Sum, Count);
      Put_Line ("late Total accepted");
   exception
      when Tasking_Error =>
         Put_Line ("Total: Tasking_Error raised");
         Events := Events + 1;
   end;

   --  3. and stays so
   begin
      Server.Put (1);
      Put_Line ("late Put accepted");
   exception
      when Tasking_Error =>
         Put_Line ("Put: Tasking_Error raised");
         Events := Events + 1;
   end;

   if Count = Feeds and then Sum = Feeds * (Feeds + 1) / 2
     and then Events = 3
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
