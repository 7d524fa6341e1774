--  Servers freeing objects whose finalization writes output: a call of an
--  instance of Ada.Unchecked_Deallocation runs Finalize, which may block, so
--  neither server may become a protected object (the accepting scheme
--  translates a Free of values only).
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Unchecked_Deallocation;
with Tracked; use Tracked;
procedure Main is
   procedure Free is new Ada.Unchecked_Deallocation (Cell, Cell_Access);
   procedure Free is new Ada.Unchecked_Deallocation (Holder, Holder_Access);

   type Direct_Entry is (Direct_No_Entry, Direct_Put, Direct_Stop);
   type Direct_Alternative is record
      Id : Direct_Entry := Direct_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Direct_Alternative_List is array (Positive range <>) of Direct_Alternative;
   --  rdv2po: task Direct became this protected object; its code runs in the
   --  task Direct_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Direct is
      entry Put (X : Integer);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Direct_Agent
      entry Select_Arm
        (Order : Direct_Alternative_List;
         Chosen_Position : out Natural);
      procedure Put_Take (X : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (X : in Integer);
      procedure Stop_Take;
      procedure Stop_Accept_End;
      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Stop_Queue;
      procedure Close;
   private
      entry Select_Wait
        (Order : Direct_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Direct_Alternative);
      function Queued (Alternative : Direct_Alternative) return Boolean;
      function Position_Of (Alternative : Direct_Alternative) return Natural;
      Armed_List : Direct_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Direct_Entry := Direct_No_Entry;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_X : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Stop_Done : Boolean := False;
      Stop_Raised : Boolean := False;
      Stop_Failure : Ada.Exceptions.Exception_Occurrence;
   end Direct;
   task Direct_Agent is
      --  rdv2po: general scheme agent of Direct
   end Direct_Agent;

   type Wrapped_Entry is (Wrapped_No_Entry, Wrapped_Put, Wrapped_Stop);
   type Wrapped_Alternative is record
      Id : Wrapped_Entry := Wrapped_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Wrapped_Alternative_List is array (Positive range <>) of Wrapped_Alternative;
   --  rdv2po: task Wrapped became this protected object; its code runs in the
   --  task Wrapped_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Wrapped is
      entry Put (X : Integer);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Wrapped_Agent
      entry Select_Arm
        (Order : Wrapped_Alternative_List;
         Chosen_Position : out Natural);
      procedure Put_Take (X : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (X : in Integer);
      procedure Stop_Take;
      procedure Stop_Accept_End;
      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Stop_Queue;
      procedure Close;
   private
      entry Select_Wait
        (Order : Wrapped_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Wrapped_Alternative);
      function Queued (Alternative : Wrapped_Alternative) return Boolean;
      function Position_Of (Alternative : Wrapped_Alternative) return Natural;
      Armed_List : Wrapped_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Wrapped_Entry := Wrapped_No_Entry;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_X : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Stop_Done : Boolean := False;
      Stop_Raised : Boolean := False;
      Stop_Failure : Ada.Exceptions.Exception_Occurrence;
   end Wrapped;
   task Wrapped_Agent is
      --  rdv2po: general scheme agent of Wrapped
   end Wrapped_Agent;

   protected body Direct is

      entry Put (X : Integer)
        when Closed or else (Chosen = Direct_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Direct_Put, Index => 0));
         Disarm;
         Chosen := Direct_Put;
         Put_X := X;
         Put_Done := False;
         requeue Put_Queue;
      end Put;

      entry Stop
        when Closed or else (Chosen = Direct_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Direct_Stop, Index => 0));
         Disarm;
         Chosen := Direct_Stop;
         Stop_Done := False;
         requeue Stop_Queue;
      end Stop;

      entry Select_Arm
        (Order : Direct_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Direct_No_Entry then
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
        (Order : Direct_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Direct_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Direct_Alternative) is
      begin
         case Alternative.Id is
            when Direct_Put =>
               Put_Armed := True;
            when Direct_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Direct_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Direct_Put =>
               return Direct.Put'Count > 0;
            when Direct_Stop =>
               return Direct.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Direct_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (X : out Integer) is
      begin
         X := Put_X;
         Chosen := Direct_No_Entry;
      end Put_Take;

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

      entry Put_Queue (X : in Integer)
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

      procedure Stop_Take is
      begin
         Chosen := Direct_No_Entry;
      end Stop_Take;

      procedure Stop_Accept_End is
      begin
         Stop_Done := True;
      end Stop_Accept_End;

      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Stop_Failure, Occurrence);
         Stop_Raised := True;
         Stop_Done := True;
      end Stop_Failed;

      entry Stop_Queue
        when Stop_Done or else Closed is
      begin
         if not Stop_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Stop_Done := False;
         if Stop_Raised then
            Stop_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Stop_Failure);
         end if;
      end Stop_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Direct;

   task body Direct_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Direct_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Direct_Closer);
      overriding procedure Finalize (Object : in out Direct_Closer) is
      begin
         Direct.Close;
      end Finalize;
      Closer : Direct_Closer;
      Current : Cell_Access := null;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Direct.Select_Arm
              (Order => (1 => (Direct_Put, 0),
                         2 => (Direct_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                  begin
                     Direct.Put_Take (X);
                     begin
                        Free (Current);
                        Current := new Cell;
                        Current.Value := X;
                     exception
                        when Occurrence : others =>
                           Direct.Put_Failed (Occurrence);
                           raise;
                     end;
                     Direct.Put_Accept_End;
                  end;
               when 2 =>
                  Direct.Stop_Take;
                  begin
                     Current.Value := 0;  --  finalized silently at the end
                  exception
                     when Occurrence : others =>
                        Direct.Stop_Failed (Occurrence);
                        raise;
                  end;
                  Direct.Stop_Accept_End;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Direct_Agent;

   protected body Wrapped is

      entry Put (X : Integer)
        when Closed or else (Chosen = Wrapped_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Wrapped_Put, Index => 0));
         Disarm;
         Chosen := Wrapped_Put;
         Put_X := X;
         Put_Done := False;
         requeue Put_Queue;
      end Put;

      entry Stop
        when Closed or else (Chosen = Wrapped_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Wrapped_Stop, Index => 0));
         Disarm;
         Chosen := Wrapped_Stop;
         Stop_Done := False;
         requeue Stop_Queue;
      end Stop;

      entry Select_Arm
        (Order : Wrapped_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Wrapped_No_Entry then
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
        (Order : Wrapped_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Wrapped_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Wrapped_Alternative) is
      begin
         case Alternative.Id is
            when Wrapped_Put =>
               Put_Armed := True;
            when Wrapped_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Wrapped_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Wrapped_Put =>
               return Wrapped.Put'Count > 0;
            when Wrapped_Stop =>
               return Wrapped.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Wrapped_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (X : out Integer) is
      begin
         X := Put_X;
         Chosen := Wrapped_No_Entry;
      end Put_Take;

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

      entry Put_Queue (X : in Integer)
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

      procedure Stop_Take is
      begin
         Chosen := Wrapped_No_Entry;
      end Stop_Take;

      procedure Stop_Accept_End is
      begin
         Stop_Done := True;
      end Stop_Accept_End;

      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Stop_Failure, Occurrence);
         Stop_Raised := True;
         Stop_Done := True;
      end Stop_Failed;

      entry Stop_Queue
        when Stop_Done or else Closed is
      begin
         if not Stop_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Stop_Done := False;
         if Stop_Raised then
            Stop_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Stop_Failure);
         end if;
      end Stop_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Wrapped;

   task body Wrapped_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Wrapped_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Wrapped_Closer);
      overriding procedure Finalize (Object : in out Wrapped_Closer) is
      begin
         Wrapped.Close;
      end Finalize;
      Closer : Wrapped_Closer;
      Current : Holder_Access := null;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Wrapped.Select_Arm
              (Order => (1 => (Wrapped_Put, 0),
                         2 => (Wrapped_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                  begin
                     Wrapped.Put_Take (X);
                     begin
                        Free (Current);
                        Current := new Holder;
                        Current.Inner.Value := X;
                     exception
                        when Occurrence : others =>
                           Wrapped.Put_Failed (Occurrence);
                           raise;
                     end;
                     Wrapped.Put_Accept_End;
                  end;
               when 2 =>
                  Wrapped.Stop_Take;
                  begin
                     Current.Inner.Value := 0;
                  exception
                     when Occurrence : others =>
                        Wrapped.Stop_Failed (Occurrence);
                        raise;
                  end;
                  Wrapped.Stop_Accept_End;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Wrapped_Agent;
begin
   Direct.Put (1);
   Direct.Put (2);
   Wrapped.Put (10);
   Wrapped.Put (20);
   Direct.Stop;
   Wrapped.Stop;
   Put_Line ("PASSED");
end Main;
