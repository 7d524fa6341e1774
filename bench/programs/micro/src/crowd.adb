with Cells;
with Servers;

package body Crowd is

   task body Null_Task is
   begin
      null;
   end Null_Task;

   task body Caller is
      N    : Positive;
      Made : Natural := 0;
   begin
      accept Start (Calls : Positive) do
         N := Calls;
      end Start;
      Gate.Wait;
      for I in 1 .. N loop
         Servers.Counter.Bump (1);
         Made := Made + 1;
      end loop;
      accept Finish (Done : out Natural) do
         Done := Made;
      end Finish;
   end Caller;

   protected body Gate is
      entry Wait when Opened is
      begin
         null;
      end Wait;

      procedure Open is
      begin
         Opened := True;
      end Open;
   end Gate;

   task body Passer is
      N    : Positive;
      Mine : Side;
      Made : Natural := 0;
   begin
      accept Start (Calls : Positive; Which : Side) do
         N := Calls;
         Mine := Which;
      end Start;
      for I in 1 .. N loop
         if Mine = Ping_Side then
            Cells.Baton.Ping;
         else
            Cells.Baton.Pong;
         end if;
         Made := Made + 1;
      end loop;
      accept Finish (Done : out Natural) do
         Done := Made;
      end Finish;
   end Passer;

end Crowd;
