--  Blocks with declarations the server scheme does not translate, beside
--  flow_block_declarations: a record created again at each pass (its
--  default components would have to be given again, which a component,
--  created once, does not do), and a block object with the name of a task
--  variable (one component for both).  Both are refused, each with its
--  reason.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Pair is record
      Left, Right : Integer := 0;
   end record;

   type Recorder_Entry is
     (Recorder_No_Entry,
      Recorder_Left,
      Recorder_Right,
      Recorder_Sum);
   type Recorder_Alternative is record
      Id : Recorder_Entry := Recorder_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Recorder_Alternative_List is array (Positive range <>) of Recorder_Alternative;
   --  rdv2po: task Recorder became this protected object; its code runs in the
   --  task Recorder_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Recorder is
      entry Left (V : Integer);
      entry Right (V : Integer);
      entry Sum (S : out Integer);
      --  rdv2po: the rendezvous protocol, for Recorder_Agent
      entry Select_Arm
        (Order : Recorder_Alternative_List;
         Chosen_Position : out Natural);
      entry Left_Held (V : Integer);
      procedure Left_Woken (V : in Integer);
      procedure Left_Take (V : out Integer);
      procedure Left_Accept_End;
      procedure Left_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Left_Queue (V : in Integer);
      entry Right_Held (V : Integer);
      procedure Right_Woken (V : in Integer);
      procedure Right_Take (V : out Integer);
      procedure Right_Accept_End;
      procedure Right_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Right_Queue (V : in Integer);
      entry Sum_Held (S : out Integer);
      procedure Sum_Woken (S : in Integer);
      procedure Sum_Take (S : out Integer);
      procedure Sum_Accept_End (S : in Integer);
      procedure Sum_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Sum_Queue (S : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Recorder_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Recorder_Alternative);
      function Queued (Alternative : Recorder_Alternative) return Boolean;
      function Position_Of (Alternative : Recorder_Alternative) return Natural;
      Armed_List : Recorder_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Recorder_Entry := Recorder_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Left_Armed : Boolean := False;
      Left_V : Integer;
      Left_Done : Boolean := False;
      Left_Raised : Boolean := False;
      Left_Failure : Ada.Exceptions.Exception_Occurrence;
      Right_Armed : Boolean := False;
      Right_V : Integer;
      Right_Done : Boolean := False;
      Right_Raised : Boolean := False;
      Right_Failure : Ada.Exceptions.Exception_Occurrence;
      Sum_Armed : Boolean := False;
      Sum_S : Integer;
      Sum_Done : Boolean := False;
      Sum_Raised : Boolean := False;
      Sum_Failure : Ada.Exceptions.Exception_Occurrence;
   end Recorder;
   task Recorder_Agent is
      --  rdv2po: general scheme agent of Recorder
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 3) (Value_1 : out Integer);
   end Recorder_Agent;
   protected body Recorder is

      entry Left (V : Integer)
        when Closed
          or else (Chosen = Recorder_No_Entry
                   and then Left_Armed
                   and then Left_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Recorder_Agent.Wake_1
              (Position_Of ((Id => Recorder_Left, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Recorder_Left, Index => 0));
         Left_Woken (V);
         requeue Left_Queue;
      end Left;

      entry Left_Held (V : Integer)
        when Closed or else (Chosen = Recorder_No_Entry and then Left_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Recorder_Left, Index => 0));
         Left_Woken (V);
         requeue Left_Queue;
      end Left_Held;

      entry Right (V : Integer)
        when Closed
          or else (Chosen = Recorder_No_Entry
                   and then Right_Armed
                   and then Right_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Recorder_Agent.Wake_1
              (Position_Of ((Id => Recorder_Right, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Recorder_Right, Index => 0));
         Right_Woken (V);
         requeue Right_Queue;
      end Right;

      entry Right_Held (V : Integer)
        when Closed or else (Chosen = Recorder_No_Entry and then Right_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Recorder_Right, Index => 0));
         Right_Woken (V);
         requeue Right_Queue;
      end Right_Held;

      entry Sum (S : out Integer)
        when Closed
          or else (Chosen = Recorder_No_Entry
                   and then Sum_Armed
                   and then Sum_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Recorder_Agent.Wake_2
              (Position_Of ((Id => Recorder_Sum, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Recorder_Sum, Index => 0));
         Sum_Woken (S);
         requeue Sum_Queue;
      end Sum;

      entry Sum_Held (S : out Integer)
        when Closed or else (Chosen = Recorder_No_Entry and then Sum_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Recorder_Sum, Index => 0));
         Sum_Woken (S);
         requeue Sum_Queue;
      end Sum_Held;

      entry Select_Arm
        (Order : Recorder_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Recorder_No_Entry then
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
        (Order : Recorder_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Recorder_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Left_Armed := False;
         Right_Armed := False;
         Sum_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Recorder_Alternative) is
      begin
         case Alternative.Id is
            when Recorder_Left =>
               Left_Armed := True;
            when Recorder_Right =>
               Right_Armed := True;
            when Recorder_Sum =>
               Sum_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Recorder_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Recorder_Left =>
               return Recorder.Left'Count + Left_Held'Count > 0;
            when Recorder_Right =>
               return Recorder.Right'Count + Right_Held'Count > 0;
            when Recorder_Sum =>
               return Recorder.Sum'Count + Sum_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Recorder_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Left_Take (V : out Integer) is
      begin
         V := Left_V;
         Chosen := Recorder_No_Entry;
      end Left_Take;

      procedure Left_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Recorder_Left;
         Left_V := V;
         Left_Done := False;
      end Left_Woken;

      procedure Left_Accept_End is
      begin
         Left_Done := True;
      end Left_Accept_End;

      procedure Left_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Left_Failure, Occurrence);
         Left_Raised := True;
         Left_Done := True;
      end Left_Failed;

      entry Left_Queue (V : in Integer)
        when Left_Done or else Closed is
      begin
         if not Left_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Left_Done := False;
         if Left_Raised then
            Left_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Left_Failure);
         end if;
      end Left_Queue;

      procedure Right_Take (V : out Integer) is
      begin
         V := Right_V;
         Chosen := Recorder_No_Entry;
      end Right_Take;

      procedure Right_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Recorder_Right;
         Right_V := V;
         Right_Done := False;
      end Right_Woken;

      procedure Right_Accept_End is
      begin
         Right_Done := True;
      end Right_Accept_End;

      procedure Right_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Right_Failure, Occurrence);
         Right_Raised := True;
         Right_Done := True;
      end Right_Failed;

      entry Right_Queue (V : in Integer)
        when Right_Done or else Closed is
      begin
         if not Right_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Right_Done := False;
         if Right_Raised then
            Right_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Right_Failure);
         end if;
      end Right_Queue;

      procedure Sum_Take (S : out Integer) is
      begin
         S := Sum_S;
         Chosen := Recorder_No_Entry;
      end Sum_Take;

      procedure Sum_Woken (S : in Integer) is
      begin
         Disarm;
         Chosen := Recorder_Sum;
         Sum_S := S;
         Sum_Done := False;
      end Sum_Woken;

      procedure Sum_Accept_End (S : in Integer) is
      begin
         Sum_S := S;
         Sum_Done := True;
      end Sum_Accept_End;

      procedure Sum_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Sum_Failure, Occurrence);
         Sum_Raised := True;
         Sum_Done := True;
      end Sum_Failed;

      entry Sum_Queue (S : out Integer)
        when Sum_Done or else Closed is
      begin
         if not Sum_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Sum_Done := False;
         if Sum_Raised then
            Sum_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Sum_Failure);
         end if;
         S := Sum_S;
      end Sum_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Recorder;

   task body Recorder_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Recorder_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Recorder_Closer);
      overriding procedure Finalize (Object : in out Recorder_Closer) is
      begin
         Recorder.Close;
      end Finalize;
      Closer : Recorder_Closer;
      Total : Integer := 0;
   begin
      loop
         declare
            P : Pair;
         begin
            declare
               Alternatives : constant Recorder_Alternative_List :=
                 (1 => (Recorder_Left, 0),
                  2 => (Recorder_Right, 0),
                  3 => (Recorder_Sum, 0));
               Choice : Natural;
            begin
               Recorder.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        Recorder.Left_Woken (Value_1);
                        requeue Recorder.Left_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     accept Wake_1 (2) (Value_1 : in Integer) do
                        Recorder.Right_Woken (Value_1);
                        requeue Recorder.Right_Queue;
                     end Wake_1;
                     Choice := 2;
                  or
                     accept Wake_2 (3) (Value_1 : out Integer) do
                        Recorder.Sum_Woken (Value_1);
                        requeue Recorder.Sum_Queue;
                     end Wake_2;
                     Choice := 3;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Integer) do
                           requeue Recorder.Left_Held with abort;
                        end Wake_1;
                     or
                        accept Wake_1 (2) (Value_1 : in Integer) do
                           requeue Recorder.Right_Held with abort;
                        end Wake_1;
                     or
                        accept Wake_2 (3) (Value_1 : out Integer) do
                           requeue Recorder.Sum_Held with abort;
                        end Wake_2;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     declare
                        V : Integer;
                     begin
                        Recorder.Left_Take (V);
                        begin
                           P.Left := V;
                        exception
                           when Occurrence : others =>
                              Recorder.Left_Failed (Occurrence);
                              raise;
                        end;
                        Recorder.Left_Accept_End;
                     end;
                  when 2 =>
                     declare
                        V : Integer;
                     begin
                        Recorder.Right_Take (V);
                        begin
                           P.Right := V;
                        exception
                           when Occurrence : others =>
                              Recorder.Right_Failed (Occurrence);
                              raise;
                        end;
                        Recorder.Right_Accept_End;
                     end;
                  when 3 =>
                     declare
                        S : Integer;
                     begin
                        Recorder.Sum_Take (S);
                        begin
                           S := Total;
                        exception
                           when Occurrence : others =>
                              Recorder.Sum_Failed (Occurrence);
                              raise;
                        end;
                        Recorder.Sum_Accept_End (S);
                     end;
                  when others =>
                     null;
               end case;
            end;
            Total := Total + P.Left + P.Right;
         end;
      end loop;
   end Recorder_Agent;

   type Shadow_Entry is (Shadow_No_Entry, Shadow_Put, Shadow_Get);
   type Shadow_Alternative is record
      Id : Shadow_Entry := Shadow_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Shadow_Alternative_List is array (Positive range <>) of Shadow_Alternative;
   --  rdv2po: task Shadow became this protected object; its code runs in the
   --  task Shadow_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Shadow is
      entry Put (V : Integer);
      entry Get (V : out Integer);
      --  rdv2po: the rendezvous protocol, for Shadow_Agent
      entry Select_Arm
        (Order : Shadow_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (V : Integer);
      procedure Put_Woken (V : in Integer);
      procedure Put_Take (V : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (V : in Integer);
      entry Get_Held (V : out Integer);
      procedure Get_Woken (V : in Integer);
      procedure Get_Take (V : out Integer);
      procedure Get_Accept_End (V : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (V : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Shadow_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Shadow_Alternative);
      function Queued (Alternative : Shadow_Alternative) return Boolean;
      function Position_Of (Alternative : Shadow_Alternative) return Natural;
      Armed_List : Shadow_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Shadow_Entry := Shadow_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_V : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_V : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Shadow;
   task Shadow_Agent is
      --  rdv2po: general scheme agent of Shadow
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Shadow_Agent;
   protected body Shadow is

      entry Put (V : Integer)
        when Closed
          or else (Chosen = Shadow_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Shadow_Agent.Wake_1
              (Position_Of ((Id => Shadow_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Shadow_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put;

      entry Put_Held (V : Integer)
        when Closed or else (Chosen = Shadow_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Shadow_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put_Held;

      entry Get (V : out Integer)
        when Closed
          or else (Chosen = Shadow_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Shadow_Agent.Wake_2
              (Position_Of ((Id => Shadow_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Shadow_Get, Index => 0));
         Get_Woken (V);
         requeue Get_Queue;
      end Get;

      entry Get_Held (V : out Integer)
        when Closed or else (Chosen = Shadow_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Shadow_Get, Index => 0));
         Get_Woken (V);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Shadow_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Shadow_No_Entry then
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
        (Order : Shadow_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Shadow_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Shadow_Alternative) is
      begin
         case Alternative.Id is
            when Shadow_Put =>
               Put_Armed := True;
            when Shadow_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Shadow_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Shadow_Put =>
               return Shadow.Put'Count + Put_Held'Count > 0;
            when Shadow_Get =>
               return Shadow.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Shadow_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (V : out Integer) is
      begin
         V := Put_V;
         Chosen := Shadow_No_Entry;
      end Put_Take;

      procedure Put_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Shadow_Put;
         Put_V := V;
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

      entry Put_Queue (V : in Integer)
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

      procedure Get_Take (V : out Integer) is
      begin
         V := Get_V;
         Chosen := Shadow_No_Entry;
      end Get_Take;

      procedure Get_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Shadow_Get;
         Get_V := V;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (V : in Integer) is
      begin
         Get_V := V;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (V : out Integer)
        when Get_Done or else Closed is
      begin
         if not Get_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Get_Done := False;
         if Get_Raised then
            Get_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Get_Failure);
         end if;
         V := Get_V;
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Shadow;

   task body Shadow_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Shadow_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Shadow_Closer);
      overriding procedure Finalize (Object : in out Shadow_Closer) is
      begin
         Shadow.Close;
      end Finalize;
      Closer : Shadow_Closer;
      Count : Integer := 0;
   begin
      loop
         declare
            Count : Integer := 1;
         begin
            declare
               Alternatives : constant Shadow_Alternative_List :=
                 (1 => (Shadow_Put, 0),
                  2 => (Shadow_Get, 0));
               Choice : Natural;
            begin
               Shadow.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        Shadow.Put_Woken (Value_1);
                        requeue Shadow.Put_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        Shadow.Get_Woken (Value_1);
                        requeue Shadow.Get_Queue;
                     end Wake_2;
                     Choice := 2;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Integer) do
                           requeue Shadow.Put_Held with abort;
                        end Wake_1;
                     or
                        accept Wake_2 (2) (Value_1 : out Integer) do
                           requeue Shadow.Get_Held with abort;
                        end Wake_2;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     declare
                        V : Integer;
                     begin
                        Shadow.Put_Take (V);
                        begin
                           Count := V;
                        exception
                           when Occurrence : others =>
                              Shadow.Put_Failed (Occurrence);
                              raise;
                        end;
                        Shadow.Put_Accept_End;
                     end;
                     Shadow_Agent.Count := Shadow_Agent.Count + Count;
                  when 2 =>
                     declare
                        V : Integer;
                     begin
                        Shadow.Get_Take (V);
                        begin
                           V := Shadow_Agent.Count;
                        exception
                           when Occurrence : others =>
                              Shadow.Get_Failed (Occurrence);
                              raise;
                        end;
                        Shadow.Get_Accept_End (V);
                     end;
                  when others =>
                     null;
               end case;
            end;
         end;
      end loop;
   end Shadow_Agent;

   S : Integer;
begin
   Recorder.Left (3);
   Recorder.Right (4);
   Recorder.Sum (S);
   Put_Line ("sum" & Integer'Image (S));
   Shadow.Put (5);
   Shadow.Put (6);
   Shadow.Get (S);
   Put_Line ("count" & Integer'Image (S));
   Put_Line ("PASSED");
end Main;
