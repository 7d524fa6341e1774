with Ada.Finalization;
with Limits; use Limits;
with Shades; use Shades;
package body Stacks is
   protected body Stack_Rendezvous is

      entry Push (V : Integer)
        when Closed
          or else (Chosen = Stack_No_Entry
                   and then Push_Armed
                   and then Push_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Stack_Push, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Stack_Push, Index => 0));
         Push_Woken (V);
         requeue Push_Queue;
      end Push;

      entry Push_Held (V : Integer)
        when Closed or else (Chosen = Stack_No_Entry and then Push_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Stack_Push, Index => 0));
         Push_Woken (V);
         requeue Push_Queue;
      end Push_Held;

      entry Pop (V : out Integer)
        when Closed
          or else (Chosen = Stack_No_Entry
                   and then Pop_Armed
                   and then Pop_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_2
              (Position_Of ((Id => Stack_Pop, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Stack_Pop, Index => 0));
         Pop_Woken (V);
         requeue Pop_Queue;
      end Pop;

      entry Pop_Held (V : out Integer)
        when Closed or else (Chosen = Stack_No_Entry and then Pop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Stack_Pop, Index => 0));
         Pop_Woken (V);
         requeue Pop_Queue;
      end Pop_Held;

      entry Flip (S : out Boolean)
        when Closed
          or else (Chosen = Stack_No_Entry
                   and then Flip_Armed
                   and then Flip_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_3
              (Position_Of ((Id => Stack_Flip, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Stack_Flip, Index => 0));
         Flip_Woken (S);
         requeue Flip_Queue;
      end Flip;

      entry Flip_Held (S : out Boolean)
        when Closed or else (Chosen = Stack_No_Entry and then Flip_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Stack_Flip, Index => 0));
         Flip_Woken (S);
         requeue Flip_Queue;
      end Flip_Held;

      entry Select_Arm
        (Order : Stack_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Stack_No_Entry then
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
        (Order : Stack_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Stack_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Push_Armed := False;
         Pop_Armed := False;
         Flip_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Stack_Alternative) is
      begin
         case Alternative.Id is
            when Stack_Push =>
               Push_Armed := True;
            when Stack_Pop =>
               Pop_Armed := True;
            when Stack_Flip =>
               Flip_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Stack_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Stack_Push =>
               return Stack_Rendezvous.Push'Count + Push_Held'Count > 0;
            when Stack_Pop =>
               return Stack_Rendezvous.Pop'Count + Pop_Held'Count > 0;
            when Stack_Flip =>
               return Stack_Rendezvous.Flip'Count + Flip_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Stack_Alternative) return Natural is
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
         Chosen := Stack_No_Entry;
      end Push_Take;

      procedure Push_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Stack_Push;
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

      procedure Pop_Take (V : out Integer) is
      begin
         V := Pop_V;
         Chosen := Stack_No_Entry;
      end Pop_Take;

      procedure Pop_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Stack_Pop;
         Pop_V := V;
         Pop_Done := False;
      end Pop_Woken;

      procedure Pop_Accept_End (V : in Integer) is
      begin
         Pop_V := V;
         Pop_Done := True;
      end Pop_Accept_End;

      procedure Pop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Pop_Failure, Occurrence);
         Pop_Raised := True;
         Pop_Done := True;
      end Pop_Failed;

      entry Pop_Queue (V : out Integer)
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
         V := Pop_V;
      end Pop_Queue;

      procedure Flip_Take (S : out Boolean) is
      begin
         S := Flip_S;
         Chosen := Stack_No_Entry;
      end Flip_Take;

      procedure Flip_Woken (S : in Boolean) is
      begin
         Disarm;
         Chosen := Stack_Flip;
         Flip_S := S;
         Flip_Done := False;
      end Flip_Woken;

      procedure Flip_Accept_End (S : in Boolean) is
      begin
         Flip_S := S;
         Flip_Done := True;
      end Flip_Accept_End;

      procedure Flip_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Flip_Failure, Occurrence);
         Flip_Raised := True;
         Flip_Done := True;
      end Flip_Failed;

      entry Flip_Queue (S : out Boolean)
        when Flip_Done or else Closed is
      begin
         if not Flip_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Flip_Done := False;
         if Flip_Raised then
            Flip_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Flip_Failure);
         end if;
         S := Flip_S;
      end Flip_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Stack_Rendezvous;

   protected body Stack is
      --  rdv2po: each call goes on to Rendezvous, as cancellable as it was
      entry Push (V : Integer) when Passing is
      begin
         requeue Rendezvous.Push with abort;
      end Push;

      entry Pop (V : out Integer) when Passing is
      begin
         requeue Rendezvous.Pop with abort;
      end Pop;

      entry Flip (S : out Boolean) when Passing is
      begin
         requeue Rendezvous.Flip with abort;
      end Flip;
   end Stack;

   task body Stack_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Stack_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Stack_Closer);
      overriding procedure Finalize (Object : in out Stack_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Stack_Closer;
      Items : array (1 .. Depth) of Integer := (others => Start);
      Top   : Natural range 0 .. Depth := 0;
      Mode  : Shade := Light;
      Seen  : Level := 0;
   begin
      loop
         declare
            Alternatives : constant Stack_Alternative_List :=
              (1 => ((if Top < Depth then Stack_Push else Stack_No_Entry), 0),
               2 => ((if Top > 0 then Stack_Pop else Stack_No_Entry), 0),
               3 => (Stack_Flip, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Self.Push_Woken (Value_1);
                     requeue Self.Push_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Self.Pop_Woken (Value_1);
                     requeue Self.Pop_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3) (Value_1 : out Boolean) do
                     Self.Flip_Woken (Value_1);
                     requeue Self.Flip_Queue;
                  end Wake_3;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Self.Push_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Self.Pop_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3) (Value_1 : out Boolean) do
                        requeue Self.Flip_Held with abort;
                     end Wake_3;
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
                     Self.Push_Take (V);
                     begin
                        Top := Top + 1;
                        Items (Top) := V;
                     exception
                        when Occurrence : others =>
                           Self.Push_Failed (Occurrence);
                           raise;
                     end;
                     Self.Push_Accept_End;
                  end;
               when 2 =>
                  declare
                     V : Integer;
                  begin
                     Self.Pop_Take (V);
                     begin
                        V := Items (Top);
                        Top := Top - 1;
                     exception
                        when Occurrence : others =>
                           Self.Pop_Failed (Occurrence);
                           raise;
                     end;
                     Self.Pop_Accept_End (V);
                  end;
               when 3 =>
                  declare
                     S : Boolean;
                  begin
                     Self.Flip_Take (S);
                     begin
                        if Mode = Light then
                           Mode := Dark;
                        else
                           Mode := Light;
                        end if;
                        S := Mode = Dark;
                        if Seen < Level'Last then
                           Seen := Seen + 1;
                        end if;
                     exception
                        when Occurrence : others =>
                           Self.Flip_Failed (Occurrence);
                           raise;
                     end;
                     Self.Flip_Accept_End (S);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Stack_Agent;
end Stacks;
