with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Folding; use Folding;
procedure Main is
   type Printer_Entry is (Printer_No_Entry, Printer_Print, Printer_Stop);
   type Printer_Print_Msg_Access is access String;
   procedure Free_Print_Msg is new Ada.Unchecked_Deallocation
     (String,
      Printer_Print_Msg_Access);
   type Printer_Alternative is record
      Id : Printer_Entry := Printer_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Printer_Alternative_List is array (Positive range <>) of Printer_Alternative;
   --  rdv2po: task Printer became this protected object; its code runs in the
   --  task Printer_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Printer is
      entry Print (Msg : String; Width : Positive);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Printer_Agent
      entry Select_Arm
        (Order : Printer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Print_Take (Width : out Positive);
      function Print_Msg_Value return String;
      procedure Print_Accept_End;
      procedure Print_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Print_Queue (Msg : in String; Width : in Positive);
      procedure Stop_Take;
      procedure Stop_Accept_End;
      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Stop_Queue;
      procedure Close;
   private
      entry Select_Wait
        (Order : Printer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Printer_Alternative);
      function Queued (Alternative : Printer_Alternative) return Boolean;
      function Position_Of (Alternative : Printer_Alternative) return Natural;
      Armed_List : Printer_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Printer_Entry := Printer_No_Entry;
      Closed : Boolean := False;
      Print_Armed : Boolean := False;
      Print_Msg : Printer_Print_Msg_Access;
      Print_Width : Positive;
      Print_Done : Boolean := False;
      Print_Raised : Boolean := False;
      Print_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Stop_Done : Boolean := False;
      Stop_Raised : Boolean := False;
      Stop_Failure : Ada.Exceptions.Exception_Occurrence;
   end Printer;
   task Printer_Agent is
      --  rdv2po: general scheme agent of Printer
   end Printer_Agent;

   protected body Printer is

      entry Print (Msg : String; Width : Positive)
        when Closed or else (Chosen = Printer_No_Entry and then Print_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Printer_Print, Index => 0));
         Disarm;
         Chosen := Printer_Print;
         Print_Width := Width;
         Print_Msg := new String'(Msg);
         Print_Done := False;
         requeue Print_Queue;
      end Print;

      entry Stop
        when Closed or else (Chosen = Printer_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Printer_Stop, Index => 0));
         Disarm;
         Chosen := Printer_Stop;
         Stop_Done := False;
         requeue Stop_Queue;
      end Stop;

      entry Select_Arm
        (Order : Printer_Alternative_List;
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
        (Order : Printer_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Printer_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Print_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Printer_Alternative) is
      begin
         case Alternative.Id is
            when Printer_Print =>
               Print_Armed := True;
            when Printer_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Printer_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Printer_Print =>
               return Printer.Print'Count > 0;
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

      procedure Print_Take (Width : out Positive) is
      begin
         Width := Print_Width;
         Chosen := Printer_No_Entry;
      end Print_Take;

      function Print_Msg_Value return String is
      begin
         return Print_Msg.all;
      end Print_Msg_Value;

      procedure Print_Accept_End is
      begin
         Print_Done := True;
      end Print_Accept_End;

      procedure Print_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Print_Failure, Occurrence);
         Print_Raised := True;
         Print_Done := True;
      end Print_Failed;

      entry Print_Queue (Msg : in String; Width : in Positive)
        when Print_Done or else Closed is
      begin
         if not Print_Done then
            Free_Print_Msg (Print_Msg);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Print_Done := False;
         if Print_Raised then
            Print_Raised := False;
            Free_Print_Msg (Print_Msg);
            Ada.Exceptions.Reraise_Occurrence (Print_Failure);
         end if;
         Free_Print_Msg (Print_Msg);
      end Print_Queue;

      procedure Stop_Take is
      begin
         Chosen := Printer_No_Entry;
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
      Text : String (1 .. 60);
      Length : Natural := 0;
      Narrow : Positive := 1;
      Lines : Natural := 0;
      Spaces : Natural := 0;
      Running : Boolean := True;
   begin
      while Running loop
         declare
            Choice : Natural;
         begin
            Printer.Select_Arm
              (Order => (1 => (Printer_Print, 0),
                         2 => (Printer_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     Width : Positive;
                  begin
                     Printer.Print_Take (Width);
                     declare
                        Msg : constant String := Printer.Print_Msg_Value;
                     begin
                        begin
                           Length := Integer'Min (Msg'Length, Text'Length);
                           Text (1 .. Length) := Msg (Msg'First .. Msg'First + Length - 1);
                           Narrow := Width;
                        exception
                           when Occurrence : others =>
                              Printer.Print_Failed (Occurrence);
                              raise;
                        end;
                        Printer.Print_Accept_End;
                     end;
                  end;
                  Put_Folded (Text (1 .. Length), Narrow);
                  Lines := Lines + 1;
                  declare
                     I : Natural := 0;
                  begin
                     while I < Length loop
                        I := I + 1;
                        if Text (I) = ' ' then
                           Spaces := Spaces + 1;
                        end if;
                     end loop;
                  end;
               when 2 =>
                  Printer.Stop_Take;
                  begin
                     Put_Line ("printer:" & Natural'Image (Lines) & " messages," &
                               Natural'Image (Spaces) & " spaces");
                  exception
                     when Occurrence : others =>
                        Printer.Stop_Failed (Occurrence);
                        raise;
                  end;
                  Printer.Stop_Accept_End;
                  Running := False;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Printer_Agent;

   type Poller_Entry is (Poller_No_Entry, Poller_Start);
   type Poller_Alternative is record
      Id : Poller_Entry := Poller_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Poller_Alternative_List is array (Positive range <>) of Poller_Alternative;
   --  rdv2po: task Poller became this protected object; its code runs in the
   --  task Poller_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Poller is
      entry Start;
      --  rdv2po: the rendezvous protocol, for Poller_Agent
      entry Select_Arm
        (Order : Poller_Alternative_List;
         Chosen_Position : out Natural);
      entry Start_Held;
      procedure Start_Woken;
      procedure Start_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Poller_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Poller_Alternative);
      function Queued (Alternative : Poller_Alternative) return Boolean;
      function Position_Of (Alternative : Poller_Alternative) return Natural;
      Armed_List : Poller_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Poller_Entry := Poller_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Start_Armed : Boolean := False;
   end Poller;
   task Poller_Agent is
      --  rdv2po: general scheme agent of Poller
      entry Wake_1 (Positive range 1 .. 1);
   end Poller_Agent;

   protected body Poller is

      entry Start
        when Closed
          or else (Chosen = Poller_No_Entry
                   and then Start_Armed
                   and then Start_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Poller_Agent.Wake_1
              (Position_Of ((Id => Poller_Start, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Poller_Start, Index => 0));
         Start_Woken;
      end Start;

      entry Start_Held
        when Closed or else (Chosen = Poller_No_Entry and then Start_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Poller_Start, Index => 0));
         Start_Woken;
      end Start_Held;

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
         Via_Wake := Found = 0;
         if Via_Wake then
            return;
         end if;
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
         Start_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Poller_Alternative) is
      begin
         case Alternative.Id is
            when Poller_Start =>
               Start_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Poller_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Poller_Start =>
               return Poller.Start'Count + Start_Held'Count > 0;
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

      procedure Start_Take is
      begin
         Chosen := Poller_No_Entry;
      end Start_Take;

      procedure Start_Woken is
      begin
         Disarm;
         Chosen := Poller_Start;
      end Start_Woken;

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
   begin
      loop
         declare
            Alternatives : constant Poller_Alternative_List :=
              (1 => (Poller_Start, 0));
            Choice : Natural;
         begin
            Poller.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Poller.Start_Woken;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Poller.Start_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Poller.Start_Take;
                  while not Ready loop
                     null;
                  end loop;
                  Ready := False;
                  Polls := Polls + 1;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Poller_Agent;
begin
   Printer.Print ("the quick brown fox jumps over the lazy dog", 12);
   Printer.Print ("  short  ", 4);
   Printer.Print ("unbreakablewordthatislong and more", 8);
   Printer.Stop;
   for Round in 1 .. 3 loop
      Poller.Start;
      Ready := True;
      while Polls < Round loop
         null;
      end loop;
   end loop;
   Put_Line ("polls:" & Natural'Image (Polls));
   Put_Line ("PASSED");
end Main;
