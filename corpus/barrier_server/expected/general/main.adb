--  Gauss-Seidel (red-black, 1-D Laplace) with a barrier server task: per
--  phase, the Barrier accepts Arrive once from each of the N workers
--  (summing their partial residuals), then Depart N times (handing out
--  the global residual).  Integer arithmetic keeps the result exact.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Workers    : constant := 4;
   Per_Worker : constant := 8;
   Iterations : constant := 30;
   Last_Cell  : constant := Workers * Per_Worker + 1;

   type Grid is array (0 .. Last_Cell) of Long_Integer;

   Initial : constant Grid :=
     (0 => 1_000_000, Last_Cell => -200_000, others => 0);

   U : Grid := Initial;

   type Barrier_Entry is
     (Barrier_No_Entry,
      Barrier_Arrive,
      Barrier_Depart,
      Barrier_Report);
   type Barrier_Alternative is record
      Id : Barrier_Entry := Barrier_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Barrier_Alternative_List is array (Positive range <>) of Barrier_Alternative;
   --  rdv2po: task Barrier became this protected object; its code runs in the
   --  task Barrier_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Barrier is
      entry Arrive (Partial : Long_Integer);
      entry Depart (Global : out Long_Integer);
      entry Report (Phases : out Natural; Checksum : out Long_Integer);
      --  rdv2po: the rendezvous protocol, for Barrier_Agent
      entry Select_Arm
        (Order : Barrier_Alternative_List;
         Chosen_Position : out Natural);
      entry Arrive_Held (Partial : Long_Integer);
      procedure Arrive_Woken (Partial : in Long_Integer);
      entry Arrive_Accept_Begin (Partial : out Long_Integer);
      procedure Arrive_Take (Partial : out Long_Integer);
      procedure Arrive_Accept_End;
      procedure Arrive_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Arrive_Queue (Partial : in Long_Integer);
      entry Depart_Accept_Begin (Global : out Long_Integer);
      procedure Depart_Accept_End (Global : in Long_Integer);
      procedure Depart_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Depart_Queue (Global : out Long_Integer);
      entry Report_Held (Phases : out Natural; Checksum : out Long_Integer);
      procedure Report_Woken (Phases : in Natural; Checksum : in Long_Integer);
      procedure Report_Take
        (Phases : out Natural;
         Checksum : out Long_Integer);
      procedure Report_Accept_End
        (Phases : in Natural;
         Checksum : in Long_Integer);
      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Report_Queue (Phases : out Natural; Checksum : out Long_Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Barrier_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Barrier_Alternative);
      function Queued (Alternative : Barrier_Alternative) return Boolean;
      function Position_Of (Alternative : Barrier_Alternative) return Natural;
      Armed_List : Barrier_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Barrier_Entry := Barrier_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Arrive_Armed : Boolean := False;
      Arrive_Partial : Long_Integer;
      Arrive_Done : Boolean := False;
      Arrive_Raised : Boolean := False;
      Arrive_Failure : Ada.Exceptions.Exception_Occurrence;
      Depart_Global : Long_Integer;
      Depart_Done : Boolean := False;
      Depart_Raised : Boolean := False;
      Depart_Failure : Ada.Exceptions.Exception_Occurrence;
      Report_Armed : Boolean := False;
      Report_Phases : Natural;
      Report_Checksum : Long_Integer;
      Report_Done : Boolean := False;
      Report_Raised : Boolean := False;
      Report_Failure : Ada.Exceptions.Exception_Occurrence;
   end Barrier;
   task Barrier_Agent is
      --  rdv2po: general scheme agent of Barrier
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Long_Integer);
      entry Wake_2 (Positive range 1 .. 2)
        (Value_1 : out Natural; Value_2 : out Long_Integer);
   end Barrier_Agent;

   protected body Barrier is

      entry Arrive (Partial : Long_Integer)
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
         Arrive_Woken (Partial);
         requeue Arrive_Queue;
      end Arrive;

      entry Arrive_Held (Partial : Long_Integer)
        when Closed
          or else (Chosen = Barrier_No_Entry
                   and then (Arrive_Accept_Begin'Count > 0 or else Arrive_Armed))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Barrier_Arrive, Index => 0));
         Arrive_Woken (Partial);
         requeue Arrive_Queue;
      end Arrive_Held;

      entry Depart (Global : out Long_Integer)
        when Closed
          or else (Chosen = Barrier_No_Entry
                   and then Depart_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Barrier_Depart;
         Depart_Global := Global;
         Depart_Done := False;
         requeue Depart_Queue;
      end Depart;

      entry Report (Phases : out Natural; Checksum : out Long_Integer)
        when Closed
          or else (Chosen = Barrier_No_Entry
                   and then Report_Armed
                   and then Report_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Barrier_Agent.Wake_2
              (Position_Of ((Id => Barrier_Report, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Barrier_Report, Index => 0));
         Report_Woken (Phases, Checksum);
         requeue Report_Queue;
      end Report;

      entry Report_Held (Phases : out Natural; Checksum : out Long_Integer)
        when Closed or else (Chosen = Barrier_No_Entry and then Report_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Barrier_Report, Index => 0));
         Report_Woken (Phases, Checksum);
         requeue Report_Queue;
      end Report_Held;

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
         Report_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Barrier_Alternative) is
      begin
         case Alternative.Id is
            when Barrier_Arrive =>
               Arrive_Armed := True;
            when Barrier_Report =>
               Report_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Barrier_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Barrier_Arrive =>
               return Barrier.Arrive'Count + Arrive_Held'Count > 0;
            when Barrier_Report =>
               return Barrier.Report'Count + Report_Held'Count > 0;
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

      entry Arrive_Accept_Begin (Partial : out Long_Integer)
        when Chosen = Barrier_Arrive is
      begin
         Partial := Arrive_Partial;
         Chosen := Barrier_No_Entry;
      end Arrive_Accept_Begin;

      procedure Arrive_Take (Partial : out Long_Integer) is
      begin
         Partial := Arrive_Partial;
         Chosen := Barrier_No_Entry;
      end Arrive_Take;

      procedure Arrive_Woken (Partial : in Long_Integer) is
      begin
         Disarm;
         Chosen := Barrier_Arrive;
         Arrive_Partial := Partial;
         Arrive_Done := False;
      end Arrive_Woken;

      procedure Arrive_Accept_End is
      begin
         Arrive_Done := True;
      end Arrive_Accept_End;

      procedure Arrive_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Arrive_Failure, Occurrence);
         Arrive_Raised := True;
         Arrive_Done := True;
      end Arrive_Failed;

      entry Arrive_Queue (Partial : in Long_Integer)
        when Arrive_Done or else Closed is
      begin
         if not Arrive_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Arrive_Done := False;
         if Arrive_Raised then
            Arrive_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Arrive_Failure);
         end if;
      end Arrive_Queue;

      entry Depart_Accept_Begin (Global : out Long_Integer)
        when Chosen = Barrier_Depart is
      begin
         Global := Depart_Global;
         Chosen := Barrier_No_Entry;
      end Depart_Accept_Begin;

      procedure Depart_Accept_End (Global : in Long_Integer) is
      begin
         Depart_Global := Global;
         Depart_Done := True;
      end Depart_Accept_End;

      procedure Depart_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Depart_Failure, Occurrence);
         Depart_Raised := True;
         Depart_Done := True;
      end Depart_Failed;

      entry Depart_Queue (Global : out Long_Integer)
        when Depart_Done or else Closed is
      begin
         if not Depart_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Depart_Done := False;
         if Depart_Raised then
            Depart_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Depart_Failure);
         end if;
         Global := Depart_Global;
      end Depart_Queue;

      procedure Report_Take
        (Phases : out Natural;
         Checksum : out Long_Integer) is
      begin
         Phases := Report_Phases;
         Checksum := Report_Checksum;
         Chosen := Barrier_No_Entry;
      end Report_Take;

      procedure Report_Woken
        (Phases : in Natural;
         Checksum : in Long_Integer) is
      begin
         Disarm;
         Chosen := Barrier_Report;
         Report_Phases := Phases;
         Report_Checksum := Checksum;
         Report_Done := False;
      end Report_Woken;

      procedure Report_Accept_End
        (Phases : in Natural;
         Checksum : in Long_Integer) is
      begin
         Report_Phases := Phases;
         Report_Checksum := Checksum;
         Report_Done := True;
      end Report_Accept_End;

      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Report_Failure, Occurrence);
         Report_Raised := True;
         Report_Done := True;
      end Report_Failed;

      entry Report_Queue (Phases : out Natural; Checksum : out Long_Integer)
        when Report_Done or else Closed is
      begin
         if not Report_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Report_Done := False;
         if Report_Raised then
            Report_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Report_Failure);
         end if;
         Phases := Report_Phases;
         Checksum := Report_Checksum;
      end Report_Queue;

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
      Sum       : Long_Integer := 0;
      Phase_Cnt : Natural := 0;
      Check     : Long_Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Barrier_Alternative_List :=
              (1 => (Barrier_Arrive, 0),
               2 => (Barrier_Report, 0));
            Choice : Natural;
         begin
            Barrier.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Long_Integer) do
                     Barrier.Arrive_Woken (Value_1);
                     requeue Barrier.Arrive_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    (Value_1 : out Natural; Value_2 : out Long_Integer) do
                     Barrier.Report_Woken (Value_1, Value_2);
                     requeue Barrier.Report_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Long_Integer) do
                        requeue Barrier.Arrive_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : out Natural; Value_2 : out Long_Integer) do
                        requeue Barrier.Report_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Partial : Long_Integer;
                  begin
                     Barrier.Arrive_Take (Partial);
                     begin
                        Sum := Partial;
                     exception
                        when Occurrence : others =>
                           Barrier.Arrive_Failed (Occurrence);
                           raise;
                     end;
                     Barrier.Arrive_Accept_End;
                  end;
                  for I in 2 .. Workers loop
                     declare
                        Partial : Long_Integer;
                     begin
                        Barrier.Arrive_Accept_Begin (Partial);
                        begin
                           Sum := Sum + Partial;
                        exception
                           when Occurrence : others =>
                              Barrier.Arrive_Failed (Occurrence);
                              raise;
                        end;
                        Barrier.Arrive_Accept_End;
                     end;
                  end loop;
                  for I in 1 .. Workers loop
                     declare
                        Global : Long_Integer;
                     begin
                        Barrier.Depart_Accept_Begin (Global);
                        begin
                           Global := Sum;
                        exception
                           when Occurrence : others =>
                              Barrier.Depart_Failed (Occurrence);
                              raise;
                        end;
                        Barrier.Depart_Accept_End (Global);
                     end;
                  end loop;
                  Phase_Cnt := Phase_Cnt + 1;
                  Check := Check + Sum * Long_Integer (Phase_Cnt);
               when 2 =>
                  declare
                     Phases : Natural;
                     Checksum : Long_Integer;
                  begin
                     Barrier.Report_Take (Phases, Checksum);
                     begin
                        Phases := Phase_Cnt;
                        Checksum := Check;
                     exception
                        when Occurrence : others =>
                           Barrier.Report_Failed (Occurrence);
                           raise;
                     end;
                     Barrier.Report_Accept_End (Phases, Checksum);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Barrier_Agent;

   type Worker;
   type Worker_Entry is (Worker_No_Entry, Worker_Start);
   task type Worker_Agent (Self : not null access Worker) is
      --  rdv2po: general scheme agent of Worker
   end Worker_Agent;
   --  rdv2po: task type Worker became this protected type; its code runs in
   --  Worker_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Worker is
      entry Start (Id : Positive);
      --  rdv2po: the rendezvous protocol, for Worker_Agent
      entry Start_Accept_Begin (Id : out Positive);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (Id : in Positive);
      procedure Close;
   private
      Chosen : Worker_Entry := Worker_No_Entry;
      Closed : Boolean := False;
      Start_Id : Positive;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Worker_Agent (Self => Worker'Unchecked_Access);
   end Worker;

   protected body Worker is

      entry Start (Id : Positive)
        when Closed
          or else (Chosen = Worker_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Worker_Start;
         Start_Id := Id;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Start_Accept_Begin (Id : out Positive)
        when Chosen = Worker_Start is
      begin
         Id := Start_Id;
         Chosen := Worker_No_Entry;
      end Start_Accept_Begin;

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

      entry Start_Queue (Id : in Positive)
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

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Worker;

   task body Worker_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Worker_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Worker_Closer);
      overriding procedure Finalize (Object : in out Worker_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Worker_Closer;
      Lo, Hi   : Positive;
      Old      : Long_Integer;
      Partial  : Long_Integer;
      Residual : Long_Integer;
   begin
      declare
         Id : Positive;
      begin
         Self.Start_Accept_Begin (Id);
         begin
            Lo := (Id - 1) * Per_Worker + 1;
            Hi := Id * Per_Worker;
         exception
            when Occurrence : others =>
               Self.Start_Failed (Occurrence);
               raise;
         end;
         Self.Start_Accept_End;
      end;
      for K in 1 .. Iterations loop
         for Colour in 0 .. 1 loop
            Partial := 0;
            for I in Lo .. Hi loop
               if I mod 2 = Colour then
                  Old := U (I);
                  U (I) := (U (I - 1) + U (I + 1)) / 2;
                  Partial := Partial + abs (U (I) - Old);
               end if;
            end loop;
            Barrier.Arrive (Partial);
            Barrier.Depart (Residual);
         end loop;
         exit when Residual = 0;
      end loop;
   end Worker_Agent;

   Phases   : Natural;
   Checksum : Long_Integer;
   Total    : Long_Integer := 0;

   --  The same computation, sequentially.
   Reference : Grid := Initial;
   Ref_Check : Long_Integer := 0;
   Ref_Phase : Natural := 0;
   Residual  : Long_Integer;
   Old       : Long_Integer;

begin
   declare
      Crew : array (1 .. Workers) of Worker;
   begin
      for I in Crew'Range loop
         Crew (I).Start (I);
      end loop;
   end;
   Barrier.Report (Phases, Checksum);
   for I in U'Range loop
      Total := Total + U (I);
   end loop;
   Put_Line ("phases" & Natural'Image (Phases));
   Put_Line ("residual checksum" & Long_Integer'Image (Checksum));
   Put_Line ("u(1)" & Long_Integer'Image (U (1)) &
             " u(16)" & Long_Integer'Image (U (16)) &
             " u(32)" & Long_Integer'Image (U (32)));
   Put_Line ("sum of u" & Long_Integer'Image (Total));
   for K in 1 .. Iterations loop
      for Colour in 0 .. 1 loop
         Residual := 0;
         for I in 1 .. Last_Cell - 1 loop
            if I mod 2 = Colour then
               Old := Reference (I);
               Reference (I) := (Reference (I - 1) + Reference (I + 1)) / 2;
               Residual := Residual + abs (Reference (I) - Old);
            end if;
         end loop;
         Ref_Phase := Ref_Phase + 1;
         Ref_Check := Ref_Check + Residual * Long_Integer (Ref_Phase);
      end loop;
      exit when Residual = 0;
   end loop;
   if Phases = Ref_Phase
     and then Checksum = Ref_Check
     and then U = Reference
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
