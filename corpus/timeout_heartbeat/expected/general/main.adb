--  A heartbeat server: once started, it beats every 20 ms, waiting with
--  "delay until Next" (the drift-free periodic idiom) between callers.  The
--  number of beats in 0.5 s depends on timing (and on how late each timeout
--  comes), so the program prints whether it lies within a tolerance.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Real_Time; use Ada.Real_Time;
with Ada.Text_IO;

procedure Main is

   type Heart_Entry is (Heart_No_Entry, Heart_Start, Heart_Beats, Heart_Stop);
   type Heart_Alternative is record
      Id : Heart_Entry := Heart_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Heart_Alternative_List is array (Positive range <>) of Heart_Alternative;
   --  rdv2po: task Heart became this protected object; its code runs in the
   --  task Heart_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Heart is
      entry Start (Period : Time_Span);
      entry Beats (N : out Natural);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Heart_Agent
      entry Select_Arm
        (Order : Heart_Alternative_List;
         Timed_Wait : Boolean;
         Chosen_Position : out Natural);
      procedure Start_Take (Period : out Time_Span);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (Period : in Time_Span);
      procedure Beats_Take (N : out Natural);
      procedure Beats_Accept_End (N : in Natural);
      procedure Beats_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Beats_Queue (N : out Natural);
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Heart_Alternative_List;
         Timed_Wait : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Heart_Alternative);
      function Queued (Alternative : Heart_Alternative) return Boolean;
      function Position_Of (Alternative : Heart_Alternative) return Natural;
      Armed_List : Heart_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Heart_Entry := Heart_No_Entry;
      Timed : Boolean := False;
      Closed : Boolean := False;
      Start_Armed : Boolean := False;
      Start_Period : Time_Span;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Beats_Armed : Boolean := False;
      Beats_N : Natural;
      Beats_Done : Boolean := False;
      Beats_Raised : Boolean := False;
      Beats_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Heart;
   task Heart_Agent is
      --  rdv2po: general scheme agent of Heart
   end Heart_Agent;

   protected body Heart is

      entry Start (Period : Time_Span)
        when Closed
          or else (Chosen = Heart_No_Entry
                   and then ((Start_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Heart_Start, Index => 0));
         Disarm;
         Chosen := Heart_Start;
         Start_Period := Period;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Beats (N : out Natural)
        when Closed
          or else (Chosen = Heart_No_Entry
                   and then ((Beats_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Heart_Beats, Index => 0));
         Disarm;
         Chosen := Heart_Beats;
         Beats_N := N;
         Beats_Done := False;
         requeue Beats_Queue;
      end Beats;

      entry Stop
        when Closed
          or else (Chosen = Heart_No_Entry
                   and then ((Stop_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Heart_Stop, Index => 0));
         Disarm;
         Chosen := Heart_Stop;
      end Stop;

      entry Select_Arm
        (Order : Heart_Alternative_List;
         Timed_Wait : Boolean;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Heart_No_Entry then
               Any_Open := True;
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  RM 9.7.1(21): every alternative closed and no else part
         if not Any_Open and then not Timed_Wait then
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
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Heart_Alternative_List;
         Timed_Wait : Boolean;
         Chosen_Position : out Natural)
        when Chosen /= Heart_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Start_Armed := False;
         Beats_Armed := False;
         Stop_Armed := False;
         Timed := False;
      end Disarm;

      procedure Arm (Alternative : Heart_Alternative) is
      begin
         case Alternative.Id is
            when Heart_Start =>
               Start_Armed := True;
            when Heart_Beats =>
               Beats_Armed := True;
            when Heart_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Heart_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Heart_Start =>
               return Heart.Start'Count > 0;
            when Heart_Beats =>
               return Heart.Beats'Count > 0;
            when Heart_Stop =>
               return Heart.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Heart_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Start_Take (Period : out Time_Span) is
      begin
         Period := Start_Period;
         Chosen := Heart_No_Entry;
      end Start_Take;

      procedure Start_Accept_End is
      begin
         Start_Done := True;
      end Start_Accept_End;

      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Start_Failure, Occurrence);
         Start_Raised := True;
         Start_Done := True;
      end Start_Failed;

      entry Start_Queue (Period : in Time_Span)
        when Start_Done or else Closed is
      begin
         if not Start_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Start_Done := False;
         if Start_Raised then
            Start_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Start_Failure);
         end if;
      end Start_Queue;

      procedure Beats_Take (N : out Natural) is
      begin
         N := Beats_N;
         Chosen := Heart_No_Entry;
      end Beats_Take;

      procedure Beats_Accept_End (N : in Natural) is
      begin
         Beats_N := N;
         Beats_Done := True;
      end Beats_Accept_End;

      procedure Beats_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Beats_Failure, Occurrence);
         Beats_Raised := True;
         Beats_Done := True;
      end Beats_Failed;

      entry Beats_Queue (N : out Natural)
        when Beats_Done or else Closed is
      begin
         if not Beats_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Beats_Done := False;
         if Beats_Raised then
            Beats_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Beats_Failure);
         end if;
         N := Beats_N;
      end Beats_Queue;

      procedure Stop_Take is
      begin
         Chosen := Heart_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Heart;

   task body Heart_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Heart_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Heart_Closer);
      overriding procedure Finalize (Object : in out Heart_Closer) is
      begin
         Heart.Close;
      end Finalize;
      Closer : Heart_Closer;
      Next    : Time := Time_First;
      Step    : Time_Span := Time_Span_Zero;
      Count   : Natural := 0;
      Running : Boolean := False;
   begin
      loop
         declare
            Choice : Natural;
         begin
            if Running then
               select
                  Heart.Select_Arm
                    (Order => (1 => (Heart_Start, 0),
                               2 => (Heart_Beats, 0),
                               3 => (Heart_Stop, 0)),
                     Timed_Wait => True,
                     Chosen_Position => Choice);
               or
                  delay until Next;
                  Choice := 0;
               end select;
            else
               Heart.Select_Arm
                 (Order => (1 => (Heart_Start, 0),
                            2 => (Heart_Beats, 0),
                            3 => (Heart_Stop, 0)),
                  Timed_Wait => False,
                  Chosen_Position => Choice);
            end if;
            case Choice is
               when 1 =>
                  declare
                     Period : Time_Span;
                  begin
                     Heart.Start_Take (Period);
                     begin
                        Step := Period;
                        Next := Clock + Period;
                     exception
                        when Occurrence : others =>
                           Heart.Start_Failed (Occurrence);
                           raise;
                     end;
                     Heart.Start_Accept_End;
                  end;
                  Running := True;
               when 2 =>
                  declare
                     N : Natural;
                  begin
                     Heart.Beats_Take (N);
                     begin
                        N := Count;
                     exception
                        when Occurrence : others =>
                           Heart.Beats_Failed (Occurrence);
                           raise;
                     end;
                     Heart.Beats_Accept_End (N);
                  end;
               when 3 =>
                  Heart.Stop_Take;
                  exit;
               when others =>
                  Count := Count + 1;
                  Next := Next + Step;
            end case;
         end;
      end loop;
   end Heart_Agent;

   N : Natural;

begin
   Heart.Beats (N);
   Ada.Text_IO.Put_Line ("beats before start:" & Natural'Image (N));
   Heart.Start (Milliseconds (20));
   delay 0.5;
   Heart.Beats (N);
   Ada.Text_IO.Put_Line ("beats in 0.5 s within 10 .. 30: " & Boolean'Image (N in 10 .. 30));
   Heart.Stop;
   Ada.Text_IO.Put_Line ("PASSED");
end Main;
