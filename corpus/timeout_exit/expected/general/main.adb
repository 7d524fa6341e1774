--  A session that expires: its select waits 0.2 s for a Touch; when none
--  comes, the delay alternative leaves the loop and the task ends.  Main
--  touches it three times, waits until it has terminated and then finds that
--  a late Touch raises Tasking_Error.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO;

procedure Main is

   type Session_Entry is (Session_No_Entry, Session_Touch, Session_Hits);
   type Session_Alternative is record
      Id : Session_Entry := Session_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Session_Alternative_List is array (Positive range <>) of Session_Alternative;
   --  rdv2po: task Session became this protected object; its code runs in the
   --  task Session_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Session is
      entry Touch;
      entry Hits (N : out Natural);
      --  rdv2po: the rendezvous protocol, for Session_Agent
      entry Select_Arm
        (Order : Session_Alternative_List;
         Chosen_Position : out Natural);
      procedure Touch_Take;
      procedure Touch_Accept_End;
      procedure Touch_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Touch_Queue;
      procedure Hits_Take (N : out Natural);
      procedure Hits_Accept_End (N : in Natural);
      procedure Hits_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Hits_Queue (N : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Session_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Session_Alternative);
      function Queued (Alternative : Session_Alternative) return Boolean;
      function Position_Of (Alternative : Session_Alternative) return Natural;
      Armed_List : Session_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Session_Entry := Session_No_Entry;
      Timed : Boolean := False;
      Closed_2 : Boolean := False;
      Touch_Armed : Boolean := False;
      Touch_Done : Boolean := False;
      Touch_Raised : Boolean := False;
      Touch_Failure : Ada.Exceptions.Exception_Occurrence;
      Hits_Armed : Boolean := False;
      Hits_N : Natural;
      Hits_Done : Boolean := False;
      Hits_Raised : Boolean := False;
      Hits_Failure : Ada.Exceptions.Exception_Occurrence;
   end Session;
   task Session_Agent is
      --  rdv2po: general scheme agent of Session
   end Session_Agent;

   protected body Session is

      entry Touch
        when Closed_2
          or else (Chosen = Session_No_Entry
                   and then ((Touch_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed_2 then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Session_Touch, Index => 0));
         Disarm;
         Chosen := Session_Touch;
         Touch_Done := False;
         requeue Touch_Queue;
      end Touch;

      entry Hits (N : out Natural)
        when Closed_2
          or else (Chosen = Session_No_Entry
                   and then ((Hits_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed_2 then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Session_Hits, Index => 0));
         Disarm;
         Chosen := Session_Hits;
         Hits_N := N;
         Hits_Done := False;
         requeue Hits_Queue;
      end Hits;

      entry Select_Arm
        (Order : Session_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed_2 is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Session_No_Entry then
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
        (Order : Session_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Session_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Touch_Armed := False;
         Hits_Armed := False;
         Timed := False;
      end Disarm;

      procedure Arm (Alternative : Session_Alternative) is
      begin
         case Alternative.Id is
            when Session_Touch =>
               Touch_Armed := True;
            when Session_Hits =>
               Hits_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Session_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Session_Touch =>
               return Session.Touch'Count > 0;
            when Session_Hits =>
               return Session.Hits'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Session_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Touch_Take is
      begin
         Chosen := Session_No_Entry;
      end Touch_Take;

      procedure Touch_Accept_End is
      begin
         Touch_Done := True;
      end Touch_Accept_End;

      procedure Touch_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Touch_Failure, Occurrence);
         Touch_Raised := True;
         Touch_Done := True;
      end Touch_Failed;

      entry Touch_Queue
        when Touch_Done or else Closed_2 is
      begin
         if not Touch_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Touch_Done := False;
         if Touch_Raised then
            Touch_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Touch_Failure);
         end if;
      end Touch_Queue;

      procedure Hits_Take (N : out Natural) is
      begin
         N := Hits_N;
         Chosen := Session_No_Entry;
      end Hits_Take;

      procedure Hits_Accept_End (N : in Natural) is
      begin
         Hits_N := N;
         Hits_Done := True;
      end Hits_Accept_End;

      procedure Hits_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Hits_Failure, Occurrence);
         Hits_Raised := True;
         Hits_Done := True;
      end Hits_Failed;

      entry Hits_Queue (N : out Natural)
        when Hits_Done or else Closed_2 is
      begin
         if not Hits_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Hits_Done := False;
         if Hits_Raised then
            Hits_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Hits_Failure);
         end if;
         N := Hits_N;
      end Hits_Queue;

      procedure Close is
      begin
         Closed_2 := True;
      end Close;
   end Session;

   task body Session_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Session_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Session_Closer);
      overriding procedure Finalize (Object : in out Session_Closer) is
      begin
         Session.Close;
      end Finalize;
      Closer : Session_Closer;
      Count  : Natural := 0;
      Closed : Boolean := False;
   begin
      loop
         declare
            Choice : Natural;
         begin
            select
               Session.Select_Arm
                 (Order => (1 => (Session_Touch, 0),
                            2 => (Session_Hits, 0)),
                  Chosen_Position => Choice);
            or
               delay 0.2;
               Choice := 0;
            end select;
            case Choice is
               when 1 =>
                  Session.Touch_Take;
                  begin
                     Count := Count + 1;
                  exception
                     when Occurrence : others =>
                        Session.Touch_Failed (Occurrence);
                        raise;
                  end;
                  Session.Touch_Accept_End;
               when 2 =>
                  declare
                     N : Natural;
                  begin
                     Session.Hits_Take (N);
                     begin
                        N := Count;
                     exception
                        when Occurrence : others =>
                           Session.Hits_Failed (Occurrence);
                           raise;
                     end;
                     Session.Hits_Accept_End (N);
                  end;
               when others =>
                  exit;
            end case;
         end;
      end loop;
      Closed := True;       --  after the loop: run where the task left it
   end Session_Agent;

   N     : Natural;
   Polls : Natural := 0;

begin
   for I in 1 .. 3 loop
      Session.Touch;
   end loop;
   Session.Hits (N);
   Ada.Text_IO.Put_Line ("hits:" & Natural'Image (N));
   while not Session_Agent'Terminated loop
      delay 0.01;
      Polls := Polls + 1;
   end loop;
   Ada.Text_IO.Put_Line ("expired: " & Boolean'Image (Polls > 0));
   begin
      Session.Touch;
      Ada.Text_IO.Put_Line ("late touch: accepted");
   exception
      when Tasking_Error =>
         Ada.Text_IO.Put_Line ("late touch: Tasking_Error");
   end;
   Ada.Text_IO.Put_Line ("PASSED");
end Main;
