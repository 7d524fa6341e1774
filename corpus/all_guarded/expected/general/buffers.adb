with Ada.Exceptions;
with Ada.Finalization;
package body Buffers is

   type Buffer_Entry is (Buffer_No_Entry, Buffer_Put, Buffer_Get, Buffer_Stop);
   type Buffer_Alternative is record
      Id : Buffer_Entry := Buffer_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Buffer_Alternative_List is array (Positive range <>) of Buffer_Alternative;
   --  rdv2po: the rendezvous of task Buffer, for Buffer_Agent
   protected Buffer_Rendezvous is
      entry Put (Item : in Integer);
      entry Get (Item : out Integer);
      entry Stop (Moved : out Natural);
      --  accepted once empty; ends Buffer
      entry Select_Arm
        (Order : Buffer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Put_Take (Item : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (Item : in Integer);
      procedure Get_Take (Item : out Integer);
      procedure Get_Accept_End (Item : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (Item : out Integer);
      procedure Stop_Take (Moved : out Natural);
      procedure Stop_Accept_End (Moved : in Natural);
      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Stop_Queue (Moved : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Buffer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Buffer_Alternative);
      function Queued (Alternative : Buffer_Alternative) return Boolean;
      function Position_Of (Alternative : Buffer_Alternative) return Natural;
      Armed_List : Buffer_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Buffer_Entry := Buffer_No_Entry;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_Item : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_Item : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Stop_Moved : Natural;
      Stop_Done : Boolean := False;
      Stop_Raised : Boolean := False;
      Stop_Failure : Ada.Exceptions.Exception_Occurrence;
   end Buffer_Rendezvous;
   task Buffer_Agent is
      --  rdv2po: general scheme agent of Buffer_Rendezvous
   end Buffer_Agent;

   protected body Buffer is
      --  rdv2po: each call goes on to Buffer_Rendezvous, as cancellable as it
      --  was
      entry Put (Item : in Integer) when True is
      begin
         requeue Buffer_Rendezvous.Put with abort;
      end Put;

      entry Get (Item : out Integer) when True is
      begin
         requeue Buffer_Rendezvous.Get with abort;
      end Get;

      entry Stop (Moved : out Natural) when True is
      begin
         requeue Buffer_Rendezvous.Stop with abort;
      end Stop;
   end Buffer;

   protected body Buffer_Rendezvous is

      entry Put (Item : in Integer)
        when Closed or else (Chosen = Buffer_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Buffer_Put, Index => 0));
         Disarm;
         Chosen := Buffer_Put;
         Put_Item := Item;
         Put_Done := False;
         requeue Put_Queue;
      end Put;

      entry Get (Item : out Integer)
        when Closed or else (Chosen = Buffer_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Buffer_Get, Index => 0));
         Disarm;
         Chosen := Buffer_Get;
         Get_Item := Item;
         Get_Done := False;
         requeue Get_Queue;
      end Get;

      entry Stop (Moved : out Natural)
        when Closed or else (Chosen = Buffer_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Buffer_Stop, Index => 0));
         Disarm;
         Chosen := Buffer_Stop;
         Stop_Moved := Moved;
         Stop_Done := False;
         requeue Stop_Queue;
      end Stop;

      entry Select_Arm
        (Order : Buffer_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Buffer_No_Entry then
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
        (Order : Buffer_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Buffer_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Get_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Buffer_Alternative) is
      begin
         case Alternative.Id is
            when Buffer_Put =>
               Put_Armed := True;
            when Buffer_Get =>
               Get_Armed := True;
            when Buffer_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Buffer_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Buffer_Put =>
               return Buffer_Rendezvous.Put'Count > 0;
            when Buffer_Get =>
               return Buffer_Rendezvous.Get'Count > 0;
            when Buffer_Stop =>
               return Buffer_Rendezvous.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Buffer_Alternative) return Natural is
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
         Chosen := Buffer_No_Entry;
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

      procedure Get_Take (Item : out Integer) is
      begin
         Item := Get_Item;
         Chosen := Buffer_No_Entry;
      end Get_Take;

      procedure Get_Accept_End (Item : in Integer) is
      begin
         Get_Item := Item;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (Item : out Integer)
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
         Item := Get_Item;
      end Get_Queue;

      procedure Stop_Take (Moved : out Natural) is
      begin
         Moved := Stop_Moved;
         Chosen := Buffer_No_Entry;
      end Stop_Take;

      procedure Stop_Accept_End (Moved : in Natural) is
      begin
         Stop_Moved := Moved;
         Stop_Done := True;
      end Stop_Accept_End;

      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Stop_Failure, Occurrence);
         Stop_Raised := True;
         Stop_Done := True;
      end Stop_Failed;

      entry Stop_Queue (Moved : out Natural)
        when Stop_Done or else Closed is
      begin
         if not Stop_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Stop_Done := False;
         if Stop_Raised then
            Stop_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Stop_Failure);
         end if;
         Moved := Stop_Moved;
      end Stop_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Buffer_Rendezvous;

   task body Buffer_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Buffer_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Buffer_Closer);
      overriding procedure Finalize (Object : in out Buffer_Closer) is
      begin
         Buffer_Rendezvous.Close;
      end Finalize;
      Closer : Buffer_Closer;
      Slots : Slot_Array := (others => 0);
      Head  : Slot_Index := 1;    --  next to Get
      Tail  : Slot_Index := 1;    --  next free
      Count : Natural := 0;
      Total : Natural := 0;       --  items that went through
   begin
      loop
         declare
            Choice : Natural;
         begin
            Buffer_Rendezvous.Select_Arm
              (Order => (1 => ((if Count < Size then Buffer_Put else Buffer_No_Entry), 0),
                         2 => ((if Count > 0 then Buffer_Get else Buffer_No_Entry), 0),
                         3 => ((if Count = 0 then Buffer_Stop else Buffer_No_Entry), 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     Item : Integer;
                  begin
                     Buffer_Rendezvous.Put_Take (Item);
                     begin
                        Slots (Tail) := Item;
                     exception
                        when Occurrence : others =>
                           Buffer_Rendezvous.Put_Failed (Occurrence);
                           raise;
                     end;
                     Buffer_Rendezvous.Put_Accept_End;
                  end;
                  Tail := Tail mod Size + 1;
                  Count := Count + 1;
               when 2 =>
                  declare
                     Item : Integer;
                  begin
                     Buffer_Rendezvous.Get_Take (Item);
                     begin
                        Item := Slots (Head);
                     exception
                        when Occurrence : others =>
                           Buffer_Rendezvous.Get_Failed (Occurrence);
                           raise;
                     end;
                     Buffer_Rendezvous.Get_Accept_End (Item);
                  end;
                  Head := Head mod Size + 1;
                  Count := Count - 1;
                  Total := Total + 1;
               when 3 =>
                  declare
                     Moved : Natural;
                  begin
                     Buffer_Rendezvous.Stop_Take (Moved);
                     begin
                        Moved := Total;
                     exception
                        when Occurrence : others =>
                           Buffer_Rendezvous.Stop_Failed (Occurrence);
                           raise;
                     end;
                     Buffer_Rendezvous.Stop_Accept_End (Moved);
                  end;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Buffer_Agent;

end Buffers;
