--  Inner loops holding accepts that the server scheme does not translate: a
--  plain loop (Counter, left by an exit when the count is reached), and a
--  while loop left by an exit of its own (Reader); each is refused with its
--  reason.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Unchecked_Deallocation;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Counter_Entry is (Counter_No_Entry, Counter_Start, Counter_Tick);
   type Counter_Alternative is record
      Id : Counter_Entry := Counter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Counter_Alternative_List is array (Positive range <>) of Counter_Alternative;
   --  rdv2po: task Counter became this protected object; its code runs in the
   --  task Counter_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Counter is
      entry Start (N : Positive);
      entry Tick;
      --  rdv2po: the rendezvous protocol, for Counter_Agent
      entry Select_Arm
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural);
      entry Start_Held (N : Positive);
      procedure Start_Woken (N : in Positive);
      procedure Start_Take (N : out Positive);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (N : in Positive);
      entry Tick_Accept_Begin;
      procedure Close;
   private
      entry Select_Wait
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Counter_Alternative);
      function Queued (Alternative : Counter_Alternative) return Boolean;
      function Position_Of (Alternative : Counter_Alternative) return Natural;
      Armed_List : Counter_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Counter_Entry := Counter_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Start_Armed : Boolean := False;
      Start_N : Positive;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
   end Counter;
   task Counter_Agent is
      --  rdv2po: general scheme agent of Counter
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Positive);
   end Counter_Agent;
   protected body Counter is

      entry Start (N : Positive)
        when Closed
          or else (Chosen = Counter_No_Entry
                   and then Start_Armed
                   and then Start_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Counter_Agent.Wake_1
              (Position_Of ((Id => Counter_Start, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Counter_Start, Index => 0));
         Start_Woken (N);
         requeue Start_Queue;
      end Start;

      entry Start_Held (N : Positive)
        when Closed or else (Chosen = Counter_No_Entry and then Start_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Counter_Start, Index => 0));
         Start_Woken (N);
         requeue Start_Queue;
      end Start_Held;

      entry Tick
        when Closed
          or else (Chosen = Counter_No_Entry
                   and then Tick_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Counter_Tick;
      end Tick;

      entry Select_Arm
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Counter_No_Entry then
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
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Counter_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Start_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Counter_Alternative) is
      begin
         case Alternative.Id is
            when Counter_Start =>
               Start_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Counter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Counter_Start =>
               return Counter.Start'Count + Start_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Counter_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Start_Take (N : out Positive) is
      begin
         N := Start_N;
         Chosen := Counter_No_Entry;
      end Start_Take;

      procedure Start_Woken (N : in Positive) is
      begin
         Disarm;
         Chosen := Counter_Start;
         Start_N := N;
         Start_Done := False;
      end Start_Woken;

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

      entry Start_Queue (N : in Positive)
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

      entry Tick_Accept_Begin
        when Chosen = Counter_Tick is
      begin
         Chosen := Counter_No_Entry;
      end Tick_Accept_Begin;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Counter;

   task body Counter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Counter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Counter_Closer);
      overriding procedure Finalize (Object : in out Counter_Closer) is
      begin
         Counter.Close;
      end Finalize;
      Closer : Counter_Closer;
      Last : Positive := 1;
   begin
      loop
         declare
            Alternatives : constant Counter_Alternative_List :=
              (1 => (Counter_Start, 0));
            Choice : Natural;
         begin
            Counter.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Positive) do
                     Counter.Start_Woken (Value_1);
                     requeue Counter.Start_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Positive) do
                        requeue Counter.Start_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     N : Positive;
                  begin
                     Counter.Start_Take (N);
                     begin
                        Last := N;
                     exception
                        when Occurrence : others =>
                           Counter.Start_Failed (Occurrence);
                           raise;
                     end;
                     Counter.Start_Accept_End;
                  end;
               when others =>
                  null;
            end case;
         end;
         loop
            Counter.Tick_Accept_Begin;
            Last := Last - 1;
            exit when Last = 0;
         end loop;
      end loop;
   end Counter_Agent;

   type Reader_Entry is (Reader_No_Entry, Reader_Put, Reader_Get);
   type Reader_Get_S_Access is access String;
   procedure Free_Get_S is new Ada.Unchecked_Deallocation
     (String,
      Reader_Get_S_Access);
   type Reader_Alternative is record
      Id : Reader_Entry := Reader_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Reader_Alternative_List is array (Positive range <>) of Reader_Alternative;
   --  rdv2po: task Reader became this protected object; its code runs in the
   --  task Reader_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Reader is
      entry Put (C : Character);
      entry Get (S : out String);
      --  rdv2po: the rendezvous protocol, for Reader_Agent
      entry Select_Arm
        (Order : Reader_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (C : Character);
      procedure Put_Woken (C : in Character);
      procedure Put_Take (C : out Character);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (C : in Character);
      entry Get_Held (S : out String);
      procedure Get_Woken (S : in String);
      procedure Get_Take;
      function Get_S_Value return String;
      procedure Get_Accept_End (S : in String);
      procedure Get_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         S : in String);
      entry Get_Queue (S : out String);
      procedure Close;
   private
      entry Select_Wait
        (Order : Reader_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Reader_Alternative);
      function Queued (Alternative : Reader_Alternative) return Boolean;
      function Position_Of (Alternative : Reader_Alternative) return Natural;
      Armed_List : Reader_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Reader_Entry := Reader_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_C : Character;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_S : Reader_Get_S_Access;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Reader;
   task Reader_Agent is
      --  rdv2po: general scheme agent of Reader
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Character);
      entry Wake_2 (Positive range 1 .. 1) (Value_1 : out String);
   end Reader_Agent;
   protected body Reader is

      entry Put (C : Character)
        when Closed
          or else (Chosen = Reader_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Reader_Agent.Wake_1
              (Position_Of ((Id => Reader_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Reader_Put, Index => 0));
         Put_Woken (C);
         requeue Put_Queue;
      end Put;

      entry Put_Held (C : Character)
        when Closed or else (Chosen = Reader_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Reader_Put, Index => 0));
         Put_Woken (C);
         requeue Put_Queue;
      end Put_Held;

      entry Get (S : out String)
        when Closed
          or else (Chosen = Reader_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Reader_Agent.Wake_2
              (Position_Of ((Id => Reader_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Reader_Get, Index => 0));
         Get_Woken (S);
         requeue Get_Queue;
      end Get;

      entry Get_Held (S : out String)
        when Closed or else (Chosen = Reader_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Reader_Get, Index => 0));
         Get_Woken (S);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Reader_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Reader_No_Entry then
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
        (Order : Reader_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Reader_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Reader_Alternative) is
      begin
         case Alternative.Id is
            when Reader_Put =>
               Put_Armed := True;
            when Reader_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Reader_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Reader_Put =>
               return Reader.Put'Count + Put_Held'Count > 0;
            when Reader_Get =>
               return Reader.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Reader_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (C : out Character) is
      begin
         C := Put_C;
         Chosen := Reader_No_Entry;
      end Put_Take;

      procedure Put_Woken (C : in Character) is
      begin
         Disarm;
         Chosen := Reader_Put;
         Put_C := C;
         Put_Done := False;
      end Put_Woken;

      procedure Put_Accept_End is
      begin
         Put_Done := True;
      end Put_Accept_End;

      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Put_Failure, Occurrence);
         Put_Raised := True;
         Put_Done := True;
      end Put_Failed;

      entry Put_Queue (C : in Character)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
      end Put_Queue;

      procedure Get_Take is
      begin
         Chosen := Reader_No_Entry;
      end Get_Take;

      procedure Get_Woken (S : in String) is
      begin
         Disarm;
         Chosen := Reader_Get;
         Get_S := new String'(S);
         Get_Done := False;
      end Get_Woken;

      function Get_S_Value return String is
      begin
         return Get_S.all;
      end Get_S_Value;

      procedure Get_Accept_End (S : in String) is
      begin
         Get_S.all := S;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         S : in String) is
      begin
         Get_S.all := S;
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (S : out String)
        when Get_Done or else Closed is
      begin
         if not Get_Done then
            Free_Get_S (Get_S);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Get_Done := False;
         if Get_Raised then
            Get_Raised := False;
            S := Get_S.all;
            Free_Get_S (Get_S);
            Ada.Exceptions.Reraise_Occurrence (Get_Failure);
         end if;
         S := Get_S.all;
         Free_Get_S (Get_S);
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Reader;

   task body Reader_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Reader_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Reader_Closer);
      overriding procedure Finalize (Object : in out Reader_Closer) is
      begin
         Reader.Close;
      end Finalize;
      Closer : Reader_Closer;
      Line : String (1 .. 8) := (others => ' ');
      Last : Natural := 0;
      Done : Boolean := False;
   begin
      loop
         declare
            Alternatives : constant Reader_Alternative_List :=
              (1 => (Reader_Get, 0));
            Choice : Natural;
         begin
            Reader.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_2 (1) (Value_1 : out String) do
                     Reader.Get_Woken (Value_1);
                     requeue Reader.Get_Queue;
                  end Wake_2;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_2 (1) (Value_1 : out String) do
                        requeue Reader.Get_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  begin
                     Reader.Get_Take;
                     declare
                        S : String := Reader.Get_S_Value;
                     begin
                        begin
                           S := Line;
                        exception
                           when Occurrence : others =>
                              Reader.Get_Failed (Occurrence, S);
                              raise;
                        end;
                        Reader.Get_Accept_End (S);
                     end;
                  end;
                  Last := 0;
                  Done := False;
               when others =>
                  null;
            end case;
         end;
         while not Done loop
            declare
               Alternatives : constant Reader_Alternative_List :=
                 (1 => (Reader_Put, 0));
               Choice : Natural;
            begin
               Reader.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in Character) do
                        Reader.Put_Woken (Value_1);
                        requeue Reader.Put_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Character) do
                           requeue Reader.Put_Held with abort;
                        end Wake_1;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     declare
                        C : Character;
                     begin
                        Reader.Put_Take (C);
                        begin
                           Last := Last + 1;
                           Line (Last) := C;
                        exception
                           when Occurrence : others =>
                              Reader.Put_Failed (Occurrence);
                              raise;
                        end;
                        Reader.Put_Accept_End;
                     end;
                  when others =>
                     null;
               end case;
            end;
            exit when Line (Last) = '.';
            Done := Last = Line'Last;
         end loop;
      end loop;
   end Reader_Agent;

   S : String (1 .. 8);
begin
   Counter.Start (2);
   Counter.Tick;
   Counter.Tick;
   Put_Line ("ticked twice");
   Reader.Get (S);
   for C of String'("ab.") loop
      Reader.Put (C);
   end loop;
   Reader.Get (S);
   Put_Line ("read """ & S & """");
   Put_Line ("PASSED");
end Main;
