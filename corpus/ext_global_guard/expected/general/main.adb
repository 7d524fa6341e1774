with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Enabled : Boolean := False;
   pragma Atomic (Enabled);
   type Srv_Entry is (Srv_No_Entry, Srv_A, Srv_B);
   type Srv_Alternative is record
      Id : Srv_Entry := Srv_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Srv_Alternative_List is array (Positive range <>) of Srv_Alternative;
   --  rdv2po: task Srv became this protected object; its code runs in the task
   --  Srv_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Srv is
      entry A (V : out Integer);
      entry B;
      --  rdv2po: the rendezvous protocol, for Srv_Agent
      entry Select_Arm
        (Order : Srv_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      entry A_Held (V : out Integer);
      procedure A_Woken (V : in Integer);
      procedure A_Take (V : out Integer);
      procedure A_Accept_End (V : in Integer);
      procedure A_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry A_Queue (V : out Integer);
      entry B_Held;
      procedure B_Woken;
      procedure B_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Srv_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Srv_Alternative);
      function Queued (Alternative : Srv_Alternative) return Boolean;
      function Position_Of (Alternative : Srv_Alternative) return Natural;
      Armed_List : Srv_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Srv_Entry := Srv_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      A_Armed : Boolean := False;
      A_V : Integer;
      A_Done : Boolean := False;
      A_Raised : Boolean := False;
      A_Failure : Ada.Exceptions.Exception_Occurrence;
      B_Armed : Boolean := False;
   end Srv;
   task Srv_Agent is
      --  rdv2po: general scheme agent of Srv
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : out Integer);
      entry Wake_2 (Positive range 1 .. 2);
   end Srv_Agent;
   protected body Srv is

      entry A (V : out Integer)
        when Closed
          or else (Chosen = Srv_No_Entry
                   and then A_Armed
                   and then A_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Srv_Agent.Wake_1
              (Position_Of ((Id => Srv_A, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Srv_A, Index => 0));
         Disarm;
         Chosen := Srv_A;
         A_V := V;
         A_Done := False;
         requeue A_Queue;
      end A;

      entry A_Held (V : out Integer)
        when Closed or else (Chosen = Srv_No_Entry and then A_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Srv_A, Index => 0));
         Disarm;
         Chosen := Srv_A;
         A_V := V;
         A_Done := False;
         requeue A_Queue;
      end A_Held;

      entry B
        when Closed
          or else (Chosen = Srv_No_Entry
                   and then B_Armed
                   and then B_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Srv_Agent.Wake_2
              (Position_Of ((Id => Srv_B, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Srv_B, Index => 0));
         Disarm;
         Chosen := Srv_B;
      end B;

      entry B_Held
        when Closed or else (Chosen = Srv_No_Entry and then B_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Srv_B, Index => 0));
         Disarm;
         Chosen := Srv_B;
      end B_Held;

      entry Select_Arm
        (Order : Srv_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Srv_No_Entry then
               Any_Open := True;
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  RM 9.7.1(21): every alternative closed and no else part
         if not Any_Open and then not (Poll or else Timed_Wait or else Wake) then
            raise Program_Error;
         end if;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found /= 0 then
            Armed_List (1 .. Found) := Order (Order'First .. Order'First + Found - 1);
            Armed_Last := Found;
            Arm (Order (Found));
         elsif Poll then
            return;
         else
            Armed_List (1 .. Order'Length) := Order;
            Armed_Last := Order'Length;
            for K in Order'Range loop
               Arm (Order (K));
            end loop;
         end if;
         Via_Wake := Wake and then Found = 0;
         if Via_Wake then
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Srv_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural)
        when Chosen /= Srv_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         A_Armed := False;
         B_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Srv_Alternative) is
      begin
         case Alternative.Id is
            when Srv_A =>
               A_Armed := True;
            when Srv_B =>
               B_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Srv_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Srv_A =>
               return Srv.A'Count + A_Held'Count > 0;
            when Srv_B =>
               return Srv.B'Count + B_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Srv_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure A_Take (V : out Integer) is
      begin
         V := A_V;
         Chosen := Srv_No_Entry;
      end A_Take;

      procedure A_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Srv_A;
         A_V := V;
         A_Done := False;
      end A_Woken;

      procedure A_Accept_End (V : in Integer) is
      begin
         A_V := V;
         A_Done := True;
      end A_Accept_End;

      procedure A_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (A_Failure, Occurrence);
         A_Raised := True;
         A_Done := True;
      end A_Failed;

      entry A_Queue (V : out Integer)
        when A_Done or else Closed is
      begin
         if not A_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         A_Done := False;
         if A_Raised then
            A_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (A_Failure);
         end if;
         V := A_V;
      end A_Queue;

      procedure B_Take is
      begin
         Chosen := Srv_No_Entry;
      end B_Take;

      procedure B_Woken is
      begin
         Disarm;
         Chosen := Srv_B;
      end B_Woken;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Srv;

   task body Srv_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Srv_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Srv_Closer);
      overriding procedure Finalize (Object : in out Srv_Closer) is
      begin
         Srv.Close;
      end Finalize;
      Closer : Srv_Closer;
      N : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Srv_Alternative_List :=
              (1 => ((if Enabled then Srv_A else Srv_No_Entry), 0),
               2 => (Srv_B, 0));
            Choice : Natural;
         begin
            Srv.Select_Arm
              (Order => Alternatives,
               Poll => False,
               Timed_Wait => False,
               Wake => True,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : out Integer) do
                     Srv.A_Woken (Value_1);
                     requeue Srv.A_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) do
                     Srv.B_Woken;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : out Integer) do
                        requeue Srv.A_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) do
                        requeue Srv.B_Held with abort;
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
                     Srv.A_Take (V);
                     begin
                        N := N + 1;
                        V := N;
                     exception
                        when Occurrence : others =>
                           Srv.A_Failed (Occurrence);
                           raise;
                     end;
                     Srv.A_Accept_End (V);
                  end;
               when 2 =>
                  Srv.B_Take;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Srv_Agent;
   V : Integer := 0;
begin
   delay 0.05;
   Enabled := True;
   select
      Srv.A (V);
      Put_Line ("A accepted" & Integer'Image (V));
   or
      delay 0.1;
      Put_Line ("A closed");
   end select;
   Srv.B;
   select
      Srv.A (V);
      Put_Line ("A accepted" & Integer'Image (V));
   or
      delay 0.1;
      Put_Line ("A closed");
   end select;
   Put_Line ("PASSED");
end Main;
