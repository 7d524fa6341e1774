--  Servers whose select ends 'else null;' (found in real code): when no
--  alternative can be taken the task goes round its loop to the same select, its
--  guards reading only its own variables, so it behaves as if it waited there.
--  No call of theirs is conditional or timed (those would tell the difference).
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   --  A cell (accepting scheme)
   type Cell_Entry is (Cell_No_Entry, Cell_Set, Cell_Get, Cell_Quit);
   type Cell_Alternative is record
      Id : Cell_Entry := Cell_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Cell_Alternative_List is array (Positive range <>) of Cell_Alternative;
   --  rdv2po: task Cell became this protected object; its code runs in the
   --  task Cell_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Cell is
      entry Set (V : Integer);
      entry Get (V : out Integer);
      entry Quit;
      --  rdv2po: the rendezvous protocol, for Cell_Agent
      entry Select_Arm
        (Order : Cell_Alternative_List;
         Chosen_Position : out Natural);
      procedure Set_Take (V : out Integer);
      procedure Set_Accept_End;
      procedure Set_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Set_Queue (V : in Integer);
      procedure Get_Take (V : out Integer);
      procedure Get_Accept_End (V : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (V : out Integer);
      procedure Quit_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Cell_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Cell_Alternative);
      function Queued (Alternative : Cell_Alternative) return Boolean;
      function Position_Of (Alternative : Cell_Alternative) return Natural;
      Armed_List : Cell_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Cell_Entry := Cell_No_Entry;
      Closed : Boolean := False;
      Set_Armed : Boolean := False;
      Set_V : Integer;
      Set_Done : Boolean := False;
      Set_Raised : Boolean := False;
      Set_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_V : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
      Quit_Armed : Boolean := False;
   end Cell;
   task Cell_Agent is
      --  rdv2po: general scheme agent of Cell
   end Cell_Agent;

   protected body Cell is

      entry Set (V : Integer)
        when Closed or else (Chosen = Cell_No_Entry and then Set_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Cell_Set, Index => 0));
         Disarm;
         Chosen := Cell_Set;
         Set_V := V;
         Set_Done := False;
         requeue Set_Queue;
      end Set;

      entry Get (V : out Integer)
        when Closed or else (Chosen = Cell_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Cell_Get, Index => 0));
         Disarm;
         Chosen := Cell_Get;
         Get_V := V;
         Get_Done := False;
         requeue Get_Queue;
      end Get;

      entry Quit
        when Closed or else (Chosen = Cell_No_Entry and then Quit_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Cell_Quit, Index => 0));
         Disarm;
         Chosen := Cell_Quit;
      end Quit;

      entry Select_Arm
        (Order : Cell_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Cell_No_Entry then
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
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Cell_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Cell_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Set_Armed := False;
         Get_Armed := False;
         Quit_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Cell_Alternative) is
      begin
         case Alternative.Id is
            when Cell_Set =>
               Set_Armed := True;
            when Cell_Get =>
               Get_Armed := True;
            when Cell_Quit =>
               Quit_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Cell_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Cell_Set =>
               return Cell.Set'Count > 0;
            when Cell_Get =>
               return Cell.Get'Count > 0;
            when Cell_Quit =>
               return Cell.Quit'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Cell_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Set_Take (V : out Integer) is
      begin
         V := Set_V;
         Chosen := Cell_No_Entry;
      end Set_Take;

      procedure Set_Accept_End is
      begin
         Set_Done := True;
      end Set_Accept_End;

      procedure Set_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Set_Failure, Occurrence);
         Set_Raised := True;
         Set_Done := True;
      end Set_Failed;

      entry Set_Queue (V : in Integer)
        when Set_Done or else Closed is
      begin
         if not Set_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Set_Done := False;
         if Set_Raised then
            Set_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Set_Failure);
         end if;
      end Set_Queue;

      procedure Get_Take (V : out Integer) is
      begin
         V := Get_V;
         Chosen := Cell_No_Entry;
      end Get_Take;

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

      procedure Quit_Take is
      begin
         Chosen := Cell_No_Entry;
      end Quit_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Cell;

   task body Cell_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Cell_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Cell_Closer);
      overriding procedure Finalize (Object : in out Cell_Closer) is
      begin
         Cell.Close;
      end Finalize;
      Closer : Cell_Closer;
      Value : Integer := 0;
   begin
      Serve :
      loop
         declare
            Choice : Natural;
         begin
            Cell.Select_Arm
              (Order => (1 => (Cell_Set, 0),
                         2 => ((if Value > 0 then Cell_Get else Cell_No_Entry), 0),
                         3 => (Cell_Quit, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     V : Integer;
                  begin
                     Cell.Set_Take (V);
                     begin
                        Value := V;
                     exception
                        when Occurrence : others =>
                           Cell.Set_Failed (Occurrence);
                           raise;
                     end;
                     Cell.Set_Accept_End;
                  end;
               when 2 =>
                  declare
                     V : Integer;
                  begin
                     Cell.Get_Take (V);
                     begin
                        V := Value;
                     exception
                        when Occurrence : others =>
                           Cell.Get_Failed (Occurrence);
                           raise;
                     end;
                     Cell.Get_Accept_End (V);
                  end;
               when 3 =>
                  Cell.Quit_Take;
                  exit Serve;
               when others =>
                  null;
            end case;
         end;
      end loop Serve;
   end Cell_Agent;

   --  A printer that prints in its accept bodies (caller-runs scheme)
   type Printer_Entry is
     (Printer_No_Entry,
      Printer_Print,
      Printer_Flush,
      Printer_Stop);
   type Printer_Alternative is record
      Id : Printer_Entry := Printer_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Printer_Alternative_List is array (Positive range <>) of Printer_Alternative;
   --  rdv2po: task Printer became this protected object; its code runs in the
   --  task Printer_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Printer is
      entry Print (N : Integer);
      entry Flush;
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Printer_Agent
      entry Select_Arm
        (Order : Printer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Print_Take (N : out Integer);
      procedure Print_Accept_End;
      procedure Print_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Print_Queue (N : in Integer);
      procedure Flush_Take;
      procedure Flush_Accept_End;
      procedure Flush_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Flush_Queue;
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Printer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Printer_Alternative);
      function Queued (Alternative : Printer_Alternative) return Boolean;
      function Position_Of (Alternative : Printer_Alternative) return Natural;
      Armed_List : Printer_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Printer_Entry := Printer_No_Entry;
      Closed : Boolean := False;
      Print_Armed : Boolean := False;
      Print_N : Integer;
      Print_Done : Boolean := False;
      Print_Raised : Boolean := False;
      Print_Failure : Ada.Exceptions.Exception_Occurrence;
      Flush_Armed : Boolean := False;
      Flush_Done : Boolean := False;
      Flush_Raised : Boolean := False;
      Flush_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Printer;
   task Printer_Agent is
      --  rdv2po: general scheme agent of Printer
   end Printer_Agent;

   protected body Printer is

      entry Print (N : Integer)
        when Closed or else (Chosen = Printer_No_Entry and then Print_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Printer_Print, Index => 0));
         Disarm;
         Chosen := Printer_Print;
         Print_N := N;
         Print_Done := False;
         requeue Print_Queue;
      end Print;

      entry Flush
        when Closed or else (Chosen = Printer_No_Entry and then Flush_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Printer_Flush, Index => 0));
         Disarm;
         Chosen := Printer_Flush;
         Flush_Done := False;
         requeue Flush_Queue;
      end Flush;

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
      end Stop;

      entry Select_Arm
        (Order : Printer_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Printer_No_Entry then
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
            return;
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
         Flush_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Printer_Alternative) is
      begin
         case Alternative.Id is
            when Printer_Print =>
               Print_Armed := True;
            when Printer_Flush =>
               Flush_Armed := True;
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
            when Printer_Flush =>
               return Printer.Flush'Count > 0;
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

      procedure Print_Take (N : out Integer) is
      begin
         N := Print_N;
         Chosen := Printer_No_Entry;
      end Print_Take;

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

      entry Print_Queue (N : in Integer)
        when Print_Done or else Closed is
      begin
         if not Print_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Print_Done := False;
         if Print_Raised then
            Print_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Print_Failure);
         end if;
      end Print_Queue;

      procedure Flush_Take is
      begin
         Chosen := Printer_No_Entry;
      end Flush_Take;

      procedure Flush_Accept_End is
      begin
         Flush_Done := True;
      end Flush_Accept_End;

      procedure Flush_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Flush_Failure, Occurrence);
         Flush_Raised := True;
         Flush_Done := True;
      end Flush_Failed;

      entry Flush_Queue
        when Flush_Done or else Closed is
      begin
         if not Flush_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Flush_Done := False;
         if Flush_Raised then
            Flush_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Flush_Failure);
         end if;
      end Flush_Queue;

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
      Pending : Natural := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Printer.Select_Arm
              (Order => (1 => (Printer_Print, 0),
                         2 => ((if Pending > 0 then Printer_Flush else Printer_No_Entry), 0),
                         3 => (Printer_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     N : Integer;
                  begin
                     Printer.Print_Take (N);
                     begin
                        Pending := Pending + 1;
                        Put_Line ("print" & N'Image);
                     exception
                        when Occurrence : others =>
                           Printer.Print_Failed (Occurrence);
                           raise;
                     end;
                     Printer.Print_Accept_End;
                  end;
               when 2 =>
                  Printer.Flush_Take;
                  begin
                     Put_Line ("flushed" & Pending'Image);
                     Pending := 0;
                  exception
                     when Occurrence : others =>
                        Printer.Flush_Failed (Occurrence);
                        raise;
                  end;
                  Printer.Flush_Accept_End;
               when 3 =>
                  Printer.Stop_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Printer_Agent;

   X : Integer;
begin
   Cell.Set (5);
   Cell.Get (X);
   Put_Line ("cell" & X'Image);
   Cell.Set (7);
   Cell.Get (X);
   Put_Line ("cell" & X'Image);
   Cell.Quit;
   Printer.Print (1);
   Printer.Print (2);
   Printer.Flush;
   Printer.Print (3);
   Printer.Flush;
   Printer.Stop;
   Put_Line ("PASSED");
end Main;
