--  A cyclic barrier task for a fixed team (accepts inside for and while
--  loops, the textbook Ada 83 way), a coordinator whose accept body
--  contains a selective accept with a delay alternative, and workers that
--  compute in phases.

with Ada.Finalization;
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Team   : constant := 3;
   Phases : constant := 4;

   type Barrier_Entry is (Barrier_No_Entry, Barrier_Arrive, Barrier_Go);
   type Barrier_Alternative is record
      Id : Barrier_Entry := Barrier_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Barrier_Alternative_List is array (Positive range <>) of Barrier_Alternative;
   --  rdv2po: task Barrier became this protected object; its code runs in the
   --  task Barrier_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Barrier is
      entry Arrive;
      entry Go;
      --  rdv2po: the rendezvous protocol, for Barrier_Agent
      entry Select_Arm
        (Order : Barrier_Alternative_List;
         Chosen_Position : out Natural);
      entry Arrive_Held;
      procedure Arrive_Woken;
      entry Arrive_Accept_Begin;
      procedure Arrive_Take;
      entry Go_Accept_Begin;
      procedure Close;
   private
      entry Select_Wait
        (Order : Barrier_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Barrier_Alternative);
      function Queued (Alternative : Barrier_Alternative) return Boolean;
      function Position_Of (Alternative : Barrier_Alternative) return Natural;
      Armed_List : Barrier_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Barrier_Entry := Barrier_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Arrive_Armed : Boolean := False;
   end Barrier;
   task Barrier_Agent is
      --  rdv2po: general scheme agent of Barrier
      entry Wake_1 (Positive range 1 .. 1);
   end Barrier_Agent;

   protected body Barrier is

      entry Arrive
        when Closed
          or else (Chosen = Barrier_No_Entry
                   and then (Arrive_Accept_Begin'Count > 0 or else Arrive_Armed)
                   and then Arrive_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Barrier_Agent.Wake_1
              (Position_Of ((Id => Barrier_Arrive, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Barrier_Arrive, Index => 0));
         Arrive_Woken;
      end Arrive;

      entry Arrive_Held
        when Closed
          or else (Chosen = Barrier_No_Entry
                   and then (Arrive_Accept_Begin'Count > 0 or else Arrive_Armed))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Barrier_Arrive, Index => 0));
         Arrive_Woken;
      end Arrive_Held;

      entry Go
        when Closed
          or else (Chosen = Barrier_No_Entry
                   and then Go_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Barrier_Go;
      end Go;

      entry Select_Arm
        (Order : Barrier_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Barrier_No_Entry then
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
        (Order : Barrier_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Barrier_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Arrive_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Barrier_Alternative) is
      begin
         case Alternative.Id is
            when Barrier_Arrive =>
               Arrive_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Barrier_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Barrier_Arrive =>
               return Barrier.Arrive'Count + Arrive_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Barrier_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      entry Arrive_Accept_Begin
        when Chosen = Barrier_Arrive is
      begin
         Chosen := Barrier_No_Entry;
      end Arrive_Accept_Begin;

      procedure Arrive_Take is
      begin
         Chosen := Barrier_No_Entry;
      end Arrive_Take;

      procedure Arrive_Woken is
      begin
         Disarm;
         Chosen := Barrier_Arrive;
      end Arrive_Woken;

      entry Go_Accept_Begin
        when Chosen = Barrier_Go is
      begin
         Chosen := Barrier_No_Entry;
      end Go_Accept_Begin;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Barrier;

   task body Barrier_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Barrier_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Barrier_Closer);
      overriding procedure Finalize (Object : in out Barrier_Closer) is
      begin
         Barrier.Close;
      end Finalize;
      Closer : Barrier_Closer;
      Round : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Barrier_Alternative_List :=
              (1 => (Barrier_Arrive, 0));
            Choice : Natural;
         begin
            Barrier.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Barrier.Arrive_Woken;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Barrier.Arrive_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Barrier.Arrive_Take;
               when others =>
                  null;
            end case;
         end;
         for I in 2 .. Team loop
            Barrier.Arrive_Accept_Begin;
         end loop;
         Round := Round + 1;
         declare
            Released : Natural := 0;
         begin
            while Released < Team loop
               Barrier.Go_Accept_Begin;
               Released := Released + 1;
            end loop;
         end;
      end loop;
   end Barrier_Agent;

   type Cells is array (1 .. Team) of Integer;

   type Board_Entry is
     (Board_No_Entry,
      Board_Put,
      Board_Snapshot,
      Board_Checkpoint,
      Board_Ack);
   type Board_Checkpoint_Label_Access is access String;
   procedure Free_Checkpoint_Label is new Ada.Unchecked_Deallocation
     (String,
      Board_Checkpoint_Label_Access);
   type Board_Alternative is record
      Id : Board_Entry := Board_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Board_Alternative_List is array (Positive range <>) of Board_Alternative;
   --  rdv2po: task Board became this protected object; its code runs in the
   --  task Board_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Board is
      entry Put (Who : Positive; Value : Integer);
      entry Snapshot (C : out Cells);
      entry Checkpoint (Label : String; Seen : out Natural);
      entry Ack;
      --  rdv2po: the rendezvous protocol, for Board_Agent
      entry Select_Arm
        (Order : Board_Alternative_List;
         Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      entry Put_Held (Who : Positive; Value : Integer);
      procedure Put_Woken (Who : in Positive; Value : in Integer);
      procedure Put_Take (Who : out Positive; Value : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (Who : in Positive; Value : in Integer);
      entry Snapshot_Held (C : out Cells);
      procedure Snapshot_Woken (C : in Cells);
      procedure Snapshot_Take (C : out Cells);
      procedure Snapshot_Accept_End (C : in Cells);
      procedure Snapshot_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         C : in Cells);
      entry Snapshot_Queue (C : out Cells);
      entry Checkpoint_Held (Label : String; Seen : out Natural);
      procedure Checkpoint_Woken (Label : in String; Seen : in Natural);
      procedure Checkpoint_Take (Seen : out Natural);
      function Checkpoint_Label_Value return String;
      procedure Checkpoint_Accept_End (Seen : in Natural);
      procedure Checkpoint_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Checkpoint_Queue (Label : in String; Seen : out Natural);
      procedure Ack_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Board_Alternative_List;
         Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Board_Alternative);
      function Queued (Alternative : Board_Alternative) return Boolean;
      function Position_Of (Alternative : Board_Alternative) return Natural;
      Armed_List : Board_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Board_Entry := Board_No_Entry;
      Via_Wake : Boolean := False;
      Timed : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_Who : Positive;
      Put_Value : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Snapshot_Armed : Boolean := False;
      Snapshot_C : Cells;
      Snapshot_Done : Boolean := False;
      Snapshot_Raised : Boolean := False;
      Snapshot_Failure : Ada.Exceptions.Exception_Occurrence;
      Checkpoint_Armed : Boolean := False;
      Checkpoint_Label : Board_Checkpoint_Label_Access;
      Checkpoint_Seen : Natural;
      Checkpoint_Done : Boolean := False;
      Checkpoint_Raised : Boolean := False;
      Checkpoint_Failure : Ada.Exceptions.Exception_Occurrence;
      Ack_Armed : Boolean := False;
   end Board;
   task Board_Agent is
      --  rdv2po: general scheme agent of Board
      entry Wake_1 (Positive range 1 .. 3)
        (Value_1 : in Positive; Value_2 : in Integer);
      entry Wake_2 (Positive range 1 .. 3) (Value_1 : out Cells);
      entry Wake_3 (Positive range 1 .. 3)
        (Value_1 : in String; Value_2 : out Natural);
   end Board_Agent;

   protected body Board is

      entry Put (Who : Positive; Value : Integer)
        when Closed
          or else (Chosen = Board_No_Entry
                   and then ((Put_Armed and then (not Timed or else Select_Wait'Count > 0)))
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Board_Agent.Wake_1
              (Position_Of ((Id => Board_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Board_Put, Index => 0));
         Put_Woken (Who, Value);
         requeue Put_Queue;
      end Put;

      entry Put_Held (Who : Positive; Value : Integer)
        when Closed
          or else (Chosen = Board_No_Entry
                   and then ((Put_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Board_Put, Index => 0));
         Put_Woken (Who, Value);
         requeue Put_Queue;
      end Put_Held;

      entry Snapshot (C : out Cells)
        when Closed
          or else (Chosen = Board_No_Entry
                   and then ((Snapshot_Armed and then (not Timed or else Select_Wait'Count > 0)))
                   and then Snapshot_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Board_Agent.Wake_2
              (Position_Of ((Id => Board_Snapshot, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Board_Snapshot, Index => 0));
         Snapshot_Woken (C);
         requeue Snapshot_Queue;
      end Snapshot;

      entry Snapshot_Held (C : out Cells)
        when Closed
          or else (Chosen = Board_No_Entry
                   and then ((Snapshot_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Board_Snapshot, Index => 0));
         Snapshot_Woken (C);
         requeue Snapshot_Queue;
      end Snapshot_Held;

      entry Checkpoint (Label : String; Seen : out Natural)
        when Closed
          or else (Chosen = Board_No_Entry
                   and then ((Checkpoint_Armed and then (not Timed or else Select_Wait'Count > 0)))
                   and then Checkpoint_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Board_Agent.Wake_3
              (Position_Of ((Id => Board_Checkpoint, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Board_Checkpoint, Index => 0));
         Checkpoint_Woken (Label, Seen);
         requeue Checkpoint_Queue;
      end Checkpoint;

      entry Checkpoint_Held (Label : String; Seen : out Natural)
        when Closed
          or else (Chosen = Board_No_Entry
                   and then ((Checkpoint_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Board_Checkpoint, Index => 0));
         Checkpoint_Woken (Label, Seen);
         requeue Checkpoint_Queue;
      end Checkpoint_Held;

      entry Ack
        when Closed
          or else (Chosen = Board_No_Entry
                   and then ((Ack_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Board_Ack, Index => 0));
         Disarm;
         Chosen := Board_Ack;
      end Ack;

      entry Select_Arm
        (Order : Board_Alternative_List;
         Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Board_No_Entry then
               Any_Open := True;
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  RM 9.7.1(21): every alternative closed and no else part
         if not Any_Open and then not (Timed_Wait or else Wake) then
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
         Timed := Timed_Wait and then Found = 0;
         Via_Wake := Wake and then Found = 0;
         if Via_Wake then
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Board_Alternative_List;
         Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural)
        when Chosen /= Board_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Snapshot_Armed := False;
         Checkpoint_Armed := False;
         Ack_Armed := False;
         Via_Wake := False;
         Timed := False;
      end Disarm;

      procedure Arm (Alternative : Board_Alternative) is
      begin
         case Alternative.Id is
            when Board_Put =>
               Put_Armed := True;
            when Board_Snapshot =>
               Snapshot_Armed := True;
            when Board_Checkpoint =>
               Checkpoint_Armed := True;
            when Board_Ack =>
               Ack_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Board_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Board_Put =>
               return Board.Put'Count + Put_Held'Count > 0;
            when Board_Snapshot =>
               return Board.Snapshot'Count + Snapshot_Held'Count > 0;
            when Board_Checkpoint =>
               return Board.Checkpoint'Count + Checkpoint_Held'Count > 0;
            when Board_Ack =>
               return Board.Ack'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Board_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (Who : out Positive; Value : out Integer) is
      begin
         Who := Put_Who;
         Value := Put_Value;
         Chosen := Board_No_Entry;
      end Put_Take;

      procedure Put_Woken (Who : in Positive; Value : in Integer) is
      begin
         Disarm;
         Chosen := Board_Put;
         Put_Who := Who;
         Put_Value := Value;
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

      entry Put_Queue (Who : in Positive; Value : in Integer)
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

      procedure Snapshot_Take (C : out Cells) is
      begin
         C := Snapshot_C;
         Chosen := Board_No_Entry;
      end Snapshot_Take;

      procedure Snapshot_Woken (C : in Cells) is
      begin
         Disarm;
         Chosen := Board_Snapshot;
         Snapshot_C := C;
         Snapshot_Done := False;
      end Snapshot_Woken;

      procedure Snapshot_Accept_End (C : in Cells) is
      begin
         Snapshot_C := C;
         Snapshot_Done := True;
      end Snapshot_Accept_End;

      procedure Snapshot_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         C : in Cells) is
      begin
         Snapshot_C := C;
         Ada.Exceptions.Save_Occurrence (Snapshot_Failure, Occurrence);
         Snapshot_Raised := True;
         Snapshot_Done := True;
      end Snapshot_Failed;

      entry Snapshot_Queue (C : out Cells)
        when Snapshot_Done or else Closed is
      begin
         if not Snapshot_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Snapshot_Done := False;
         if Snapshot_Raised then
            Snapshot_Raised := False;
            C := Snapshot_C;
            Ada.Exceptions.Reraise_Occurrence (Snapshot_Failure);
         end if;
         C := Snapshot_C;
      end Snapshot_Queue;

      procedure Checkpoint_Take (Seen : out Natural) is
      begin
         Seen := Checkpoint_Seen;
         Chosen := Board_No_Entry;
      end Checkpoint_Take;

      procedure Checkpoint_Woken (Label : in String; Seen : in Natural) is
      begin
         Disarm;
         Chosen := Board_Checkpoint;
         Checkpoint_Seen := Seen;
         Checkpoint_Label := new String'(Label);
         Checkpoint_Done := False;
      end Checkpoint_Woken;

      function Checkpoint_Label_Value return String is
      begin
         return Checkpoint_Label.all;
      end Checkpoint_Label_Value;

      procedure Checkpoint_Accept_End (Seen : in Natural) is
      begin
         Checkpoint_Seen := Seen;
         Checkpoint_Done := True;
      end Checkpoint_Accept_End;

      procedure Checkpoint_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Checkpoint_Failure, Occurrence);
         Checkpoint_Raised := True;
         Checkpoint_Done := True;
      end Checkpoint_Failed;

      entry Checkpoint_Queue (Label : in String; Seen : out Natural)
        when Checkpoint_Done or else Closed is
      begin
         if not Checkpoint_Done then
            Free_Checkpoint_Label (Checkpoint_Label);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Checkpoint_Done := False;
         if Checkpoint_Raised then
            Checkpoint_Raised := False;
            Free_Checkpoint_Label (Checkpoint_Label);
            Ada.Exceptions.Reraise_Occurrence (Checkpoint_Failure);
         end if;
         Seen := Checkpoint_Seen;
         Free_Checkpoint_Label (Checkpoint_Label);
      end Checkpoint_Queue;

      procedure Ack_Take is
      begin
         Chosen := Board_No_Entry;
      end Ack_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Board;

   task body Board_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Board_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Board_Closer);
      overriding procedure Finalize (Object : in out Board_Closer) is
      begin
         Board.Close;
      end Finalize;
      Closer : Board_Closer;
      Data   : Cells := (others => 0);
      Events : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Board_Alternative_List :=
              (1 => (Board_Put, 0),
               2 => (Board_Snapshot, 0),
               3 => (Board_Checkpoint, 0));
            Choice : Natural;
         begin
            Board.Select_Arm
              (Order => Alternatives,
               Timed_Wait => False,
               Wake => True,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1)
                    (Value_1 : in Positive; Value_2 : in Integer) do
                     Board.Put_Woken (Value_1, Value_2);
                     requeue Board.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Cells) do
                     Board.Snapshot_Woken (Value_1);
                     requeue Board.Snapshot_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3)
                    (Value_1 : in String; Value_2 : out Natural) do
                     Board.Checkpoint_Woken (Value_1, Value_2);
                     requeue Board.Checkpoint_Queue;
                  end Wake_3;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1)
                       (Value_1 : in Positive; Value_2 : in Integer) do
                        requeue Board.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Cells) do
                        requeue Board.Snapshot_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3)
                       (Value_1 : in String; Value_2 : out Natural) do
                        requeue Board.Checkpoint_Held with abort;
                     end Wake_3;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Who : Positive;
                     Value : Integer;
                  begin
                     Board.Put_Take (Who, Value);
                     begin
                        Data (Who) := Value;
                        Events := Events + 1;
                     exception
                        when Occurrence : others =>
                           Board.Put_Failed (Occurrence);
                           raise;
                     end;
                     Board.Put_Accept_End;
                  end;
               when 2 =>
                  declare
                     C : Cells;
                  begin
                     Board.Snapshot_Take (C);
                     begin
                        C := Data;
                     exception
                        when Occurrence : others =>
                           Board.Snapshot_Failed (Occurrence, C);
                           raise;
                     end;
                     Board.Snapshot_Accept_End (C);
                  end;
               when 3 =>
                  declare
                     Seen : Natural;
                  begin
                     Board.Checkpoint_Take (Seen);
                     declare
                        Label : constant String := Board.Checkpoint_Label_Value;
                     begin
                        begin
                           --  A checkpoint waits (inside the rendezvous) for an
                           --  acknowledgement, but not for ever.
                           declare
                              Choice : Natural;
                           begin
                              select
                                 Board.Select_Arm
                                   (Order => (1 => (Board_Ack, 0)),
                                    Timed_Wait => True,
                                    Wake => False,
                                    Chosen_Position => Choice);
                              or
                                 delay 0.5;
                                 Choice := 0;
                              end select;
                              case Choice is
                                 when 1 =>
                                    Board.Ack_Take;
                                    Seen := Events;
                                 when others =>
                                    Seen := 0;
                                    Put_Line ("checkpoint " & Label & " timed out");
                              end case;
                           end;
                        exception
                           when Occurrence : others =>
                              Board.Checkpoint_Failed (Occurrence);
                              raise;
                        end;
                        Board.Checkpoint_Accept_End (Seen);
                     end;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Board_Agent;

   task type Worker (Me : Positive);
   task body Worker is
      Value : Integer := Me;
      C     : Cells;
   begin
      for P in 1 .. Phases loop
         Board.Put (Me, Value);
         Barrier.Arrive;
         Barrier.Go;
         Board.Snapshot (C);
         --  everybody sees everybody's value of this phase
         Value := 0;
         for I in C'Range loop
            Value := Value + C (I) * I;
         end loop;
         Value := Value mod 1000;
         Barrier.Arrive;
         Barrier.Go;
      end loop;
      Board.Put (Me, Value);
   end Worker;

   Final : Cells;
   Seen  : Natural;
begin
   declare
      W1 : Worker (1);
      W2 : Worker (2);
      W3 : Worker (3);
      task Acker;
      task body Acker is
      begin
         delay 0.01;
         Board.Ack;
      end Acker;
   begin
      Board.Checkpoint ("start", Seen);
      Put_Line ("checkpoint acknowledged: " & Boolean'Image (Seen >= 0));
   end;
   Board.Snapshot (Final);
   for I in Final'Range loop
      Put_Line ("worker" & Integer'Image (I) & " final" & Integer'Image (Final (I)));
   end loop;
   Board.Checkpoint ("end", Seen);
   Put_Line ("events after timeout:" & Natural'Image (Seen));
end Main;
