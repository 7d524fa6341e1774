--  A polling server: its selective accept has an else part, taken whenever
--  no call is queued.  In the else part the server does a unit of
--  background work (it advances a counter that nobody prints, because how
--  often it runs depends on timing).  Only the main procedure prints.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO;

procedure Main is

   type Poller_Entry is
     (Poller_No_Entry,
      Poller_Put,
      Poller_Get_Sum,
      Poller_Stop);
   type Poller_Alternative is record
      Id : Poller_Entry := Poller_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Poller_Alternative_List is array (Positive range <>) of Poller_Alternative;
   --  rdv2po: task Poller became this protected object; its code runs in the
   --  task Poller_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Poller is
      entry Put (Item : Integer);
      entry Get_Sum (Sum : out Integer; Count : out Natural);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Poller_Agent
      entry Select_Arm
        (Order : Poller_Alternative_List;
         Chosen_Position : out Natural);
      procedure Put_Take (Item : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (Item : in Integer);
      procedure Get_Sum_Take (Sum : out Integer; Count : out Natural);
      procedure Get_Sum_Accept_End (Sum : in Integer; Count : in Natural);
      procedure Get_Sum_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Sum_Queue (Sum : out Integer; Count : out Natural);
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Poller_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Poller_Alternative);
      function Queued (Alternative : Poller_Alternative) return Boolean;
      function Position_Of (Alternative : Poller_Alternative) return Natural;
      Armed_List : Poller_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Poller_Entry := Poller_No_Entry;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_Item : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Sum_Armed : Boolean := False;
      Get_Sum_Sum : Integer;
      Get_Sum_Count_2 : Natural;
      Get_Sum_Done : Boolean := False;
      Get_Sum_Raised : Boolean := False;
      Get_Sum_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Poller;
   task Poller_Agent is
      --  rdv2po: general scheme agent of Poller
   end Poller_Agent;

   protected body Poller is

      entry Put (Item : Integer)
        when Closed or else (Chosen = Poller_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Poller_Put, Index => 0));
         Disarm;
         Chosen := Poller_Put;
         Put_Item := Item;
         Put_Done := False;
         requeue Put_Queue;
      end Put;

      entry Get_Sum (Sum : out Integer; Count : out Natural)
        when Closed or else (Chosen = Poller_No_Entry and then Get_Sum_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Poller_Get_Sum, Index => 0));
         Disarm;
         Chosen := Poller_Get_Sum;
         Get_Sum_Sum := Sum;
         Get_Sum_Count_2 := Count;
         Get_Sum_Done := False;
         requeue Get_Sum_Queue;
      end Get_Sum;

      entry Stop
        when Closed or else (Chosen = Poller_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Poller_Stop, Index => 0));
         Disarm;
         Chosen := Poller_Stop;
      end Stop;

      entry Select_Arm
        (Order : Poller_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Poller_No_Entry then
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
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Poller_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Poller_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Get_Sum_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Poller_Alternative) is
      begin
         case Alternative.Id is
            when Poller_Put =>
               Put_Armed := True;
            when Poller_Get_Sum =>
               Get_Sum_Armed := True;
            when Poller_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Poller_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Poller_Put =>
               return Poller.Put'Count > 0;
            when Poller_Get_Sum =>
               return Poller.Get_Sum'Count > 0;
            when Poller_Stop =>
               return Poller.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Poller_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (Item : out Integer) is
      begin
         Item := Put_Item;
         Chosen := Poller_No_Entry;
      end Put_Take;

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

      entry Put_Queue (Item : in Integer)
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

      procedure Get_Sum_Take (Sum : out Integer; Count : out Natural) is
      begin
         Sum := Get_Sum_Sum;
         Count := Get_Sum_Count_2;
         Chosen := Poller_No_Entry;
      end Get_Sum_Take;

      procedure Get_Sum_Accept_End (Sum : in Integer; Count : in Natural) is
      begin
         Get_Sum_Sum := Sum;
         Get_Sum_Count_2 := Count;
         Get_Sum_Done := True;
      end Get_Sum_Accept_End;

      procedure Get_Sum_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Sum_Failure, Occurrence);
         Get_Sum_Raised := True;
         Get_Sum_Done := True;
      end Get_Sum_Failed;

      entry Get_Sum_Queue (Sum : out Integer; Count : out Natural)
        when Get_Sum_Done or else Closed is
      begin
         if not Get_Sum_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Get_Sum_Done := False;
         if Get_Sum_Raised then
            Get_Sum_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Get_Sum_Failure);
         end if;
         Sum := Get_Sum_Sum;
         Count := Get_Sum_Count_2;
      end Get_Sum_Queue;

      procedure Stop_Take is
      begin
         Chosen := Poller_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Poller;

   task body Poller_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Poller_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Poller_Closer);
      overriding procedure Finalize (Object : in out Poller_Closer) is
      begin
         Poller.Close;
      end Finalize;
      Closer : Poller_Closer;
      Sum   : Integer := 0;
      Count : Natural := 0;
      Idle  : Natural := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Poller.Select_Arm
              (Order => (1 => (Poller_Put, 0),
                         2 => (Poller_Get_Sum, 0),
                         3 => (Poller_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     Item : Integer;
                  begin
                     Poller.Put_Take (Item);
                     begin
                        Sum := Sum + Item;
                     exception
                        when Occurrence : others =>
                           Poller.Put_Failed (Occurrence);
                           raise;
                     end;
                     Poller.Put_Accept_End;
                  end;
                  Count := Count + 1;
               when 2 =>
                  Get_Sum_Parameters : declare
                     Sum : Integer;
                     Count : Natural;
                  begin
                     Poller.Get_Sum_Take (Sum, Count);
                     begin
                        Get_Sum_Parameters.Sum := Poller_Agent.Sum;
                        Get_Sum_Parameters.Count := Poller_Agent.Count;
                     exception
                        when Occurrence : others =>
                           Poller.Get_Sum_Failed (Occurrence);
                           raise;
                     end;
                     Poller.Get_Sum_Accept_End (Sum, Count);
                  end Get_Sum_Parameters;
               when 3 =>
                  Poller.Stop_Take;
                  exit;
               when others =>
                  Idle := (Idle + 1) mod 1_000;
            end case;
         end;
      end loop;
   end Poller_Agent;

   Sum   : Integer;
   Count : Natural;

begin
   for I in 1 .. 10 loop
      Poller.Put (I * I);
   end loop;
   Poller.Put (-85);
   Poller.Get_Sum (Sum, Count);
   Poller.Stop;
   Ada.Text_IO.Put_Line ("Items:" & Natural'Image (Count));
   Ada.Text_IO.Put_Line ("Sum:" & Integer'Image (Sum));
   if Count = 11 and then Sum = 300 then
      Ada.Text_IO.Put_Line ("PASSED");
   else
      Ada.Text_IO.Put_Line ("FAILED");
   end if;
end Main;
