--  Calling server whose callees accept inside a select: each worker waits
--  once, outside any loop, for either Start (with a value) or Skip.  Picker
--  hands out Start to the slots whose index is not a multiple of three and
--  Skip to the others, in a for loop.  Every worker reports to Sheet; main
--  waits for all of them and prints the sheet.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Size : constant := 6;
   type Value_Array is array (1 .. Size) of Integer;

   protected Sheet is
      procedure Put (Id : Integer; Value : Integer);
      entry Wait_All (Values : out Value_Array);
   private
      Store : Value_Array := (others => 0);
      Count : Natural := 0;
   end Sheet;

   protected body Sheet is
      procedure Put (Id : Integer; Value : Integer) is
      begin
         Store (Id) := Value;
         Count := Count + 1;
      end Put;
      entry Wait_All (Values : out Value_Array) when Count = Size is
      begin
         Values := Store;
      end Wait_All;
   end Sheet;

   type Worker;
   type Worker_Entry is (Worker_No_Entry, Worker_Start, Worker_Skip);
   type Worker_Alternative is record
      Id : Worker_Entry := Worker_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Worker_Alternative_List is array (Positive range <>) of Worker_Alternative;
   task type Worker_Agent (Self : not null access Worker) is
      --  rdv2po: general scheme agent of Worker
   end Worker_Agent;
   --  rdv2po: task type Worker became this protected type; its code runs in
   --  Worker_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Worker is
      entry Start (Id : Integer; Value : Integer);
      entry Skip (Id : Integer);
      --  rdv2po: the rendezvous protocol, for Worker_Agent
      entry Select_Arm
        (Order : Worker_Alternative_List;
         Chosen_Position : out Natural);
      procedure Start_Take (Id : out Integer; Value : out Integer);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (Id : in Integer; Value : in Integer);
      procedure Skip_Take (Id : out Integer);
      procedure Skip_Accept_End;
      procedure Skip_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Skip_Queue (Id : in Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Worker_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Worker_Alternative);
      function Queued (Alternative : Worker_Alternative) return Boolean;
      function Position_Of (Alternative : Worker_Alternative) return Natural;
      Armed_List : Worker_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Worker_Entry := Worker_No_Entry;
      Closed : Boolean := False;
      Start_Armed : Boolean := False;
      Start_Id : Integer;
      Start_Value : Integer;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Skip_Armed : Boolean := False;
      Skip_Id : Integer;
      Skip_Done : Boolean := False;
      Skip_Raised : Boolean := False;
      Skip_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Worker_Agent (Self => Worker'Unchecked_Access);
   end Worker;

   protected body Worker is

      entry Start (Id : Integer; Value : Integer)
        when Closed or else (Chosen = Worker_No_Entry and then Start_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Worker_Start, Index => 0));
         Disarm;
         Chosen := Worker_Start;
         Start_Id := Id;
         Start_Value := Value;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Skip (Id : Integer)
        when Closed or else (Chosen = Worker_No_Entry and then Skip_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Worker_Skip, Index => 0));
         Disarm;
         Chosen := Worker_Skip;
         Skip_Id := Id;
         Skip_Done := False;
         requeue Skip_Queue;
      end Skip;

      entry Select_Arm
        (Order : Worker_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Worker_No_Entry then
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
        (Order : Worker_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Worker_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Start_Armed := False;
         Skip_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Worker_Alternative) is
      begin
         case Alternative.Id is
            when Worker_Start =>
               Start_Armed := True;
            when Worker_Skip =>
               Skip_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Worker_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Worker_Start =>
               return Worker.Start'Count > 0;
            when Worker_Skip =>
               return Worker.Skip'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Worker_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Start_Take (Id : out Integer; Value : out Integer) is
      begin
         Id := Start_Id;
         Value := Start_Value;
         Chosen := Worker_No_Entry;
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

      entry Start_Queue (Id : in Integer; Value : in Integer)
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

      procedure Skip_Take (Id : out Integer) is
      begin
         Id := Skip_Id;
         Chosen := Worker_No_Entry;
      end Skip_Take;

      procedure Skip_Accept_End is
      begin
         Skip_Done := True;
      end Skip_Accept_End;

      procedure Skip_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Skip_Failure, Occurrence);
         Skip_Raised := True;
         Skip_Done := True;
      end Skip_Failed;

      entry Skip_Queue (Id : in Integer)
        when Skip_Done or else Closed is
      begin
         if not Skip_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Skip_Done := False;
         if Skip_Raised then
            Skip_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Skip_Failure);
         end if;
      end Skip_Queue;

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
      My_Id  : Integer;
      Result : Integer := -1;
   begin
      declare
         Choice : Natural;
      begin
         Self.Select_Arm
           (Order => (1 => (Worker_Start, 0),
                      2 => (Worker_Skip, 0)),
            Chosen_Position => Choice);
         case Choice is
            when 1 =>
               declare
                  Id : Integer;
                  Value : Integer;
               begin
                  Self.Start_Take (Id, Value);
                  begin
                     My_Id := Id;
                     Result := Value * 2 + Id;
                  exception
                     when Occurrence : others =>
                        Self.Start_Failed (Occurrence);
                        raise;
                  end;
                  Self.Start_Accept_End;
               end;
            when 2 =>
               declare
                  Id : Integer;
               begin
                  Self.Skip_Take (Id);
                  begin
                     My_Id := Id;
                  exception
                     when Occurrence : others =>
                        Self.Skip_Failed (Occurrence);
                        raise;
                  end;
                  Self.Skip_Accept_End;
               end;
            when others =>
               null;
         end case;
      end;
      Sheet.Put (My_Id, Result);
   end Worker_Agent;

   Slots : array (1 .. Size) of Worker;

   task Picker;

   task body Picker is
   begin
      for I in Slots'Range loop
         if I mod 3 = 0 then
            Slots (I).Skip (I);
         else
            Slots (I).Start (I, I * I + 4);
         end if;
      end loop;
   end Picker;

   Values : Value_Array;
   Total  : Integer := 0;

begin
   Sheet.Wait_All (Values);
   for I in Values'Range loop
      Put_Line ("slot" & Integer'Image (I) & " value" & Integer'Image (Values (I)));
      Total := Total + Values (I);
   end loop;
   Put_Line ("total" & Integer'Image (Total));
   if Values = (11, 18, -1, 44, 63, -1) and Total = 134 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
