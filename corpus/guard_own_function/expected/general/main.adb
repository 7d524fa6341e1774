with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Slots : constant := 3;

   type Ring_Entry is (Ring_No_Entry, Ring_Put, Ring_Take, Ring_Quit);
   type Ring_Alternative is record
      Id : Ring_Entry := Ring_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Ring_Alternative_List is array (Positive range <>) of Ring_Alternative;
   --  rdv2po: task Ring became this protected object; its code runs in the
   --  task Ring_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Ring is
      entry Put (V : Integer);
      entry Take (V : out Integer);
      entry Quit;
      --  rdv2po: the rendezvous protocol, for Ring_Agent
      entry Select_Arm
        (Order : Ring_Alternative_List;
         Wake : Boolean;
         Chosen_Position : out Natural);
      entry Put_Held (V : Integer);
      procedure Put_Woken (V : in Integer);
      procedure Put_Take (V : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (V : in Integer);
      entry Take_Held (V : out Integer);
      procedure Take_Woken (V : in Integer);
      procedure Take_Take (V : out Integer);
      procedure Take_Accept_End (V : in Integer);
      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Take_Queue (V : out Integer);
      entry Quit_Held;
      procedure Quit_Woken;
      procedure Quit_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Ring_Alternative_List;
         Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Ring_Alternative);
      function Queued (Alternative : Ring_Alternative) return Boolean;
      function Position_Of (Alternative : Ring_Alternative) return Natural;
      Armed_List : Ring_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Ring_Entry := Ring_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_V : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Take_Armed : Boolean := False;
      Take_V : Integer;
      Take_Done : Boolean := False;
      Take_Raised : Boolean := False;
      Take_Failure : Ada.Exceptions.Exception_Occurrence;
      Quit_Armed : Boolean := False;
   end Ring;
   task Ring_Agent is
      --  rdv2po: general scheme agent of Ring
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 3) (Value_1 : out Integer);
      entry Wake_3 (Positive range 1 .. 3);
   end Ring_Agent;

   protected body Ring is

      entry Put (V : Integer)
        when Closed
          or else (Chosen = Ring_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Ring_Agent.Wake_1
              (Position_Of ((Id => Ring_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Ring_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put;

      entry Put_Held (V : Integer)
        when Closed or else (Chosen = Ring_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Ring_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put_Held;

      entry Take (V : out Integer)
        when Closed
          or else (Chosen = Ring_No_Entry
                   and then Take_Armed
                   and then Take_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Ring_Agent.Wake_2
              (Position_Of ((Id => Ring_Take, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Ring_Take, Index => 0));
         Take_Woken (V);
         requeue Take_Queue;
      end Take;

      entry Take_Held (V : out Integer)
        when Closed or else (Chosen = Ring_No_Entry and then Take_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Ring_Take, Index => 0));
         Take_Woken (V);
         requeue Take_Queue;
      end Take_Held;

      entry Quit
        when Closed
          or else (Chosen = Ring_No_Entry
                   and then Quit_Armed
                   and then Quit_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Ring_Agent.Wake_3
              (Position_Of ((Id => Ring_Quit, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Ring_Quit, Index => 0));
         Quit_Woken;
      end Quit;

      entry Quit_Held
        when Closed or else (Chosen = Ring_No_Entry and then Quit_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Ring_Quit, Index => 0));
         Quit_Woken;
      end Quit_Held;

      entry Select_Arm
        (Order : Ring_Alternative_List;
         Wake : Boolean;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Ring_No_Entry then
               Any_Open := True;
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  RM 9.7.1(21): every alternative closed and no else part
         if not Any_Open and then not Wake then
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
         Via_Wake := Wake and then Found = 0;
         if Via_Wake then
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Ring_Alternative_List;
         Wake : Boolean;
         Chosen_Position : out Natural)
        when Chosen /= Ring_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Take_Armed := False;
         Quit_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Ring_Alternative) is
      begin
         case Alternative.Id is
            when Ring_Put =>
               Put_Armed := True;
            when Ring_Take =>
               Take_Armed := True;
            when Ring_Quit =>
               Quit_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Ring_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Ring_Put =>
               return Ring.Put'Count + Put_Held'Count > 0;
            when Ring_Take =>
               return Ring.Take'Count + Take_Held'Count > 0;
            when Ring_Quit =>
               return Ring.Quit'Count + Quit_Held'Count > 0;
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

      procedure Put_Take (V : out Integer) is
      begin
         V := Put_V;
         Chosen := Ring_No_Entry;
      end Put_Take;

      procedure Put_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Ring_Put;
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

      procedure Take_Take (V : out Integer) is
      begin
         V := Take_V;
         Chosen := Ring_No_Entry;
      end Take_Take;

      procedure Take_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Ring_Take;
         Take_V := V;
         Take_Done := False;
      end Take_Woken;

      procedure Take_Accept_End (V : in Integer) is
      begin
         Take_V := V;
         Take_Done := True;
      end Take_Accept_End;

      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Take_Failure, Occurrence);
         Take_Raised := True;
         Take_Done := True;
      end Take_Failed;

      entry Take_Queue (V : out Integer)
        when Take_Done or else Closed is
      begin
         if not Take_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Take_Done := False;
         if Take_Raised then
            Take_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Take_Failure);
         end if;
         V := Take_V;
      end Take_Queue;

      procedure Quit_Take is
      begin
         Chosen := Ring_No_Entry;
      end Quit_Take;

      procedure Quit_Woken is
      begin
         Disarm;
         Chosen := Ring_Quit;
      end Quit_Woken;

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
      type Slot is mod Slots;
      Store : array (Slot) of Integer := (others => 0);
      Head, Tail : Slot := 0;
      Held : Natural range 0 .. Slots := 0;
      Done : Boolean := False;
      function Empty return Boolean is (Held = 0);
      function Full return Boolean is (Held = Slots);
      function Settled return Boolean is (Empty and then Done);
   begin
      loop
         declare
            Alternatives : constant Ring_Alternative_List :=
              (1 => ((if not Full and not Done then Ring_Put else Ring_No_Entry), 0),
               2 => ((if not Empty then Ring_Take else Ring_No_Entry), 0),
               3 => (Ring_Quit, 0));
            Choice : Natural;
         begin
            Ring.Select_Arm
              (Order => Alternatives,
               Wake => Settled,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Ring.Put_Woken (Value_1);
                     requeue Ring.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Ring.Take_Woken (Value_1);
                     requeue Ring.Take_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3) do
                     Ring.Quit_Woken;
                  end Wake_3;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Ring.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Ring.Take_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3) do
                        requeue Ring.Quit_Held with abort;
                     end Wake_3;
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
                     Ring.Put_Take (V);
                     begin
                        Store (Tail) := V;
                     exception
                        when Occurrence : others =>
                           Ring.Put_Failed (Occurrence);
                           raise;
                     end;
                     Ring.Put_Accept_End;
                  end;
                  Tail := Tail + 1;
                  Held := Held + 1;
               when 2 =>
                  declare
                     V : Integer;
                  begin
                     Ring.Take_Take (V);
                     begin
                        V := Store (Head);
                     exception
                        when Occurrence : others =>
                           Ring.Take_Failed (Occurrence);
                           raise;
                     end;
                     Ring.Take_Accept_End (V);
                  end;
                  Head := Head + 1;
                  Held := Held - 1;
               when 3 =>
                  Ring.Quit_Take;
                  Done := True;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Ring_Agent;

   task Producer;
   task body Producer is
   begin
      for I in 1 .. 7 loop
         Ring.Put (I * I);
      end loop;
      Ring.Quit;
   end Producer;

   V : Integer;
   Sum : Integer := 0;
begin
   for I in 1 .. 7 loop
      Ring.Take (V);
      Sum := Sum + V;
   end loop;
   Put_Line ("sum" & Sum'Image);
   Put_Line ("PASSED");
end Main;
