--  Servers with a delay alternative that the accepting-server scheme must
--  refuse, each for its own reason:
--  Printer  prints in its delay alternative (Put_Line would block in the
--           timing event's handler, a protected action);
--  Fast     waits 0.02 s, shorter than GNAT's timing-event period;
--  Noter    changes a variable outside the task when it times out (it may
--           time out after its master completed);
--  Poller   waits 0.0 s: it polls, as with an else part.

with Ada.Text_IO;

procedure Main is

   Noted : Natural := 0;

   task Printer is
      entry Wait_Idle;
      entry Stop;
   end Printer;

   task body Printer is
      Said : Boolean := False;
   begin
      loop
         select
            when Said =>
               accept Wait_Idle;
         or
            accept Stop;
            exit;
         or
            when not Said =>
               delay 0.1;
               Ada.Text_IO.Put_Line ("printer: idle");
               Said := True;
         end select;
      end loop;
   end Printer;

   task Fast is
      entry Ticks (N : out Natural);
      entry Stop;
   end Fast;

   task body Fast is
      Count : Natural := 0;
   begin
      loop
         select
            accept Ticks (N : out Natural) do
               N := Count;
            end Ticks;
         or
            accept Stop;
            exit;
         or
            delay 0.02;
            Count := Count + 1;
         end select;
      end loop;
   end Fast;

   task Noter is
      entry Stop;
   end Noter;

   task body Noter is
   begin
      loop
         select
            accept Stop;
            exit;
         or
            delay 0.1;
            Noted := Noted + 1;
         end select;
      end loop;
   end Noter;

   task Poller is
      entry Poke;
      entry Stop;
   end Poller;

   task body Poller is
      Pokes : Natural := 0;
      Polls : Natural := 0;
   begin
      loop
         select
            accept Poke;
            Pokes := Pokes + 1;
         or
            accept Stop;
            exit;
         or
            delay 0.0;
            Polls := Polls + 1;
         end select;
      end loop;
   end Poller;

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
