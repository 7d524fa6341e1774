with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Gate is
      entry Enter;
      procedure Leave;
   private
      Inside : Boolean := False;
   end Gate;

   protected body Gate is
      entry Enter when not Inside is
      begin
         Inside := True;
      end Enter;
      procedure Leave is
      begin
         Inside := False;
      end Leave;
   end Gate;

   --  Its one accept sits in a select of one guarded alternative.
   type Greeter_Entry is (Greeter_No_Entry, Greeter_Hello);
   type Greeter_Alternative is record
      Id : Greeter_Entry := Greeter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Greeter_Alternative_List is array (Positive range <>) of Greeter_Alternative;
   --  rdv2po: task Greeter became this protected object; its code runs in the
   --  task Greeter_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Greeter is
      entry Hello (N : Integer);
      --  rdv2po: the rendezvous protocol, for Greeter_Agent
      entry Select_Arm
        (Order : Greeter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Hello_Take (N : out Integer);
      procedure Hello_Accept_End;
      procedure Hello_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Hello_Queue (N : in Integer);
      function Hello_Count return Natural;
      procedure Close;
   private
      entry Select_Wait
        (Order : Greeter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Greeter_Alternative);
      function Queued (Alternative : Greeter_Alternative) return Boolean;
      function Position_Of (Alternative : Greeter_Alternative) return Natural;
      Armed_List : Greeter_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Greeter_Entry := Greeter_No_Entry;
      Closed : Boolean := False;
      Hello_Armed : Boolean := False;
      Hello_N : Integer;
      Hello_Done : Boolean := False;
      Hello_Raised : Boolean := False;
      Hello_Failure : Ada.Exceptions.Exception_Occurrence;
   end Greeter;
   task Greeter_Agent is
      --  rdv2po: general scheme agent of Greeter
   end Greeter_Agent;

   protected body Greeter is

      entry Hello (N : Integer)
        when Closed or else (Chosen = Greeter_No_Entry and then Hello_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Greeter_Hello, Index => 0));
         Disarm;
         Chosen := Greeter_Hello;
         Hello_N := N;
         Hello_Done := False;
         requeue Hello_Queue;
      end Hello;

      entry Select_Arm
        (Order : Greeter_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Greeter_No_Entry then
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
        (Order : Greeter_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Greeter_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Hello_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Greeter_Alternative) is
      begin
         case Alternative.Id is
            when Greeter_Hello =>
               Hello_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Greeter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Greeter_Hello =>
               return Greeter.Hello'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Greeter_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Hello_Take (N : out Integer) is
      begin
         N := Hello_N;
         Chosen := Greeter_No_Entry;
      end Hello_Take;

      procedure Hello_Accept_End is
      begin
         Hello_Done := True;
      end Hello_Accept_End;

      procedure Hello_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Hello_Failure, Occurrence);
         Hello_Raised := True;
         Hello_Done := True;
      end Hello_Failed;

      entry Hello_Queue (N : in Integer)
        when Hello_Done or else Closed is
      begin
         if not Hello_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Hello_Done := False;
         if Hello_Raised then
            Hello_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Hello_Failure);
         end if;
      end Hello_Queue;

      function Hello_Count return Natural is
      begin
         return Greeter.Hello'Count;
      end Hello_Count;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Greeter;

   task body Greeter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Greeter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Greeter_Closer);
      overriding procedure Finalize (Object : in out Greeter_Closer) is
      begin
         Greeter.Close;
      end Finalize;
      Closer : Greeter_Closer;
   begin
      declare
         Choice : Natural;
      begin
         Greeter.Select_Arm
           (Order => (1 => ((if Greeter.Hello_Count >= 0 then Greeter_Hello else Greeter_No_Entry), 0)),
            Chosen_Position => Choice);
         case Choice is
            when 1 =>
               declare
                  N : Integer;
               begin
                  Greeter.Hello_Take (N);
                  begin
                     Put_Line ("hello" & N'Image);
                  exception
                     when Occurrence : others =>
                        Greeter.Hello_Failed (Occurrence);
                        raise;
                  end;
                  Greeter.Hello_Accept_End;
               end;
            when others =>
               null;
         end case;
      end;
   end Greeter_Agent;

   --  After its accept it waits on a protected entry.
   type Visitor_Entry is (Visitor_No_Entry, Visitor_Go);
   --  rdv2po: task Visitor became this protected object; its code runs in the
   --  task Visitor_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Visitor is
      entry Go (N : Integer);
      --  rdv2po: the rendezvous protocol, for Visitor_Agent
      entry Go_Accept_Begin (N : out Integer);
      procedure Go_Accept_End;
      procedure Go_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Go_Queue (N : in Integer);
      procedure Close;
   private
      Chosen : Visitor_Entry := Visitor_No_Entry;
      Closed : Boolean := False;
      Go_N : Integer;
      Go_Done : Boolean := False;
      Go_Raised : Boolean := False;
      Go_Failure : Ada.Exceptions.Exception_Occurrence;
   end Visitor;
   task Visitor_Agent is
      --  rdv2po: general scheme agent of Visitor
   end Visitor_Agent;

   protected body Visitor is

      entry Go (N : Integer)
        when Closed
          or else (Chosen = Visitor_No_Entry
                   and then Go_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Visitor_Go;
         Go_N := N;
         Go_Done := False;
         requeue Go_Queue;
      end Go;

      entry Go_Accept_Begin (N : out Integer)
        when Chosen = Visitor_Go is
      begin
         N := Go_N;
         Chosen := Visitor_No_Entry;
      end Go_Accept_Begin;

      procedure Go_Accept_End is
      begin
         Go_Done := True;
      end Go_Accept_End;

      procedure Go_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Go_Failure, Occurrence);
         Go_Raised := True;
         Go_Done := True;
      end Go_Failed;

      entry Go_Queue (N : in Integer)
        when Go_Done or else Closed is
      begin
         if not Go_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Go_Done := False;
         if Go_Raised then
            Go_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Go_Failure);
         end if;
      end Go_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Visitor;

   task body Visitor_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Visitor_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Visitor_Closer);
      overriding procedure Finalize (Object : in out Visitor_Closer) is
      begin
         Visitor.Close;
      end Finalize;
      Closer : Visitor_Closer;
      Id : Integer;
   begin
      declare
         N : Integer;
      begin
         Visitor.Go_Accept_Begin (N);
         begin
            Id := N;
            Put_Line ("visitor" & Id'Image);
         exception
            when Occurrence : others =>
               Visitor.Go_Failed (Occurrence);
               raise;
         end;
         Visitor.Go_Accept_End;
      end;
      Gate.Enter;
      Id := Id + 1;
      Gate.Leave;
   end Visitor_Agent;

   --  Beside Greeter: the same accept, written bare, is a one-shot server.
   type Waver_Entry is (Waver_No_Entry, Waver_Wave);
   --  rdv2po: task Waver became this protected object; its code runs in the
   --  task Waver_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Waver is
      entry Wave (N : Integer);
      --  rdv2po: the rendezvous protocol, for Waver_Agent
      entry Wave_Accept_Begin (N : out Integer);
      procedure Wave_Accept_End;
      procedure Wave_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Wave_Queue (N : in Integer);
      procedure Close;
   private
      Chosen : Waver_Entry := Waver_No_Entry;
      Closed : Boolean := False;
      Wave_N : Integer;
      Wave_Done : Boolean := False;
      Wave_Raised : Boolean := False;
      Wave_Failure : Ada.Exceptions.Exception_Occurrence;
   end Waver;
   task Waver_Agent is
      --  rdv2po: general scheme agent of Waver
   end Waver_Agent;

   protected body Waver is

      entry Wave (N : Integer)
        when Closed
          or else (Chosen = Waver_No_Entry
                   and then Wave_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Waver_Wave;
         Wave_N := N;
         Wave_Done := False;
         requeue Wave_Queue;
      end Wave;

      entry Wave_Accept_Begin (N : out Integer)
        when Chosen = Waver_Wave is
      begin
         N := Wave_N;
         Chosen := Waver_No_Entry;
      end Wave_Accept_Begin;

      procedure Wave_Accept_End is
      begin
         Wave_Done := True;
      end Wave_Accept_End;

      procedure Wave_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Wave_Failure, Occurrence);
         Wave_Raised := True;
         Wave_Done := True;
      end Wave_Failed;

      entry Wave_Queue (N : in Integer)
        when Wave_Done or else Closed is
      begin
         if not Wave_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Wave_Done := False;
         if Wave_Raised then
            Wave_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Wave_Failure);
         end if;
      end Wave_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Waver;

   task body Waver_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Waver_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Waver_Closer);
      overriding procedure Finalize (Object : in out Waver_Closer) is
      begin
         Waver.Close;
      end Finalize;
      Closer : Waver_Closer;
   begin
      declare
         N : Integer;
      begin
         Waver.Wave_Accept_Begin (N);
         begin
            Put_Line ("wave" & N'Image);
         exception
            when Occurrence : others =>
               Waver.Wave_Failed (Occurrence);
               raise;
         end;
         Waver.Wave_Accept_End;
      end;
   end Waver_Agent;
begin
   Greeter.Hello (1);
   Waver.Wave (3);
   Visitor.Go (2);
   Put_Line ("PASSED");
end Main;
