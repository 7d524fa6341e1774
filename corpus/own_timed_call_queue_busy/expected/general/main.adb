--  A timed entry call gives up after its delay when the rendezvous cannot
--  start in time, here because the callee is busy in another rendezvous
--  and a second caller is queued ahead (RM 9.7.2).  Stylist serves Seat
--  twice.  While it serves First, it wakes Second and waits until Second
--  is queued on Seat, then wakes Impatient, whose timed call of Seat must
--  wait at least its patience and give up; Stylist, still serving First,
--  waits for that by calling Impatient.Leave, which Impatient accepts only
--  after giving up.  Then Second is served.  The tasks note what happened;
--  Main reports once the block is left.

with Ada.Finalization;
with Ada.Exceptions;
with Ada.Real_Time; use Ada.Real_Time;
with Ada.Text_IO;   use Ada.Text_IO;

procedure Main is

   Patience : constant Duration := 0.1;

   Served       : String (1 .. 2) := "..";
   Count_Served : Natural := 0;
   Gave_Up      : Boolean := False;
   Waited_Long  : Boolean := False;
   Got_Seat     : Boolean := False;

begin
   declare
      task First;

      type Second_Entry is (Second_No_Entry, Second_Go);
      --  rdv2po: task Second became this protected object; its code runs in
      --  the task Second_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Second is
         entry Go;
         --  rdv2po: the rendezvous protocol, for Second_Agent
         entry Go_Accept_Begin;
         procedure Close;
      private
         Chosen : Second_Entry := Second_No_Entry;
         Closed : Boolean := False;
      end Second;
      task Second_Agent is
         --  rdv2po: general scheme agent of Second
      end Second_Agent;

      type Impatient_Entry is
        (Impatient_No_Entry,
         Impatient_Go,
         Impatient_Leave);
      --  rdv2po: task Impatient became this protected object; its code runs in
      --  the task Impatient_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Impatient is
         entry Go;
         entry Leave;
         --  rdv2po: the rendezvous protocol, for Impatient_Agent
         entry Go_Accept_Begin;
         entry Leave_Accept_Begin;
         procedure Close;
      private
         Chosen : Impatient_Entry := Impatient_No_Entry;
         Closed : Boolean := False;
      end Impatient;
      task Impatient_Agent is
         --  rdv2po: general scheme agent of Impatient
      end Impatient_Agent;

      type Stylist_Entry is (Stylist_No_Entry, Stylist_Seat);
      --  rdv2po: task Stylist became this protected object; its code runs in
      --  the task Stylist_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Stylist is
         entry Seat (Ticket : Character);
         --  rdv2po: the rendezvous protocol, for Stylist_Agent
         entry Seat_Accept_Begin (Ticket : out Character);
         procedure Seat_Accept_End;
         procedure Seat_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Seat_Queue (Ticket : in Character);
         function Seat_Count return Natural;
         procedure Close;
      private
         Chosen : Stylist_Entry := Stylist_No_Entry;
         Closed : Boolean := False;
         Seat_Ticket : Character;
         Seat_Done : Boolean := False;
         Seat_Raised : Boolean := False;
         Seat_Failure : Ada.Exceptions.Exception_Occurrence;
      end Stylist;
      task Stylist_Agent is
         --  rdv2po: general scheme agent of Stylist
      end Stylist_Agent;

      protected body Stylist is

         entry Seat (Ticket : Character)
           when Closed
             or else (Chosen = Stylist_No_Entry
                      and then Seat_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Stylist_Seat;
            Seat_Ticket := Ticket;
            Seat_Done := False;
            requeue Seat_Queue;
         end Seat;

         entry Seat_Accept_Begin (Ticket : out Character)
           when Chosen = Stylist_Seat is
         begin
            Ticket := Seat_Ticket;
            Chosen := Stylist_No_Entry;
         end Seat_Accept_Begin;

         procedure Seat_Accept_End is
         begin
            Seat_Done := True;
         end Seat_Accept_End;

         procedure Seat_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Seat_Failure, Occurrence);
            Seat_Raised := True;
            Seat_Done := True;
         end Seat_Failed;

         entry Seat_Queue (Ticket : in Character)
           when Seat_Done or else Closed is
         begin
            if not Seat_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Seat_Done := False;
            if Seat_Raised then
               Seat_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Seat_Failure);
            end if;
         end Seat_Queue;

         function Seat_Count return Natural is
         begin
            return Stylist.Seat'Count;
         end Seat_Count;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Stylist;

      task body Stylist_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Stylist_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Stylist_Closer);
         overriding procedure Finalize (Object : in out Stylist_Closer) is
         begin
            Stylist.Close;
         end Finalize;
         Closer : Stylist_Closer;
      begin
         declare
            Ticket : Character;
         begin
            Stylist.Seat_Accept_Begin (Ticket);
            begin
               Count_Served := Count_Served + 1;
               Served (Count_Served) := Ticket;
               if Ticket = '1' then
                  Second.Go;
                  while Stylist.Seat_Count = 0 loop
                     delay 0.005;
                  end loop;
                  Impatient.Go;
                  Impatient.Leave;
               end if;
            exception
               when Occurrence : others =>
                  Stylist.Seat_Failed (Occurrence);
                  raise;
            end;
            Stylist.Seat_Accept_End;
         end;
         declare
            Ticket : Character;
         begin
            Stylist.Seat_Accept_Begin (Ticket);
            begin
               Count_Served := Count_Served + 1;
               Served (Count_Served) := Ticket;
            exception
               when Occurrence : others =>
                  Stylist.Seat_Failed (Occurrence);
                  raise;
            end;
            Stylist.Seat_Accept_End;
         end;
      end Stylist_Agent;

      task body First is
      begin
         Stylist.Seat ('1');
      end First;

      protected body Second is

         entry Go
           when Closed
             or else (Chosen = Second_No_Entry
                      and then Go_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Second_Go;
         end Go;

         entry Go_Accept_Begin
           when Chosen = Second_Go is
         begin
            Chosen := Second_No_Entry;
         end Go_Accept_Begin;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Second;

      task body Second_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Second_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Second_Closer);
         overriding procedure Finalize (Object : in out Second_Closer) is
         begin
            Second.Close;
         end Finalize;
         Closer : Second_Closer;
      begin
         Second.Go_Accept_Begin;
         Stylist.Seat ('2');
      end Second_Agent;

      protected body Impatient is

         entry Go
           when Closed
             or else (Chosen = Impatient_No_Entry
                      and then Go_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Impatient_Go;
         end Go;

         entry Leave
           when Closed
             or else (Chosen = Impatient_No_Entry
                      and then Leave_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Impatient_Leave;
         end Leave;

         entry Go_Accept_Begin
           when Chosen = Impatient_Go is
         begin
            Chosen := Impatient_No_Entry;
         end Go_Accept_Begin;

         entry Leave_Accept_Begin
           when Chosen = Impatient_Leave is
         begin
            Chosen := Impatient_No_Entry;
         end Leave_Accept_Begin;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Impatient;

      task body Impatient_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Impatient_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Impatient_Closer);
         overriding procedure Finalize (Object : in out Impatient_Closer) is
         begin
            Impatient.Close;
         end Finalize;
         Closer : Impatient_Closer;
         Asked : Time;
      begin
         Impatient.Go_Accept_Begin;
         Asked := Clock;
         select
            Stylist.Seat ('3');
            Got_Seat := True;
         or
            delay Patience;
            Waited_Long := Clock - Asked >= To_Time_Span (Patience);
            Gave_Up := True;
            Impatient.Leave_Accept_Begin;
         end select;
      end Impatient_Agent;
   begin
      null;
   end;

   Put_Line ("served in the order " & Served);
   Put_Line ("timed call gave up: " & Boolean'Image (Gave_Up));
   Put_Line ("waited its whole delay: " & Boolean'Image (Waited_Long));
   if Served = "12" and then Gave_Up and then Waited_Long and then not Got_Seat then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
