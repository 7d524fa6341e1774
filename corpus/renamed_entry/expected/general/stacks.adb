with Ada.Exceptions;
with Ada.Finalization;
package body Stacks is

   type Stack_Server_Entry is
     (Stack_Server_No_Entry,
      Stack_Server_Push,
      Stack_Server_Pop,
      Stack_Server_Depth);
   type Stack_Server_Alternative is record
      Id : Stack_Server_Entry := Stack_Server_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Stack_Server_Alternative_List is array (Positive range <>) of Stack_Server_Alternative;
   --  rdv2po: the rendezvous of task Stack_Server, for Stack_Server_Agent
   protected Stack_Server_Rendezvous is
      entry Push (X : Integer);
      entry Pop (X : out Integer);
      entry Depth (N : out Natural);
      entry Select_Arm
        (Order : Stack_Server_Alternative_List;
         Chosen_Position : out Natural);
      entry Push_Held (X : Integer);
      procedure Push_Woken (X : in Integer);
      procedure Push_Take (X : out Integer);
      procedure Push_Accept_End;
      procedure Push_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Push_Queue (X : in Integer);
      entry Pop_Held (X : out Integer);
      procedure Pop_Woken (X : in Integer);
      procedure Pop_Take (X : out Integer);
      procedure Pop_Accept_End (X : in Integer);
      procedure Pop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Pop_Queue (X : out Integer);
      entry Depth_Held (N : out Natural);
      procedure Depth_Woken (N : in Natural);
      procedure Depth_Take (N : out Natural);
      procedure Depth_Accept_End (N : in Natural);
      procedure Depth_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Depth_Queue (N : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Stack_Server_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Stack_Server_Alternative);
      function Queued (Alternative : Stack_Server_Alternative) return Boolean;
      function Position_Of (Alternative : Stack_Server_Alternative) return Natural;
      Armed_List : Stack_Server_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Stack_Server_Entry := Stack_Server_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Push_Armed : Boolean := False;
      Push_X : Integer;
      Push_Done : Boolean := False;
      Push_Raised : Boolean := False;
      Push_Failure : Ada.Exceptions.Exception_Occurrence;
      Pop_Armed : Boolean := False;
      Pop_X : Integer;
      Pop_Done : Boolean := False;
      Pop_Raised : Boolean := False;
      Pop_Failure : Ada.Exceptions.Exception_Occurrence;
      Depth_Armed : Boolean := False;
      Depth_N : Natural;
      Depth_Done : Boolean := False;
      Depth_Raised : Boolean := False;
      Depth_Failure : Ada.Exceptions.Exception_Occurrence;
   end Stack_Server_Rendezvous;
   task Stack_Server_Agent is
      --  rdv2po: general scheme agent of Stack_Server_Rendezvous
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 3) (Value_1 : out Integer);
      entry Wake_3 (Positive range 1 .. 3) (Value_1 : out Natural);
   end Stack_Server_Agent;

   protected body Stack_Server is
      --  rdv2po: each call goes on to Stack_Server_Rendezvous, as cancellable
      --  as it was
      entry Push (X : Integer) when True is
      begin
         requeue Stack_Server_Rendezvous.Push with abort;
      end Push;

      entry Pop (X : out Integer) when True is
      begin
         requeue Stack_Server_Rendezvous.Pop with abort;
      end Pop;

      entry Depth (N : out Natural) when True is
      begin
         requeue Stack_Server_Rendezvous.Depth with abort;
      end Depth;
   end Stack_Server;

   protected body Stack_Server_Rendezvous is

      entry Push (X : Integer)
        when Closed
          or else (Chosen = Stack_Server_No_Entry
                   and then Push_Armed
                   and then Push_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Stack_Server_Agent.Wake_1
              (Position_Of ((Id => Stack_Server_Push, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Stack_Server_Push, Index => 0));
         Push_Woken (X);
         requeue Push_Queue;
      end Push;

      entry Push_Held (X : Integer)
        when Closed
          or else (Chosen = Stack_Server_No_Entry and then Push_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Stack_Server_Push, Index => 0));
         Push_Woken (X);
         requeue Push_Queue;
      end Push_Held;

      entry Pop (X : out Integer)
        when Closed
          or else (Chosen = Stack_Server_No_Entry
                   and then Pop_Armed
                   and then Pop_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Stack_Server_Agent.Wake_2
              (Position_Of ((Id => Stack_Server_Pop, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Stack_Server_Pop, Index => 0));
         Pop_Woken (X);
         requeue Pop_Queue;
      end Pop;

      entry Pop_Held (X : out Integer)
        when Closed or else (Chosen = Stack_Server_No_Entry and then Pop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Stack_Server_Pop, Index => 0));
         Pop_Woken (X);
         requeue Pop_Queue;
      end Pop_Held;

      entry Depth (N : out Natural)
        when Closed
          or else (Chosen = Stack_Server_No_Entry
                   and then Depth_Armed
                   and then Depth_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Stack_Server_Agent.Wake_3
              (Position_Of ((Id => Stack_Server_Depth, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Stack_Server_Depth, Index => 0));
         Depth_Woken (N);
         requeue Depth_Queue;
      end Depth;

      entry Depth_Held (N : out Natural)
        when Closed
          or else (Chosen = Stack_Server_No_Entry and then Depth_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Stack_Server_Depth, Index => 0));
         Depth_Woken (N);
         requeue Depth_Queue;
      end Depth_Held;

      entry Select_Arm
        (Order : Stack_Server_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Stack_Server_No_Entry then
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
        (Order : Stack_Server_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Stack_Server_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Push_Armed := False;
         Pop_Armed := False;
         Depth_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Stack_Server_Alternative) is
      begin
         case Alternative.Id is
            when Stack_Server_Push =>
               Push_Armed := True;
            when Stack_Server_Pop =>
               Pop_Armed := True;
            when Stack_Server_Depth =>
               Depth_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Stack_Server_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Stack_Server_Push =>
               return Stack_Server_Rendezvous.Push'Count + Push_Held'Count > 0;
            when Stack_Server_Pop =>
               return Stack_Server_Rendezvous.Pop'Count + Pop_Held'Count > 0;
            when Stack_Server_Depth =>
               return Stack_Server_Rendezvous.Depth'Count
                 + Depth_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Stack_Server_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Push_Take (X : out Integer) is
      begin
         X := Push_X;
         Chosen := Stack_Server_No_Entry;
      end Push_Take;

      procedure Push_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Stack_Server_Push;
         Push_X := X;
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

      entry Push_Queue (X : in Integer)
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

      procedure Pop_Take (X : out Integer) is
      begin
         X := Pop_X;
         Chosen := Stack_Server_No_Entry;
      end Pop_Take;

      procedure Pop_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Stack_Server_Pop;
         Pop_X := X;
         Pop_Done := False;
      end Pop_Woken;

      procedure Pop_Accept_End (X : in Integer) is
      begin
         Pop_X := X;
         Pop_Done := True;
      end Pop_Accept_End;

      procedure Pop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Pop_Failure, Occurrence);
         Pop_Raised := True;
         Pop_Done := True;
      end Pop_Failed;

      entry Pop_Queue (X : out Integer)
        when Pop_Done or else Closed is
      begin
         if not Pop_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Pop_Done := False;
         if Pop_Raised then
            Pop_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Pop_Failure);
         end if;
         X := Pop_X;
      end Pop_Queue;

      procedure Depth_Take (N : out Natural) is
      begin
         N := Depth_N;
         Chosen := Stack_Server_No_Entry;
      end Depth_Take;

      procedure Depth_Woken (N : in Natural) is
      begin
         Disarm;
         Chosen := Stack_Server_Depth;
         Depth_N := N;
         Depth_Done := False;
      end Depth_Woken;

      procedure Depth_Accept_End (N : in Natural) is
      begin
         Depth_N := N;
         Depth_Done := True;
      end Depth_Accept_End;

      procedure Depth_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Depth_Failure, Occurrence);
         Depth_Raised := True;
         Depth_Done := True;
      end Depth_Failed;

      entry Depth_Queue (N : out Natural)
        when Depth_Done or else Closed is
      begin
         if not Depth_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Depth_Done := False;
         if Depth_Raised then
            Depth_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Depth_Failure);
         end if;
         N := Depth_N;
      end Depth_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Stack_Server_Rendezvous;

   task body Stack_Server_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Stack_Server_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Stack_Server_Closer);
      overriding procedure Finalize (Object : in out Stack_Server_Closer) is
      begin
         Stack_Server_Rendezvous.Close;
      end Finalize;
      Closer : Stack_Server_Closer;
      Data : array (1 .. Max) of Integer;
      Top  : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Stack_Server_Alternative_List :=
              (1 => ((if Top < Max then Stack_Server_Push else Stack_Server_No_Entry), 0),
               2 => ((if Top > 0 then Stack_Server_Pop else Stack_Server_No_Entry), 0),
               3 => (Stack_Server_Depth, 0));
            Choice : Natural;
         begin
            Stack_Server_Rendezvous.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Stack_Server_Rendezvous.Push_Woken (Value_1);
                     requeue Stack_Server_Rendezvous.Push_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Stack_Server_Rendezvous.Pop_Woken (Value_1);
                     requeue Stack_Server_Rendezvous.Pop_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3) (Value_1 : out Natural) do
                     Stack_Server_Rendezvous.Depth_Woken (Value_1);
                     requeue Stack_Server_Rendezvous.Depth_Queue;
                  end Wake_3;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Stack_Server_Rendezvous.Push_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Stack_Server_Rendezvous.Pop_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3) (Value_1 : out Natural) do
                        requeue Stack_Server_Rendezvous.Depth_Held with abort;
                     end Wake_3;
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
                     Stack_Server_Rendezvous.Push_Take (X);
                     begin
                        Top := Top + 1;
                        Data (Top) := X;
                     exception
                        when Occurrence : others =>
                           Stack_Server_Rendezvous.Push_Failed (Occurrence);
                           raise;
                     end;
                     Stack_Server_Rendezvous.Push_Accept_End;
                  end;
               when 2 =>
                  declare
                     X : Integer;
                  begin
                     Stack_Server_Rendezvous.Pop_Take (X);
                     begin
                        X := Data (Top);
                        Top := Top - 1;
                     exception
                        when Occurrence : others =>
                           Stack_Server_Rendezvous.Pop_Failed (Occurrence);
                           raise;
                     end;
                     Stack_Server_Rendezvous.Pop_Accept_End (X);
                  end;
               when 3 =>
                  declare
                     N : Natural;
                  begin
                     Stack_Server_Rendezvous.Depth_Take (N);
                     begin
                        N := Top;
                     exception
                        when Occurrence : others =>
                           Stack_Server_Rendezvous.Depth_Failed (Occurrence);
                           raise;
                     end;
                     Stack_Server_Rendezvous.Depth_Accept_End (N);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Stack_Server_Agent;

end Stacks;
