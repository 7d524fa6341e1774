--  An awaited task type (an accept Start before its loop, a loop whose
--  select has no terminate alternative) whose objects are components: of a
--  record type beside components whose default initialization cannot raise
--  (a Boolean defaulting to True, an Integer to 0, a string of fixed
--  length), of a record of such records, of a named array type and of an
--  array of records.
--  Each object is declared in a declarative part followed by nothing that
--  can raise; the callers reach the servers through the components, also as
--  in parameters.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Counter;
   type Counter_Entry is
     (Counter_No_Entry,
      Counter_Start,
      Counter_Add,
      Counter_Show,
      Counter_Stop);
   type Counter_Alternative is record
      Id : Counter_Entry := Counter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Counter_Alternative_List is array (Positive range <>) of Counter_Alternative;
   task type Counter_Agent (Self : not null access Counter) is
      --  rdv2po: general scheme agent of Counter
   end Counter_Agent;
   --  rdv2po: task type Counter became this protected type; its code runs in
   --  Counter_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Counter is
      entry Start (Tag : Character);
      entry Add (N : Integer);
      entry Show;
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Counter_Agent
      entry Select_Arm
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural);
      entry Start_Accept_Begin (Tag : out Character);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (Tag : in Character);
      procedure Add_Take (N : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (N : in Integer);
      procedure Show_Take;
      procedure Show_Accept_End;
      procedure Show_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Show_Queue;
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Counter_Alternative);
      function Queued (Alternative : Counter_Alternative) return Boolean;
      function Position_Of (Alternative : Counter_Alternative) return Natural;
      Armed_List : Counter_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Counter_Entry := Counter_No_Entry;
      Closed : Boolean := False;
      Start_Tag : Character;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Add_Armed : Boolean := False;
      Add_N : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Show_Armed : Boolean := False;
      Show_Done : Boolean := False;
      Show_Raised : Boolean := False;
      Show_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Agent : Counter_Agent (Self => Counter'Unchecked_Access);
   end Counter;

   type Slot is record
      Busy : Boolean := True;
      Worker : Counter;
      Hits : Integer := 0;
      Name : String (1 .. 3);
   end record;

   type Shelf is record
      Top : Slot;
      Bottom : Slot;
   end record;

   type Pair is array (1 .. 2) of Counter;

   type Rack is array (1 .. 2) of Slot;

   protected body Counter is

      entry Start (Tag : Character)
        when Closed
          or else (Chosen = Counter_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Counter_Start;
         Start_Tag := Tag;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Add (N : Integer)
        when Closed or else (Chosen = Counter_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Counter_Add, Index => 0));
         Disarm;
         Chosen := Counter_Add;
         Add_N := N;
         Add_Done := False;
         requeue Add_Queue;
      end Add;

      entry Show
        when Closed or else (Chosen = Counter_No_Entry and then Show_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Counter_Show, Index => 0));
         Disarm;
         Chosen := Counter_Show;
         Show_Done := False;
         requeue Show_Queue;
      end Show;

      entry Stop
        when Closed or else (Chosen = Counter_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Counter_Stop, Index => 0));
         Disarm;
         Chosen := Counter_Stop;
      end Stop;

      entry Select_Arm
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Counter_No_Entry then
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
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Counter_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Show_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Counter_Alternative) is
      begin
         case Alternative.Id is
            when Counter_Add =>
               Add_Armed := True;
            when Counter_Show =>
               Show_Armed := True;
            when Counter_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Counter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Counter_Add =>
               return Counter.Add'Count > 0;
            when Counter_Show =>
               return Counter.Show'Count > 0;
            when Counter_Stop =>
               return Counter.Stop'Count > 0;
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

      entry Start_Accept_Begin (Tag : out Character)
        when Chosen = Counter_Start is
      begin
         Tag := Start_Tag;
         Chosen := Counter_No_Entry;
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

      entry Start_Queue (Tag : in Character)
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

      procedure Add_Take (N : out Integer) is
      begin
         N := Add_N;
         Chosen := Counter_No_Entry;
      end Add_Take;

      procedure Add_Accept_End is
      begin
         Add_Done := True;
      end Add_Accept_End;

      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Add_Failure, Occurrence);
         Add_Raised := True;
         Add_Done := True;
      end Add_Failed;

      entry Add_Queue (N : in Integer)
        when Add_Done or else Closed is
      begin
         if not Add_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Add_Done := False;
         if Add_Raised then
            Add_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Add_Failure);
         end if;
      end Add_Queue;

      procedure Show_Take is
      begin
         Chosen := Counter_No_Entry;
      end Show_Take;

      procedure Show_Accept_End is
      begin
         Show_Done := True;
      end Show_Accept_End;

      procedure Show_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Show_Failure, Occurrence);
         Show_Raised := True;
         Show_Done := True;
      end Show_Failed;

      entry Show_Queue
        when Show_Done or else Closed is
      begin
         if not Show_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Show_Done := False;
         if Show_Raised then
            Show_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Show_Failure);
         end if;
      end Show_Queue;

      procedure Stop_Take is
      begin
         Chosen := Counter_No_Entry;
      end Stop_Take;

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
         Self.Close;
      end Finalize;
      Closer : Counter_Closer;
      Mine : Character := '?';
      Sum : Integer := 0;
   begin
      declare
         Tag : Character;
      begin
         Self.Start_Accept_Begin (Tag);
         begin
            Mine := Tag;
         exception
            when Occurrence : others =>
               Self.Start_Failed (Occurrence);
               raise;
         end;
         Self.Start_Accept_End;
      end;
      loop
         declare
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => (1 => (Counter_Add, 0),
                         2 => (Counter_Show, 0),
                         3 => (Counter_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     N : Integer;
                  begin
                     Self.Add_Take (N);
                     begin
                        Sum := Sum + N;
                     exception
                        when Occurrence : others =>
                           Self.Add_Failed (Occurrence);
                           raise;
                     end;
                     Self.Add_Accept_End;
                  end;
               when 2 =>
                  Self.Show_Take;
                  begin
                     Put_Line (Mine & ":" & Integer'Image (Sum));
                  exception
                     when Occurrence : others =>
                        Self.Show_Failed (Occurrence);
                        raise;
                  end;
                  Self.Show_Accept_End;
               when 3 =>
                  Self.Stop_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Counter_Agent;

   procedure Bump (S : in out Slot; By : Integer) is
   begin
      S.Worker.Add (By);
      S.Worker.Show;
   end Bump;

   procedure Finish (C : in out Counter) is
   begin
      C.Stop;
   end Finish;
begin
   declare
      S : Slot;
      H : Shelf;
      P : Pair;
      R : Rack;
      Count : Natural := 0;
   begin
      S.Worker.Start ('s');
      H.Top.Worker.Start ('t');
      H.Bottom.Worker.Start ('b');
      P (1).Start ('1');
      P (2).Start ('2');
      R (1).Worker.Start ('x');
      R (2).Worker.Start ('y');
      Put_Line ("busy " & Boolean'Image (S.Busy) & Integer'Image (S.Hits));
      Bump (S, 5);
      Bump (H.Top, 6);
      Bump (H.Bottom, 7);
      P (1).Add (8);
      P (1).Show;
      P (2).Add (9);
      P (2).Show;
      for I in R'Range loop
         Bump (R (I), 10 * I);
         Count := Count + 1;
      end loop;
      Finish (S.Worker);
      Finish (H.Top.Worker);
      Finish (H.Bottom.Worker);
      for I in P'Range loop
         Finish (P (I));
         Finish (R (I).Worker);
      end loop;
      Put_Line ("stopped after" & Natural'Image (Count) & " racks");
   end;
   Put_Line ("PASSED");
end Main;
