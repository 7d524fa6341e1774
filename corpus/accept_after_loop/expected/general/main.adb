--  Sync points after the server loop: Summer adds until Stop, then doubles
--  the sum, hands it out once through Result, records that it is done and
--  ends.  Calls of Add after Stop wait for Result (the task no longer
--  accepts Add) and get Tasking_Error once it has ended.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Done : Boolean := False;

   type Summer_Entry is
     (Summer_No_Entry,
      Summer_Add,
      Summer_Stop,
      Summer_Result);
   type Summer_Alternative is record
      Id : Summer_Entry := Summer_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Summer_Alternative_List is array (Positive range <>) of Summer_Alternative;
   --  rdv2po: task Summer became this protected object; its code runs in the
   --  task Summer_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Summer is
      entry Add (X : Integer);
      entry Stop;
      entry Result (Total : out Integer);
      --  rdv2po: the rendezvous protocol, for Summer_Agent
      entry Select_Arm
        (Order : Summer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Add_Take (X : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (X : in Integer);
      procedure Stop_Take;
      entry Result_Accept_Begin (Total : out Integer);
      procedure Result_Accept_End (Total : in Integer);
      procedure Result_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Result_Queue (Total : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Summer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Summer_Alternative);
      function Queued (Alternative : Summer_Alternative) return Boolean;
      function Position_Of (Alternative : Summer_Alternative) return Natural;
      Armed_List : Summer_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Summer_Entry := Summer_No_Entry;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_X : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Result_Total : Integer;
      Result_Done : Boolean := False;
      Result_Raised : Boolean := False;
      Result_Failure : Ada.Exceptions.Exception_Occurrence;
   end Summer;
   task Summer_Agent is
      --  rdv2po: general scheme agent of Summer
   end Summer_Agent;

   protected body Summer is

      entry Add (X : Integer)
        when Closed or else (Chosen = Summer_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Summer_Add, Index => 0));
         Disarm;
         Chosen := Summer_Add;
         Add_X := X;
         Add_Done := False;
         requeue Add_Queue;
      end Add;

      entry Stop
        when Closed or else (Chosen = Summer_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Summer_Stop, Index => 0));
         Disarm;
         Chosen := Summer_Stop;
      end Stop;

      entry Result (Total : out Integer)
        when Closed
          or else (Chosen = Summer_No_Entry
                   and then Result_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Summer_Result;
         Result_Total := Total;
         Result_Done := False;
         requeue Result_Queue;
      end Result;

      entry Select_Arm
        (Order : Summer_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Summer_No_Entry then
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
        (Order : Summer_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Summer_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Summer_Alternative) is
      begin
         case Alternative.Id is
            when Summer_Add =>
               Add_Armed := True;
            when Summer_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Summer_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Summer_Add =>
               return Summer.Add'Count > 0;
            when Summer_Stop =>
               return Summer.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Summer_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Add_Take (X : out Integer) is
      begin
         X := Add_X;
         Chosen := Summer_No_Entry;
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

      entry Add_Queue (X : in Integer)
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

      procedure Stop_Take is
      begin
         Chosen := Summer_No_Entry;
      end Stop_Take;

      entry Result_Accept_Begin (Total : out Integer)
        when Chosen = Summer_Result is
      begin
         Total := Result_Total;
         Chosen := Summer_No_Entry;
      end Result_Accept_Begin;

      procedure Result_Accept_End (Total : in Integer) is
      begin
         Result_Total := Total;
         Result_Done := True;
      end Result_Accept_End;

      procedure Result_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Result_Failure, Occurrence);
         Result_Raised := True;
         Result_Done := True;
      end Result_Failed;

      entry Result_Queue (Total : out Integer)
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
         Total := Result_Total;
      end Result_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Summer;

   task body Summer_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Summer_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Summer_Closer);
      overriding procedure Finalize (Object : in out Summer_Closer) is
      begin
         Summer.Close;
      end Finalize;
      Closer : Summer_Closer;
      Sum   : Integer := 0;
      Final : Integer := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Summer.Select_Arm
              (Order => (1 => (Summer_Add, 0),
                         2 => (Summer_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                  begin
                     Summer.Add_Take (X);
                     begin
                        Sum := Sum + X;
                     exception
                        when Occurrence : others =>
                           Summer.Add_Failed (Occurrence);
                           raise;
                     end;
                     Summer.Add_Accept_End;
                  end;
               when 2 =>
                  Summer.Stop_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
      Final := Sum * 2;
      declare
         Total : Integer;
      begin
         Summer.Result_Accept_Begin (Total);
         begin
            Total := Final;
         exception
            when Occurrence : others =>
               Summer.Result_Failed (Occurrence);
               raise;
         end;
         Summer.Result_Accept_End (Total);
      end;
      Done := True;
   end Summer_Agent;

   T : Integer;
begin
   for I in 1 .. 4 loop
      Summer.Add (I);
   end loop;
   Summer.Stop;
   Summer.Result (T);
   Put_Line ("result" & Integer'Image (T));
   begin
      Summer.Add (1);
      Put_Line ("add after the end accepted");
   exception
      when Tasking_Error =>
         Put_Line ("add after the end: Tasking_Error, done " & Boolean'Image (Done));
   end;
   Put_Line ("PASSED");
end Main;
