--  A sequencer hands out byte-sized sequence numbers that wrap around at
--  256, a check digit that wraps at 10, and the last priority level it was
--  given.  None of its statements can raise: modular arithmetic wraps
--  around instead of overflowing, and a copy between objects of one
--  integer type's first subtype always fits.  Stop ends it.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Byte is mod 2 ** 8;
   type Digit is mod 10;
   type Level is range 1 .. 5;

   type Sequencer_Entry is
     (Sequencer_No_Entry,
      Sequencer_Next,
      Sequencer_Set_Level,
      Sequencer_Get_Level,
      Sequencer_Stop);
   type Sequencer_Alternative is record
      Id : Sequencer_Entry := Sequencer_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Sequencer_Alternative_List is array (Positive range <>) of Sequencer_Alternative;
   --  rdv2po: task Sequencer became this protected object; its code runs in
   --  the task Sequencer_Agent, declared after it (general scheme: each
   --  rendezvous goes through the object)
   protected Sequencer is
      entry Next (N : out Byte; D : out Digit);
      entry Set_Level (L : Level);
      entry Get_Level (L : out Level);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Sequencer_Agent
      entry Select_Arm
        (Order : Sequencer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Next_Take (N : out Byte; D : out Digit);
      procedure Next_Accept_End (N : in Byte; D : in Digit);
      procedure Next_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Next_Queue (N : out Byte; D : out Digit);
      procedure Set_Level_Take (L : out Level);
      procedure Set_Level_Accept_End;
      procedure Set_Level_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Set_Level_Queue (L : in Level);
      procedure Get_Level_Take (L : out Level);
      procedure Get_Level_Accept_End (L : in Level);
      procedure Get_Level_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Level_Queue (L : out Level);
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Sequencer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Sequencer_Alternative);
      function Queued (Alternative : Sequencer_Alternative) return Boolean;
      function Position_Of (Alternative : Sequencer_Alternative) return Natural;
      Armed_List : Sequencer_Alternative_List (1 .. 4);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Sequencer_Entry := Sequencer_No_Entry;
      Closed : Boolean := False;
      Next_Armed : Boolean := False;
      Next_N : Byte;
      Next_D : Digit;
      Next_Done : Boolean := False;
      Next_Raised : Boolean := False;
      Next_Failure : Ada.Exceptions.Exception_Occurrence;
      Set_Level_Armed : Boolean := False;
      Set_Level_L : Level;
      Set_Level_Done : Boolean := False;
      Set_Level_Raised : Boolean := False;
      Set_Level_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Level_Armed : Boolean := False;
      Get_Level_L : Level;
      Get_Level_Done : Boolean := False;
      Get_Level_Raised : Boolean := False;
      Get_Level_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Sequencer;
   task Sequencer_Agent is
      --  rdv2po: general scheme agent of Sequencer
   end Sequencer_Agent;

   protected body Sequencer is

      entry Next (N : out Byte; D : out Digit)
        when Closed or else (Chosen = Sequencer_No_Entry and then Next_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Sequencer_Next, Index => 0));
         Disarm;
         Chosen := Sequencer_Next;
         Next_N := N;
         Next_D := D;
         Next_Done := False;
         requeue Next_Queue;
      end Next;

      entry Set_Level (L : Level)
        when Closed
          or else (Chosen = Sequencer_No_Entry and then Set_Level_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Sequencer_Set_Level, Index => 0));
         Disarm;
         Chosen := Sequencer_Set_Level;
         Set_Level_L := L;
         Set_Level_Done := False;
         requeue Set_Level_Queue;
      end Set_Level;

      entry Get_Level (L : out Level)
        when Closed
          or else (Chosen = Sequencer_No_Entry and then Get_Level_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Sequencer_Get_Level, Index => 0));
         Disarm;
         Chosen := Sequencer_Get_Level;
         Get_Level_L := L;
         Get_Level_Done := False;
         requeue Get_Level_Queue;
      end Get_Level;

      entry Stop
        when Closed or else (Chosen = Sequencer_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Sequencer_Stop, Index => 0));
         Disarm;
         Chosen := Sequencer_Stop;
      end Stop;

      entry Select_Arm
        (Order : Sequencer_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Sequencer_No_Entry then
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
        (Order : Sequencer_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Sequencer_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Next_Armed := False;
         Set_Level_Armed := False;
         Get_Level_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Sequencer_Alternative) is
      begin
         case Alternative.Id is
            when Sequencer_Next =>
               Next_Armed := True;
            when Sequencer_Set_Level =>
               Set_Level_Armed := True;
            when Sequencer_Get_Level =>
               Get_Level_Armed := True;
            when Sequencer_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Sequencer_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Sequencer_Next =>
               return Sequencer.Next'Count > 0;
            when Sequencer_Set_Level =>
               return Sequencer.Set_Level'Count > 0;
            when Sequencer_Get_Level =>
               return Sequencer.Get_Level'Count > 0;
            when Sequencer_Stop =>
               return Sequencer.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Sequencer_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Next_Take (N : out Byte; D : out Digit) is
      begin
         N := Next_N;
         D := Next_D;
         Chosen := Sequencer_No_Entry;
      end Next_Take;

      procedure Next_Accept_End (N : in Byte; D : in Digit) is
      begin
         Next_N := N;
         Next_D := D;
         Next_Done := True;
      end Next_Accept_End;

      procedure Next_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Next_Failure, Occurrence);
         Next_Raised := True;
         Next_Done := True;
      end Next_Failed;

      entry Next_Queue (N : out Byte; D : out Digit)
        when Next_Done or else Closed is
      begin
         if not Next_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Next_Done := False;
         if Next_Raised then
            Next_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Next_Failure);
         end if;
         N := Next_N;
         D := Next_D;
      end Next_Queue;

      procedure Set_Level_Take (L : out Level) is
      begin
         L := Set_Level_L;
         Chosen := Sequencer_No_Entry;
      end Set_Level_Take;

      procedure Set_Level_Accept_End is
      begin
         Set_Level_Done := True;
      end Set_Level_Accept_End;

      procedure Set_Level_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Set_Level_Failure, Occurrence);
         Set_Level_Raised := True;
         Set_Level_Done := True;
      end Set_Level_Failed;

      entry Set_Level_Queue (L : in Level)
        when Set_Level_Done or else Closed is
      begin
         if not Set_Level_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Set_Level_Done := False;
         if Set_Level_Raised then
            Set_Level_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Set_Level_Failure);
         end if;
      end Set_Level_Queue;

      procedure Get_Level_Take (L : out Level) is
      begin
         L := Get_Level_L;
         Chosen := Sequencer_No_Entry;
      end Get_Level_Take;

      procedure Get_Level_Accept_End (L : in Level) is
      begin
         Get_Level_L := L;
         Get_Level_Done := True;
      end Get_Level_Accept_End;

      procedure Get_Level_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Level_Failure, Occurrence);
         Get_Level_Raised := True;
         Get_Level_Done := True;
      end Get_Level_Failed;

      entry Get_Level_Queue (L : out Level)
        when Get_Level_Done or else Closed is
      begin
         if not Get_Level_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Get_Level_Done := False;
         if Get_Level_Raised then
            Get_Level_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Get_Level_Failure);
         end if;
         L := Get_Level_L;
      end Get_Level_Queue;

      procedure Stop_Take is
      begin
         Chosen := Sequencer_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Sequencer;

   task body Sequencer_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Sequencer_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Sequencer_Closer);
      overriding procedure Finalize (Object : in out Sequencer_Closer) is
      begin
         Sequencer.Close;
      end Finalize;
      Closer : Sequencer_Closer;
      Seq     : Byte := 250;
      Mask    : Byte := 16#0F#;
      Check   : Digit := 7;
      Current : Level := 1;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Sequencer.Select_Arm
              (Order => (1 => (Sequencer_Next, 0),
                         2 => (Sequencer_Set_Level, 0),
                         3 => (Sequencer_Get_Level, 0),
                         4 => (Sequencer_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     N : Byte;
                     D : Digit;
                  begin
                     Sequencer.Next_Take (N, D);
                     begin
                        N := (Seq xor Mask) * 3 - not Mask;
                        D := Check;
                     exception
                        when Occurrence : others =>
                           Sequencer.Next_Failed (Occurrence);
                           raise;
                     end;
                     Sequencer.Next_Accept_End (N, D);
                  end;
                  Seq := Seq + 1;
                  Check := Check + 9;
               when 2 =>
                  declare
                     L : Level;
                  begin
                     Sequencer.Set_Level_Take (L);
                     begin
                        Current := L;
                     exception
                        when Occurrence : others =>
                           Sequencer.Set_Level_Failed (Occurrence);
                           raise;
                     end;
                     Sequencer.Set_Level_Accept_End;
                  end;
               when 3 =>
                  declare
                     L : Level;
                  begin
                     Sequencer.Get_Level_Take (L);
                     begin
                        L := Current;
                     exception
                        when Occurrence : others =>
                           Sequencer.Get_Level_Failed (Occurrence);
                           raise;
                     end;
                     Sequencer.Get_Level_Accept_End (L);
                  end;
               when 4 =>
                  Sequencer.Stop_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Sequencer_Agent;

   N     : Byte;
   C     : Digit;
   L     : Level;
   Total : Natural := 0;
begin
   for I in 1 .. 12 loop
      Sequencer.Next (N, C);
      Put_Line (Byte'Image (N) & Digit'Image (C));
      Total := Total + Natural (N) + Natural (C);
   end loop;
   Sequencer.Set_Level (4);
   Sequencer.Get_Level (L);
   Sequencer.Stop;
   begin
      Sequencer.Get_Level (L);
      Put_Line ("still callable");
   exception
      when Tasking_Error =>
         Put_Line ("stopped");
   end;
   Put_Line ("total" & Total'Image & ", level" & L'Image);
   Put_Line (if Total > 0 and then L = 4 then "PASSED" else "FAILED");
end Main;
