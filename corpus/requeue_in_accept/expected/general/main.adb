--  A gathering gate: every Request that arrives before the group is
--  complete is requeued (inside the accept body) to the Wait entry, which
--  is accepted later in the same server loop once the group is complete.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Group  : constant := 4;
   Rounds : constant := 3;

   type Gate_Entry is (Gate_No_Entry, Gate_Request, Gate_Wait, Gate_Stats);
   type Gate_Alternative is record
      Id : Gate_Entry := Gate_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Gate_Alternative_List is array (Positive range <>) of Gate_Alternative;
   --  rdv2po: task Gate became this protected object; its code runs in the
   --  task Gate_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Gate is
      entry Request (Id : Positive; Ticket : out Natural);
      entry Wait (Id : Positive; Ticket : out Natural);
      entry Stats (Requeued, Direct, Issued : out Natural);
      --  rdv2po: the rendezvous protocol, for Gate_Agent
      entry Select_Arm
        (Order : Gate_Alternative_List;
         Chosen_Position : out Natural);
      entry Request_Held (Id : Positive; Ticket : out Natural);
      procedure Request_Woken (Id : in Positive; Ticket : in Natural);
      procedure Request_Take (Id : out Positive; Ticket : out Natural);
      procedure Request_Accept_End (Ticket : in Natural);
      procedure Request_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Request_Queue (Id : in Positive; Ticket : out Natural);
      procedure Request_Requeue_1 (Ticket : in Natural);
      entry Wait_Held (Id : Positive; Ticket : out Natural);
      procedure Wait_Woken (Id : in Positive; Ticket : in Natural);
      procedure Wait_Take (Id : out Positive; Ticket : out Natural);
      procedure Wait_Accept_End (Ticket : in Natural);
      procedure Wait_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Wait_Queue (Id : in Positive; Ticket : out Natural);
      entry Stats_Held (Requeued, Direct, Issued : out Natural);
      procedure Stats_Woken
        (Requeued : in Natural;
         Direct : in Natural;
         Issued : in Natural);
      procedure Stats_Take
        (Requeued : out Natural;
         Direct : out Natural;
         Issued : out Natural);
      procedure Stats_Accept_End
        (Requeued : in Natural;
         Direct : in Natural;
         Issued : in Natural);
      procedure Stats_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Stats_Queue
        (Requeued : out Natural;
         Direct : out Natural;
         Issued : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Gate_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Gate_Alternative);
      function Queued (Alternative : Gate_Alternative) return Boolean;
      function Position_Of (Alternative : Gate_Alternative) return Natural;
      Armed_List : Gate_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Gate_Entry := Gate_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Request_Armed : Boolean := False;
      Request_Id : Positive;
      Request_Ticket : Natural;
      Request_Done : Boolean := False;
      Request_Raised : Boolean := False;
      Request_Failure : Ada.Exceptions.Exception_Occurrence;
      Request_Target : Natural := 0;
      Wait_Armed : Boolean := False;
      Wait_Id : Positive;
      Wait_Ticket : Natural;
      Wait_Done : Boolean := False;
      Wait_Raised : Boolean := False;
      Wait_Failure : Ada.Exceptions.Exception_Occurrence;
      Stats_Armed : Boolean := False;
      Stats_Requeued : Natural;
      Stats_Direct : Natural;
      Stats_Issued : Natural;
      Stats_Done : Boolean := False;
      Stats_Raised : Boolean := False;
      Stats_Failure : Ada.Exceptions.Exception_Occurrence;
   end Gate;
   task Gate_Agent is
      --  rdv2po: general scheme agent of Gate
      entry Wake_1 (Positive range 1 .. 3)
        (Value_1 : in Positive; Value_2 : out Natural);
      entry Wake_2 (Positive range 1 .. 3)
        (Value_1 : out Natural; Value_2 : out Natural; Value_3 : out Natural);
   end Gate_Agent;

   protected body Gate is

      entry Request (Id : Positive; Ticket : out Natural)
        when Closed
          or else (Chosen = Gate_No_Entry
                   and then Request_Armed
                   and then Request_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Gate_Agent.Wake_1
              (Position_Of ((Id => Gate_Request, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Gate_Request, Index => 0));
         Request_Woken (Id, Ticket);
         requeue Request_Queue;
      end Request;

      entry Request_Held (Id : Positive; Ticket : out Natural)
        when Closed or else (Chosen = Gate_No_Entry and then Request_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Gate_Request, Index => 0));
         Request_Woken (Id, Ticket);
         requeue Request_Queue;
      end Request_Held;

      entry Wait (Id : Positive; Ticket : out Natural)
        when Closed
          or else (Chosen = Gate_No_Entry
                   and then Wait_Armed
                   and then Wait_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Gate_Agent.Wake_1
              (Position_Of ((Id => Gate_Wait, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Gate_Wait, Index => 0));
         Wait_Woken (Id, Ticket);
         requeue Wait_Queue;
      end Wait;

      entry Wait_Held (Id : Positive; Ticket : out Natural)
        when Closed or else (Chosen = Gate_No_Entry and then Wait_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Gate_Wait, Index => 0));
         Wait_Woken (Id, Ticket);
         requeue Wait_Queue;
      end Wait_Held;

      entry Stats (Requeued, Direct, Issued : out Natural)
        when Closed
          or else (Chosen = Gate_No_Entry
                   and then Stats_Armed
                   and then Stats_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Gate_Agent.Wake_2
              (Position_Of ((Id => Gate_Stats, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Gate_Stats, Index => 0));
         Stats_Woken (Requeued, Direct, Issued);
         requeue Stats_Queue;
      end Stats;

      entry Stats_Held (Requeued, Direct, Issued : out Natural)
        when Closed or else (Chosen = Gate_No_Entry and then Stats_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Gate_Stats, Index => 0));
         Stats_Woken (Requeued, Direct, Issued);
         requeue Stats_Queue;
      end Stats_Held;

      entry Select_Arm
        (Order : Gate_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Gate_No_Entry then
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
        (Order : Gate_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Gate_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Request_Armed := False;
         Wait_Armed := False;
         Stats_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Gate_Alternative) is
      begin
         case Alternative.Id is
            when Gate_Request =>
               Request_Armed := True;
            when Gate_Wait =>
               Wait_Armed := True;
            when Gate_Stats =>
               Stats_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Gate_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Gate_Request =>
               return Gate.Request'Count + Request_Held'Count > 0;
            when Gate_Wait =>
               return Gate.Wait'Count + Wait_Held'Count > 0;
            when Gate_Stats =>
               return Gate.Stats'Count + Stats_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Gate_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Request_Take (Id : out Positive; Ticket : out Natural) is
      begin
         Id := Request_Id;
         Ticket := Request_Ticket;
         Chosen := Gate_No_Entry;
      end Request_Take;

      procedure Request_Woken (Id : in Positive; Ticket : in Natural) is
      begin
         Disarm;
         Chosen := Gate_Request;
         Request_Id := Id;
         Request_Ticket := Ticket;
         Request_Done := False;
      end Request_Woken;

      procedure Request_Accept_End (Ticket : in Natural) is
      begin
         Request_Ticket := Ticket;
         Request_Done := True;
      end Request_Accept_End;

      procedure Request_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Request_Failure, Occurrence);
         Request_Raised := True;
         Request_Done := True;
      end Request_Failed;

      entry Request_Queue (Id : in Positive; Ticket : out Natural)
        when Request_Done or else Closed is
      begin
         if not Request_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Request_Done := False;
         if Request_Raised then
            Request_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Request_Failure);
         end if;
         Ticket := Request_Ticket;
         if Request_Target = 1 then
            Request_Target := 0;
            requeue Wait;
         end if;
      end Request_Queue;

      procedure Request_Requeue_1 (Ticket : in Natural) is
      begin
         Request_Ticket := Ticket;
         Request_Target := 1;
         Request_Done := True;
      end Request_Requeue_1;

      procedure Wait_Take (Id : out Positive; Ticket : out Natural) is
      begin
         Id := Wait_Id;
         Ticket := Wait_Ticket;
         Chosen := Gate_No_Entry;
      end Wait_Take;

      procedure Wait_Woken (Id : in Positive; Ticket : in Natural) is
      begin
         Disarm;
         Chosen := Gate_Wait;
         Wait_Id := Id;
         Wait_Ticket := Ticket;
         Wait_Done := False;
      end Wait_Woken;

      procedure Wait_Accept_End (Ticket : in Natural) is
      begin
         Wait_Ticket := Ticket;
         Wait_Done := True;
      end Wait_Accept_End;

      procedure Wait_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Wait_Failure, Occurrence);
         Wait_Raised := True;
         Wait_Done := True;
      end Wait_Failed;

      entry Wait_Queue (Id : in Positive; Ticket : out Natural)
        when Wait_Done or else Closed is
      begin
         if not Wait_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Wait_Done := False;
         if Wait_Raised then
            Wait_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Wait_Failure);
         end if;
         Ticket := Wait_Ticket;
      end Wait_Queue;

      procedure Stats_Take
        (Requeued : out Natural;
         Direct : out Natural;
         Issued : out Natural) is
      begin
         Requeued := Stats_Requeued;
         Direct := Stats_Direct;
         Issued := Stats_Issued;
         Chosen := Gate_No_Entry;
      end Stats_Take;

      procedure Stats_Woken
        (Requeued : in Natural;
         Direct : in Natural;
         Issued : in Natural) is
      begin
         Disarm;
         Chosen := Gate_Stats;
         Stats_Requeued := Requeued;
         Stats_Direct := Direct;
         Stats_Issued := Issued;
         Stats_Done := False;
      end Stats_Woken;

      procedure Stats_Accept_End
        (Requeued : in Natural;
         Direct : in Natural;
         Issued : in Natural) is
      begin
         Stats_Requeued := Requeued;
         Stats_Direct := Direct;
         Stats_Issued := Issued;
         Stats_Done := True;
      end Stats_Accept_End;

      procedure Stats_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Stats_Failure, Occurrence);
         Stats_Raised := True;
         Stats_Done := True;
      end Stats_Failed;

      entry Stats_Queue
        (Requeued : out Natural;
         Direct : out Natural;
         Issued : out Natural)
        when Stats_Done or else Closed is
      begin
         if not Stats_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Stats_Done := False;
         if Stats_Raised then
            Stats_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Stats_Failure);
         end if;
         Requeued := Stats_Requeued;
         Direct := Stats_Direct;
         Issued := Stats_Issued;
      end Stats_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Gate;

   task body Gate_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Gate_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Gate_Closer);
      overriding procedure Finalize (Object : in out Gate_Closer) is
      begin
         Gate.Close;
      end Finalize;
      Closer : Gate_Closer;
      Arrived  : Natural := 0;
      Released : Natural := 0;
      Next     : Natural := 0;
      Requeued : Natural := 0;
      Direct   : Natural := 0;
      Ready    : Boolean := False;
   begin
      loop
         declare
            Alternatives : constant Gate_Alternative_List :=
              (1 => ((if not Ready then Gate_Request else Gate_No_Entry), 0),
               2 => ((if Ready then Gate_Wait else Gate_No_Entry), 0),
               3 => (Gate_Stats, 0));
            Choice : Natural;
         begin
            Gate.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1)
                    (Value_1 : in Positive; Value_2 : out Natural) do
                     Gate.Request_Woken (Value_1, Value_2);
                     requeue Gate.Request_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2)
                    (Value_1 : in Positive; Value_2 : out Natural) do
                     Gate.Wait_Woken (Value_1, Value_2);
                     requeue Gate.Wait_Queue;
                  end Wake_1;
                  Choice := 2;
               or
                  accept Wake_2 (3)
                    
                      (Value_1 : out Natural;
                       Value_2 : out Natural;
                       Value_3 : out Natural) do
                     Gate.Stats_Woken (Value_1, Value_2, Value_3);
                     requeue Gate.Stats_Queue;
                  end Wake_2;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1)
                       (Value_1 : in Positive; Value_2 : out Natural) do
                        requeue Gate.Request_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2)
                       (Value_1 : in Positive; Value_2 : out Natural) do
                        requeue Gate.Wait_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (3)
                       
                         (Value_1 : out Natural;
                          Value_2 : out Natural;
                          Value_3 : out Natural) do
                        requeue Gate.Stats_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Id : Positive;
                     Ticket : Natural;
                  begin
                     Gate.Request_Take (Id, Ticket);
                     begin
                        Arrived := Arrived + 1;
                        if Arrived < Group then
                           Requeued := Requeued + 1;
                           Gate.Request_Requeue_1 (Ticket);
                           goto Request_Requeued;
                        end if;
                        Direct := Direct + 1;
                        Next := Next + 1;
                        Ticket := Next * 10 + Id;
                     exception
                        when Occurrence : others =>
                           Gate.Request_Failed (Occurrence);
                           raise;
                     end;
                     Gate.Request_Accept_End (Ticket);
                     <<Request_Requeued>>
                     null;
                  end;
                  if Arrived = Group then
                     Ready := True;
                  end if;
               when 2 =>
                  declare
                     Id : Positive;
                     Ticket : Natural;
                  begin
                     Gate.Wait_Take (Id, Ticket);
                     begin
                        Next := Next + 1;
                        Ticket := Next * 10 + Id;
                     exception
                        when Occurrence : others =>
                           Gate.Wait_Failed (Occurrence);
                           raise;
                     end;
                     Gate.Wait_Accept_End (Ticket);
                  end;
                  Released := Released + 1;
                  if Released = Group - 1 then
                     Ready := False;
                     Arrived := 0;
                     Released := 0;
                     Next := 0;
                  end if;
               when 3 =>
                  declare
                     Requeued : Natural;
                     Direct : Natural;
                     Issued : Natural;
                  begin
                     Gate.Stats_Take (Requeued, Direct, Issued);
                     begin
                        Requeued := Gate_Agent.Requeued;
                        Direct := Gate_Agent.Direct;
                        Issued := Gate_Agent.Requeued + Gate_Agent.Direct;
                     exception
                        when Occurrence : others =>
                           Gate.Stats_Failed (Occurrence);
                           raise;
                     end;
                     Gate.Stats_Accept_End (Requeued, Direct, Issued);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Gate_Agent;

   type Member;
   type Member_Entry is (Member_No_Entry, Member_Start, Member_Sum);
   task type Member_Agent (Self : not null access Member) is
      --  rdv2po: general scheme agent of Member
   end Member_Agent;
   --  rdv2po: task type Member became this protected type; its code runs in
   --  Member_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Member is
      entry Start (Id : Positive);
      entry Sum (S : out Natural);
      --  rdv2po: the rendezvous protocol, for Member_Agent
      entry Start_Accept_Begin (Id : out Positive);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (Id : in Positive);
      entry Sum_Accept_Begin (S : out Natural);
      procedure Sum_Accept_End (S : in Natural);
      procedure Sum_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Sum_Queue (S : out Natural);
      procedure Close;
   private
      Chosen : Member_Entry := Member_No_Entry;
      Closed : Boolean := False;
      Start_Id : Positive;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Sum_S : Natural;
      Sum_Done : Boolean := False;
      Sum_Raised : Boolean := False;
      Sum_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Member_Agent (Self => Member'Unchecked_Access);
   end Member;

   protected body Member is

      entry Start (Id : Positive)
        when Closed
          or else (Chosen = Member_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Member_Start;
         Start_Id := Id;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Sum (S : out Natural)
        when Closed
          or else (Chosen = Member_No_Entry
                   and then Sum_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Member_Sum;
         Sum_S := S;
         Sum_Done := False;
         requeue Sum_Queue;
      end Sum;

      entry Start_Accept_Begin (Id : out Positive)
        when Chosen = Member_Start is
      begin
         Id := Start_Id;
         Chosen := Member_No_Entry;
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

      entry Sum_Accept_Begin (S : out Natural)
        when Chosen = Member_Sum is
      begin
         S := Sum_S;
         Chosen := Member_No_Entry;
      end Sum_Accept_Begin;

      procedure Sum_Accept_End (S : in Natural) is
      begin
         Sum_S := S;
         Sum_Done := True;
      end Sum_Accept_End;

      procedure Sum_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Sum_Failure, Occurrence);
         Sum_Raised := True;
         Sum_Done := True;
      end Sum_Failed;

      entry Sum_Queue (S : out Natural)
        when Sum_Done or else Closed is
      begin
         if not Sum_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Sum_Done := False;
         if Sum_Raised then
            Sum_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Sum_Failure);
         end if;
         S := Sum_S;
      end Sum_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Member;

   task body Member_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Member_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Member_Closer);
      overriding procedure Finalize (Object : in out Member_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Member_Closer;
      Me     : Positive;
      Total  : Natural := 0;
      Ticket : Natural;
   begin
      declare
         Id : Positive;
      begin
         Self.Start_Accept_Begin (Id);
         begin
            Me := Id;
         exception
            when Occurrence : others =>
               Self.Start_Failed (Occurrence);
               raise;
         end;
         Self.Start_Accept_End;
      end;
      for R in 1 .. Rounds loop
         Gate.Request (Me, Ticket);
         Total := Total + Ticket;
      end loop;
      declare
         S : Natural;
      begin
         Self.Sum_Accept_Begin (S);
         begin
            S := Total;
         exception
            when Occurrence : others =>
               Self.Sum_Failed (Occurrence);
               raise;
         end;
         Self.Sum_Accept_End (S);
      end;
   end Member_Agent;

   Members : array (1 .. Group) of Member;

   Grand    : Natural := 0;
   S        : Natural;
   Requeued : Natural;
   Direct   : Natural;
   Issued   : Natural;
   Expected : Natural := 0;

begin
   for I in Members'Range loop
      Members (I).Start (I);
   end loop;
   for I in Members'Range loop
      Members (I).Sum (S);
      Grand := Grand + S;
   end loop;
   Gate.Stats (Requeued, Direct, Issued);
   --  Each round hands out tickets 1 .. Group (times ten), and every
   --  member's own Id once per round.
   for K in 1 .. Group loop
      Expected := Expected + Rounds * (K * 10 + K);
   end loop;
   Put_Line ("requeued" & Natural'Image (Requeued));
   Put_Line ("direct" & Natural'Image (Direct));
   Put_Line ("issued" & Natural'Image (Issued));
   Put_Line ("ticket sum" & Natural'Image (Grand));
   if Requeued = Rounds * (Group - 1)
     and then Direct = Rounds
     and then Grand = Expected
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
