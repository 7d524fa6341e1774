--  Router hands parameterless Submit calls on to two workers by requeue
--  with abort, from inside its accept body: the first to Left, the second
--  to Right.  A requeue ends Router's part of the rendezvous, so Router is
--  back at its select at once.  Left, inside its own accept body, calls
--  Right.Handshake, which Right accepts only once it holds a job of its
--  own: if the first requeue kept Router until Left's rendezvous were
--  over, the second job would never reach Right and the program would
--  hang.  Every task reports an unexpected exception on standard error.

with Ada.Finalization;
with Ada.Exceptions;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Jobs : constant := 2;

   procedure Complain (Who : String) is
   begin
      Put_Line (Standard_Error, Who & ": unexpected exception");
   end Complain;

   protected Tally is
      procedure Add;
      function Done return Natural;
   private
      Count : Natural := 0;
   end Tally;

   protected body Tally is
      procedure Add is
      begin
         Count := Count + 1;
      end Add;

      function Done return Natural is
      begin
         return Count;
      end Done;
   end Tally;

   task type Job;
   type Job_Ref is access Job;

   type Spawner_Entry is (Spawner_No_Entry, Spawner_Go);
   --  rdv2po: task Spawner became this protected object; its code runs in the
   --  task Spawner_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Spawner is
      entry Go;
      --  rdv2po: the rendezvous protocol, for Spawner_Agent
      entry Go_Accept_Begin;
      procedure Close;
   private
      Chosen : Spawner_Entry := Spawner_No_Entry;
      Closed : Boolean := False;
   end Spawner;
   task Spawner_Agent is
      --  rdv2po: general scheme agent of Spawner
   end Spawner_Agent;

   type Router_Entry is (Router_No_Entry, Router_Submit);
   type Router_Alternative is record
      Id : Router_Entry := Router_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Router_Alternative_List is array (Positive range <>) of Router_Alternative;
   --  rdv2po: task Router became this protected object; its code runs in the
   --  task Router_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Router is
      entry Submit;
      --  rdv2po: the rendezvous protocol, for Router_Agent
      entry Select_Arm
        (Order : Router_Alternative_List;
         Chosen_Position : out Natural);
      entry Submit_Held;
      procedure Submit_Woken;
      procedure Submit_Take;
      procedure Submit_Accept_End;
      procedure Submit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Submit_Queue;
      procedure Submit_Requeue_1;
      procedure Submit_Requeue_2;
      procedure Close;
   private
      entry Select_Wait
        (Order : Router_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Router_Alternative);
      function Queued (Alternative : Router_Alternative) return Boolean;
      function Position_Of (Alternative : Router_Alternative) return Natural;
      Armed_List : Router_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Router_Entry := Router_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Submit_Armed : Boolean := False;
      Submit_Done : Boolean := False;
      Submit_Raised : Boolean := False;
      Submit_Failure : Ada.Exceptions.Exception_Occurrence;
      Submit_Target : Natural := 0;
   end Router;
   task Router_Agent is
      --  rdv2po: general scheme agent of Router
      entry Wake_1 (Positive range 1 .. 1);
   end Router_Agent;

   type Left_Entry is (Left_No_Entry, Left_Submit);
   type Left_Alternative is record
      Id : Left_Entry := Left_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Left_Alternative_List is array (Positive range <>) of Left_Alternative;
   --  rdv2po: task Left became this protected object; its code runs in the
   --  task Left_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Left is
      entry Submit;
      --  rdv2po: the rendezvous protocol, for Left_Agent
      entry Select_Arm
        (Order : Left_Alternative_List;
         Chosen_Position : out Natural);
      entry Submit_Held;
      procedure Submit_Woken;
      procedure Submit_Take;
      procedure Submit_Accept_End;
      procedure Submit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Submit_Queue;
      procedure Close;
   private
      entry Select_Wait
        (Order : Left_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Left_Alternative);
      function Queued (Alternative : Left_Alternative) return Boolean;
      function Position_Of (Alternative : Left_Alternative) return Natural;
      Armed_List : Left_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Left_Entry := Left_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Submit_Armed : Boolean := False;
      Submit_Done : Boolean := False;
      Submit_Raised : Boolean := False;
      Submit_Failure : Ada.Exceptions.Exception_Occurrence;
   end Left;
   task Left_Agent is
      --  rdv2po: general scheme agent of Left
      entry Wake_1 (Positive range 1 .. 1);
   end Left_Agent;

   type Right_Entry is
     (Right_No_Entry,
      Right_Submit,
      Right_Handshake,
      Right_Finished);
   type Right_Alternative is record
      Id : Right_Entry := Right_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Right_Alternative_List is array (Positive range <>) of Right_Alternative;
   --  rdv2po: task Right became this protected object; its code runs in the
   --  task Right_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Right is
      entry Submit;
      entry Handshake;
      entry Finished;
      --  rdv2po: the rendezvous protocol, for Right_Agent
      entry Select_Arm
        (Order : Right_Alternative_List;
         Chosen_Position : out Natural);
      entry Submit_Held;
      procedure Submit_Woken;
      procedure Submit_Take;
      entry Handshake_Held;
      procedure Handshake_Woken;
      procedure Handshake_Take;
      entry Finished_Held;
      procedure Finished_Woken;
      procedure Finished_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Right_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Right_Alternative);
      function Queued (Alternative : Right_Alternative) return Boolean;
      function Position_Of (Alternative : Right_Alternative) return Natural;
      Armed_List : Right_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Right_Entry := Right_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Submit_Armed : Boolean := False;
      Handshake_Armed : Boolean := False;
      Finished_Armed : Boolean := False;
   end Right;
   task Right_Agent is
      --  rdv2po: general scheme agent of Right
      entry Wake_1 (Positive range 1 .. 3);
   end Right_Agent;

   task body Job is
   begin
      Router.Submit;
      Tally.Add;
   exception
      when others =>
         Complain ("Job");
   end Job;

   protected body Spawner is

      entry Go
        when Closed
          or else (Chosen = Spawner_No_Entry
                   and then Go_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Spawner_Go;
      end Go;

      entry Go_Accept_Begin
        when Chosen = Spawner_Go is
      begin
         Chosen := Spawner_No_Entry;
      end Go_Accept_Begin;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Spawner;

   task body Spawner_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Spawner_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Spawner_Closer);
      overriding procedure Finalize (Object : in out Spawner_Closer) is
      begin
         Spawner.Close;
      end Finalize;
      Launched : Job_Ref;
   begin
      declare
         Closer : Spawner_Closer;   --  closes on completion
      begin
         Spawner.Go_Accept_Begin;
         for N in 1 .. Jobs loop
            Launched := new Job;
         end loop;
      exception
         when others =>
            Complain ("Spawner");
      end;
   end Spawner_Agent;

   protected body Router is

      entry Submit
        when Closed
          or else (Chosen = Router_No_Entry
                   and then Submit_Armed
                   and then Submit_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Router_Agent.Wake_1
              (Position_Of ((Id => Router_Submit, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Router_Submit, Index => 0));
         Submit_Woken;
         requeue Submit_Queue;
      end Submit;

      entry Submit_Held
        when Closed or else (Chosen = Router_No_Entry and then Submit_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Router_Submit, Index => 0));
         Submit_Woken;
         requeue Submit_Queue;
      end Submit_Held;

      entry Select_Arm
        (Order : Router_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Router_No_Entry then
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
        (Order : Router_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Router_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Submit_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Router_Alternative) is
      begin
         case Alternative.Id is
            when Router_Submit =>
               Submit_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Router_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Router_Submit =>
               return Router.Submit'Count + Submit_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Router_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Submit_Take is
      begin
         Chosen := Router_No_Entry;
      end Submit_Take;

      procedure Submit_Woken is
      begin
         Disarm;
         Chosen := Router_Submit;
         Submit_Done := False;
      end Submit_Woken;

      procedure Submit_Accept_End is
      begin
         Submit_Done := True;
      end Submit_Accept_End;

      procedure Submit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Submit_Failure, Occurrence);
         Submit_Raised := True;
         Submit_Done := True;
      end Submit_Failed;

      entry Submit_Queue
        when Submit_Done or else Closed is
      begin
         if not Submit_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Submit_Done := False;
         if Submit_Raised then
            Submit_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Submit_Failure);
         end if;
         if Submit_Target = 1 then
            Submit_Target := 0;
            requeue Right.Submit with abort;
         end if;
         if Submit_Target = 2 then
            Submit_Target := 0;
            requeue Left.Submit with abort;
         end if;
      end Submit_Queue;

      procedure Submit_Requeue_1 is
      begin
         Submit_Target := 1;
         Submit_Done := True;
      end Submit_Requeue_1;

      procedure Submit_Requeue_2 is
      begin
         Submit_Target := 2;
         Submit_Done := True;
      end Submit_Requeue_2;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Router;

   task body Router_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Router_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Router_Closer);
      overriding procedure Finalize (Object : in out Router_Closer) is
      begin
         Router.Close;
      end Finalize;
      Closer : Router_Closer;
      Left_Served : Boolean := False;
   begin
      loop
         declare
            Alternatives : constant Router_Alternative_List :=
              (1 => (Router_Submit, 0));
            Choice : Natural;
         begin
            Router.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Router.Submit_Woken;
                     requeue Router.Submit_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Router.Submit_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  begin
                     Router.Submit_Take;
                     begin
                        if Left_Served then
                           Router.Submit_Requeue_1;
                           goto Submit_Requeued;
                        else
                           Left_Served := True;
                           Router.Submit_Requeue_2;
                           goto Submit_Requeued;
                        end if;
                     exception
                        when Occurrence : others =>
                           Router.Submit_Failed (Occurrence);
                           raise;
                     end;
                     Router.Submit_Accept_End;
                     <<Submit_Requeued>>
                     null;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   exception
      when others =>
         Complain ("Router");
   end Router_Agent;

   protected body Left is

      entry Submit
        when Closed
          or else (Chosen = Left_No_Entry
                   and then Submit_Armed
                   and then Submit_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Left_Agent.Wake_1
              (Position_Of ((Id => Left_Submit, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Left_Submit, Index => 0));
         Submit_Woken;
         requeue Submit_Queue;
      end Submit;

      entry Submit_Held
        when Closed or else (Chosen = Left_No_Entry and then Submit_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Left_Submit, Index => 0));
         Submit_Woken;
         requeue Submit_Queue;
      end Submit_Held;

      entry Select_Arm
        (Order : Left_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Left_No_Entry then
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
        (Order : Left_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Left_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Submit_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Left_Alternative) is
      begin
         case Alternative.Id is
            when Left_Submit =>
               Submit_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Left_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Left_Submit =>
               return Left.Submit'Count + Submit_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Left_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Submit_Take is
      begin
         Chosen := Left_No_Entry;
      end Submit_Take;

      procedure Submit_Woken is
      begin
         Disarm;
         Chosen := Left_Submit;
         Submit_Done := False;
      end Submit_Woken;

      procedure Submit_Accept_End is
      begin
         Submit_Done := True;
      end Submit_Accept_End;

      procedure Submit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Submit_Failure, Occurrence);
         Submit_Raised := True;
         Submit_Done := True;
      end Submit_Failed;

      entry Submit_Queue
        when Submit_Done or else Closed is
      begin
         if not Submit_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Submit_Done := False;
         if Submit_Raised then
            Submit_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Submit_Failure);
         end if;
      end Submit_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Left;

   task body Left_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Left_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Left_Closer);
      overriding procedure Finalize (Object : in out Left_Closer) is
      begin
         Left.Close;
      end Finalize;
      Closer : Left_Closer;
   begin
      loop
         declare
            Alternatives : constant Left_Alternative_List :=
              (1 => (Left_Submit, 0));
            Choice : Natural;
         begin
            Left.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Left.Submit_Woken;
                     requeue Left.Submit_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Left.Submit_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Left.Submit_Take;
                  begin
                     --  only possible once Router has passed the second job on
                     Right.Handshake;
                  exception
                     when Occurrence : others =>
                        Left.Submit_Failed (Occurrence);
                        raise;
                  end;
                  Left.Submit_Accept_End;
               when others =>
                  null;
            end case;
         end;
      end loop;
   exception
      when others =>
         Complain ("Left");
   end Left_Agent;

   protected body Right is

      entry Submit
        when Closed
          or else (Chosen = Right_No_Entry
                   and then Submit_Armed
                   and then Submit_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Right_Agent.Wake_1
              (Position_Of ((Id => Right_Submit, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Right_Submit, Index => 0));
         Submit_Woken;
      end Submit;

      entry Submit_Held
        when Closed or else (Chosen = Right_No_Entry and then Submit_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Right_Submit, Index => 0));
         Submit_Woken;
      end Submit_Held;

      entry Handshake
        when Closed
          or else (Chosen = Right_No_Entry
                   and then Handshake_Armed
                   and then Handshake_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Right_Agent.Wake_1
              (Position_Of ((Id => Right_Handshake, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Right_Handshake, Index => 0));
         Handshake_Woken;
      end Handshake;

      entry Handshake_Held
        when Closed or else (Chosen = Right_No_Entry and then Handshake_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Right_Handshake, Index => 0));
         Handshake_Woken;
      end Handshake_Held;

      entry Finished
        when Closed
          or else (Chosen = Right_No_Entry
                   and then Finished_Armed
                   and then Finished_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Right_Agent.Wake_1
              (Position_Of ((Id => Right_Finished, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Right_Finished, Index => 0));
         Finished_Woken;
      end Finished;

      entry Finished_Held
        when Closed or else (Chosen = Right_No_Entry and then Finished_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Right_Finished, Index => 0));
         Finished_Woken;
      end Finished_Held;

      entry Select_Arm
        (Order : Right_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Right_No_Entry then
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
        (Order : Right_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Right_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Submit_Armed := False;
         Handshake_Armed := False;
         Finished_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Right_Alternative) is
      begin
         case Alternative.Id is
            when Right_Submit =>
               Submit_Armed := True;
            when Right_Handshake =>
               Handshake_Armed := True;
            when Right_Finished =>
               Finished_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Right_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Right_Submit =>
               return Right.Submit'Count + Submit_Held'Count > 0;
            when Right_Handshake =>
               return Right.Handshake'Count + Handshake_Held'Count > 0;
            when Right_Finished =>
               return Right.Finished'Count + Finished_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Right_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Submit_Take is
      begin
         Chosen := Right_No_Entry;
      end Submit_Take;

      procedure Submit_Woken is
      begin
         Disarm;
         Chosen := Right_Submit;
      end Submit_Woken;

      procedure Handshake_Take is
      begin
         Chosen := Right_No_Entry;
      end Handshake_Take;

      procedure Handshake_Woken is
      begin
         Disarm;
         Chosen := Right_Handshake;
      end Handshake_Woken;

      procedure Finished_Take is
      begin
         Chosen := Right_No_Entry;
      end Finished_Take;

      procedure Finished_Woken is
      begin
         Disarm;
         Chosen := Right_Finished;
      end Finished_Woken;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Right;

   task body Right_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Right_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Right_Closer);
      overriding procedure Finalize (Object : in out Right_Closer) is
      begin
         Right.Close;
      end Finalize;
      Closer : Right_Closer;
      Held   : Natural := 0;
      Shaken : Boolean := False;
   begin
      loop
         declare
            Alternatives : constant Right_Alternative_List :=
              (1 => (Right_Submit, 0),
               2 => ((if Held > 0 then Right_Handshake else Right_No_Entry), 0),
               3 => ((if Shaken then Right_Finished else Right_No_Entry), 0));
            Choice : Natural;
         begin
            Right.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Right.Submit_Woken;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2) do
                     Right.Handshake_Woken;
                  end Wake_1;
                  Choice := 2;
               or
                  accept Wake_1 (3) do
                     Right.Finished_Woken;
                  end Wake_1;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Right.Submit_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2) do
                        requeue Right.Handshake_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (3) do
                        requeue Right.Finished_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Right.Submit_Take;
                  Held := Held + 1;
               when 2 =>
                  Right.Handshake_Take;
                  Shaken := True;
               when 3 =>
                  Right.Finished_Take;
               when others =>
                  null;
            end case;
         end;
      end loop;
   exception
      when others =>
         Complain ("Right");
   end Right_Agent;

begin
   Spawner.Go;
   Right.Finished;
   Put_Line ("both workers got a job");
   while Tally.Done < Jobs loop
      delay 0.01;
   end loop;
   Put_Line ("jobs returned to their callers:" & Natural'Image (Tally.Done));
   Put_Line ("PASSED");
end Main;
