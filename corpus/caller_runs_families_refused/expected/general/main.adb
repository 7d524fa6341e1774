--  Servers with entry families the caller-runs scheme refuses, naming the
--  obstacle: a renaming of a family member outside the task's declarative
--  part (the member would become an argument), a conditional call of a member, an accept whose index calls
--  a function (the server evaluated it when it reached the accept), and a
--  task type with a family, an accept whose index (a variable of a wider
--  type) lies outside the family: the task raises Constraint_Error there.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   function First return Positive is
   begin
      return 1;
   end First;

   procedure Use_Renamed is
      type Renamed_Entry is (Renamed_No_Entry, Renamed_Put);
      subtype Renamed_Put_Index is Integer range 1 .. 2;
      type Renamed_Alternative is record
         Id : Renamed_Entry := Renamed_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Renamed_Alternative_List is array (Positive range <>) of Renamed_Alternative;
      type Renamed_Put_Set is array (Renamed_Put_Index) of Boolean;
      --  rdv2po: task Renamed became this protected object; its code runs in
      --  the task Renamed_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Renamed is
         entry Put (1 .. 2) (N : Integer);
         --  rdv2po: the rendezvous protocol, for Renamed_Agent
         entry Select_Arm
           (Order : Renamed_Alternative_List;
            Chosen_Position : out Natural);
         entry Put_Held (Renamed_Put_Index) (N : Integer);
         procedure Put_Woken (N : in Integer);
         procedure Put_Take (N : out Integer);
         procedure Put_Accept_End;
         procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Put_Queue (N : in Integer);
         procedure Close;
      private
         entry Select_Wait
           (Order : Renamed_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Renamed_Alternative);
         function Queued (Alternative : Renamed_Alternative) return Boolean;
         function Position_Of (Alternative : Renamed_Alternative) return Natural;
         Armed_List : Renamed_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Renamed_Entry := Renamed_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Put_Armed : Renamed_Put_Set := (others => False);
         Put_N : Integer;
         Put_Done : Boolean := False;
         Put_Raised : Boolean := False;
         Put_Failure : Ada.Exceptions.Exception_Occurrence;
      end Renamed;
      task Renamed_Agent is
         --  rdv2po: general scheme agent of Renamed
         entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
      end Renamed_Agent;

      protected body Renamed is

         entry Put (for Member in 1 .. 2) (N : Integer)
           when Closed
             or else (Chosen = Renamed_No_Entry
                      and then Put_Armed (Member)
                      and then Put_Held (Member)'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Renamed_Agent.Wake_1
                 (Position_Of ((Id => Renamed_Put, Index => Renamed_Put_Index'Pos (Member)))) with abort;
            end if;
            Position := Position_Of ((Id => Renamed_Put, Index => Renamed_Put_Index'Pos (Member)));
            Put_Woken (N);
            requeue Put_Queue;
         end Put;

         entry Put_Held (for Member in Renamed_Put_Index) (N : Integer)
           when Closed
             or else (Chosen = Renamed_No_Entry and then Put_Armed (Member))
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Renamed_Put, Index => Renamed_Put_Index'Pos (Member)));
            Put_Woken (N);
            requeue Put_Queue;
         end Put_Held;

         entry Select_Arm
           (Order : Renamed_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Renamed_No_Entry then
                  if Found = 0 and then Queued (Order (K)) then
                     Found := K;
                  end if;
               end if;
            end loop;
            --  a caller already queued is taken first, in the select's order
            --  (as GNAT does)
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
           (Order : Renamed_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Renamed_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Put_Armed := (others => False);
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Renamed_Alternative) is
         begin
            case Alternative.Id is
               when Renamed_Put =>
                  Put_Armed (Renamed_Put_Index'Val (Alternative.Index)) := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Renamed_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Renamed_Put =>
                  return Renamed.Put (Renamed_Put_Index'Val (Alternative.Index))'Count
                    + Put_Held (Renamed_Put_Index'Val (Alternative.Index))'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Renamed_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Put_Take (N : out Integer) is
         begin
            N := Put_N;
            Chosen := Renamed_No_Entry;
         end Put_Take;

         procedure Put_Woken (N : in Integer) is
         begin
            Disarm;
            Chosen := Renamed_Put;
            Put_N := N;
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

         entry Put_Queue (N : in Integer)
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

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Renamed;

      task body Renamed_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Renamed_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Renamed_Closer);
         overriding procedure Finalize (Object : in out Renamed_Closer) is
         begin
            Renamed.Close;
         end Finalize;
         Closer : Renamed_Closer;
      begin
         loop
            declare
               Alternatives : constant Renamed_Alternative_List :=
                 (1 => (Renamed_Put, Renamed_Put_Index'Pos (1)));
               Choice : Natural;
            begin
               Renamed.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        Renamed.Put_Woken (Value_1);
                        requeue Renamed.Put_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Integer) do
                           requeue Renamed.Put_Held (Renamed_Put_Index'Val (Alternatives (1).Index)) with abort;
                        end Wake_1;
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
                        Renamed.Put_Take (N);
                        begin
                           Ada.Text_IO.Put ("renamed got");
                           Put_Line (Integer'Image (N));
                        exception
                           when Occurrence : others =>
                              Renamed.Put_Failed (Occurrence);
                              raise;
                        end;
                        Renamed.Put_Accept_End;
                     end;
                  when others =>
                     null;
               end case;
            end;
         end loop;
      end Renamed_Agent;

   begin
      declare
         procedure Put_One (N : Integer) renames Renamed.Put (1);
      begin
         Put_One (5);
      end;
   end Use_Renamed;

   procedure Use_Polled is
      type Polled_Entry is (Polled_No_Entry, Polled_Put);
      subtype Polled_Put_Index is Integer range 1 .. 2;
      type Polled_Alternative is record
         Id : Polled_Entry := Polled_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Polled_Alternative_List is array (Positive range <>) of Polled_Alternative;
      type Polled_Put_Set is array (Polled_Put_Index) of Boolean;
      --  rdv2po: task Polled became this protected object; its code runs in
      --  the task Polled_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Polled is
         entry Put (1 .. 2);
         --  rdv2po: the rendezvous protocol, for Polled_Agent
         entry Select_Arm
           (Order : Polled_Alternative_List;
            Chosen_Position : out Natural);
         entry Put_Held (Polled_Put_Index);
         procedure Put_Woken;
         procedure Put_Take;
         procedure Put_Accept_End;
         procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Put_Queue;
         procedure Close;
      private
         entry Select_Wait
           (Order : Polled_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Polled_Alternative);
         function Queued (Alternative : Polled_Alternative) return Boolean;
         function Position_Of (Alternative : Polled_Alternative) return Natural;
         Armed_List : Polled_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Polled_Entry := Polled_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Put_Armed : Polled_Put_Set := (others => False);
         Put_Done : Boolean := False;
         Put_Raised : Boolean := False;
         Put_Failure : Ada.Exceptions.Exception_Occurrence;
      end Polled;
      task Polled_Agent is
         --  rdv2po: general scheme agent of Polled
         entry Wake_1 (Positive range 1 .. 1);
      end Polled_Agent;

      protected body Polled is

         entry Put (for Member in 1 .. 2)
           when Closed
             or else (Chosen = Polled_No_Entry
                      and then Put_Armed (Member)
                      and then Put_Held (Member)'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Polled_Agent.Wake_1
                 (Position_Of ((Id => Polled_Put, Index => Polled_Put_Index'Pos (Member)))) with abort;
            end if;
            Position := Position_Of ((Id => Polled_Put, Index => Polled_Put_Index'Pos (Member)));
            Put_Woken;
            requeue Put_Queue;
         end Put;

         entry Put_Held (for Member in Polled_Put_Index)
           when Closed
             or else (Chosen = Polled_No_Entry and then Put_Armed (Member))
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Polled_Put, Index => Polled_Put_Index'Pos (Member)));
            Put_Woken;
            requeue Put_Queue;
         end Put_Held;

         entry Select_Arm
           (Order : Polled_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Polled_No_Entry then
                  if Found = 0 and then Queued (Order (K)) then
                     Found := K;
                  end if;
               end if;
            end loop;
            --  a caller already queued is taken first, in the select's order
            --  (as GNAT does)
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
           (Order : Polled_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Polled_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Put_Armed := (others => False);
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Polled_Alternative) is
         begin
            case Alternative.Id is
               when Polled_Put =>
                  Put_Armed (Polled_Put_Index'Val (Alternative.Index)) := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Polled_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Polled_Put =>
                  return Polled.Put (Polled_Put_Index'Val (Alternative.Index))'Count
                    + Put_Held (Polled_Put_Index'Val (Alternative.Index))'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Polled_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Put_Take is
         begin
            Chosen := Polled_No_Entry;
         end Put_Take;

         procedure Put_Woken is
         begin
            Disarm;
            Chosen := Polled_Put;
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

         entry Put_Queue
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

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Polled;

      task body Polled_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Polled_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Polled_Closer);
         overriding procedure Finalize (Object : in out Polled_Closer) is
         begin
            Polled.Close;
         end Finalize;
         Closer : Polled_Closer;
      begin
         loop
            declare
               Alternatives : constant Polled_Alternative_List :=
                 (1 => (Polled_Put, Polled_Put_Index'Pos (2)));
               Choice : Natural;
            begin
               Polled.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) do
                        Polled.Put_Woken;
                        requeue Polled.Put_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) do
                           requeue Polled.Put_Held (Polled_Put_Index'Val (Alternatives (1).Index)) with abort;
                        end Wake_1;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     Polled.Put_Take;
                     begin
                        Ada.Text_IO.Put ("polled");
                        New_Line;
                     exception
                        when Occurrence : others =>
                           Polled.Put_Failed (Occurrence);
                           raise;
                     end;
                     Polled.Put_Accept_End;
                  when others =>
                     null;
               end case;
            end;
         end loop;
      end Polled_Agent;
   begin
      select
         Polled.Put (1);
      else
         Put_Line ("member 1 not open");
      end select;
      Polled.Put (2);
   end Use_Polled;

   procedure Use_Computed is
      type Computed_Entry is (Computed_No_Entry, Computed_Put);
      subtype Computed_Put_Index is Integer range 1 .. 2;
      --  rdv2po: task Computed became this protected object; its code runs in
      --  the task Computed_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Computed is
         entry Put (1 .. 2);
         --  rdv2po: the rendezvous protocol, for Computed_Agent
         entry Put_Accept_Begin (Computed_Put_Index);
         procedure Put_Accept_End;
         procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Put_Queue;
         procedure Close;
      private
         Chosen : Computed_Entry := Computed_No_Entry;
         Closed : Boolean := False;
         Put_Done : Boolean := False;
         Put_Raised : Boolean := False;
         Put_Failure : Ada.Exceptions.Exception_Occurrence;
      end Computed;
      task Computed_Agent is
         --  rdv2po: general scheme agent of Computed
      end Computed_Agent;

      protected body Computed is

         entry Put (for Member in 1 .. 2)
           when Closed
             or else (Chosen = Computed_No_Entry
                      and then Put_Accept_Begin (Member)'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Computed_Put;
            Put_Done := False;
            requeue Put_Queue;
         end Put;

         entry Put_Accept_Begin (for Member in Computed_Put_Index)
           when Chosen = Computed_Put is
         begin
            Chosen := Computed_No_Entry;
         end Put_Accept_Begin;

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

         entry Put_Queue
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

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Computed;

      task body Computed_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Computed_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Computed_Closer);
         overriding procedure Finalize (Object : in out Computed_Closer) is
         begin
            Computed.Close;
         end Finalize;
         Closer : Computed_Closer;
      begin
         Computed.Put_Accept_Begin (First);
         begin
            Put_Line ("computed");
         exception
            when Occurrence : others =>
               Computed.Put_Failed (Occurrence);
               raise;
         end;
         Computed.Put_Accept_End;
      end Computed_Agent;
   begin
      Computed.Put (1);
   end Use_Computed;

   procedure Use_Typed is
      type Typed;
      type Typed_Entry is (Typed_No_Entry, Typed_Put);
      subtype Typed_Put_Index is Integer range 1 .. 2;
      task type Typed_Agent (Self : not null access Typed) is
         --  rdv2po: general scheme agent of Typed
      end Typed_Agent;
      --  rdv2po: task type Typed became this protected type; its code runs in
      --  Typed_Agent, a component of it (general scheme: each rendezvous goes
      --  through the object)
      protected type Typed is
         entry Put (1 .. 2);
         --  rdv2po: the rendezvous protocol, for Typed_Agent
         entry Put_Accept_Begin (Typed_Put_Index);
         procedure Put_Accept_End;
         procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Put_Queue;
         procedure Close;
      private
         Chosen : Typed_Entry := Typed_No_Entry;
         Closed : Boolean := False;
         Put_Done : Boolean := False;
         Put_Raised : Boolean := False;
         Put_Failure : Ada.Exceptions.Exception_Occurrence;
         Agent : Typed_Agent (Self => Typed'Unchecked_Access);
      end Typed;

      protected body Typed is

         entry Put (for Member in 1 .. 2)
           when Closed
             or else (Chosen = Typed_No_Entry
                      and then Put_Accept_Begin (Member)'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Typed_Put;
            Put_Done := False;
            requeue Put_Queue;
         end Put;

         entry Put_Accept_Begin (for Member in Typed_Put_Index)
           when Chosen = Typed_Put is
         begin
            Chosen := Typed_No_Entry;
         end Put_Accept_Begin;

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

         entry Put_Queue
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

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Typed;

      task body Typed_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Typed_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Typed_Closer);
         overriding procedure Finalize (Object : in out Typed_Closer) is
         begin
            Self.Close;
         end Finalize;
         Closer : Typed_Closer;
      begin
         Self.Put_Accept_Begin (2);
         begin
            Put_Line ("typed");
         exception
            when Occurrence : others =>
               Self.Put_Failed (Occurrence);
               raise;
         end;
         Self.Put_Accept_End;
      end Typed_Agent;

      One : Typed;
   begin
      One.Put (2);
   end Use_Typed;
   procedure Use_Outside is
      type Outside_Entry is (Outside_No_Entry, Outside_Put);
      subtype Outside_Put_Index is Integer range 1 .. 2;
      type Outside_Alternative is record
         Id : Outside_Entry := Outside_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Outside_Alternative_List is array (Positive range <>) of Outside_Alternative;
      type Outside_Put_Set is array (Outside_Put_Index) of Boolean;
      --  rdv2po: task Outside became this protected object; its code runs in
      --  the task Outside_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Outside is
         entry Put (1 .. 2);
         --  rdv2po: the rendezvous protocol, for Outside_Agent
         entry Select_Arm
           (Order : Outside_Alternative_List;
            Chosen_Position : out Natural);
         entry Put_Held (Outside_Put_Index);
         procedure Put_Woken;
         procedure Put_Take;
         procedure Put_Accept_End;
         procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Put_Queue;
         procedure Close;
      private
         entry Select_Wait
           (Order : Outside_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Outside_Alternative);
         function Queued (Alternative : Outside_Alternative) return Boolean;
         function Position_Of (Alternative : Outside_Alternative) return Natural;
         Armed_List : Outside_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Outside_Entry := Outside_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Put_Armed : Outside_Put_Set := (others => False);
         Put_Done : Boolean := False;
         Put_Raised : Boolean := False;
         Put_Failure : Ada.Exceptions.Exception_Occurrence;
      end Outside;
      task Outside_Agent is
         --  rdv2po: general scheme agent of Outside
         entry Wake_1 (Positive range 1 .. 1);
      end Outside_Agent;

      protected body Outside is

         entry Put (for Member in 1 .. 2)
           when Closed
             or else (Chosen = Outside_No_Entry
                      and then Put_Armed (Member)
                      and then Put_Held (Member)'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Outside_Agent.Wake_1
                 (Position_Of ((Id => Outside_Put, Index => Outside_Put_Index'Pos (Member)))) with abort;
            end if;
            Position := Position_Of ((Id => Outside_Put, Index => Outside_Put_Index'Pos (Member)));
            Put_Woken;
            requeue Put_Queue;
         end Put;

         entry Put_Held (for Member in Outside_Put_Index)
           when Closed
             or else (Chosen = Outside_No_Entry and then Put_Armed (Member))
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Outside_Put, Index => Outside_Put_Index'Pos (Member)));
            Put_Woken;
            requeue Put_Queue;
         end Put_Held;

         entry Select_Arm
           (Order : Outside_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Outside_No_Entry then
                  if Found = 0 and then Queued (Order (K)) then
                     Found := K;
                  end if;
               end if;
            end loop;
            --  a caller already queued is taken first, in the select's order
            --  (as GNAT does)
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
           (Order : Outside_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Outside_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Put_Armed := (others => False);
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Outside_Alternative) is
         begin
            case Alternative.Id is
               when Outside_Put =>
                  Put_Armed (Outside_Put_Index'Val (Alternative.Index)) := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Outside_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Outside_Put =>
                  return Outside.Put (Outside_Put_Index'Val (Alternative.Index))'Count
                    + Put_Held (Outside_Put_Index'Val (Alternative.Index))'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Outside_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Put_Take is
         begin
            Chosen := Outside_No_Entry;
         end Put_Take;

         procedure Put_Woken is
         begin
            Disarm;
            Chosen := Outside_Put;
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

         entry Put_Queue
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

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Outside;

      task body Outside_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Outside_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Outside_Closer);
         overriding procedure Finalize (Object : in out Outside_Closer) is
         begin
            Outside.Close;
         end Finalize;
         Closer : Outside_Closer;
         Wanted : Integer := 3;
      begin
         loop
            declare
               Alternatives : constant Outside_Alternative_List :=
                 (1 => (Outside_Put, Outside_Put_Index'Pos (Wanted)));
               Choice : Natural;
            begin
               Outside.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) do
                        Outside.Put_Woken;
                        requeue Outside.Put_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) do
                           requeue Outside.Put_Held (Outside_Put_Index'Val (Alternatives (1).Index)) with abort;
                        end Wake_1;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     Outside.Put_Take;
                     begin
                        Put_Line ("outside taken");
                     exception
                        when Occurrence : others =>
                           Outside.Put_Failed (Occurrence);
                           raise;
                     end;
                     Outside.Put_Accept_End;
                  when others =>
                     null;
               end case;
            end;
         end loop;
      exception
         when Constraint_Error =>
            Put_Line ("outside: index out of the family");
      end Outside_Agent;
   begin
      Outside.Put (1);
   exception
      when Tasking_Error =>
         Put_Line ("caller of outside: Tasking_Error");
   end Use_Outside;
begin
   Use_Renamed;
   Use_Polled;
   Use_Computed;
   Use_Typed;
   Use_Outside;
   Put_Line ("PASSED");
end Main;
