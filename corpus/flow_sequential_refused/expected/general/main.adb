--  Loops of accepts after the server loop that the server scheme refuses,
--  beside flow_sequential_loops: a 'for ... of' loop over an array (its
--  cursor is not a component the scheme keeps), and a second loop holding a
--  loop of accepts of its own (sync points in a loop in a loop).  Both are
--  refused, each with its reason.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Prices is array (1 .. 3) of Natural;

   type Till_Entry is (Till_No_Entry, Till_Open, Till_Pay, Till_Total);
   type Till_Alternative is record
      Id : Till_Entry := Till_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Till_Alternative_List is array (Positive range <>) of Till_Alternative;
   --  rdv2po: task Till became this protected object; its code runs in the
   --  task Till_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Till is
      entry Open;
      entry Pay (Amount : Natural);
      entry Total (T : out Natural);
      --  rdv2po: the rendezvous protocol, for Till_Agent
      entry Select_Arm
        (Order : Till_Alternative_List;
         Chosen_Position : out Natural);
      entry Open_Held;
      procedure Open_Woken;
      procedure Open_Take;
      entry Pay_Accept_Begin (Amount : out Natural);
      procedure Pay_Accept_End;
      procedure Pay_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Pay_Queue (Amount : in Natural);
      entry Total_Accept_Begin (T : out Natural);
      procedure Total_Accept_End (T : in Natural);
      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Total_Queue (T : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Till_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Till_Alternative);
      function Queued (Alternative : Till_Alternative) return Boolean;
      function Position_Of (Alternative : Till_Alternative) return Natural;
      Armed_List : Till_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Till_Entry := Till_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Open_Armed : Boolean := False;
      Pay_Amount : Natural;
      Pay_Done : Boolean := False;
      Pay_Raised : Boolean := False;
      Pay_Failure : Ada.Exceptions.Exception_Occurrence;
      Total_T : Natural;
      Total_Done : Boolean := False;
      Total_Raised : Boolean := False;
      Total_Failure : Ada.Exceptions.Exception_Occurrence;
   end Till;
   task Till_Agent is
      --  rdv2po: general scheme agent of Till
      entry Wake_1 (Positive range 1 .. 1);
   end Till_Agent;
   protected body Till is

      entry Open
        when Closed
          or else (Chosen = Till_No_Entry
                   and then Open_Armed
                   and then Open_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Till_Agent.Wake_1
              (Position_Of ((Id => Till_Open, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Till_Open, Index => 0));
         Open_Woken;
      end Open;

      entry Open_Held
        when Closed or else (Chosen = Till_No_Entry and then Open_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Till_Open, Index => 0));
         Open_Woken;
      end Open_Held;

      entry Pay (Amount : Natural)
        when Closed
          or else (Chosen = Till_No_Entry and then Pay_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Till_Pay;
         Pay_Amount := Amount;
         Pay_Done := False;
         requeue Pay_Queue;
      end Pay;

      entry Total (T : out Natural)
        when Closed
          or else (Chosen = Till_No_Entry
                   and then Total_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Till_Total;
         Total_T := T;
         Total_Done := False;
         requeue Total_Queue;
      end Total;

      entry Select_Arm
        (Order : Till_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Till_No_Entry then
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
        (Order : Till_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Till_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Open_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Till_Alternative) is
      begin
         case Alternative.Id is
            when Till_Open =>
               Open_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Till_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Till_Open =>
               return Till.Open'Count + Open_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Till_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Open_Take is
      begin
         Chosen := Till_No_Entry;
      end Open_Take;

      procedure Open_Woken is
      begin
         Disarm;
         Chosen := Till_Open;
      end Open_Woken;

      entry Pay_Accept_Begin (Amount : out Natural)
        when Chosen = Till_Pay is
      begin
         Amount := Pay_Amount;
         Chosen := Till_No_Entry;
      end Pay_Accept_Begin;

      procedure Pay_Accept_End is
      begin
         Pay_Done := True;
      end Pay_Accept_End;

      procedure Pay_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Pay_Failure, Occurrence);
         Pay_Raised := True;
         Pay_Done := True;
      end Pay_Failed;

      entry Pay_Queue (Amount : in Natural)
        when Pay_Done or else Closed is
      begin
         if not Pay_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Pay_Done := False;
         if Pay_Raised then
            Pay_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Pay_Failure);
         end if;
      end Pay_Queue;

      entry Total_Accept_Begin (T : out Natural)
        when Chosen = Till_Total is
      begin
         T := Total_T;
         Chosen := Till_No_Entry;
      end Total_Accept_Begin;

      procedure Total_Accept_End (T : in Natural) is
      begin
         Total_T := T;
         Total_Done := True;
      end Total_Accept_End;

      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Total_Failure, Occurrence);
         Total_Raised := True;
         Total_Done := True;
      end Total_Failed;

      entry Total_Queue (T : out Natural)
        when Total_Done or else Closed is
      begin
         if not Total_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Total_Done := False;
         if Total_Raised then
            Total_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Total_Failure);
         end if;
         T := Total_T;
      end Total_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Till;

   task body Till_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Till_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Till_Closer);
      overriding procedure Finalize (Object : in out Till_Closer) is
      begin
         Till.Close;
      end Finalize;
      Closer : Till_Closer;
      Price : constant Prices := (3, 4, 5);
      Sum : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Till_Alternative_List :=
              (1 => (Till_Open, 0));
            Choice : Natural;
         begin
            Till.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Till.Open_Woken;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Till.Open_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Till.Open_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
      for P of Price loop
         declare
            Amount : Natural;
         begin
            Till.Pay_Accept_Begin (Amount);
            begin
               Sum := Sum + Amount * P;
            exception
               when Occurrence : others =>
                  Till.Pay_Failed (Occurrence);
                  raise;
            end;
            Till.Pay_Accept_End;
         end;
      end loop;
      declare
         T : Natural;
      begin
         Till.Total_Accept_Begin (T);
         begin
            T := Sum;
         exception
            when Occurrence : others =>
               Till.Total_Failed (Occurrence);
               raise;
         end;
         Till.Total_Accept_End (T);
      end;
   end Till_Agent;

   type Rounds_Entry is (Rounds_No_Entry, Rounds_Start, Rounds_Step);
   type Rounds_Alternative is record
      Id : Rounds_Entry := Rounds_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Rounds_Alternative_List is array (Positive range <>) of Rounds_Alternative;
   --  rdv2po: task Rounds became this protected object; its code runs in the
   --  task Rounds_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Rounds is
      entry Start;
      entry Step (N : out Natural);
      --  rdv2po: the rendezvous protocol, for Rounds_Agent
      entry Select_Arm
        (Order : Rounds_Alternative_List;
         Chosen_Position : out Natural);
      entry Start_Held;
      procedure Start_Woken;
      procedure Start_Take;
      entry Step_Held (N : out Natural);
      procedure Step_Woken (N : in Natural);
      procedure Step_Take (N : out Natural);
      procedure Step_Accept_End (N : in Natural);
      procedure Step_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Step_Queue (N : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Rounds_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Rounds_Alternative);
      function Queued (Alternative : Rounds_Alternative) return Boolean;
      function Position_Of (Alternative : Rounds_Alternative) return Natural;
      Armed_List : Rounds_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Rounds_Entry := Rounds_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Start_Armed : Boolean := False;
      Step_Armed : Boolean := False;
      Step_N : Natural;
      Step_Done : Boolean := False;
      Step_Raised : Boolean := False;
      Step_Failure : Ada.Exceptions.Exception_Occurrence;
   end Rounds;
   task Rounds_Agent is
      --  rdv2po: general scheme agent of Rounds
      entry Wake_1 (Positive range 1 .. 1);
      entry Wake_2 (Positive range 1 .. 1) (Value_1 : out Natural);
   end Rounds_Agent;
   protected body Rounds is

      entry Start
        when Closed
          or else (Chosen = Rounds_No_Entry
                   and then Start_Armed
                   and then Start_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Rounds_Agent.Wake_1
              (Position_Of ((Id => Rounds_Start, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Rounds_Start, Index => 0));
         Start_Woken;
      end Start;

      entry Start_Held
        when Closed or else (Chosen = Rounds_No_Entry and then Start_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Rounds_Start, Index => 0));
         Start_Woken;
      end Start_Held;

      entry Step (N : out Natural)
        when Closed
          or else (Chosen = Rounds_No_Entry
                   and then Step_Armed
                   and then Step_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Rounds_Agent.Wake_2
              (Position_Of ((Id => Rounds_Step, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Rounds_Step, Index => 0));
         Step_Woken (N);
         requeue Step_Queue;
      end Step;

      entry Step_Held (N : out Natural)
        when Closed or else (Chosen = Rounds_No_Entry and then Step_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Rounds_Step, Index => 0));
         Step_Woken (N);
         requeue Step_Queue;
      end Step_Held;

      entry Select_Arm
        (Order : Rounds_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Rounds_No_Entry then
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
        (Order : Rounds_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Rounds_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Start_Armed := False;
         Step_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Rounds_Alternative) is
      begin
         case Alternative.Id is
            when Rounds_Start =>
               Start_Armed := True;
            when Rounds_Step =>
               Step_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Rounds_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Rounds_Start =>
               return Rounds.Start'Count + Start_Held'Count > 0;
            when Rounds_Step =>
               return Rounds.Step'Count + Step_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Rounds_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Start_Take is
      begin
         Chosen := Rounds_No_Entry;
      end Start_Take;

      procedure Start_Woken is
      begin
         Disarm;
         Chosen := Rounds_Start;
      end Start_Woken;

      procedure Step_Take (N : out Natural) is
      begin
         N := Step_N;
         Chosen := Rounds_No_Entry;
      end Step_Take;

      procedure Step_Woken (N : in Natural) is
      begin
         Disarm;
         Chosen := Rounds_Step;
         Step_N := N;
         Step_Done := False;
      end Step_Woken;

      procedure Step_Accept_End (N : in Natural) is
      begin
         Step_N := N;
         Step_Done := True;
      end Step_Accept_End;

      procedure Step_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Step_Failure, Occurrence);
         Step_Raised := True;
         Step_Done := True;
      end Step_Failed;

      entry Step_Queue (N : out Natural)
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
         N := Step_N;
      end Step_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Rounds;

   task body Rounds_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Rounds_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Rounds_Closer);
      overriding procedure Finalize (Object : in out Rounds_Closer) is
      begin
         Rounds.Close;
      end Finalize;
      Closer : Rounds_Closer;
      Count : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Rounds_Alternative_List :=
              (1 => (Rounds_Start, 0));
            Choice : Natural;
         begin
            Rounds.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Rounds.Start_Woken;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Rounds.Start_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Rounds.Start_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
      loop
         Count := 0;
         while Count < 2 loop
            declare
               Alternatives : constant Rounds_Alternative_List :=
                 (1 => (Rounds_Step, 0));
               Choice : Natural;
            begin
               Rounds.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_2 (1) (Value_1 : out Natural) do
                        Rounds.Step_Woken (Value_1);
                        requeue Rounds.Step_Queue;
                     end Wake_2;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_2 (1) (Value_1 : out Natural) do
                           requeue Rounds.Step_Held with abort;
                        end Wake_2;
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
                        Rounds.Step_Take (N);
                        begin
                           Count := Count + 1;
                           N := Count;
                        exception
                           when Occurrence : others =>
                              Rounds.Step_Failed (Occurrence);
                              raise;
                        end;
                        Rounds.Step_Accept_End (N);
                     end;
                  when others =>
                     null;
               end case;
            end;
         end loop;
      end loop;
   end Rounds_Agent;

   N : Natural;
begin
   Till.Open;
   Till.Pay (1);
   Till.Pay (2);
   Till.Pay (1);
   Till.Total (N);
   Put_Line ("total" & Natural'Image (N));
   Rounds.Start;
   for I in 1 .. 3 loop
      Rounds.Step (N);
      Put_Line ("step" & Natural'Image (N));
   end loop;
   Put_Line ("PASSED");
end Main;
