--  Servers whose bodies read static values: a constant with a literal value
--  giving an array's bounds, a guard comparing with a type's last value, a
--  type named like one of another main program of the folder, and a task type
--  whose objects are made by allocators beside a handle that holds no task.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Unchecked_Deallocation;
with Ada.Text_IO; use Ada.Text_IO;
with Printers; use Printers;
procedure Main is
   type Slot is mod 4;
   type Node_ID is range 1 .. 5;

   --  Ring: its bound is a typed constant, not a named number
   type Ring_Entry is (Ring_No_Entry, Ring_Push, Ring_Pop);
   type Ring_Alternative is record
      Id : Ring_Entry := Ring_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Ring_Alternative_List is array (Positive range <>) of Ring_Alternative;
   --  rdv2po: task Ring became this protected object; its code runs in the
   --  task Ring_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Ring is
      entry Push (X : Integer);
      entry Pop (X : out Integer);
      --  rdv2po: the rendezvous protocol, for Ring_Agent
      entry Select_Arm
        (Order : Ring_Alternative_List;
         Chosen_Position : out Natural);
      entry Push_Held (X : Integer);
      procedure Push_Woken (X : in Integer);
      procedure Push_Take (X : out Integer);
      procedure Push_Accept_End;
      procedure Push_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Push_Queue (X : in Integer);
      entry Pop_Held (X : out Integer);
      procedure Pop_Woken (X : in Integer);
      procedure Pop_Take (X : out Integer);
      procedure Pop_Accept_End (X : in Integer);
      procedure Pop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Pop_Queue (X : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Ring_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Ring_Alternative);
      function Queued (Alternative : Ring_Alternative) return Boolean;
      function Position_Of (Alternative : Ring_Alternative) return Natural;
      Armed_List : Ring_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Ring_Entry := Ring_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Push_Armed : Boolean := False;
      Push_X : Integer;
      Push_Done : Boolean := False;
      Push_Raised : Boolean := False;
      Push_Failure : Ada.Exceptions.Exception_Occurrence;
      Pop_Armed : Boolean := False;
      Pop_X : Integer;
      Pop_Done : Boolean := False;
      Pop_Raised : Boolean := False;
      Pop_Failure : Ada.Exceptions.Exception_Occurrence;
   end Ring;
   task Ring_Agent is
      --  rdv2po: general scheme agent of Ring
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Ring_Agent;

   protected body Ring is

      entry Push (X : Integer)
        when Closed
          or else (Chosen = Ring_No_Entry
                   and then Push_Armed
                   and then Push_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Ring_Agent.Wake_1
              (Position_Of ((Id => Ring_Push, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Ring_Push, Index => 0));
         Push_Woken (X);
         requeue Push_Queue;
      end Push;

      entry Push_Held (X : Integer)
        when Closed or else (Chosen = Ring_No_Entry and then Push_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Ring_Push, Index => 0));
         Push_Woken (X);
         requeue Push_Queue;
      end Push_Held;

      entry Pop (X : out Integer)
        when Closed
          or else (Chosen = Ring_No_Entry
                   and then Pop_Armed
                   and then Pop_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Ring_Agent.Wake_2
              (Position_Of ((Id => Ring_Pop, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Ring_Pop, Index => 0));
         Pop_Woken (X);
         requeue Pop_Queue;
      end Pop;

      entry Pop_Held (X : out Integer)
        when Closed or else (Chosen = Ring_No_Entry and then Pop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Ring_Pop, Index => 0));
         Pop_Woken (X);
         requeue Pop_Queue;
      end Pop_Held;

      entry Select_Arm
        (Order : Ring_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Ring_No_Entry then
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
        (Order : Ring_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Ring_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Push_Armed := False;
         Pop_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Ring_Alternative) is
      begin
         case Alternative.Id is
            when Ring_Push =>
               Push_Armed := True;
            when Ring_Pop =>
               Pop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Ring_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Ring_Push =>
               return Ring.Push'Count + Push_Held'Count > 0;
            when Ring_Pop =>
               return Ring.Pop'Count + Pop_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Ring_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Push_Take (X : out Integer) is
      begin
         X := Push_X;
         Chosen := Ring_No_Entry;
      end Push_Take;

      procedure Push_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Ring_Push;
         Push_X := X;
         Push_Done := False;
      end Push_Woken;

      procedure Push_Accept_End is
      begin
         Push_Done := True;
      end Push_Accept_End;

      procedure Push_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Push_Failure, Occurrence);
         Push_Raised := True;
         Push_Done := True;
      end Push_Failed;

      entry Push_Queue (X : in Integer)
        when Push_Done or else Closed is
      begin
         if not Push_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Push_Done := False;
         if Push_Raised then
            Push_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Push_Failure);
         end if;
      end Push_Queue;

      procedure Pop_Take (X : out Integer) is
      begin
         X := Pop_X;
         Chosen := Ring_No_Entry;
      end Pop_Take;

      procedure Pop_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Ring_Pop;
         Pop_X := X;
         Pop_Done := False;
      end Pop_Woken;

      procedure Pop_Accept_End (X : in Integer) is
      begin
         Pop_X := X;
         Pop_Done := True;
      end Pop_Accept_End;

      procedure Pop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Pop_Failure, Occurrence);
         Pop_Raised := True;
         Pop_Done := True;
      end Pop_Failed;

      entry Pop_Queue (X : out Integer)
        when Pop_Done or else Closed is
      begin
         if not Pop_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Pop_Done := False;
         if Pop_Raised then
            Pop_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Pop_Failure);
         end if;
         X := Pop_X;
      end Pop_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Ring;

   task body Ring_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Ring_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Ring_Closer);
      overriding procedure Finalize (Object : in out Ring_Closer) is
      begin
         Ring.Close;
      end Finalize;
      Closer : Ring_Closer;
      Capacity : constant Integer := 3;
      Items    : array (1 .. Capacity) of Integer;
      Head     : Integer := 1;
      Held     : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Ring_Alternative_List :=
              (1 => ((if Held < Capacity then Ring_Push else Ring_No_Entry), 0),
               2 => ((if Held > 0 then Ring_Pop else Ring_No_Entry), 0));
            Choice : Natural;
         begin
            Ring.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Ring.Push_Woken (Value_1);
                     requeue Ring.Push_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Ring.Pop_Woken (Value_1);
                     requeue Ring.Pop_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Ring.Push_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Ring.Pop_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                  begin
                     Ring.Push_Take (X);
                     begin
                        Items ((Head + Held - 1) mod Capacity + 1) := X;
                     exception
                        when Occurrence : others =>
                           Ring.Push_Failed (Occurrence);
                           raise;
                     end;
                     Ring.Push_Accept_End;
                  end;
                  Held := Held + 1;
               when 2 =>
                  declare
                     X : Integer;
                  begin
                     Ring.Pop_Take (X);
                     begin
                        X := Items (Head);
                     exception
                        when Occurrence : others =>
                           Ring.Pop_Failed (Occurrence);
                           raise;
                     end;
                     Ring.Pop_Accept_End (X);
                  end;
                  Head := Head mod Capacity + 1;
                  Held := Held - 1;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Ring_Agent;

   --  Counter: prints in its accept body; its guard reads Slot'Last
   type Counter_Entry is (Counter_No_Entry, Counter_Take);
   type Counter_Take_Who_Access is access String;
   procedure Free_Take_Who is new Ada.Unchecked_Deallocation
     (String,
      Counter_Take_Who_Access);
   type Counter_Alternative is record
      Id : Counter_Entry := Counter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Counter_Alternative_List is array (Positive range <>) of Counter_Alternative;
   --  rdv2po: task Counter became this protected object; its code runs in the
   --  task Counter_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Counter is
      entry Take (Who : String);
      --  rdv2po: the rendezvous protocol, for Counter_Agent
      entry Select_Arm
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural);
      entry Take_Held (Who : String);
      procedure Take_Woken (Who : in String);
      procedure Take_Take;
      function Take_Who_Value return String;
      procedure Take_Accept_End;
      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Take_Queue (Who : in String);
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
      Take_Armed : Boolean := False;
      Take_Who : Counter_Take_Who_Access;
      Take_Done : Boolean := False;
      Take_Raised : Boolean := False;
      Take_Failure : Ada.Exceptions.Exception_Occurrence;
   end Counter;
   task Counter_Agent is
      --  rdv2po: general scheme agent of Counter
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in String);
   end Counter_Agent;

   protected body Counter is

      entry Take (Who : String)
        when Closed
          or else (Chosen = Counter_No_Entry
                   and then Take_Armed
                   and then Take_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Counter_Agent.Wake_1
              (Position_Of ((Id => Counter_Take, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Counter_Take, Index => 0));
         Take_Woken (Who);
         requeue Take_Queue;
      end Take;

      entry Take_Held (Who : String)
        when Closed or else (Chosen = Counter_No_Entry and then Take_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Counter_Take, Index => 0));
         Take_Woken (Who);
         requeue Take_Queue;
      end Take_Held;

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
         Take_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Counter_Alternative) is
      begin
         case Alternative.Id is
            when Counter_Take =>
               Take_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Counter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Counter_Take =>
               return Counter.Take'Count + Take_Held'Count > 0;
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

      procedure Take_Take is
      begin
         Chosen := Counter_No_Entry;
      end Take_Take;

      procedure Take_Woken (Who : in String) is
      begin
         Disarm;
         Chosen := Counter_Take;
         Take_Who := new String'(Who);
         Take_Done := False;
      end Take_Woken;

      function Take_Who_Value return String is
      begin
         return Take_Who.all;
      end Take_Who_Value;

      procedure Take_Accept_End is
      begin
         Take_Done := True;
      end Take_Accept_End;

      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Take_Failure, Occurrence);
         Take_Raised := True;
         Take_Done := True;
      end Take_Failed;

      entry Take_Queue (Who : in String)
        when Take_Done or else Closed is
      begin
         if not Take_Done then
            Free_Take_Who (Take_Who);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Take_Done := False;
         if Take_Raised then
            Take_Raised := False;
            Free_Take_Who (Take_Who);
            Ada.Exceptions.Reraise_Occurrence (Take_Failure);
         end if;
         Free_Take_Who (Take_Who);
      end Take_Queue;

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
      Width : constant Natural := 2;
      Given : Slot := 0;
      Marks : array (1 .. Width) of Boolean := (others => False);
      Me    : Node_ID := Node_ID'Pred (Node_ID'Last);
   begin
      loop
         declare
            Alternatives : constant Counter_Alternative_List :=
              (1 => ((if Given < Slot'Last then Counter_Take else Counter_No_Entry), 0));
            Choice : Natural;
         begin
            Counter.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in String) do
                     Counter.Take_Woken (Value_1);
                     requeue Counter.Take_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in String) do
                        requeue Counter.Take_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  begin
                     Counter.Take_Take;
                     declare
                        Who : constant String := Counter.Take_Who_Value;
                     begin
                        begin
                           Put_Line (Who & " takes" & Slot'Image (Given)
                                     & " at node" & Node_ID'Image (Me));
                        exception
                           when Occurrence : others =>
                              Counter.Take_Failed (Occurrence);
                              raise;
                        end;
                        Counter.Take_Accept_End;
                     end;
                  end;
                  Given := Given + 1;
                  Marks (Integer (Given) mod Width + 1) := True;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Counter_Agent;

   P : Printer_Ref := new Printer;
   H : Handle_Ref := new Handle (P);
   V : Integer;
begin
   for K in 1 .. 5 loop
      Ring.Push (K * 10);
      Ring.Pop (V);
      Put_Line ("popped" & Integer'Image (V));
   end loop;
   Ring.Push (1);
   Ring.Push (2);
   Ring.Push (3);
   for K in 1 .. 3 loop
      Ring.Pop (V);
      Put_Line ("drained" & Integer'Image (V));
   end loop;
   Counter.Take ("ann");
   Counter.Take ("bob");
   Counter.Take ("cy");
   Show (H, "first");
   Show (H, "second");
   Put_Line ("PASSED");
end Main;
