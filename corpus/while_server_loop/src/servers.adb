package body Servers is

   --  Running is cleared after Stop; the loop test then ends the task.
   task body Logger is
      Running : Boolean := True;
      Sum     : Integer := 0;
      Calls   : Natural := 0;
   begin
      while Running loop
         select
            accept Log (X : Integer) do
               Sum := Sum + X;
            end Log;
            Calls := Calls + 1;
         or
            accept Total (T : out Integer) do
               T := Sum * 1000 + Calls;
            end Total;
         or
            accept Stop;
            Running := False;
         end select;
      end loop;
   end Logger;

   --  Ends after Max ticks: the test reads a typed constant of the task.
   task body Counter is
      Max   : constant Natural := 3;
      Count : Natural := 0;
   begin
      while Count < Max loop
         accept Tick (N : out Natural) do
            N := Count;
         end Tick;
         Count := Count + 1;
      end loop;
   end Counter;

   --  The condition is False at once: the task ends without accepting.
   task body Never is
      Enabled : Boolean := False;
   begin
      while Enabled loop
         accept Ping;
         Enabled := not Enabled;
      end loop;
   end Never;

end Servers;
