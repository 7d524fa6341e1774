--  An accepting server whose loop has three synchronisation points, two
--  of them for the same entry Step (with different accept bodies), then a
--  query entry Other that hands the task-local counters out through out
--  parameters.  Statements run before the loop (stmt0) and between the
--  synchronisation points (stmt2/stmt3 of the paper's Figure 5).
--
--  The task Stepper calls Step, Main calls Other: the server's sequence
--  Step, Step, Other fixes the interleaving, so the outcome is fixed.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Cycles_Wanted : constant := 200;
   Modulus       : constant := 10_007;

   type Counters is record
      Firsts  : Natural;   --  first Step of a cycle accepted
      Seconds : Natural;   --  second Step of a cycle accepted
      Cycles  : Natural;   --  completed cycles before this Other
      Acc     : Integer;   --  accumulator value handed out by Other
   end record;

   type Machine_Entry is (Machine_No_Entry, Machine_Step, Machine_Other);
   type Machine_Alternative is record
      Id : Machine_Entry := Machine_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Machine_Alternative_List is array (Positive range <>) of Machine_Alternative;
   --  rdv2po: task Machine became this protected object; its code runs in the
   --  task Machine_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Machine is
      entry Step (X : in Integer);
      entry Other (C : out Counters);
      --  rdv2po: the rendezvous protocol, for Machine_Agent
      entry Select_Arm
        (Order : Machine_Alternative_List;
         Chosen_Position : out Natural);
      entry Step_Held (X : in Integer);
      procedure Step_Woken (X : in Integer);
      entry Step_Accept_Begin (X : out Integer);
      procedure Step_Take (X : out Integer);
      procedure Step_Accept_End;
      procedure Step_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Step_Queue (X : in Integer);
      entry Other_Accept_Begin (C : out Counters);
      procedure Other_Accept_End (C : in Counters);
      procedure Other_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         C : in Counters);
      entry Other_Queue (C : out Counters);
      procedure Close;
   private
      entry Select_Wait
        (Order : Machine_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Machine_Alternative);
      function Queued (Alternative : Machine_Alternative) return Boolean;
      function Position_Of (Alternative : Machine_Alternative) return Natural;
      Armed_List : Machine_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Machine_Entry := Machine_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Step_Armed : Boolean := False;
      Step_X : Integer;
      Step_Done : Boolean := False;
      Step_Raised : Boolean := False;
      Step_Failure : Ada.Exceptions.Exception_Occurrence;
      Other_C : Counters;
      Other_Done : Boolean := False;
      Other_Raised : Boolean := False;
      Other_Failure : Ada.Exceptions.Exception_Occurrence;
   end Machine;
   task Machine_Agent is
      --  rdv2po: general scheme agent of Machine
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
   end Machine_Agent;

   protected body Machine is

      entry Step (X : in Integer)
        when Closed
          or else (Chosen = Machine_No_Entry
                   and then (Step_Accept_Begin'Count > 0 or else Step_Armed)
                   and then Step_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Machine_Agent.Wake_1
              (Position_Of ((Id => Machine_Step, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Machine_Step, Index => 0));
         Step_Woken (X);
         requeue Step_Queue;
      end Step;

      entry Step_Held (X : in Integer)
        when Closed
          or else (Chosen = Machine_No_Entry
                   and then (Step_Accept_Begin'Count > 0 or else Step_Armed))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Machine_Step, Index => 0));
         Step_Woken (X);
         requeue Step_Queue;
      end Step_Held;

      entry Other (C : out Counters)
        when Closed
          or else (Chosen = Machine_No_Entry
                   and then Other_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Machine_Other;
         Other_C := C;
         Other_Done := False;
         requeue Other_Queue;
      end Other;

      entry Select_Arm
        (Order : Machine_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Machine_No_Entry then
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
        (Order : Machine_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Machine_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Step_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Machine_Alternative) is
      begin
         case Alternative.Id is
            when Machine_Step =>
               Step_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Machine_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Machine_Step =>
               return Machine.Step'Count + Step_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Machine_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      entry Step_Accept_Begin (X : out Integer)
        when Chosen = Machine_Step is
      begin
         X := Step_X;
         Chosen := Machine_No_Entry;
      end Step_Accept_Begin;

      procedure Step_Take (X : out Integer) is
      begin
         X := Step_X;
         Chosen := Machine_No_Entry;
      end Step_Take;

      procedure Step_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Machine_Step;
         Step_X := X;
         Step_Done := False;
      end Step_Woken;

      procedure Step_Accept_End is
      begin
         Step_Done := True;
      end Step_Accept_End;

      procedure Step_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Step_Failure, Occurrence);
         Step_Raised := True;
         Step_Done := True;
      end Step_Failed;

      entry Step_Queue (X : in Integer)
        when Step_Done or else Closed is
      begin
         if not Step_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Step_Done := False;
         if Step_Raised then
            Step_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Step_Failure);
         end if;
      end Step_Queue;

      entry Other_Accept_Begin (C : out Counters)
        when Chosen = Machine_Other is
      begin
         C := Other_C;
         Chosen := Machine_No_Entry;
      end Other_Accept_Begin;

      procedure Other_Accept_End (C : in Counters) is
      begin
         Other_C := C;
         Other_Done := True;
      end Other_Accept_End;

      procedure Other_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         C : in Counters) is
      begin
         Other_C := C;
         Ada.Exceptions.Save_Occurrence (Other_Failure, Occurrence);
         Other_Raised := True;
         Other_Done := True;
      end Other_Failed;

      entry Other_Queue (C : out Counters)
        when Other_Done or else Closed is
      begin
         if not Other_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Other_Done := False;
         if Other_Raised then
            Other_Raised := False;
            C := Other_C;
            Ada.Exceptions.Reraise_Occurrence (Other_Failure);
         end if;
         C := Other_C;
      end Other_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Machine;

   task body Machine_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Machine_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Machine_Closer);
      overriding procedure Finalize (Object : in out Machine_Closer) is
      begin
         Machine.Close;
      end Finalize;
      Closer : Machine_Closer;
      Acc     : Integer;
      Bias    : Integer;
      Firsts  : Natural;
      Seconds : Natural;
      Cycles  : Natural;
   begin
      --  stmt0: initialisation before the server loop
      Acc := 1;
      Bias := 7;
      Firsts := 0;
      Seconds := 0;
      Cycles := 0;

      loop
         --  stmt1: start of a cycle
         Acc := Acc mod Modulus;

         declare
            Alternatives : constant Machine_Alternative_List :=
              (1 => (Machine_Step, 0));
            Choice : Natural;
         begin
            Machine.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Machine.Step_Woken (Value_1);
                     requeue Machine.Step_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Machine.Step_Held with abort;
                     end Wake_1;
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
                     Machine.Step_Take (X);
                     begin
                        --  sync point 1
                        Acc := Acc + X;
                     exception
                        when Occurrence : others =>
                           Machine.Step_Failed (Occurrence);
                           raise;
                     end;
                     Machine.Step_Accept_End;
                  end;
               when others =>
                  null;
            end case;
         end;

         --  stmt2
         Firsts := Firsts + 1;
         Acc := Acc * 3;

         declare
            X : Integer;
         begin
            Machine.Step_Accept_Begin (X);
            begin
               --  sync point 2
               Acc := Acc - X;
            exception
               when Occurrence : others =>
                  Machine.Step_Failed (Occurrence);
                  raise;
            end;
            Machine.Step_Accept_End;
         end;

         --  stmt3
         Seconds := Seconds + 1;
         Acc := (Acc + Bias) mod Modulus;

         declare
            C : Counters;
         begin
            Machine.Other_Accept_Begin (C);
            begin
               --  sync point 3
               C := (Firsts => Firsts, Seconds => Seconds,
                     Cycles => Cycles, Acc => Acc);
            exception
               when Occurrence : others =>
                  Machine.Other_Failed (Occurrence, C);
                  raise;
            end;
            Machine.Other_Accept_End (C);
         end;

         --  stmt4: end of a cycle
         Cycles := Cycles + 1;
         Bias := (Bias * 5 + Cycles) mod 13;
      end loop;
   end Machine_Agent;

   task Stepper;

   task body Stepper is
   begin
      for I in 1 .. 2 * Cycles_Wanted loop
         Machine.Step (I);
      end loop;
   end Stepper;

   C        : Counters;
   Checksum : Natural := 0;

   --  The same computation, sequentially, as reference
   Ref_Acc  : Integer := 1;
   Ref_Bias : Integer := 7;
   Ref_Sum  : Natural := 0;

begin
   for I in 1 .. Cycles_Wanted loop
      Machine.Other (C);
      Checksum := (Checksum * 7 + C.Acc) mod Modulus;
   end loop;

   for I in 1 .. Cycles_Wanted loop
      Ref_Acc := Ref_Acc mod Modulus;
      Ref_Acc := (Ref_Acc + (2 * I - 1)) * 3;
      Ref_Acc := Ref_Acc - 2 * I;
      Ref_Acc := (Ref_Acc + Ref_Bias) mod Modulus;
      Ref_Sum := (Ref_Sum * 7 + Ref_Acc) mod Modulus;
      Ref_Bias := (Ref_Bias * 5 + I) mod 13;
   end loop;

   Put_Line ("Firsts  :" & Natural'Image (C.Firsts));
   Put_Line ("Seconds :" & Natural'Image (C.Seconds));
   Put_Line ("Cycles  :" & Natural'Image (C.Cycles));
   Put_Line ("Last acc:" & Integer'Image (C.Acc));
   Put_Line ("Checksum:" & Natural'Image (Checksum));
   if C.Firsts = Cycles_Wanted
     and then C.Seconds = Cycles_Wanted
     and then C.Cycles = Cycles_Wanted - 1
     and then C.Acc = Ref_Acc
     and then Checksum = Ref_Sum
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
   --  Main now waits for Stepper (done) and Machine (terminate at point 1)
end Main;
