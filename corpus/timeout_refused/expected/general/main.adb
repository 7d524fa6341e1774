--  Servers with a delay alternative that the accepting-server scheme must
--  refuse, each for its own reason:
--  Printer  prints in its delay alternative (Put_Line would block in the
--           timing event's handler, a protected action);
--  Fast     waits 0.02 s, shorter than GNAT's timing-event period;
--  Noter    changes a variable outside the task when it times out (it may
--           time out after its master completed);
--  Poller   waits 0.0 s: it polls, as with an else part.

with Ada.Finalization;
with Ada.Exceptions;
with Ada.Text_IO;

procedure Main is

   Noted : Natural := 0;

   type Printer_Entry is (Printer_No_Entry, Printer_Wait_Idle, Printer_Stop);
   type Printer_Alternative is record
      Id : Printer_Entry := Printer_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Printer_Alternative_List is array (Positive range <>) of Printer_Alternative;
   --  rdv2po: task Printer became this protected object; its code runs in the
   --  task Printer_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Printer is
      entry Wait_Idle;
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Printer_Agent
      entry Select_Arm
        (Order : Printer_Alternative_List;
         Timed_Wait : Boolean;
         Chosen_Position : out Natural);
      procedure Wait_Idle_Take;
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Printer_Alternative_List;
         Timed_Wait : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Printer_Alternative);
      function Queued (Alternative : Printer_Alternative) return Boolean;
      function Position_Of (Alternative : Printer_Alternative) return Natural;
      Armed_List : Printer_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Printer_Entry := Printer_No_Entry;
      Timed : Boolean := False;
      Closed : Boolean := False;
      Wait_Idle_Armed : Boolean := False;
      Stop_Armed : Boolean := False;
   end Printer;
   task Printer_Agent is
      --  rdv2po: general scheme agent of Printer
   end Printer_Agent;

   protected body Printer is

      entry Wait_Idle
        when Closed
          or else (Chosen = Printer_No_Entry
                   and then ((Wait_Idle_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Printer_Wait_Idle, Index => 0));
         Disarm;
         Chosen := Printer_Wait_Idle;
      end Wait_Idle;

      entry Stop
        when Closed
          or else (Chosen = Printer_No_Entry
                   and then ((Stop_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Printer_Stop, Index => 0));
         Disarm;
         Chosen := Printer_Stop;
      end Stop;

      entry Select_Arm
        (Order : Printer_Alternative_List;
         Timed_Wait : Boolean;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Printer_No_Entry then
               Any_Open := True;
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  RM 9.7.1(21): every alternative closed and no else part
         if not Any_Open and then not Timed_Wait then
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
         Timed := Timed_Wait and then Found = 0;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Printer_Alternative_List;
         Timed_Wait : Boolean;
         Chosen_Position : out Natural)
        when Chosen /= Printer_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Wait_Idle_Armed := False;
         Stop_Armed := False;
         Timed := False;
      end Disarm;

      procedure Arm (Alternative : Printer_Alternative) is
      begin
         case Alternative.Id is
            when Printer_Wait_Idle =>
               Wait_Idle_Armed := True;
            when Printer_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Printer_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Printer_Wait_Idle =>
               return Printer.Wait_Idle'Count > 0;
            when Printer_Stop =>
               return Printer.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Printer_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Wait_Idle_Take is
      begin
         Chosen := Printer_No_Entry;
      end Wait_Idle_Take;

      procedure Stop_Take is
      begin
         Chosen := Printer_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Printer;

   task body Printer_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Printer_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Printer_Closer);
      overriding procedure Finalize (Object : in out Printer_Closer) is
      begin
         Printer.Close;
      end Finalize;
      Closer : Printer_Closer;
      Said : Boolean := False;
   begin
      loop
         declare
            Choice : Natural;
         begin
            if not Said then
               select
                  Printer.Select_Arm
                    (Order => (1 => ((if Said then Printer_Wait_Idle else Printer_No_Entry), 0),
                               2 => (Printer_Stop, 0)),
                     Timed_Wait => True,
                     Chosen_Position => Choice);
               or
                  delay 0.1;
                  Choice := 0;
               end select;
            else
               Printer.Select_Arm
                 (Order => (1 => ((if Said then Printer_Wait_Idle else Printer_No_Entry), 0),
                            2 => (Printer_Stop, 0)),
                  Timed_Wait => False,
                  Chosen_Position => Choice);
            end if;
            case Choice is
               when 1 =>
                  Printer.Wait_Idle_Take;
               when 2 =>
                  Printer.Stop_Take;
                  exit;
               when others =>
                  Ada.Text_IO.Put_Line ("printer: idle");
                  Said := True;
            end case;
         end;
      end loop;
   end Printer_Agent;

   type Fast_Entry is (Fast_No_Entry, Fast_Ticks, Fast_Stop);
   type Fast_Alternative is record
      Id : Fast_Entry := Fast_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Fast_Alternative_List is array (Positive range <>) of Fast_Alternative;
   --  rdv2po: task Fast became this protected object; its code runs in the
   --  task Fast_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Fast is
      entry Ticks (N : out Natural);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Fast_Agent
      entry Select_Arm
        (Order : Fast_Alternative_List;
         Chosen_Position : out Natural);
      procedure Ticks_Take (N : out Natural);
      procedure Ticks_Accept_End (N : in Natural);
      procedure Ticks_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Ticks_Queue (N : out Natural);
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Fast_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Fast_Alternative);
      function Queued (Alternative : Fast_Alternative) return Boolean;
      function Position_Of (Alternative : Fast_Alternative) return Natural;
      Armed_List : Fast_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Fast_Entry := Fast_No_Entry;
      Timed : Boolean := False;
      Closed : Boolean := False;
      Ticks_Armed : Boolean := False;
      Ticks_N : Natural;
      Ticks_Done : Boolean := False;
      Ticks_Raised : Boolean := False;
      Ticks_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Fast;
   task Fast_Agent is
      --  rdv2po: general scheme agent of Fast
   end Fast_Agent;

   protected body Fast is

      entry Ticks (N : out Natural)
        when Closed
          or else (Chosen = Fast_No_Entry
                   and then ((Ticks_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Fast_Ticks, Index => 0));
         Disarm;
         Chosen := Fast_Ticks;
         Ticks_N := N;
         Ticks_Done := False;
         requeue Ticks_Queue;
      end Ticks;

      entry Stop
        when Closed
          or else (Chosen = Fast_No_Entry
                   and then ((Stop_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Fast_Stop, Index => 0));
         Disarm;
         Chosen := Fast_Stop;
      end Stop;

      entry Select_Arm
        (Order : Fast_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Fast_No_Entry then
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
         Timed := Found = 0;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Fast_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Fast_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Ticks_Armed := False;
         Stop_Armed := False;
         Timed := False;
      end Disarm;

      procedure Arm (Alternative : Fast_Alternative) is
      begin
         case Alternative.Id is
            when Fast_Ticks =>
               Ticks_Armed := True;
            when Fast_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Fast_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Fast_Ticks =>
               return Fast.Ticks'Count > 0;
            when Fast_Stop =>
               return Fast.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Fast_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Ticks_Take (N : out Natural) is
      begin
         N := Ticks_N;
         Chosen := Fast_No_Entry;
      end Ticks_Take;

      procedure Ticks_Accept_End (N : in Natural) is
      begin
         Ticks_N := N;
         Ticks_Done := True;
      end Ticks_Accept_End;

      procedure Ticks_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Ticks_Failure, Occurrence);
         Ticks_Raised := True;
         Ticks_Done := True;
      end Ticks_Failed;

      entry Ticks_Queue (N : out Natural)
        when Ticks_Done or else Closed is
      begin
         if not Ticks_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Ticks_Done := False;
         if Ticks_Raised then
            Ticks_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Ticks_Failure);
         end if;
         N := Ticks_N;
      end Ticks_Queue;

      procedure Stop_Take is
      begin
         Chosen := Fast_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Fast;

   task body Fast_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Fast_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Fast_Closer);
      overriding procedure Finalize (Object : in out Fast_Closer) is
      begin
         Fast.Close;
      end Finalize;
      Closer : Fast_Closer;
      Count : Natural := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            select
               Fast.Select_Arm
                 (Order => (1 => (Fast_Ticks, 0),
                            2 => (Fast_Stop, 0)),
                  Chosen_Position => Choice);
            or
               delay 0.02;
               Choice := 0;
            end select;
            case Choice is
               when 1 =>
                  declare
                     N : Natural;
                  begin
                     Fast.Ticks_Take (N);
                     begin
                        N := Count;
                     exception
                        when Occurrence : others =>
                           Fast.Ticks_Failed (Occurrence);
                           raise;
                     end;
                     Fast.Ticks_Accept_End (N);
                  end;
               when 2 =>
                  Fast.Stop_Take;
                  exit;
               when others =>
                  Count := Count + 1;
            end case;
         end;
      end loop;
   end Fast_Agent;

   type Noter_Entry is (Noter_No_Entry, Noter_Stop);
   type Noter_Alternative is record
      Id : Noter_Entry := Noter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Noter_Alternative_List is array (Positive range <>) of Noter_Alternative;
   --  rdv2po: task Noter became this protected object; its code runs in the
   --  task Noter_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Noter is
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Noter_Agent
      entry Select_Arm
        (Order : Noter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Noter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Noter_Alternative);
      function Queued (Alternative : Noter_Alternative) return Boolean;
      function Position_Of (Alternative : Noter_Alternative) return Natural;
      Armed_List : Noter_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Noter_Entry := Noter_No_Entry;
      Timed : Boolean := False;
      Closed : Boolean := False;
      Stop_Armed : Boolean := False;
   end Noter;
   task Noter_Agent is
      --  rdv2po: general scheme agent of Noter
   end Noter_Agent;

   protected body Noter is

      entry Stop
        when Closed
          or else (Chosen = Noter_No_Entry
                   and then ((Stop_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Noter_Stop, Index => 0));
         Disarm;
         Chosen := Noter_Stop;
      end Stop;

      entry Select_Arm
        (Order : Noter_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Noter_No_Entry then
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
         Timed := Found = 0;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Noter_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Noter_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Stop_Armed := False;
         Timed := False;
      end Disarm;

      procedure Arm (Alternative : Noter_Alternative) is
      begin
         case Alternative.Id is
            when Noter_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Noter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Noter_Stop =>
               return Noter.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Noter_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Stop_Take is
      begin
         Chosen := Noter_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Noter;

   task body Noter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Noter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Noter_Closer);
      overriding procedure Finalize (Object : in out Noter_Closer) is
      begin
         Noter.Close;
      end Finalize;
      Closer : Noter_Closer;
   begin
      loop
         declare
            Choice : Natural;
         begin
            select
               Noter.Select_Arm
                 (Order => (1 => (Noter_Stop, 0)),
                  Chosen_Position => Choice);
            or
               delay 0.1;
               Choice := 0;
            end select;
            case Choice is
               when 1 =>
                  Noter.Stop_Take;
                  exit;
               when others =>
                  Noted := Noted + 1;
            end case;
         end;
      end loop;
   end Noter_Agent;

   type Poller_Entry is (Poller_No_Entry, Poller_Poke, Poller_Stop);
   type Poller_Alternative is record
      Id : Poller_Entry := Poller_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Poller_Alternative_List is array (Positive range <>) of Poller_Alternative;
   --  rdv2po: task Poller became this protected object; its code runs in the
   --  task Poller_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Poller is
      entry Poke;
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Poller_Agent
      entry Select_Arm
        (Order : Poller_Alternative_List;
         Chosen_Position : out Natural);
      procedure Poke_Take;
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Poller_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Poller_Alternative);
      function Queued (Alternative : Poller_Alternative) return Boolean;
      function Position_Of (Alternative : Poller_Alternative) return Natural;
      Armed_List : Poller_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Poller_Entry := Poller_No_Entry;
      Timed : Boolean := False;
      Closed : Boolean := False;
      Poke_Armed : Boolean := False;
      Stop_Armed : Boolean := False;
   end Poller;
   task Poller_Agent is
      --  rdv2po: general scheme agent of Poller
   end Poller_Agent;

   protected body Poller is

      entry Poke
        when Closed
          or else (Chosen = Poller_No_Entry
                   and then ((Poke_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Poller_Poke, Index => 0));
         Disarm;
         Chosen := Poller_Poke;
      end Poke;

      entry Stop
        when Closed
          or else (Chosen = Poller_No_Entry
                   and then ((Stop_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Poller_Stop, Index => 0));
         Disarm;
         Chosen := Poller_Stop;
      end Stop;

      entry Select_Arm
        (Order : Poller_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Poller_No_Entry then
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
         Timed := Found = 0;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Poller_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Poller_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Poke_Armed := False;
         Stop_Armed := False;
         Timed := False;
      end Disarm;

      procedure Arm (Alternative : Poller_Alternative) is
      begin
         case Alternative.Id is
            when Poller_Poke =>
               Poke_Armed := True;
            when Poller_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Poller_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Poller_Poke =>
               return Poller.Poke'Count > 0;
            when Poller_Stop =>
               return Poller.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Poller_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Poke_Take is
      begin
         Chosen := Poller_No_Entry;
      end Poke_Take;

      procedure Stop_Take is
      begin
         Chosen := Poller_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Poller;

   task body Poller_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Poller_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Poller_Closer);
      overriding procedure Finalize (Object : in out Poller_Closer) is
      begin
         Poller.Close;
      end Finalize;
      Closer : Poller_Closer;
      Pokes : Natural := 0;
      Polls : Natural := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            select
               Poller.Select_Arm
                 (Order => (1 => (Poller_Poke, 0),
                            2 => (Poller_Stop, 0)),
                  Chosen_Position => Choice);
            or
               delay 0.0;
               Choice := 0;
            end select;
            case Choice is
               when 1 =>
                  Poller.Poke_Take;
                  Pokes := Pokes + 1;
               when 2 =>
                  Poller.Stop_Take;
                  exit;
               when others =>
                  Polls := Polls + 1;
            end case;
         end;
      end loop;
   end Poller_Agent;

   N : Natural;

begin
   Printer.Wait_Idle;
   Printer.Stop;
   Fast.Ticks (N);
   Fast.Stop;
   Noter.Stop;
   Poller.Poke;
   Poller.Stop;
   Ada.Text_IO.Put_Line ("stopped; ticks counted: " & Boolean'Image (N >= 0));
   Ada.Text_IO.Put_Line ("PASSED");
end Main;
