with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO;
package body Pkg is
   type Printer_Entry is
     (Printer_No_Entry,
      Printer_Print,
      Printer_Total,
      Printer_Quit);
   type Printer_Alternative is record
      Id : Printer_Entry := Printer_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Printer_Alternative_List is array (Positive range <>) of Printer_Alternative;
   --  rdv2po: the rendezvous of task Printer, for Printer_Agent
   protected Printer_Rendezvous is
      entry Print (N : Integer);
      entry Total (Value : out Integer);
      entry Quit;
      entry Select_Arm
        (Order : Printer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Print_Take (N : out Integer);
      procedure Print_Accept_End;
      procedure Print_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Print_Queue (N : in Integer);
      procedure Total_Take (Value : out Integer);
      procedure Total_Accept_End (Value : in Integer);
      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Total_Queue (Value : out Integer);
      procedure Quit_Take;
      procedure Quit_Accept_End;
      procedure Quit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Quit_Queue;
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
      Total_Armed : Boolean := False;
      Total_Value : Integer;
      Total_Done : Boolean := False;
      Total_Raised : Boolean := False;
      Total_Failure : Ada.Exceptions.Exception_Occurrence;
      Quit_Armed : Boolean := False;
      Quit_Done : Boolean := False;
      Quit_Raised : Boolean := False;
      Quit_Failure : Ada.Exceptions.Exception_Occurrence;
   end Printer_Rendezvous;
   task Printer_Agent is
      --  rdv2po: general scheme agent of Printer_Rendezvous
   end Printer_Agent;

   protected body Printer is
      --  rdv2po: each call goes on to Printer_Rendezvous, as cancellable as it
      --  was
      entry Print (N : Integer) when True is
      begin
         requeue Printer_Rendezvous.Print with abort;
      end Print;

      entry Total (Value : out Integer) when True is
      begin
         requeue Printer_Rendezvous.Total with abort;
      end Total;

      entry Quit when True is
      begin
         requeue Printer_Rendezvous.Quit with abort;
      end Quit;
   end Printer;

   protected body Printer_Rendezvous is

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

      entry Total (Value : out Integer)
        when Closed or else (Chosen = Printer_No_Entry and then Total_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Printer_Total, Index => 0));
         Disarm;
         Chosen := Printer_Total;
         Total_Value := Value;
         Total_Done := False;
         requeue Total_Queue;
      end Total;

      entry Quit
        when Closed or else (Chosen = Printer_No_Entry and then Quit_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Printer_Quit, Index => 0));
         Disarm;
         Chosen := Printer_Quit;
         Quit_Done := False;
         requeue Quit_Queue;
      end Quit;

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
         Total_Armed := False;
         Quit_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Printer_Alternative) is
      begin
         case Alternative.Id is
            when Printer_Print =>
               Print_Armed := True;
            when Printer_Total =>
               Total_Armed := True;
            when Printer_Quit =>
               Quit_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Printer_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Printer_Print =>
               return Printer_Rendezvous.Print'Count > 0;
            when Printer_Total =>
               return Printer_Rendezvous.Total'Count > 0;
            when Printer_Quit =>
               return Printer_Rendezvous.Quit'Count > 0;
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

      procedure Total_Take (Value : out Integer) is
      begin
         Value := Total_Value;
         Chosen := Printer_No_Entry;
      end Total_Take;

      procedure Total_Accept_End (Value : in Integer) is
      begin
         Total_Value := Value;
         Total_Done := True;
      end Total_Accept_End;

      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Total_Failure, Occurrence);
         Total_Raised := True;
         Total_Done := True;
      end Total_Failed;

      entry Total_Queue (Value : out Integer)
        when Total_Done or else Closed is
      begin
         if not Total_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Total_Done := False;
         if Total_Raised then
            Total_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Total_Failure);
         end if;
         Value := Total_Value;
      end Total_Queue;

      procedure Quit_Take is
      begin
         Chosen := Printer_No_Entry;
      end Quit_Take;

      procedure Quit_Accept_End is
      begin
         Quit_Done := True;
      end Quit_Accept_End;

      procedure Quit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Quit_Failure, Occurrence);
         Quit_Raised := True;
         Quit_Done := True;
      end Quit_Failed;

      entry Quit_Queue
        when Quit_Done or else Closed is
      begin
         if not Quit_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Quit_Done := False;
         if Quit_Raised then
            Quit_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Quit_Failure);
         end if;
      end Quit_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Printer_Rendezvous;

   task body Printer_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Printer_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Printer_Closer);
      overriding procedure Finalize (Object : in out Printer_Closer) is
      begin
         Printer_Rendezvous.Close;
      end Finalize;
      Closer : Printer_Closer;
      Sum : Integer := 0;
      Lines : Natural := 0;
      Served : Natural := 0;

      procedure Say (S : String) is
      begin
         Ada.Text_IO.Put_Line (S);
         Lines := Lines + 1;
      end Say;
   begin
      Serve : loop
         declare
            Choice : Natural;
         begin
            Printer_Rendezvous.Select_Arm
              (Order => (1 => (Printer_Print, 0),
                         2 => (Printer_Total, 0),
                         3 => (Printer_Quit, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     N : Integer;
                  begin
                     Printer_Rendezvous.Print_Take (N);
                     begin
                        Say ("print" & Integer'Image (N));
                     exception
                        when Occurrence : others =>
                           Printer_Rendezvous.Print_Failed (Occurrence);
                           raise;
                     end;
                     Printer_Rendezvous.Print_Accept_End;
                  end;
                  Sum := Sum + 1;
                  exit Serve when Sum >= 100;
               when 2 =>
                  declare
                     Value : Integer;
                  begin
                     Printer_Rendezvous.Total_Take (Value);
                     begin
                        Value := Printer_Agent.Sum;
                     exception
                        when Occurrence : others =>
                           Printer_Rendezvous.Total_Failed (Occurrence);
                           raise;
                     end;
                     Printer_Rendezvous.Total_Accept_End (Value);
                  end;
               when 3 =>
                  Printer_Rendezvous.Quit_Take;
                  begin
                     Say ("quitting");
                  exception
                     when Occurrence : others =>
                        Printer_Rendezvous.Quit_Failed (Occurrence);
                        raise;
                  end;
                  Printer_Rendezvous.Quit_Accept_End;
                  exit;
               when others =>
                  null;
            end case;
         end;
         Served := Served + 1;
      end loop Serve;
      Say ("printer done after" & Natural'Image (Lines) & " lines,"
           & Natural'Image (Served) & " calls served");
   end Printer_Agent;
end Pkg;
