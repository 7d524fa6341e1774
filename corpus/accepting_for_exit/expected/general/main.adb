--  Bounded for loops with an exit, run by servers after an accept.  Finder's
--  exit tests its own variables: the loop ends alike in the task and in the
--  protected object.  Scanner's exit polls a flag its caller sets once the
--  call returns: in the object the loop would run inside that very call, and
--  wait in vain for the flag up to its bound.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Stop : Boolean := False with Atomic;

   type Table is array (1 .. 50) of Integer;

   type Finder_Entry is (Finder_No_Entry, Finder_Look, Finder_Result);
   type Finder_Alternative is record
      Id : Finder_Entry := Finder_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Finder_Alternative_List is array (Positive range <>) of Finder_Alternative;
   --  rdv2po: task Finder became this protected object; its code runs in the
   --  task Finder_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Finder is
      entry Look (Data : Table; Key : Integer);
      entry Result (Index : out Natural);
      --  rdv2po: the rendezvous protocol, for Finder_Agent
      entry Select_Arm
        (Order : Finder_Alternative_List;
         Chosen_Position : out Natural);
      entry Look_Held (Data : Table; Key : Integer);
      procedure Look_Woken (Data : in Table; Key : in Integer);
      procedure Look_Take (Data : out Table; Key : out Integer);
      procedure Look_Accept_End;
      procedure Look_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Look_Queue (Data : in Table; Key : in Integer);
      entry Result_Held (Index : out Natural);
      procedure Result_Woken (Index : in Natural);
      procedure Result_Take (Index : out Natural);
      procedure Result_Accept_End (Index : in Natural);
      procedure Result_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Result_Queue (Index : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Finder_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Finder_Alternative);
      function Queued (Alternative : Finder_Alternative) return Boolean;
      function Position_Of (Alternative : Finder_Alternative) return Natural;
      Armed_List : Finder_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Finder_Entry := Finder_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Look_Armed : Boolean := False;
      Look_Data : Table;
      Look_Key : Integer;
      Look_Done : Boolean := False;
      Look_Raised : Boolean := False;
      Look_Failure : Ada.Exceptions.Exception_Occurrence;
      Result_Armed : Boolean := False;
      Result_Index : Natural;
      Result_Done : Boolean := False;
      Result_Raised : Boolean := False;
      Result_Failure : Ada.Exceptions.Exception_Occurrence;
   end Finder;
   task Finder_Agent is
      --  rdv2po: general scheme agent of Finder
      entry Wake_1 (Positive range 1 .. 2)
        (Value_1 : in Table; Value_2 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Natural);
   end Finder_Agent;

   protected body Finder is

      entry Look (Data : Table; Key : Integer)
        when Closed
          or else (Chosen = Finder_No_Entry
                   and then Look_Armed
                   and then Look_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Finder_Agent.Wake_1
              (Position_Of ((Id => Finder_Look, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Finder_Look, Index => 0));
         Look_Woken (Data, Key);
         requeue Look_Queue;
      end Look;

      entry Look_Held (Data : Table; Key : Integer)
        when Closed or else (Chosen = Finder_No_Entry and then Look_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Finder_Look, Index => 0));
         Look_Woken (Data, Key);
         requeue Look_Queue;
      end Look_Held;

      entry Result (Index : out Natural)
        when Closed
          or else (Chosen = Finder_No_Entry
                   and then Result_Armed
                   and then Result_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Finder_Agent.Wake_2
              (Position_Of ((Id => Finder_Result, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Finder_Result, Index => 0));
         Result_Woken (Index);
         requeue Result_Queue;
      end Result;

      entry Result_Held (Index : out Natural)
        when Closed or else (Chosen = Finder_No_Entry and then Result_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Finder_Result, Index => 0));
         Result_Woken (Index);
         requeue Result_Queue;
      end Result_Held;

      entry Select_Arm
        (Order : Finder_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found_2 : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Finder_No_Entry then
               if Found_2 = 0 and then Queued (Order (K)) then
                  Found_2 := K;
               end if;
            end if;
         end loop;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found_2 /= 0 then
            Armed_List (1 .. Found_2) := Order (Order'First .. Order'First + Found_2 - 1);
            Armed_Last := Found_2;
            Arm (Order (Found_2));
         else
            Armed_List (1 .. Order'Length) := Order;
            Armed_Last := Order'Length;
            for K in Order'Range loop
               Arm (Order (K));
            end loop;
         end if;
         Via_Wake := Found_2 = 0;
         if Via_Wake then
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Finder_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Finder_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Look_Armed := False;
         Result_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Finder_Alternative) is
      begin
         case Alternative.Id is
            when Finder_Look =>
               Look_Armed := True;
            when Finder_Result =>
               Result_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Finder_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Finder_Look =>
               return Finder.Look'Count + Look_Held'Count > 0;
            when Finder_Result =>
               return Finder.Result'Count + Result_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Finder_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Look_Take (Data : out Table; Key : out Integer) is
      begin
         Data := Look_Data;
         Key := Look_Key;
         Chosen := Finder_No_Entry;
      end Look_Take;

      procedure Look_Woken (Data : in Table; Key : in Integer) is
      begin
         Disarm;
         Chosen := Finder_Look;
         Look_Data := Data;
         Look_Key := Key;
         Look_Done := False;
      end Look_Woken;

      procedure Look_Accept_End is
      begin
         Look_Done := True;
      end Look_Accept_End;

      procedure Look_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Look_Failure, Occurrence);
         Look_Raised := True;
         Look_Done := True;
      end Look_Failed;

      entry Look_Queue (Data : in Table; Key : in Integer)
        when Look_Done or else Closed is
      begin
         if not Look_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Look_Done := False;
         if Look_Raised then
            Look_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Look_Failure);
         end if;
      end Look_Queue;

      procedure Result_Take (Index : out Natural) is
      begin
         Index := Result_Index;
         Chosen := Finder_No_Entry;
      end Result_Take;

      procedure Result_Woken (Index : in Natural) is
      begin
         Disarm;
         Chosen := Finder_Result;
         Result_Index := Index;
         Result_Done := False;
      end Result_Woken;

      procedure Result_Accept_End (Index : in Natural) is
      begin
         Result_Index := Index;
         Result_Done := True;
      end Result_Accept_End;

      procedure Result_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Result_Failure, Occurrence);
         Result_Raised := True;
         Result_Done := True;
      end Result_Failed;

      entry Result_Queue (Index : out Natural)
        when Result_Done or else Closed is
      begin
         if not Result_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Result_Done := False;
         if Result_Raised then
            Result_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Result_Failure);
         end if;
         Index := Result_Index;
      end Result_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Finder;

   task body Finder_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Finder_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Finder_Closer);
      overriding procedure Finalize (Object : in out Finder_Closer) is
      begin
         Finder.Close;
      end Finalize;
      Closer : Finder_Closer;
      Where : Natural := 0;
      Cells : Table := (others => 0);
      Wanted : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Finder_Alternative_List :=
              (1 => (Finder_Look, 0),
               2 => (Finder_Result, 0));
            Choice : Natural;
         begin
            Finder.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Table; Value_2 : in Integer) do
                     Finder.Look_Woken (Value_1, Value_2);
                     requeue Finder.Look_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Natural) do
                     Finder.Result_Woken (Value_1);
                     requeue Finder.Result_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Table; Value_2 : in Integer) do
                        requeue Finder.Look_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Natural) do
                        requeue Finder.Result_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Data : Table;
                     Key : Integer;
                  begin
                     Finder.Look_Take (Data, Key);
                     begin
                        Cells := Data;
                        Wanted := Key;
                     exception
                        when Occurrence : others =>
                           Finder.Look_Failed (Occurrence);
                           raise;
                     end;
                     Finder.Look_Accept_End;
                  end;
                  Where := 0;
                  for I in Cells'Range loop
                     if Cells (I) = Wanted then
                        Where := I;
                     end if;
                     exit when Where /= 0;
                  end loop;
               when 2 =>
                  declare
                     Index : Natural;
                  begin
                     Finder.Result_Take (Index);
                     begin
                        Index := Where;
                     exception
                        when Occurrence : others =>
                           Finder.Result_Failed (Occurrence);
                           raise;
                     end;
                     Finder.Result_Accept_End (Index);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Finder_Agent;

   type Scanner_Entry is (Scanner_No_Entry, Scanner_Start, Scanner_Steps);
   type Scanner_Alternative is record
      Id : Scanner_Entry := Scanner_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Scanner_Alternative_List is array (Positive range <>) of Scanner_Alternative;
   --  rdv2po: task Scanner became this protected object; its code runs in the
   --  task Scanner_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Scanner is
      entry Start;
      entry Steps (Count : out Natural);
      --  rdv2po: the rendezvous protocol, for Scanner_Agent
      entry Select_Arm
        (Order : Scanner_Alternative_List;
         Chosen_Position : out Natural);
      entry Start_Held;
      procedure Start_Woken;
      procedure Start_Take;
      entry Steps_Held (Count : out Natural);
      procedure Steps_Woken (Count : in Natural);
      procedure Steps_Take (Count : out Natural);
      procedure Steps_Accept_End (Count : in Natural);
      procedure Steps_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Steps_Queue (Count : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Scanner_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Scanner_Alternative);
      function Queued (Alternative : Scanner_Alternative) return Boolean;
      function Position_Of (Alternative : Scanner_Alternative) return Natural;
      Armed_List : Scanner_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Scanner_Entry := Scanner_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Start_Armed : Boolean := False;
      Steps_Armed : Boolean := False;
      Steps_Count_2 : Natural;
      Steps_Done : Boolean := False;
      Steps_Raised : Boolean := False;
      Steps_Failure : Ada.Exceptions.Exception_Occurrence;
   end Scanner;
   task Scanner_Agent is
      --  rdv2po: general scheme agent of Scanner
      entry Wake_1 (Positive range 1 .. 2);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Natural);
   end Scanner_Agent;

   protected body Scanner is

      entry Start
        when Closed
          or else (Chosen = Scanner_No_Entry
                   and then Start_Armed
                   and then Start_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Scanner_Agent.Wake_1
              (Position_Of ((Id => Scanner_Start, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Scanner_Start, Index => 0));
         Start_Woken;
      end Start;

      entry Start_Held
        when Closed or else (Chosen = Scanner_No_Entry and then Start_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Scanner_Start, Index => 0));
         Start_Woken;
      end Start_Held;

      entry Steps (Count : out Natural)
        when Closed
          or else (Chosen = Scanner_No_Entry
                   and then Steps_Armed
                   and then Steps_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Scanner_Agent.Wake_2
              (Position_Of ((Id => Scanner_Steps, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Scanner_Steps, Index => 0));
         Steps_Woken (Count);
         requeue Steps_Queue;
      end Steps;

      entry Steps_Held (Count : out Natural)
        when Closed or else (Chosen = Scanner_No_Entry and then Steps_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Scanner_Steps, Index => 0));
         Steps_Woken (Count);
         requeue Steps_Queue;
      end Steps_Held;

      entry Select_Arm
        (Order : Scanner_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found_2 : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Scanner_No_Entry then
               if Found_2 = 0 and then Queued (Order (K)) then
                  Found_2 := K;
               end if;
            end if;
         end loop;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found_2 /= 0 then
            Armed_List (1 .. Found_2) := Order (Order'First .. Order'First + Found_2 - 1);
            Armed_Last := Found_2;
            Arm (Order (Found_2));
         else
            Armed_List (1 .. Order'Length) := Order;
            Armed_Last := Order'Length;
            for K in Order'Range loop
               Arm (Order (K));
            end loop;
         end if;
         Via_Wake := Found_2 = 0;
         if Via_Wake then
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Scanner_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Scanner_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Start_Armed := False;
         Steps_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Scanner_Alternative) is
      begin
         case Alternative.Id is
            when Scanner_Start =>
               Start_Armed := True;
            when Scanner_Steps =>
               Steps_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Scanner_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Scanner_Start =>
               return Scanner.Start'Count + Start_Held'Count > 0;
            when Scanner_Steps =>
               return Scanner.Steps'Count + Steps_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Scanner_Alternative) return Natural is
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
         Chosen := Scanner_No_Entry;
      end Start_Take;

      procedure Start_Woken is
      begin
         Disarm;
         Chosen := Scanner_Start;
      end Start_Woken;

      procedure Steps_Take (Count : out Natural) is
      begin
         Count := Steps_Count_2;
         Chosen := Scanner_No_Entry;
      end Steps_Take;

      procedure Steps_Woken (Count : in Natural) is
      begin
         Disarm;
         Chosen := Scanner_Steps;
         Steps_Count_2 := Count;
         Steps_Done := False;
      end Steps_Woken;

      procedure Steps_Accept_End (Count : in Natural) is
      begin
         Steps_Count_2 := Count;
         Steps_Done := True;
      end Steps_Accept_End;

      procedure Steps_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Steps_Failure, Occurrence);
         Steps_Raised := True;
         Steps_Done := True;
      end Steps_Failed;

      entry Steps_Queue (Count : out Natural)
        when Steps_Done or else Closed is
      begin
         if not Steps_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Steps_Done := False;
         if Steps_Raised then
            Steps_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Steps_Failure);
         end if;
         Count := Steps_Count_2;
      end Steps_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Scanner;

   task body Scanner_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Scanner_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Scanner_Closer);
      overriding procedure Finalize (Object : in out Scanner_Closer) is
      begin
         Scanner.Close;
      end Finalize;
      Closer : Scanner_Closer;
      Done : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Scanner_Alternative_List :=
              (1 => (Scanner_Start, 0),
               2 => (Scanner_Steps, 0));
            Choice : Natural;
         begin
            Scanner.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Scanner.Start_Woken;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Natural) do
                     Scanner.Steps_Woken (Value_1);
                     requeue Scanner.Steps_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Scanner.Start_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Natural) do
                        requeue Scanner.Steps_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Scanner.Start_Take;
                  Done := 0;
                  for I in 1 .. 500_000_000 loop
                     exit when Stop;
                     Done := Done + 1;
                  end loop;
               when 2 =>
                  declare
                     Count : Natural;
                  begin
                     Scanner.Steps_Take (Count);
                     begin
                        Count := Done;
                     exception
                        when Occurrence : others =>
                           Scanner.Steps_Failed (Occurrence);
                           raise;
                     end;
                     Scanner.Steps_Accept_End (Count);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Scanner_Agent;

   Data : Table;
   Found : Natural;
   Taken : Natural;
begin
   for I in Data'Range loop
      Data (I) := I * I;
   end loop;
   Finder.Look (Data, 49);
   Finder.Result (Found);
   Put_Line ("found at" & Natural'Image (Found));
   Scanner.Start;
   Stop := True;
   Scanner.Steps (Taken);
   Put_Line ("stopped early: " & Boolean'Image (Taken < 500_000_000));
   Put_Line ("PASSED");
end Main;
