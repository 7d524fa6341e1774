--  A return statement in an accept body that holds a nested accept: the
--  outer caller waits for the nested rendezvous, and a return ends both
--  accept bodies at different places.  The accepting-server scheme refuses.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Pair_Entry is (Pair_No_Entry, Pair_Open, Pair_Join, Pair_Get);
   type Pair_Alternative is record
      Id : Pair_Entry := Pair_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Pair_Alternative_List is array (Positive range <>) of Pair_Alternative;
   --  rdv2po: task Pair became this protected object; its code runs in the
   --  task Pair_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Pair is
      entry Open (N : Integer);
      entry Join (M : Integer);
      entry Get (Sum : out Integer);
      --  rdv2po: the rendezvous protocol, for Pair_Agent
      entry Select_Arm
        (Order : Pair_Alternative_List;
         Chosen_Position : out Natural);
      entry Open_Held (N : Integer);
      procedure Open_Woken (N : in Integer);
      procedure Open_Take (N : out Integer);
      procedure Open_Accept_End;
      procedure Open_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Open_Queue (N : in Integer);
      entry Join_Accept_Begin (M : out Integer);
      procedure Join_Accept_End;
      procedure Join_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Join_Queue (M : in Integer);
      entry Get_Held (Sum : out Integer);
      procedure Get_Woken (Sum : in Integer);
      procedure Get_Take (Sum : out Integer);
      procedure Get_Accept_End (Sum : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (Sum : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Pair_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Pair_Alternative);
      function Queued (Alternative : Pair_Alternative) return Boolean;
      function Position_Of (Alternative : Pair_Alternative) return Natural;
      Armed_List : Pair_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Pair_Entry := Pair_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Open_Armed : Boolean := False;
      Open_N : Integer;
      Open_Done : Boolean := False;
      Open_Raised : Boolean := False;
      Open_Failure : Ada.Exceptions.Exception_Occurrence;
      Join_M : Integer;
      Join_Done : Boolean := False;
      Join_Raised : Boolean := False;
      Join_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_Sum : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Pair;
   task Pair_Agent is
      --  rdv2po: general scheme agent of Pair
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Pair_Agent;

   protected body Pair is

      entry Open (N : Integer)
        when Closed
          or else (Chosen = Pair_No_Entry
                   and then Open_Armed
                   and then Open_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Pair_Agent.Wake_1
              (Position_Of ((Id => Pair_Open, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Pair_Open, Index => 0));
         Open_Woken (N);
         requeue Open_Queue;
      end Open;

      entry Open_Held (N : Integer)
        when Closed or else (Chosen = Pair_No_Entry and then Open_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Pair_Open, Index => 0));
         Open_Woken (N);
         requeue Open_Queue;
      end Open_Held;

      entry Join (M : Integer)
        when Closed
          or else (Chosen = Pair_No_Entry and then Join_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Pair_Join;
         Join_M := M;
         Join_Done := False;
         requeue Join_Queue;
      end Join;

      entry Get (Sum : out Integer)
        when Closed
          or else (Chosen = Pair_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Pair_Agent.Wake_2
              (Position_Of ((Id => Pair_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Pair_Get, Index => 0));
         Get_Woken (Sum);
         requeue Get_Queue;
      end Get;

      entry Get_Held (Sum : out Integer)
        when Closed or else (Chosen = Pair_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Pair_Get, Index => 0));
         Get_Woken (Sum);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Pair_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Pair_No_Entry then
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
        (Order : Pair_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Pair_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Open_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Pair_Alternative) is
      begin
         case Alternative.Id is
            when Pair_Open =>
               Open_Armed := True;
            when Pair_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Pair_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Pair_Open =>
               return Pair.Open'Count + Open_Held'Count > 0;
            when Pair_Get =>
               return Pair.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Pair_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Open_Take (N : out Integer) is
      begin
         N := Open_N;
         Chosen := Pair_No_Entry;
      end Open_Take;

      procedure Open_Woken (N : in Integer) is
      begin
         Disarm;
         Chosen := Pair_Open;
         Open_N := N;
         Open_Done := False;
      end Open_Woken;

      procedure Open_Accept_End is
      begin
         Open_Done := True;
      end Open_Accept_End;

      procedure Open_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Open_Failure, Occurrence);
         Open_Raised := True;
         Open_Done := True;
      end Open_Failed;

      entry Open_Queue (N : in Integer)
        when Open_Done or else Closed is
      begin
         if not Open_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Open_Done := False;
         if Open_Raised then
            Open_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Open_Failure);
         end if;
      end Open_Queue;

      entry Join_Accept_Begin (M : out Integer)
        when Chosen = Pair_Join is
      begin
         M := Join_M;
         Chosen := Pair_No_Entry;
      end Join_Accept_Begin;

      procedure Join_Accept_End is
      begin
         Join_Done := True;
      end Join_Accept_End;

      procedure Join_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Join_Failure, Occurrence);
         Join_Raised := True;
         Join_Done := True;
      end Join_Failed;

      entry Join_Queue (M : in Integer)
        when Join_Done or else Closed is
      begin
         if not Join_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Join_Done := False;
         if Join_Raised then
            Join_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Join_Failure);
         end if;
      end Join_Queue;

      procedure Get_Take (Sum : out Integer) is
      begin
         Sum := Get_Sum;
         Chosen := Pair_No_Entry;
      end Get_Take;

      procedure Get_Woken (Sum : in Integer) is
      begin
         Disarm;
         Chosen := Pair_Get;
         Get_Sum := Sum;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (Sum : in Integer) is
      begin
         Get_Sum := Sum;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (Sum : out Integer)
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
         Sum := Get_Sum;
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Pair;

   task body Pair_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Pair_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Pair_Closer);
      overriding procedure Finalize (Object : in out Pair_Closer) is
      begin
         Pair.Close;
      end Finalize;
      Closer : Pair_Closer;
      Total : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Pair_Alternative_List :=
              (1 => (Pair_Open, 0),
               2 => (Pair_Get, 0));
            Choice : Natural;
         begin
            Pair.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Pair.Open_Woken (Value_1);
                     requeue Pair.Open_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Pair.Get_Woken (Value_1);
                     requeue Pair.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Pair.Open_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Pair.Get_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     N : Integer;
                  begin
                     Pair.Open_Take (N);
                     begin
                        if N < 0 then
                           goto Open_Finished;
                        end if;
                        declare
                           M : Integer;
                        begin
                           Pair.Join_Accept_Begin (M);
                           begin
                              Total := Total + N * M;
                           exception
                              when Occurrence : others =>
                                 Pair.Join_Failed (Occurrence);
                                 raise;
                           end;
                           Pair.Join_Accept_End;
                        end;
                     exception
                        when Occurrence : others =>
                           Pair.Open_Failed (Occurrence);
                           raise;
                     end;
                     <<Open_Finished>>
                     Pair.Open_Accept_End;
                  end;
               when 2 =>
                  declare
                     Sum : Integer;
                  begin
                     Pair.Get_Take (Sum);
                     begin
                        Sum := Total;
                     exception
                        when Occurrence : others =>
                           Pair.Get_Failed (Occurrence);
                           raise;
                     end;
                     Pair.Get_Accept_End (Sum);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Pair_Agent;

   task Joiner;
   task body Joiner is
   begin
      Pair.Join (4);
   end Joiner;

   S : Integer;
begin
   Pair.Open (-1);
   Pair.Open (3);
   Pair.Get (S);
   Put_Line ("sum" & Integer'Image (S));
   Put_Line ("PASSED");
end Main;
