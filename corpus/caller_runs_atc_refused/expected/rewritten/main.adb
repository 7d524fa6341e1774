--  Asynchronous selects that keep servers from the caller-runs scheme: Log
--  is called in an abortable part, Store through a procedure the abortable
--  part calls, Clock's entry Tick triggers one (a procedure cannot).  Tally
--  is called only outside abortable parts: it is translated.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
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

   protected Store is
      procedure Put (N : Integer);
      procedure Get (N : out Integer);
   private
      --  rdv2po: task Store became this protected object.
      Held : Integer := 0;
   end Store;

   protected body Store is

      procedure Put (N : Integer) is
      begin
         Held := N;
      end Put;

      procedure Get (N : out Integer) is
      begin
         N := Held;
      end Get;

   end Store;

   protected Clock is
      entry Tick;
      --  rdv2po: task Clock became this protected object.
   end Clock;

   protected body Clock is

      entry Tick when True is
      begin
         null;  --  an accept without statements
      end Tick;

   end Clock;

   protected Tally is
      procedure Add (N : Integer);
      procedure Total (T : out Integer);
   private
      --  rdv2po: task Tally became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Sum : Integer := 0;
   end Tally;

   protected body Tally is

      procedure Add (N : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + N;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Add;

      procedure Total (T : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         T := Sum;
      end Total;

   end Tally;

   procedure Save (N : Integer) is
   begin
      Store.Put (N);
   end Save;

   N : Integer;
begin
   select
      delay 5.0;
      Put_Line ("timed out");
   then abort
      Logger.Log ("inside");
      Save (7);
   end select;
   select
      Clock.Tick;
      Put_Line ("ticked");
   then abort
      delay 5.0;
      Put_Line ("not ticked");
   end select;
   Store.Get (N);
   Tally.Add (N);
   Tally.Total (N);
   Put_Line ("total:" & Integer'Image (N));
   Put_Line ("PASSED");
end Main;
