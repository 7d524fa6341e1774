--  Callers' timed and conditional entry calls against a server that is
--  provably busy (held inside a rendezvous) or free, and a server whose
--  selective accept ends on an idle timeout (delay alternative), after
--  which calls raise Tasking_Error.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   protected Gate is
      entry Pass;
      procedure Open;
      procedure Note_Inside;
      function Inside return Boolean;
   private
      Opened  : Boolean := False;
      Is_In   : Boolean := False;
   end Gate;

   protected body Gate is
      entry Pass when Opened is
      begin
         null;
      end Pass;
      procedure Open is
      begin
         Opened := True;
      end Open;
      procedure Note_Inside is
      begin
         Is_In := True;
      end Note_Inside;
      function Inside return Boolean is (Is_In);
   end Gate;

   type Server_Entry is (Server_No_Entry, Server_Double, Server_Hold);
   type Server_Alternative is record
      Id : Server_Entry := Server_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Server_Alternative_List is array (Positive range <>) of Server_Alternative;
   --  rdv2po: task Server became this protected object; its code runs in the
   --  task Server_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Server is
      entry Double (X : Integer; Y : out Integer);
      entry Hold;
      --  rdv2po: the rendezvous protocol, for Server_Agent
      entry Select_Arm
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural);
      procedure Double_Take (X : out Integer; Y : out Integer);
      procedure Double_Accept_End (Y : in Integer);
      procedure Double_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Double_Queue (X : in Integer; Y : out Integer);
      procedure Hold_Take;
      procedure Hold_Accept_End;
      procedure Hold_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Hold_Queue;
      procedure Close;
   private
      entry Select_Wait
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Server_Alternative);
      function Queued (Alternative : Server_Alternative) return Boolean;
      function Position_Of (Alternative : Server_Alternative) return Natural;
      Armed_List : Server_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Server_Entry := Server_No_Entry;
      Timed : Boolean := False;
      Closed : Boolean := False;
      Double_Armed : Boolean := False;
      Double_X : Integer;
      Double_Y : Integer;
      Double_Done : Boolean := False;
      Double_Raised : Boolean := False;
      Double_Failure : Ada.Exceptions.Exception_Occurrence;
      Hold_Armed : Boolean := False;
      Hold_Done : Boolean := False;
      Hold_Raised : Boolean := False;
      Hold_Failure : Ada.Exceptions.Exception_Occurrence;
   end Server;
   task Server_Agent is
      --  rdv2po: general scheme agent of Server
   end Server_Agent;

   protected body Server is

      entry Double (X : Integer; Y : out Integer)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then ((Double_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Double, Index => 0));
         Disarm;
         Chosen := Server_Double;
         Double_X := X;
         Double_Y := Y;
         Double_Done := False;
         requeue Double_Queue;
      end Double;

      entry Hold
        when Closed
          or else (Chosen = Server_No_Entry
                   and then ((Hold_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Hold, Index => 0));
         Disarm;
         Chosen := Server_Hold;
         Hold_Done := False;
         requeue Hold_Queue;
      end Hold;

      entry Select_Arm
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Server_No_Entry then
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
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Server_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Double_Armed := False;
         Hold_Armed := False;
         Timed := False;
      end Disarm;

      procedure Arm (Alternative : Server_Alternative) is
      begin
         case Alternative.Id is
            when Server_Double =>
               Double_Armed := True;
            when Server_Hold =>
               Hold_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Server_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Server_Double =>
               return Server.Double'Count > 0;
            when Server_Hold =>
               return Server.Hold'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Server_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Double_Take (X : out Integer; Y : out Integer) is
      begin
         X := Double_X;
         Y := Double_Y;
         Chosen := Server_No_Entry;
      end Double_Take;

      procedure Double_Accept_End (Y : in Integer) is
      begin
         Double_Y := Y;
         Double_Done := True;
      end Double_Accept_End;

      procedure Double_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Double_Failure, Occurrence);
         Double_Raised := True;
         Double_Done := True;
      end Double_Failed;

      entry Double_Queue (X : in Integer; Y : out Integer)
        when Double_Done or else Closed is
      begin
         if not Double_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Double_Done := False;
         if Double_Raised then
            Double_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Double_Failure);
         end if;
         Y := Double_Y;
      end Double_Queue;

      procedure Hold_Take is
      begin
         Chosen := Server_No_Entry;
      end Hold_Take;

      procedure Hold_Accept_End is
      begin
         Hold_Done := True;
      end Hold_Accept_End;

      procedure Hold_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Hold_Failure, Occurrence);
         Hold_Raised := True;
         Hold_Done := True;
      end Hold_Failed;

      entry Hold_Queue
        when Hold_Done or else Closed is
      begin
         if not Hold_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Hold_Done := False;
         if Hold_Raised then
            Hold_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Hold_Failure);
         end if;
      end Hold_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Server;

   task body Server_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Server_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Server_Closer);
      overriding procedure Finalize (Object : in out Server_Closer) is
      begin
         Server.Close;
      end Finalize;
      Closer : Server_Closer;
      Served : Natural := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            select
               Server.Select_Arm
                 (Order => (1 => (Server_Double, 0),
                            2 => (Server_Hold, 0)),
                  Chosen_Position => Choice);
            or
               delay 0.3;
               Choice := 0;
            end select;
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                     Y : Integer;
                  begin
                     Server.Double_Take (X, Y);
                     begin
                        Y := 2 * X;
                     exception
                        when Occurrence : others =>
                           Server.Double_Failed (Occurrence);
                           raise;
                     end;
                     Server.Double_Accept_End (Y);
                  end;
                  Served := Served + 1;
               when 2 =>
                  Server.Hold_Take;
                  begin
                     Gate.Note_Inside;
                     Gate.Pass;
                  exception
                     when Occurrence : others =>
                        Server.Hold_Failed (Occurrence);
                        raise;
                  end;
                  Server.Hold_Accept_End;
               when others =>
                  Put_Line ("server idle after" & Natural'Image (Served) & " requests");
                  exit;
            end case;
         end;
      end loop;
   end Server_Agent;

   Y : Integer;
begin
   Server.Double (1, Y);
   Put_Line ("double 1 =" & Integer'Image (Y));

   declare
      task Holder;
      task body Holder is
      begin
         Server.Hold;
      end Holder;
   begin
      while not Gate.Inside loop
         delay 0.005;
      end loop;
      select
         Server.Double (2, Y);
         Put_Line ("conditional call accepted (wrong)");
      else
         Put_Line ("conditional call: server busy");
      end select;
      select
         Server.Double (3, Y);
         Put_Line ("timed call accepted (wrong)");
      or
         delay 0.05;
         Put_Line ("timed call: timed out");
      end select;
      Gate.Open;
   end;

   select
      Server.Double (4, Y);
      Put_Line ("timed call: double 4 =" & Integer'Image (Y));
   or
      delay 5.0;
      Put_Line ("timed call after release timed out (wrong)");
   end select;

   delay 1.0;   --  longer than the server's idle timeout
   begin
      Server.Double (5, Y);
      Put_Line ("late call accepted (wrong)");
   exception
      when Tasking_Error =>
         Put_Line ("late call: Tasking_Error");
   end;
   select
      Server.Double (6, Y);
      Put_Line ("late conditional call accepted (wrong)");
   else
      Put_Line ("late conditional call: else part (wrong)");
   end select;
exception
   when Tasking_Error =>
      Put_Line ("late conditional call: Tasking_Error");
end Main;
