--  Entry calls triggering asynchronous selects that keep servers that print
--  from the caller-runs scheme (it would split each call: the server's turn
--  as the trigger, the rest of the entry's procedure first in the triggered
--  part), each for its own reason: Logger's entry takes an in parameter,
--  evaluated when the call is made, before the abortable part starts;
--  Waiter's accept body polls a flag the abortable part raises, with a
--  limit and a delay (the caller would run it only after the abortable part
--  was aborted, where a queued call's rendezvous could see the flag up; the
--  delay alone says so: while the server delays, the abortable part runs
--  on); Pager's
--  trigger has an abortable part that calls an entry of another task (its
--  abortion would wait for that call, which may wait for Pager's code);
--  Pool's objects are triggered through an array component, whose index
--  the abortable part changes.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Flag is
      procedure Raise_It;
      function Is_Up return Boolean;
   private
      Up : Boolean := False;
   end Flag;

   protected body Flag is
      procedure Raise_It is
      begin
         Up := True;
      end Raise_It;

      function Is_Up return Boolean is
      begin
         return Up;
      end Is_Up;
   end Flag;

   task Logger is
      entry Log (Msg : String);
   end Logger;

   task body Logger is
   begin
      loop
         select
            accept Log (Msg : String) do
               Put_Line ("log: " & Msg);
            end Log;
         or
            terminate;
         end select;
      end loop;
   end Logger;

   task Waiter is
      entry Wait;
   end Waiter;

   task body Waiter is
   begin
      loop
         select
            accept Wait do
               for K in 1 .. 20 loop
                  exit when Flag.Is_Up;
                  delay 0.01;
               end loop;
               Put_Line ("the flag is up: " & Boolean'Image (Flag.Is_Up));
            end Wait;
         or
            terminate;
         end select;
      end loop;
   end Waiter;

   task Pager is
      entry Page;
   end Pager;

   task body Pager is
   begin
      loop
         select
            accept Page do
               Put_Line ("paged");
            end Page;
         or
            terminate;
         end select;
      end loop;
   end Pager;

   task Echo is
      entry Ping;
   end Echo;

   task body Echo is
   begin
      loop
         select
            accept Ping do
               Put_Line ("ping");
            end Ping;
         or
            terminate;
         end select;
      end loop;
   end Echo;

   task type Worker is
      entry Work;
   end Worker;

   task body Worker is
   begin
      loop
         select
            accept Work do
               Put_Line ("work");
            end Work;
         or
            terminate;
         end select;
      end loop;
   end Worker;

   Pool : array (1 .. 2) of Worker;
   I : Positive := 1;
begin
   select
      Logger.Log ("first");
   then abort
      delay 5.0;
   end select;
   select
      Waiter.Wait;
      Put_Line ("waited");
   then abort
      Flag.Raise_It;
      delay 5.0;
   end select;
   select
      Pager.Page;
   then abort
      Echo.Ping;
      delay 5.0;
   end select;
   select
      Pool (I).Work;
   then abort
      I := 2;
      delay 5.0;
   end select;
   Put_Line ("PASSED");
end Main;
