--  An awaited task type (an accept Start before its loop) reached through a
--  subtype: Near is declared with the subtype, a membership test names both,
--  and the declarations after the objects name a package's types (Shapes.Box:
--  naming a package evaluates nothing) and a record without defaults.
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Echo;
   type Echo_Entry is (Echo_No_Entry, Echo_Start, Echo_Put);
   type Echo_Put_S_Access is access String;
   procedure Free_Put_S is new Ada.Unchecked_Deallocation
     (String,
      Echo_Put_S_Access);
   type Echo_Alternative is record
      Id : Echo_Entry := Echo_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Echo_Alternative_List is array (Positive range <>) of Echo_Alternative;
   task type Echo_Agent (Self : not null access Echo) is
      --  rdv2po: general scheme agent of Echo
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in String);
   end Echo_Agent;
   --  rdv2po: task type Echo became this protected type; its code runs in
   --  Echo_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Echo is
      entry Start (Tag : Character);
      entry Put (S : String);
      --  rdv2po: the rendezvous protocol, for Echo_Agent
      entry Select_Arm
        (Order : Echo_Alternative_List;
         Chosen_Position : out Natural);
      entry Start_Accept_Begin (Tag : out Character);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (Tag : in Character);
      entry Put_Held (S : String);
      procedure Put_Woken (S : in String);
      procedure Put_Take;
      function Put_S_Value return String;
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (S : in String);
      procedure Close;
   private
      entry Select_Wait
        (Order : Echo_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Echo_Alternative);
      function Queued (Alternative : Echo_Alternative) return Boolean;
      function Position_Of (Alternative : Echo_Alternative) return Natural;
      Armed_List : Echo_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Echo_Entry := Echo_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Start_Tag : Character;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Put_Armed : Boolean := False;
      Put_S : Echo_Put_S_Access;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Echo_Agent (Self => Echo'Unchecked_Access);
   end Echo;
   subtype Same_Echo is Echo;

   package Shapes is
      type Box is limited private;
      type Row is array (1 .. 3) of Box;
   private
      type Box is range 0 .. 9;
   end Shapes;

   type Pair is record
      Left, Right : Integer;
   end record;

   protected body Echo is

      entry Start (Tag : Character)
        when Closed
          or else (Chosen = Echo_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Echo_Start;
         Start_Tag := Tag;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Put (S : String)
        when Closed
          or else (Chosen = Echo_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Echo_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Echo_Put, Index => 0));
         Put_Woken (S);
         requeue Put_Queue;
      end Put;

      entry Put_Held (S : String)
        when Closed or else (Chosen = Echo_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Echo_Put, Index => 0));
         Put_Woken (S);
         requeue Put_Queue;
      end Put_Held;

      entry Select_Arm
        (Order : Echo_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Echo_No_Entry then
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
        (Order : Echo_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Echo_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Echo_Alternative) is
      begin
         case Alternative.Id is
            when Echo_Put =>
               Put_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Echo_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Echo_Put =>
               return Echo.Put'Count + Put_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Echo_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      entry Start_Accept_Begin (Tag : out Character)
        when Chosen = Echo_Start is
      begin
         Tag := Start_Tag;
         Chosen := Echo_No_Entry;
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

      procedure Put_Take is
      begin
         Chosen := Echo_No_Entry;
      end Put_Take;

      procedure Put_Woken (S : in String) is
      begin
         Disarm;
         Chosen := Echo_Put;
         Put_S := new String'(S);
         Put_Done := False;
      end Put_Woken;

      function Put_S_Value return String is
      begin
         return Put_S.all;
      end Put_S_Value;

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

      entry Put_Queue (S : in String)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            Free_Put_S (Put_S);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Free_Put_S (Put_S);
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
         Free_Put_S (Put_S);
      end Put_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Echo;

   task body Echo_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Echo_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Echo_Closer);
      overriding procedure Finalize (Object : in out Echo_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Echo_Closer;
      Mine : Character := '?';
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
            Alternatives : constant Echo_Alternative_List :=
              (1 => (Echo_Put, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in String) do
                     Self.Put_Woken (Value_1);
                     requeue Self.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in String) do
                        requeue Self.Put_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  begin
                     Self.Put_Take;
                     declare
                        S : constant String := Self.Put_S_Value;
                     begin
                        begin
                           Put_Line (Mine & ": " & S);
                        exception
                           when Occurrence : others =>
                              Self.Put_Failed (Occurrence);
                              raise;
                        end;
                        Self.Put_Accept_End;
                     end;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Echo_Agent;
begin
   declare
      Far : Echo;
      Near : Same_Echo;
      B : Shapes.Box;
      R : Shapes.Row;
      P : Pair;
      pragma Unreferenced (B, R);
   begin
      P := (Left => 1, Right => 2);
      Far.Start ('f');
      Near.Start ('n');
      Put_Line ("Near in Echo: " & Boolean'Image (Near in Echo));
      Put_Line ("Far in Same_Echo: " & Boolean'Image (Far in Same_Echo));
      Far.Put ("one");
      Near.Put ("two" & Integer'Image (P.Left + P.Right));
   end;
   Put_Line ("PASSED");
end Main;
