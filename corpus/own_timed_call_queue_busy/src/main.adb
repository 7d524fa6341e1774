--  A timed entry call gives up after its delay when the rendezvous cannot
--  start in time, here because the callee is busy in another rendezvous
--  and a second caller is queued ahead (RM 9.7.2).  Stylist serves Seat
--  twice.  While it serves First, it wakes Second and waits until Second
--  is queued on Seat, then wakes Impatient, whose timed call of Seat must
--  wait at least its patience and give up; Stylist, still serving First,
--  waits for that by calling Impatient.Leave, which Impatient accepts only
--  after giving up.  Then Second is served.  The tasks note what happened;
--  Main reports once the block is left.

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

      task Second is
         entry Go;
      end Second;

      task Impatient is
         entry Go;
         entry Leave;
      end Impatient;

      task Stylist is
         entry Seat (Ticket : Character);
      end Stylist;

      task body Stylist is
      begin
         accept Seat (Ticket : Character) do
            Count_Served := Count_Served + 1;
            Served (Count_Served) := Ticket;
            if Ticket = '1' then
               Second.Go;
               while Seat'Count = 0 loop
                  delay 0.005;
               end loop;
               Impatient.Go;
               Impatient.Leave;
            end if;
         end Seat;
         accept Seat (Ticket : Character) do
            Count_Served := Count_Served + 1;
            Served (Count_Served) := Ticket;
         end Seat;
      end Stylist;

      task body First is
      begin
         Stylist.Seat ('1');
      end First;

      task body Second is
      begin
         accept Go;
         Stylist.Seat ('2');
      end Second;

      task body Impatient is
         Asked : Time;
      begin
         accept Go;
         Asked := Clock;
         select
            Stylist.Seat ('3');
            Got_Seat := True;
         or
            delay Patience;
            Waited_Long := Clock - Asked >= To_Time_Span (Patience);
            Gave_Up := True;
            accept Leave;
         end select;
      end Impatient;
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
