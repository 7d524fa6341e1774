--  Dining-philosophers flavoured host with nested accepts: a philosopher
--  who sits down (Sit) stays in the rendezvous until the Butler serves a
--  portion (Serve), which is accepted inside the Sit accept body.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Philosophers : constant := 5;
   Meals        : constant := 4;

   subtype Phil_Id is Positive range 1 .. Philosophers;

   type Host_Entry is (Host_No_Entry, Host_Sit, Host_Serve, Host_Report);
   type Host_Alternative is record
      Id : Host_Entry := Host_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Host_Alternative_List is array (Positive range <>) of Host_Alternative;
   --  rdv2po: task Host became this protected object; its code runs in the
   --  task Host_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Host is
      entry Sit (Id : Phil_Id; Portion : out Natural);
      entry Serve (Amount : Natural);
      entry Report (Served, Total : out Natural);
      --  rdv2po: the rendezvous protocol, for Host_Agent
      entry Select_Arm
        (Order : Host_Alternative_List;
         Chosen_Position : out Natural);
      entry Sit_Held (Id : Phil_Id; Portion : out Natural);
      procedure Sit_Woken (Id : in Phil_Id; Portion : in Natural);
      procedure Sit_Take (Id : out Phil_Id; Portion : out Natural);
      procedure Sit_Accept_End (Portion : in Natural);
      procedure Sit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Sit_Queue (Id : in Phil_Id; Portion : out Natural);
      entry Serve_Accept_Begin (Amount : out Natural);
      procedure Serve_Accept_End;
      procedure Serve_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Serve_Queue (Amount : in Natural);
      entry Report_Held (Served, Total : out Natural);
      procedure Report_Woken (Served : in Natural; Total : in Natural);
      procedure Report_Take (Served : out Natural; Total : out Natural);
      procedure Report_Accept_End (Served : in Natural; Total : in Natural);
      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Report_Queue (Served : out Natural; Total : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Host_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Host_Alternative);
      function Queued (Alternative : Host_Alternative) return Boolean;
      function Position_Of (Alternative : Host_Alternative) return Natural;
      Armed_List : Host_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Host_Entry := Host_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Sit_Armed : Boolean := False;
      Sit_Id : Phil_Id;
      Sit_Portion : Natural;
      Sit_Done : Boolean := False;
      Sit_Raised : Boolean := False;
      Sit_Failure : Ada.Exceptions.Exception_Occurrence;
      Serve_Amount : Natural;
      Serve_Done : Boolean := False;
      Serve_Raised : Boolean := False;
      Serve_Failure : Ada.Exceptions.Exception_Occurrence;
      Report_Armed : Boolean := False;
      Report_Served : Natural;
      Report_Total : Natural;
      Report_Done : Boolean := False;
      Report_Raised : Boolean := False;
      Report_Failure : Ada.Exceptions.Exception_Occurrence;
   end Host;
   task Host_Agent is
      --  rdv2po: general scheme agent of Host
      entry Wake_1 (Positive range 1 .. 2)
        (Value_1 : in Phil_Id; Value_2 : out Natural);
      entry Wake_2 (Positive range 1 .. 2)
        (Value_1 : out Natural; Value_2 : out Natural);
   end Host_Agent;

   protected body Host is

      entry Sit (Id : Phil_Id; Portion : out Natural)
        when Closed
          or else (Chosen = Host_No_Entry
                   and then Sit_Armed
                   and then Sit_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Host_Agent.Wake_1
              (Position_Of ((Id => Host_Sit, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Host_Sit, Index => 0));
         Sit_Woken (Id, Portion);
         requeue Sit_Queue;
      end Sit;

      entry Sit_Held (Id : Phil_Id; Portion : out Natural)
        when Closed or else (Chosen = Host_No_Entry and then Sit_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Host_Sit, Index => 0));
         Sit_Woken (Id, Portion);
         requeue Sit_Queue;
      end Sit_Held;

      entry Serve (Amount : Natural)
        when Closed
          or else (Chosen = Host_No_Entry
                   and then Serve_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Host_Serve;
         Serve_Amount := Amount;
         Serve_Done := False;
         requeue Serve_Queue;
      end Serve;

      entry Report (Served, Total : out Natural)
        when Closed
          or else (Chosen = Host_No_Entry
                   and then Report_Armed
                   and then Report_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Host_Agent.Wake_2
              (Position_Of ((Id => Host_Report, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Host_Report, Index => 0));
         Report_Woken (Served, Total);
         requeue Report_Queue;
      end Report;

      entry Report_Held (Served, Total : out Natural)
        when Closed or else (Chosen = Host_No_Entry and then Report_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Host_Report, Index => 0));
         Report_Woken (Served, Total);
         requeue Report_Queue;
      end Report_Held;

      entry Select_Arm
        (Order : Host_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Host_No_Entry then
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
        (Order : Host_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Host_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Sit_Armed := False;
         Report_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Host_Alternative) is
      begin
         case Alternative.Id is
            when Host_Sit =>
               Sit_Armed := True;
            when Host_Report =>
               Report_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Host_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Host_Sit =>
               return Host.Sit'Count + Sit_Held'Count > 0;
            when Host_Report =>
               return Host.Report'Count + Report_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Host_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Sit_Take (Id : out Phil_Id; Portion : out Natural) is
      begin
         Id := Sit_Id;
         Portion := Sit_Portion;
         Chosen := Host_No_Entry;
      end Sit_Take;

      procedure Sit_Woken (Id : in Phil_Id; Portion : in Natural) is
      begin
         Disarm;
         Chosen := Host_Sit;
         Sit_Id := Id;
         Sit_Portion := Portion;
         Sit_Done := False;
      end Sit_Woken;

      procedure Sit_Accept_End (Portion : in Natural) is
      begin
         Sit_Portion := Portion;
         Sit_Done := True;
      end Sit_Accept_End;

      procedure Sit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Sit_Failure, Occurrence);
         Sit_Raised := True;
         Sit_Done := True;
      end Sit_Failed;

      entry Sit_Queue (Id : in Phil_Id; Portion : out Natural)
        when Sit_Done or else Closed is
      begin
         if not Sit_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Sit_Done := False;
         if Sit_Raised then
            Sit_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Sit_Failure);
         end if;
         Portion := Sit_Portion;
      end Sit_Queue;

      entry Serve_Accept_Begin (Amount : out Natural)
        when Chosen = Host_Serve is
      begin
         Amount := Serve_Amount;
         Chosen := Host_No_Entry;
      end Serve_Accept_Begin;

      procedure Serve_Accept_End is
      begin
         Serve_Done := True;
      end Serve_Accept_End;

      procedure Serve_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Serve_Failure, Occurrence);
         Serve_Raised := True;
         Serve_Done := True;
      end Serve_Failed;

      entry Serve_Queue (Amount : in Natural)
        when Serve_Done or else Closed is
      begin
         if not Serve_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Serve_Done := False;
         if Serve_Raised then
            Serve_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Serve_Failure);
         end if;
      end Serve_Queue;

      procedure Report_Take (Served : out Natural; Total : out Natural) is
      begin
         Served := Report_Served;
         Total := Report_Total;
         Chosen := Host_No_Entry;
      end Report_Take;

      procedure Report_Woken (Served : in Natural; Total : in Natural) is
      begin
         Disarm;
         Chosen := Host_Report;
         Report_Served := Served;
         Report_Total := Total;
         Report_Done := False;
      end Report_Woken;

      procedure Report_Accept_End (Served : in Natural; Total : in Natural) is
      begin
         Report_Served := Served;
         Report_Total := Total;
         Report_Done := True;
      end Report_Accept_End;

      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Report_Failure, Occurrence);
         Report_Raised := True;
         Report_Done := True;
      end Report_Failed;

      entry Report_Queue (Served : out Natural; Total : out Natural)
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
         Served := Report_Served;
         Total := Report_Total;
      end Report_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Host;

   task body Host_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Host_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Host_Closer);
      overriding procedure Finalize (Object : in out Host_Closer) is
      begin
         Host.Close;
      end Finalize;
      Closer : Host_Closer;
      Served_Count : Natural := 0;
      Total        : Natural := 0;
      Per_Seat     : array (Phil_Id) of Natural := (others => 0);
   begin
      loop
         declare
            Alternatives : constant Host_Alternative_List :=
              (1 => (Host_Sit, 0),
               2 => (Host_Report, 0));
            Choice : Natural;
         begin
            Host.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1)
                    (Value_1 : in Phil_Id; Value_2 : out Natural) do
                     Host.Sit_Woken (Value_1, Value_2);
                     requeue Host.Sit_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    (Value_1 : out Natural; Value_2 : out Natural) do
                     Host.Report_Woken (Value_1, Value_2);
                     requeue Host.Report_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1)
                       (Value_1 : in Phil_Id; Value_2 : out Natural) do
                        requeue Host.Sit_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : out Natural; Value_2 : out Natural) do
                        requeue Host.Report_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Id : Phil_Id;
                     Portion : Natural;
                  begin
                     Host.Sit_Take (Id, Portion);
                     begin
                        Per_Seat (Id) := Per_Seat (Id) + 1;
                        declare
                           Amount : Natural;
                        begin
                           Host.Serve_Accept_Begin (Amount);
                           begin
                              Portion := Amount;
                              Total := Total + Amount;
                           exception
                              when Occurrence : others =>
                                 Host.Serve_Failed (Occurrence);
                                 raise;
                           end;
                           Host.Serve_Accept_End;
                        end;
                        Served_Count := Served_Count + 1;
                     exception
                        when Occurrence : others =>
                           Host.Sit_Failed (Occurrence);
                           raise;
                     end;
                     Host.Sit_Accept_End (Portion);
                  end;
               when 2 =>
                  declare
                     Served : Natural;
                     Total : Natural;
                  begin
                     Host.Report_Take (Served, Total);
                     begin
                        Served := Served_Count;
                        Total := Host_Agent.Total;
                     exception
                        when Occurrence : others =>
                           Host.Report_Failed (Occurrence);
                           raise;
                     end;
                     Host.Report_Accept_End (Served, Total);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Host_Agent;

   type Philosopher;
   type Philosopher_Entry is
     (Philosopher_No_Entry,
      Philosopher_Start,
      Philosopher_Eaten);
   task type Philosopher_Agent (Self : not null access Philosopher) is
      --  rdv2po: general scheme agent of Philosopher
   end Philosopher_Agent;
   --  rdv2po: task type Philosopher became this protected type; its code runs
   --  in Philosopher_Agent, a component of it (general scheme: each rendezvous
   --  goes through the object)
   protected type Philosopher is
      entry Start (Id : Phil_Id);
      entry Eaten (Count, Amount : out Natural);
      --  rdv2po: the rendezvous protocol, for Philosopher_Agent
      entry Start_Accept_Begin (Id : out Phil_Id);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (Id : in Phil_Id);
      entry Eaten_Accept_Begin (Count : out Natural; Amount : out Natural);
      procedure Eaten_Accept_End (Count : in Natural; Amount : in Natural);
      procedure Eaten_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Eaten_Queue (Count : out Natural; Amount : out Natural);
      procedure Close;
   private
      Chosen : Philosopher_Entry := Philosopher_No_Entry;
      Closed : Boolean := False;
      Start_Id : Phil_Id;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Eaten_Count_2 : Natural;
      Eaten_Amount : Natural;
      Eaten_Done : Boolean := False;
      Eaten_Raised : Boolean := False;
      Eaten_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Philosopher_Agent (Self => Philosopher'Unchecked_Access);
   end Philosopher;

   protected body Philosopher is

      entry Start (Id : Phil_Id)
        when Closed
          or else (Chosen = Philosopher_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Philosopher_Start;
         Start_Id := Id;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Eaten (Count, Amount : out Natural)
        when Closed
          or else (Chosen = Philosopher_No_Entry
                   and then Eaten_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Philosopher_Eaten;
         Eaten_Count_2 := Count;
         Eaten_Amount := Amount;
         Eaten_Done := False;
         requeue Eaten_Queue;
      end Eaten;

      entry Start_Accept_Begin (Id : out Phil_Id)
        when Chosen = Philosopher_Start is
      begin
         Id := Start_Id;
         Chosen := Philosopher_No_Entry;
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

      entry Start_Queue (Id : in Phil_Id)
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

      entry Eaten_Accept_Begin (Count : out Natural; Amount : out Natural)
        when Chosen = Philosopher_Eaten is
      begin
         Count := Eaten_Count_2;
         Amount := Eaten_Amount;
         Chosen := Philosopher_No_Entry;
      end Eaten_Accept_Begin;

      procedure Eaten_Accept_End (Count : in Natural; Amount : in Natural) is
      begin
         Eaten_Count_2 := Count;
         Eaten_Amount := Amount;
         Eaten_Done := True;
      end Eaten_Accept_End;

      procedure Eaten_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Eaten_Failure, Occurrence);
         Eaten_Raised := True;
         Eaten_Done := True;
      end Eaten_Failed;

      entry Eaten_Queue (Count : out Natural; Amount : out Natural)
        when Eaten_Done or else Closed is
      begin
         if not Eaten_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Eaten_Done := False;
         if Eaten_Raised then
            Eaten_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Eaten_Failure);
         end if;
         Count := Eaten_Count_2;
         Amount := Eaten_Amount;
      end Eaten_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Philosopher;

   task body Philosopher_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Philosopher_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Philosopher_Closer);
      overriding procedure Finalize (Object : in out Philosopher_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Philosopher_Closer;
      Me     : Phil_Id;
      Count  : Natural := 0;
      Amount : Natural := 0;
      Got    : Natural;
   begin
      declare
         Id : Phil_Id;
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
      for M in 1 .. Meals loop
         Host.Sit (Me, Got);
         Count := Count + 1;
         Amount := Amount + Got;
      end loop;
      declare
         Count : Natural;
         Amount : Natural;
      begin
         Self.Eaten_Accept_Begin (Count, Amount);
         begin
            Count := Philosopher_Agent.Count;
            Amount := Philosopher_Agent.Amount;
         exception
            when Occurrence : others =>
               Self.Eaten_Failed (Occurrence);
               raise;
         end;
         Self.Eaten_Accept_End (Count, Amount);
      end;
   end Philosopher_Agent;

   task Butler;

   task body Butler is
   begin
      for K in 1 .. Philosophers * Meals loop
         Host.Serve (K mod 7 + 1);
      end loop;
   end Butler;

   Table : array (Phil_Id) of Philosopher;

   Meal_Count   : Natural := 0;
   Meal_Amount  : Natural := 0;
   Count        : Natural;
   Amount       : Natural;
   Served       : Natural;
   Total        : Natural;
   Expected     : Natural := 0;

begin
   for I in Table'Range loop
      Table (I).Start (I);
   end loop;
   for I in Table'Range loop
      Table (I).Eaten (Count, Amount);
      Put_Line ("philosopher" & Phil_Id'Image (I) & " meals" &
                Natural'Image (Count));
      Meal_Count := Meal_Count + Count;
      Meal_Amount := Meal_Amount + Amount;
   end loop;
   for K in 1 .. Philosophers * Meals loop
      Expected := Expected + (K mod 7 + 1);
   end loop;
   Host.Report (Served, Total);
   Put_Line ("meals eaten" & Natural'Image (Meal_Count));
   Put_Line ("portions eaten" & Natural'Image (Meal_Amount));
   Put_Line ("host served" & Natural'Image (Served) &
             " total" & Natural'Image (Total));
   if Meal_Count = Philosophers * Meals
     and then Served = Meal_Count
     and then Total = Expected
     and then Meal_Amount = Expected
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
