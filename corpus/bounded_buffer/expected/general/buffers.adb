with Ada.Exceptions;
with Ada.Finalization;
package body Buffers is

   type Buffer_Entry is (Buffer_No_Entry, Buffer_Put, Buffer_Get);
   type Buffer_Alternative is record
      Id : Buffer_Entry := Buffer_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Buffer_Alternative_List is array (Positive range <>) of Buffer_Alternative;
   --  rdv2po: the rendezvous of task Buffer, for Buffer_Agent
   protected Buffer_Rendezvous is
      entry Put (X : in Integer);
      entry Get (X : out Integer);
      entry Select_Arm
        (Order : Buffer_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (X : in Integer);
      procedure Put_Woken (X : in Integer);
      procedure Put_Take (X : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (X : in Integer);
      entry Get_Held (X : out Integer);
      procedure Get_Woken (X : in Integer);
      procedure Get_Take (X : out Integer);
      procedure Get_Accept_End (X : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (X : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Buffer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Buffer_Alternative);
      function Queued (Alternative : Buffer_Alternative) return Boolean;
      function Position_Of (Alternative : Buffer_Alternative) return Natural;
      Armed_List : Buffer_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Buffer_Entry := Buffer_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_X : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_X : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Buffer_Rendezvous;
   task Buffer_Agent is
      --  rdv2po: general scheme agent of Buffer_Rendezvous
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Buffer_Agent;

   protected body Buffer is
      --  rdv2po: each call goes on to Buffer_Rendezvous, as cancellable as it
      --  was
      entry Put (X : in Integer) when True is
      begin
         requeue Buffer_Rendezvous.Put with abort;
      end Put;

      entry Get (X : out Integer) when True is
      begin
         requeue Buffer_Rendezvous.Get with abort;
      end Get;
   end Buffer;

   protected body Buffer_Rendezvous is

      entry Put (X : in Integer)
        when Closed
          or else (Chosen = Buffer_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Buffer_Agent.Wake_1
              (Position_Of ((Id => Buffer_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Buffer_Put, Index => 0));
         Put_Woken (X);
         requeue Put_Queue;
      end Put;

      entry Put_Held (X : in Integer)
        when Closed or else (Chosen = Buffer_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Buffer_Put, Index => 0));
         Put_Woken (X);
         requeue Put_Queue;
      end Put_Held;

      entry Get (X : out Integer)
        when Closed
          or else (Chosen = Buffer_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Buffer_Agent.Wake_2
              (Position_Of ((Id => Buffer_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Buffer_Get, Index => 0));
         Get_Woken (X);
         requeue Get_Queue;
      end Get;

      entry Get_Held (X : out Integer)
        when Closed or else (Chosen = Buffer_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Buffer_Get, Index => 0));
         Get_Woken (X);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Buffer_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Buffer_No_Entry then
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
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Buffer_Alternative) is
      begin
         case Alternative.Id is
            when Buffer_Put =>
               Put_Armed := True;
            when Buffer_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Buffer_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Buffer_Put =>
               return Buffer_Rendezvous.Put'Count + Put_Held'Count > 0;
            when Buffer_Get =>
               return Buffer_Rendezvous.Get'Count + Get_Held'Count > 0;
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

      procedure Put_Take (X : out Integer) is
      begin
         X := Put_X;
         Chosen := Buffer_No_Entry;
      end Put_Take;

      procedure Put_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Buffer_Put;
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

      procedure Get_Take (X : out Integer) is
      begin
         X := Get_X;
         Chosen := Buffer_No_Entry;
      end Get_Take;

      procedure Get_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Buffer_Get;
         Get_X := X;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (X : in Integer) is
      begin
         Get_X := X;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (X : out Integer)
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
         X := Get_X;
      end Get_Queue;

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
      subtype Index is Natural range 0 .. Capacity - 1;
      Data     : array (Index) of Integer := (others => 0);
      In_Ptr   : Index := 0;
      Out_Ptr  : Index := 0;
      Count    : Natural range 0 .. Capacity := 0;
   begin
      loop
         declare
            Alternatives : constant Buffer_Alternative_List :=
              (1 => ((if Count < Capacity then Buffer_Put else Buffer_No_Entry), 0),
               2 => ((if Count > 0 then Buffer_Get else Buffer_No_Entry), 0));
            Choice : Natural;
         begin
            Buffer_Rendezvous.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Buffer_Rendezvous.Put_Woken (Value_1);
                     requeue Buffer_Rendezvous.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Buffer_Rendezvous.Get_Woken (Value_1);
                     requeue Buffer_Rendezvous.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Buffer_Rendezvous.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Buffer_Rendezvous.Get_Held with abort;
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
                     Buffer_Rendezvous.Put_Take (X);
                     begin
                        Data (In_Ptr) := X;
                     exception
                        when Occurrence : others =>
                           Buffer_Rendezvous.Put_Failed (Occurrence);
                           raise;
                     end;
                     Buffer_Rendezvous.Put_Accept_End;
                  end;
                  In_Ptr := (In_Ptr + 1) mod Capacity;
                  Count := Count + 1;
               when 2 =>
                  declare
                     X : Integer;
                  begin
                     Buffer_Rendezvous.Get_Take (X);
                     begin
                        X := Data (Out_Ptr);
                     exception
                        when Occurrence : others =>
                           Buffer_Rendezvous.Get_Failed (Occurrence);
                           raise;
                     end;
                     Buffer_Rendezvous.Get_Accept_End (X);
                  end;
                  Out_Ptr := (Out_Ptr + 1) mod Capacity;
                  Count := Count - 1;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Buffer_Agent;

end Buffers;
