--  Accepts in if statements the server scheme does not translate, beside
--  flow_branch_nested: an if without else nested in a branch of another (where
--  its condition is false the task goes on past both statements), and an if
--  without else in a server with a delay alternative (going past it sets the
--  stage where the object's timer is not set).  Both are refused, each with
--  its reason.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Picky_Entry is (Picky_No_Entry, Picky_Take, Picky_Give);
   type Picky_Alternative is record
      Id : Picky_Entry := Picky_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Picky_Alternative_List is array (Positive range <>) of Picky_Alternative;
   --  rdv2po: task Picky became this protected object; its code runs in the
   --  task Picky_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Picky is
      entry Take (N : out Natural);
      entry Give (N : Natural);
      --  rdv2po: the rendezvous protocol, for Picky_Agent
      entry Select_Arm
        (Order : Picky_Alternative_List;
         Chosen_Position : out Natural);
      entry Take_Accept_Begin (N : out Natural);
      procedure Take_Accept_End (N : in Natural);
      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Take_Queue (N : out Natural);
      entry Give_Held (N : Natural);
      procedure Give_Woken (N : in Natural);
      procedure Give_Take (N : out Natural);
      procedure Give_Accept_End;
      procedure Give_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Give_Queue (N : in Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Picky_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Picky_Alternative);
      function Queued (Alternative : Picky_Alternative) return Boolean;
      function Position_Of (Alternative : Picky_Alternative) return Natural;
      Armed_List : Picky_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Picky_Entry := Picky_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Take_N : Natural;
      Take_Done : Boolean := False;
      Take_Raised : Boolean := False;
      Take_Failure : Ada.Exceptions.Exception_Occurrence;
      Give_Armed : Boolean := False;
      Give_N : Natural;
      Give_Done : Boolean := False;
      Give_Raised : Boolean := False;
      Give_Failure : Ada.Exceptions.Exception_Occurrence;
   end Picky;
   task Picky_Agent is
      --  rdv2po: general scheme agent of Picky
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Natural);
   end Picky_Agent;
   protected body Picky is

      entry Take (N : out Natural)
        when Closed
          or else (Chosen = Picky_No_Entry
                   and then Take_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Picky_Take;
         Take_N := N;
         Take_Done := False;
         requeue Take_Queue;
      end Take;

      entry Give (N : Natural)
        when Closed
          or else (Chosen = Picky_No_Entry
                   and then Give_Armed
                   and then Give_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Picky_Agent.Wake_1
              (Position_Of ((Id => Picky_Give, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Picky_Give, Index => 0));
         Give_Woken (N);
         requeue Give_Queue;
      end Give;

      entry Give_Held (N : Natural)
        when Closed or else (Chosen = Picky_No_Entry and then Give_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Picky_Give, Index => 0));
         Give_Woken (N);
         requeue Give_Queue;
      end Give_Held;

      entry Select_Arm
        (Order : Picky_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Picky_No_Entry then
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
        (Order : Picky_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Picky_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Give_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Picky_Alternative) is
      begin
         case Alternative.Id is
            when Picky_Give =>
               Give_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Picky_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Picky_Give =>
               return Picky.Give'Count + Give_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Picky_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      entry Take_Accept_Begin (N : out Natural)
        when Chosen = Picky_Take is
      begin
         N := Take_N;
         Chosen := Picky_No_Entry;
      end Take_Accept_Begin;

      procedure Take_Accept_End (N : in Natural) is
      begin
         Take_N := N;
         Take_Done := True;
      end Take_Accept_End;

      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Take_Failure, Occurrence);
         Take_Raised := True;
         Take_Done := True;
      end Take_Failed;

      entry Take_Queue (N : out Natural)
        when Take_Done or else Closed is
      begin
         if not Take_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Take_Done := False;
         if Take_Raised then
            Take_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Take_Failure);
         end if;
         N := Take_N;
      end Take_Queue;

      procedure Give_Take (N : out Natural) is
      begin
         N := Give_N;
         Chosen := Picky_No_Entry;
      end Give_Take;

      procedure Give_Woken (N : in Natural) is
      begin
         Disarm;
         Chosen := Picky_Give;
         Give_N := N;
         Give_Done := False;
      end Give_Woken;

      procedure Give_Accept_End is
      begin
         Give_Done := True;
      end Give_Accept_End;

      procedure Give_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Give_Failure, Occurrence);
         Give_Raised := True;
         Give_Done := True;
      end Give_Failed;

      entry Give_Queue (N : in Natural)
        when Give_Done or else Closed is
      begin
         if not Give_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Give_Done := False;
         if Give_Raised then
            Give_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Give_Failure);
         end if;
      end Give_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Picky;

   task body Picky_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Picky_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Picky_Closer);
      overriding procedure Finalize (Object : in out Picky_Closer) is
      begin
         Picky.Close;
      end Finalize;
      Closer : Picky_Closer;
      Busy : Boolean := False;
      Stock : Natural := 0;
   begin
      loop
         if Busy then
            if Stock > 0 then
               declare
                  N : Natural;
               begin
                  Picky.Take_Accept_Begin (N);
                  begin
                     N := Stock;
                  exception
                     when Occurrence : others =>
                        Picky.Take_Failed (Occurrence);
                        raise;
                  end;
                  Picky.Take_Accept_End (N);
               end;
               Stock := 0;
            end if;
            Busy := False;
         else
            declare
               Alternatives : constant Picky_Alternative_List :=
                 (1 => (Picky_Give, 0));
               Choice : Natural;
            begin
               Picky.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in Natural) do
                        Picky.Give_Woken (Value_1);
                        requeue Picky.Give_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Natural) do
                           requeue Picky.Give_Held with abort;
                        end Wake_1;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     declare
                        N : Natural;
                     begin
                        Picky.Give_Take (N);
                        begin
                           Stock := Stock + N;
                        exception
                           when Occurrence : others =>
                              Picky.Give_Failed (Occurrence);
                              raise;
                        end;
                        Picky.Give_Accept_End;
                     end;
                     Busy := True;
                  when others =>
                     null;
               end case;
            end;
         end if;
      end loop;
   end Picky_Agent;

   type Watch_Entry is
     (Watch_No_Entry,
      Watch_Tick,
      Watch_Ack,
      Watch_Missed,
      Watch_Stop);
   type Watch_Alternative is record
      Id : Watch_Entry := Watch_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Watch_Alternative_List is array (Positive range <>) of Watch_Alternative;
   --  rdv2po: task Watch became this protected object; its code runs in the
   --  task Watch_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Watch is
      entry Tick;
      entry Ack;
      entry Missed (N : out Natural);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Watch_Agent
      entry Select_Arm
        (Order : Watch_Alternative_List;
         Chosen_Position : out Natural);
      procedure Tick_Take;
      entry Ack_Accept_Begin;
      procedure Missed_Take (N : out Natural);
      procedure Missed_Accept_End (N : in Natural);
      procedure Missed_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Missed_Queue (N : out Natural);
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Watch_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Watch_Alternative);
      function Queued (Alternative : Watch_Alternative) return Boolean;
      function Position_Of (Alternative : Watch_Alternative) return Natural;
      Armed_List : Watch_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Watch_Entry := Watch_No_Entry;
      Timed : Boolean := False;
      Closed : Boolean := False;
      Tick_Armed : Boolean := False;
      Missed_Armed : Boolean := False;
      Missed_N : Natural;
      Missed_Done : Boolean := False;
      Missed_Raised : Boolean := False;
      Missed_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Watch;
   task Watch_Agent is
      --  rdv2po: general scheme agent of Watch
   end Watch_Agent;
   protected body Watch is

      entry Tick
        when Closed
          or else (Chosen = Watch_No_Entry
                   and then ((Tick_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Watch_Tick, Index => 0));
         Disarm;
         Chosen := Watch_Tick;
      end Tick;

      entry Ack
        when Closed
          or else (Chosen = Watch_No_Entry and then Ack_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Watch_Ack;
      end Ack;

      entry Missed (N : out Natural)
        when Closed
          or else (Chosen = Watch_No_Entry
                   and then ((Missed_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Watch_Missed, Index => 0));
         Disarm;
         Chosen := Watch_Missed;
         Missed_N := N;
         Missed_Done := False;
         requeue Missed_Queue;
      end Missed;

      entry Stop
        when Closed
          or else (Chosen = Watch_No_Entry
                   and then ((Stop_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Watch_Stop, Index => 0));
         Disarm;
         Chosen := Watch_Stop;
      end Stop;

      entry Select_Arm
        (Order : Watch_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Watch_No_Entry then
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
         Timed := Found = 0;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Watch_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Watch_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Tick_Armed := False;
         Missed_Armed := False;
         Stop_Armed := False;
         Timed := False;
      end Disarm;

      procedure Arm (Alternative : Watch_Alternative) is
      begin
         case Alternative.Id is
            when Watch_Tick =>
               Tick_Armed := True;
            when Watch_Missed =>
               Missed_Armed := True;
            when Watch_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Watch_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Watch_Tick =>
               return Watch.Tick'Count > 0;
            when Watch_Missed =>
               return Watch.Missed'Count > 0;
            when Watch_Stop =>
               return Watch.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Watch_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Tick_Take is
      begin
         Chosen := Watch_No_Entry;
      end Tick_Take;

      entry Ack_Accept_Begin
        when Chosen = Watch_Ack is
      begin
         Chosen := Watch_No_Entry;
      end Ack_Accept_Begin;

      procedure Missed_Take (N : out Natural) is
      begin
         N := Missed_N;
         Chosen := Watch_No_Entry;
      end Missed_Take;

      procedure Missed_Accept_End (N : in Natural) is
      begin
         Missed_N := N;
         Missed_Done := True;
      end Missed_Accept_End;

      procedure Missed_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Missed_Failure, Occurrence);
         Missed_Raised := True;
         Missed_Done := True;
      end Missed_Failed;

      entry Missed_Queue (N : out Natural)
        when Missed_Done or else Closed is
      begin
         if not Missed_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Missed_Done := False;
         if Missed_Raised then
            Missed_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Missed_Failure);
         end if;
         N := Missed_N;
      end Missed_Queue;

      procedure Stop_Take is
      begin
         Chosen := Watch_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Watch;

   task body Watch_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Watch_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Watch_Closer);
      overriding procedure Finalize (Object : in out Watch_Closer) is
      begin
         Watch.Close;
      end Finalize;
      Closer : Watch_Closer;
      Late : Natural := 0;
      Pending : Boolean := False;
   begin
      loop
         declare
            Choice : Natural;
         begin
            select
               Watch.Select_Arm
                 (Order => (1 => (Watch_Tick, 0),
                            2 => (Watch_Missed, 0),
                            3 => (Watch_Stop, 0)),
                  Chosen_Position => Choice);
            or
               delay 10.0;
               Choice := 0;
            end select;
            case Choice is
               when 1 =>
                  Watch.Tick_Take;
                  Pending := True;
               when 2 =>
                  declare
                     N : Natural;
                  begin
                     Watch.Missed_Take (N);
                     begin
                        N := Late;
                     exception
                        when Occurrence : others =>
                           Watch.Missed_Failed (Occurrence);
                           raise;
                     end;
                     Watch.Missed_Accept_End (N);
                  end;
               when 3 =>
                  Watch.Stop_Take;
                  exit;
               when others =>
                  Late := Late + 1;
            end case;
         end;
         if Pending then
            Watch.Ack_Accept_Begin;
            Pending := False;
         end if;
      end loop;
   end Watch_Agent;

   N : Natural;
begin
   Picky.Give (0);
   Picky.Give (5);
   Picky.Take (N);
   Put_Line ("took" & Natural'Image (N));
   Watch.Tick;
   Watch.Ack;
   Watch.Missed (N);
   Put_Line ("missed" & Natural'Image (N));
   Watch.Stop;
   Put_Line ("PASSED");
end Main;
