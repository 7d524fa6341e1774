--  'Callable, 'Terminated and 'Identity of servers that print (the
--  accepting scheme refuses them for that), which the caller-runs scheme
--  refuses with each reason: the attribute in the task's own body; a select
--  whose guards may all be closed (the task would raise Program_Error there
--  and complete, the turn would only stay closed); a server at a terminate
--  alternative in a program with controlled types (a Finalize run after
--  the master's tasks have terminated sees it terminated); a server whose
--  body declares a task (it terminated only after that one); 'Identity
--  (a package is not a task).
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Task_Identification; use Ada.Task_Identification;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   procedure Show (What : String; Value : Boolean) is
   begin
      Put_Line (What & " " & Boolean'Image (Value));
   end Show;

   type Note is new Ada.Finalization.Limited_Controlled with null record;
   overriding procedure Finalize (N : in out Note);
   overriding procedure Finalize (N : in out Note) is
   begin
      Put_Line ("note finalized");
   end Finalize;

   type Mirror_Entry is (Mirror_No_Entry, Mirror_Ask, Mirror_Stop);
   type Mirror_Alternative is record
      Id : Mirror_Entry := Mirror_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Mirror_Alternative_List is array (Positive range <>) of Mirror_Alternative;
   --  rdv2po: task Mirror became this protected object; its code runs in the
   --  task Mirror_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Mirror is
      entry Ask;
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Mirror_Agent
      entry Select_Arm
        (Order : Mirror_Alternative_List;
         Chosen_Position : out Natural);
      procedure Ask_Take;
      procedure Ask_Accept_End;
      procedure Ask_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Ask_Queue;
      procedure Stop_Take;
      function Agent_Callable return Boolean;
      procedure Close;
   private
      entry Select_Wait
        (Order : Mirror_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Mirror_Alternative);
      function Queued (Alternative : Mirror_Alternative) return Boolean;
      function Position_Of (Alternative : Mirror_Alternative) return Natural;
      Armed_List : Mirror_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Mirror_Entry := Mirror_No_Entry;
      Closed : Boolean := False;
      Ask_Armed : Boolean := False;
      Ask_Done : Boolean := False;
      Ask_Raised : Boolean := False;
      Ask_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Mirror;
   task Mirror_Agent is
      --  rdv2po: general scheme agent of Mirror
   end Mirror_Agent;

   protected body Mirror is

      entry Ask
        when Closed or else (Chosen = Mirror_No_Entry and then Ask_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Mirror_Ask, Index => 0));
         Disarm;
         Chosen := Mirror_Ask;
         Ask_Done := False;
         requeue Ask_Queue;
      end Ask;

      entry Stop
        when Closed or else (Chosen = Mirror_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Mirror_Stop, Index => 0));
         Disarm;
         Chosen := Mirror_Stop;
      end Stop;

      entry Select_Arm
        (Order : Mirror_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Mirror_No_Entry then
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
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Mirror_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Mirror_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Ask_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Mirror_Alternative) is
      begin
         case Alternative.Id is
            when Mirror_Ask =>
               Ask_Armed := True;
            when Mirror_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Mirror_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Mirror_Ask =>
               return Mirror.Ask'Count > 0;
            when Mirror_Stop =>
               return Mirror.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Mirror_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Ask_Take is
      begin
         Chosen := Mirror_No_Entry;
      end Ask_Take;

      procedure Ask_Accept_End is
      begin
         Ask_Done := True;
      end Ask_Accept_End;

      procedure Ask_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Ask_Failure, Occurrence);
         Ask_Raised := True;
         Ask_Done := True;
      end Ask_Failed;

      entry Ask_Queue
        when Ask_Done or else Closed is
      begin
         if not Ask_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Ask_Done := False;
         if Ask_Raised then
            Ask_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Ask_Failure);
         end if;
      end Ask_Queue;

      procedure Stop_Take is
      begin
         Chosen := Mirror_No_Entry;
      end Stop_Take;

      function Agent_Callable return Boolean is
      begin
         return not Closed and then Mirror_Agent'Callable;
      end Agent_Callable;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Mirror;

   task body Mirror_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Mirror_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Mirror_Closer);
      overriding procedure Finalize (Object : in out Mirror_Closer) is
      begin
         Mirror.Close;
      end Finalize;
      Closer : Mirror_Closer;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Mirror.Select_Arm
              (Order => (1 => (Mirror_Ask, 0),
                         2 => (Mirror_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  Mirror.Ask_Take;
                  begin
                     Show ("mirror asks itself", Mirror.Agent_Callable);
                  exception
                     when Occurrence : others =>
                        Mirror.Ask_Failed (Occurrence);
                        raise;
                  end;
                  Mirror.Ask_Accept_End;
               when 2 =>
                  Mirror.Stop_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Mirror_Agent;

   type Gate_Entry is (Gate_No_Entry, Gate_Pass, Gate_Stop);
   type Gate_Alternative is record
      Id : Gate_Entry := Gate_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Gate_Alternative_List is array (Positive range <>) of Gate_Alternative;
   --  rdv2po: task Gate became this protected object; its code runs in the
   --  task Gate_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Gate is
      entry Pass;
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Gate_Agent
      entry Select_Arm
        (Order : Gate_Alternative_List;
         Chosen_Position : out Natural);
      procedure Pass_Take;
      procedure Pass_Accept_End;
      procedure Pass_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Pass_Queue;
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Gate_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Gate_Alternative);
      function Queued (Alternative : Gate_Alternative) return Boolean;
      function Position_Of (Alternative : Gate_Alternative) return Natural;
      Armed_List : Gate_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Gate_Entry := Gate_No_Entry;
      Closed : Boolean := False;
      Pass_Armed : Boolean := False;
      Pass_Done : Boolean := False;
      Pass_Raised : Boolean := False;
      Pass_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Gate;
   task Gate_Agent is
      --  rdv2po: general scheme agent of Gate
   end Gate_Agent;

   protected body Gate is

      entry Pass
        when Closed or else (Chosen = Gate_No_Entry and then Pass_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Gate_Pass, Index => 0));
         Disarm;
         Chosen := Gate_Pass;
         Pass_Done := False;
         requeue Pass_Queue;
      end Pass;

      entry Stop
        when Closed or else (Chosen = Gate_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Gate_Stop, Index => 0));
         Disarm;
         Chosen := Gate_Stop;
      end Stop;

      entry Select_Arm
        (Order : Gate_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Gate_No_Entry then
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
         Pass_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Gate_Alternative) is
      begin
         case Alternative.Id is
            when Gate_Pass =>
               Pass_Armed := True;
            when Gate_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Gate_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Gate_Pass =>
               return Gate.Pass'Count > 0;
            when Gate_Stop =>
               return Gate.Stop'Count > 0;
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

      procedure Pass_Take is
      begin
         Chosen := Gate_No_Entry;
      end Pass_Take;

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

      entry Pass_Queue
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

      procedure Stop_Take is
      begin
         Chosen := Gate_No_Entry;
      end Stop_Take;

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
      Open : Boolean := True;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Gate.Select_Arm
              (Order => (1 => ((if Open then Gate_Pass else Gate_No_Entry), 0),
                         2 => ((if Open then Gate_Stop else Gate_No_Entry), 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  Gate.Pass_Take;
                  begin
                     Put_Line ("gate passed");
                  exception
                     when Occurrence : others =>
                        Gate.Pass_Failed (Occurrence);
                        raise;
                  end;
                  Gate.Pass_Accept_End;
               when 2 =>
                  Gate.Stop_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Gate_Agent;

   task type Helper;
   task body Helper is
   begin
      delay 0.05;
   end Helper;

   type Parent_Entry is (Parent_No_Entry, Parent_Go);
   --  rdv2po: task Parent became this protected object; its code runs in the
   --  task Parent_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Parent is
      entry Go;
      --  rdv2po: the rendezvous protocol, for Parent_Agent
      entry Go_Accept_Begin;
      procedure Go_Accept_End;
      procedure Go_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Go_Queue;
      procedure Close;
   private
      Chosen : Parent_Entry := Parent_No_Entry;
      Closed : Boolean := False;
      Go_Done : Boolean := False;
      Go_Raised : Boolean := False;
      Go_Failure : Ada.Exceptions.Exception_Occurrence;
   end Parent;
   task Parent_Agent is
      --  rdv2po: general scheme agent of Parent
   end Parent_Agent;

   protected body Parent is

      entry Go
        when Closed
          or else (Chosen = Parent_No_Entry and then Go_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Parent_Go;
         Go_Done := False;
         requeue Go_Queue;
      end Go;

      entry Go_Accept_Begin
        when Chosen = Parent_Go is
      begin
         Chosen := Parent_No_Entry;
      end Go_Accept_Begin;

      procedure Go_Accept_End is
      begin
         Go_Done := True;
      end Go_Accept_End;

      procedure Go_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Go_Failure, Occurrence);
         Go_Raised := True;
         Go_Done := True;
      end Go_Failed;

      entry Go_Queue
        when Go_Done or else Closed is
      begin
         if not Go_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Go_Done := False;
         if Go_Raised then
            Go_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Go_Failure);
         end if;
      end Go_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Parent;

   task body Parent_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Parent_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Parent_Closer);
      overriding procedure Finalize (Object : in out Parent_Closer) is
      begin
         Parent.Close;
      end Finalize;
      Child : Helper;
   begin
      declare
         Closer : Parent_Closer;   --  closes on completion
      begin
         Parent.Go_Accept_Begin;
         begin
            Put_Line ("parent goes");
         exception
            when Occurrence : others =>
               Parent.Go_Failed (Occurrence);
               raise;
         end;
         Parent.Go_Accept_End;
      end;
   end Parent_Agent;

   procedure Keeping is
      Done : Note;
      type Keeper_Entry is (Keeper_No_Entry, Keeper_Keep);
      type Keeper_Alternative is record
         Id : Keeper_Entry := Keeper_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Keeper_Alternative_List is array (Positive range <>) of Keeper_Alternative;
      --  rdv2po: task Keeper became this protected object; its code runs in
      --  the task Keeper_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Keeper is
         entry Keep (N : Integer);
         --  rdv2po: the rendezvous protocol, for Keeper_Agent
         entry Select_Arm
           (Order : Keeper_Alternative_List;
            Chosen_Position : out Natural);
         entry Keep_Held (N : Integer);
         procedure Keep_Woken (N : in Integer);
         procedure Keep_Take (N : out Integer);
         procedure Keep_Accept_End;
         procedure Keep_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Keep_Queue (N : in Integer);
         function Agent_Callable return Boolean;
         procedure Close;
      private
         entry Select_Wait
           (Order : Keeper_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Keeper_Alternative);
         function Queued (Alternative : Keeper_Alternative) return Boolean;
         function Position_Of (Alternative : Keeper_Alternative) return Natural;
         Armed_List : Keeper_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Keeper_Entry := Keeper_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Keep_Armed : Boolean := False;
         Keep_N : Integer;
         Keep_Done : Boolean := False;
         Keep_Raised : Boolean := False;
         Keep_Failure : Ada.Exceptions.Exception_Occurrence;
      end Keeper;
      task Keeper_Agent is
         --  rdv2po: general scheme agent of Keeper
         entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
      end Keeper_Agent;

      protected body Keeper is

         entry Keep (N : Integer)
           when Closed
             or else (Chosen = Keeper_No_Entry
                      and then Keep_Armed
                      and then Keep_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Keeper_Agent.Wake_1
                 (Position_Of ((Id => Keeper_Keep, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Keeper_Keep, Index => 0));
            Keep_Woken (N);
            requeue Keep_Queue;
         end Keep;

         entry Keep_Held (N : Integer)
           when Closed or else (Chosen = Keeper_No_Entry and then Keep_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Keeper_Keep, Index => 0));
            Keep_Woken (N);
            requeue Keep_Queue;
         end Keep_Held;

         entry Select_Arm
           (Order : Keeper_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Keeper_No_Entry then
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
           (Order : Keeper_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Keeper_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Keep_Armed := False;
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Keeper_Alternative) is
         begin
            case Alternative.Id is
               when Keeper_Keep =>
                  Keep_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Keeper_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Keeper_Keep =>
                  return Keeper.Keep'Count + Keep_Held'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Keeper_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Keep_Take (N : out Integer) is
         begin
            N := Keep_N;
            Chosen := Keeper_No_Entry;
         end Keep_Take;

         procedure Keep_Woken (N : in Integer) is
         begin
            Disarm;
            Chosen := Keeper_Keep;
            Keep_N := N;
            Keep_Done := False;
         end Keep_Woken;

         procedure Keep_Accept_End is
         begin
            Keep_Done := True;
         end Keep_Accept_End;

         procedure Keep_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Keep_Failure, Occurrence);
            Keep_Raised := True;
            Keep_Done := True;
         end Keep_Failed;

         entry Keep_Queue (N : in Integer)
           when Keep_Done or else Closed is
         begin
            if not Keep_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Keep_Done := False;
            if Keep_Raised then
               Keep_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Keep_Failure);
            end if;
         end Keep_Queue;

         function Agent_Callable return Boolean is
         begin
            return not Closed and then Keeper_Agent'Callable;
         end Agent_Callable;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Keeper;

      task body Keeper_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Keeper_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Keeper_Closer);
         overriding procedure Finalize (Object : in out Keeper_Closer) is
         begin
            Keeper.Close;
         end Finalize;
         Closer : Keeper_Closer;
      begin
         loop
            declare
               Alternatives : constant Keeper_Alternative_List :=
                 (1 => (Keeper_Keep, 0));
               Choice : Natural;
            begin
               Keeper.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        Keeper.Keep_Woken (Value_1);
                        requeue Keeper.Keep_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Integer) do
                           requeue Keeper.Keep_Held with abort;
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
                        Keeper.Keep_Take (N);
                        begin
                           Put_Line ("kept" & Integer'Image (N));
                        exception
                           when Occurrence : others =>
                              Keeper.Keep_Failed (Occurrence);
                              raise;
                        end;
                        Keeper.Keep_Accept_End;
                     end;
                  when others =>
                     null;
               end case;
            end;
         end loop;
      end Keeper_Agent;
   begin
      Keeper.Keep (1);
      Show ("keeper callable", Keeper.Agent_Callable);
   end Keeping;

   type Named_Entry is (Named_No_Entry, Named_Hello);
   --  rdv2po: task Named became this protected object; its code runs in the
   --  task Named_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Named is
      entry Hello;
      --  rdv2po: the rendezvous protocol, for Named_Agent
      entry Hello_Accept_Begin;
      procedure Hello_Accept_End;
      procedure Hello_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Hello_Queue;
      procedure Close;
   private
      Chosen : Named_Entry := Named_No_Entry;
      Closed : Boolean := False;
      Hello_Done : Boolean := False;
      Hello_Raised : Boolean := False;
      Hello_Failure : Ada.Exceptions.Exception_Occurrence;
   end Named;
   task Named_Agent is
      --  rdv2po: general scheme agent of Named
   end Named_Agent;

   protected body Named is

      entry Hello
        when Closed
          or else (Chosen = Named_No_Entry
                   and then Hello_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Named_Hello;
         Hello_Done := False;
         requeue Hello_Queue;
      end Hello;

      entry Hello_Accept_Begin
        when Chosen = Named_Hello is
      begin
         Chosen := Named_No_Entry;
      end Hello_Accept_Begin;

      procedure Hello_Accept_End is
      begin
         Hello_Done := True;
      end Hello_Accept_End;

      procedure Hello_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Hello_Failure, Occurrence);
         Hello_Raised := True;
         Hello_Done := True;
      end Hello_Failed;

      entry Hello_Queue
        when Hello_Done or else Closed is
      begin
         if not Hello_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Hello_Done := False;
         if Hello_Raised then
            Hello_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Hello_Failure);
         end if;
      end Hello_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Named;

   task body Named_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Named_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Named_Closer);
      overriding procedure Finalize (Object : in out Named_Closer) is
      begin
         Named.Close;
      end Finalize;
      Closer : Named_Closer;
   begin
      Named.Hello_Accept_Begin;
      begin
         Put_Line ("hello");
      exception
         when Occurrence : others =>
            Named.Hello_Failed (Occurrence);
            raise;
      end;
      Named.Hello_Accept_End;
   end Named_Agent;
begin
   Mirror.Ask;
   Mirror.Stop;
   Gate.Pass;
   Gate.Stop;
   while not Gate_Agent'Terminated loop
      delay 0.01;
   end loop;
   Parent.Go;
   while not Parent_Agent'Terminated loop
      delay 0.01;
   end loop;
   Put_Line ("parent terminated");
   Keeping;
   Show ("named has no id", Named_Agent'Identity = Null_Task_Id);
   Named.Hello;
   Put_Line ("PASSED");
end Main;
