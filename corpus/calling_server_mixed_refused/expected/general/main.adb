--  Mixed tasks the calling-server scheme refuses.  Chooser accepts Start or
--  Skip in a select (the object would have to offer two stops at once);
--  Relay hands the job on from inside its accept body (it holds its caller
--  until the worker has taken the job: the object cannot wait inside an
--  entry body).  Both stay tasks.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   protected Sums is
      procedure Add (X : Integer);
      function Get return Integer;
   private
      S : Integer := 0;
   end Sums;

   protected body Sums is
      procedure Add (X : Integer) is
      begin
         S := S + X;
      end Add;
      function Get return Integer is (S);
   end Sums;

   procedure Run is

      type Worker;
      type Worker_Entry is (Worker_No_Entry, Worker_Start);
      task type Worker_Agent (Self : not null access Worker) is
         --  rdv2po: general scheme agent of Worker
      end Worker_Agent;
      --  rdv2po: task type Worker became this protected type; its code runs in
      --  Worker_Agent, a component of it (general scheme: each rendezvous goes
      --  through the object)
      protected type Worker is
         entry Start (V : Integer);
         --  rdv2po: the rendezvous protocol, for Worker_Agent
         entry Start_Accept_Begin (V : out Integer);
         procedure Start_Accept_End;
         procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Start_Queue (V : in Integer);
         procedure Close;
      private
         Chosen : Worker_Entry := Worker_No_Entry;
         Closed : Boolean := False;
         Start_V : Integer;
         Start_Done : Boolean := False;
         Start_Raised : Boolean := False;
         Start_Failure : Ada.Exceptions.Exception_Occurrence;
         Agent : Worker_Agent (Self => Worker'Unchecked_Access);
      end Worker;

      type Helper;
      type Helper_Entry is (Helper_No_Entry, Helper_Start);
      task type Helper_Agent (Self : not null access Helper) is
         --  rdv2po: general scheme agent of Helper
      end Helper_Agent;
      --  rdv2po: task type Helper became this protected type; its code runs in
      --  Helper_Agent, a component of it (general scheme: each rendezvous goes
      --  through the object)
      protected type Helper is
         entry Start (V : Integer);
         --  rdv2po: the rendezvous protocol, for Helper_Agent
         entry Start_Accept_Begin (V : out Integer);
         procedure Start_Accept_End;
         procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Start_Queue (V : in Integer);
         procedure Close;
      private
         Chosen : Helper_Entry := Helper_No_Entry;
         Closed : Boolean := False;
         Start_V : Integer;
         Start_Done : Boolean := False;
         Start_Raised : Boolean := False;
         Start_Failure : Ada.Exceptions.Exception_Occurrence;
         Agent : Helper_Agent (Self => Helper'Unchecked_Access);
      end Helper;

      Pool  : array (1 .. 2) of Worker;
      Other : Helper;

      type Chooser_Entry is (Chooser_No_Entry, Chooser_Start, Chooser_Skip);
      type Chooser_Alternative is record
         Id : Chooser_Entry := Chooser_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Chooser_Alternative_List is array (Positive range <>) of Chooser_Alternative;
      --  rdv2po: task Chooser became this protected object; its code runs in
      --  the task Chooser_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Chooser is
         entry Start (Base : Integer);
         entry Skip;
         --  rdv2po: the rendezvous protocol, for Chooser_Agent
         entry Select_Arm
           (Order : Chooser_Alternative_List;
            Chosen_Position : out Natural);
         procedure Start_Take (Base : out Integer);
         procedure Start_Accept_End;
         procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Start_Queue (Base : in Integer);
         procedure Skip_Take;
         procedure Close;
      private
         entry Select_Wait
           (Order : Chooser_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Chooser_Alternative);
         function Queued (Alternative : Chooser_Alternative) return Boolean;
         function Position_Of (Alternative : Chooser_Alternative) return Natural;
         Armed_List : Chooser_Alternative_List (1 .. 2);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Chooser_Entry := Chooser_No_Entry;
         Closed : Boolean := False;
         Start_Armed : Boolean := False;
         Start_Base : Integer;
         Start_Done : Boolean := False;
         Start_Raised : Boolean := False;
         Start_Failure : Ada.Exceptions.Exception_Occurrence;
         Skip_Armed : Boolean := False;
      end Chooser;
      task Chooser_Agent is
         --  rdv2po: general scheme agent of Chooser
      end Chooser_Agent;

      type Relay_Entry is (Relay_No_Entry, Relay_Pass);
      --  rdv2po: task Relay became this protected object; its code runs in the
      --  task Relay_Agent, declared after it (general scheme: each rendezvous
      --  goes through the object)
      protected Relay is
         entry Pass (V : Integer);
         --  rdv2po: the rendezvous protocol, for Relay_Agent
         entry Pass_Accept_Begin (V : out Integer);
         procedure Pass_Accept_End;
         procedure Pass_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Pass_Queue (V : in Integer);
         procedure Close;
      private
         Chosen : Relay_Entry := Relay_No_Entry;
         Closed : Boolean := False;
         Pass_V : Integer;
         Pass_Done : Boolean := False;
         Pass_Raised : Boolean := False;
         Pass_Failure : Ada.Exceptions.Exception_Occurrence;
      end Relay;
      task Relay_Agent is
         --  rdv2po: general scheme agent of Relay
      end Relay_Agent;

      protected body Worker is

         entry Start (V : Integer)
           when Closed
             or else (Chosen = Worker_No_Entry
                      and then Start_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Worker_Start;
            Start_V := V;
            Start_Done := False;
            requeue Start_Queue;
         end Start;

         entry Start_Accept_Begin (V : out Integer)
           when Chosen = Worker_Start is
         begin
            V := Start_V;
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

         entry Start_Queue (V : in Integer)
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
         Mine : Integer;
      begin
         declare
            V : Integer;
         begin
            Self.Start_Accept_Begin (V);
            begin
               Mine := V;
            exception
               when Occurrence : others =>
                  Self.Start_Failed (Occurrence);
                  raise;
            end;
            Self.Start_Accept_End;
         end;
         Sums.Add (Mine);
      end Worker_Agent;

      protected body Helper is

         entry Start (V : Integer)
           when Closed
             or else (Chosen = Helper_No_Entry
                      and then Start_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Helper_Start;
            Start_V := V;
            Start_Done := False;
            requeue Start_Queue;
         end Start;

         entry Start_Accept_Begin (V : out Integer)
           when Chosen = Helper_Start is
         begin
            V := Start_V;
            Chosen := Helper_No_Entry;
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

         entry Start_Queue (V : in Integer)
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
      end Helper;

      task body Helper_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Helper_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Helper_Closer);
         overriding procedure Finalize (Object : in out Helper_Closer) is
         begin
            Self.Close;
         end Finalize;
         Closer : Helper_Closer;
         Mine : Integer;
      begin
         declare
            V : Integer;
         begin
            Self.Start_Accept_Begin (V);
            begin
               Mine := V;
            exception
               when Occurrence : others =>
                  Self.Start_Failed (Occurrence);
                  raise;
            end;
            Self.Start_Accept_End;
         end;
         Sums.Add (Mine);
      end Helper_Agent;

      protected body Chooser is

         entry Start (Base : Integer)
           when Closed or else (Chosen = Chooser_No_Entry and then Start_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Chooser_Start, Index => 0));
            Disarm;
            Chosen := Chooser_Start;
            Start_Base := Base;
            Start_Done := False;
            requeue Start_Queue;
         end Start;

         entry Skip
           when Closed or else (Chosen = Chooser_No_Entry and then Skip_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Chooser_Skip, Index => 0));
            Disarm;
            Chosen := Chooser_Skip;
         end Skip;

         entry Select_Arm
           (Order : Chooser_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
            Any_Open : Boolean := False;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Chooser_No_Entry then
                  Any_Open := True;
                  if Found = 0 and then Queued (Order (K)) then
                     Found := K;
                  end if;
               end if;
            end loop;
            --  RM 9.7.1(21): every alternative closed and no else part
            if not Any_Open then
               raise Program_Error;
            end if;
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
            requeue Select_Wait with abort;
         end Select_Arm;

         entry Select_Wait
           (Order : Chooser_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Chooser_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Start_Armed := False;
            Skip_Armed := False;
         end Disarm;

         procedure Arm (Alternative : Chooser_Alternative) is
         begin
            case Alternative.Id is
               when Chooser_Start =>
                  Start_Armed := True;
               when Chooser_Skip =>
                  Skip_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Chooser_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Chooser_Start =>
                  return Chooser.Start'Count > 0;
               when Chooser_Skip =>
                  return Chooser.Skip'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Chooser_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Start_Take (Base : out Integer) is
         begin
            Base := Start_Base;
            Chosen := Chooser_No_Entry;
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

         entry Start_Queue (Base : in Integer)
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

         procedure Skip_Take is
         begin
            Chosen := Chooser_No_Entry;
         end Skip_Take;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Chooser;

      task body Chooser_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Chooser_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Chooser_Closer);
         overriding procedure Finalize (Object : in out Chooser_Closer) is
         begin
            Chooser.Close;
         end Finalize;
         Closer : Chooser_Closer;
         First : Integer := 0;
      begin
         declare
            Choice : Natural;
         begin
            Chooser.Select_Arm
              (Order => (1 => (Chooser_Start, 0),
                         2 => (Chooser_Skip, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     Base : Integer;
                  begin
                     Chooser.Start_Take (Base);
                     begin
                        First := Base;
                     exception
                        when Occurrence : others =>
                           Chooser.Start_Failed (Occurrence);
                           raise;
                     end;
                     Chooser.Start_Accept_End;
                  end;
               when 2 =>
                  Chooser.Skip_Take;
               when others =>
                  null;
            end case;
         end;
         for I in Pool'Range loop
            Pool (I).Start (First + I);
         end loop;
      end Chooser_Agent;

      protected body Relay is

         entry Pass (V : Integer)
           when Closed
             or else (Chosen = Relay_No_Entry
                      and then Pass_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Relay_Pass;
            Pass_V := V;
            Pass_Done := False;
            requeue Pass_Queue;
         end Pass;

         entry Pass_Accept_Begin (V : out Integer)
           when Chosen = Relay_Pass is
         begin
            V := Pass_V;
            Chosen := Relay_No_Entry;
         end Pass_Accept_Begin;

         procedure Pass_Accept_End is
         begin
            Pass_Done := True;
         end Pass_Accept_End;

         procedure Pass_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Pass_Failure, Occurrence);
            Pass_Raised := True;
            Pass_Done := True;
         end Pass_Failed;

         entry Pass_Queue (V : in Integer)
           when Pass_Done or else Closed is
         begin
            if not Pass_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Pass_Done := False;
            if Pass_Raised then
               Pass_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Pass_Failure);
            end if;
         end Pass_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Relay;

      task body Relay_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Relay_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Relay_Closer);
         overriding procedure Finalize (Object : in out Relay_Closer) is
         begin
            Relay.Close;
         end Finalize;
         Closer : Relay_Closer;
      begin
         declare
            V : Integer;
         begin
            Relay.Pass_Accept_Begin (V);
            begin
               Other.Start (V * 2);
            exception
               when Occurrence : others =>
                  Relay.Pass_Failed (Occurrence);
                  raise;
            end;
            Relay.Pass_Accept_End;
         end;
      end Relay_Agent;

   begin
      Chooser.Start (10);
      Relay.Pass (50);
   end Run;

begin
   Run;
   Put_Line ("received" & Integer'Image (Sums.Get));
   if Sums.Get = 123 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
