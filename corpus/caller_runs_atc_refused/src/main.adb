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

   task Store is
      entry Put (N : Integer);
      entry Get (N : out Integer);
   end Store;

   task body Store is
      Held : Integer := 0;
   begin
      loop
         select
            accept Put (N : Integer) do
               Held := N;
            end Put;
         or
            accept Get (N : out Integer) do
               N := Held;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Store;

   task Clock is
      entry Tick;
   end Clock;

   task body Clock is
   begin
      loop
         select
            accept Tick;
         or
            terminate;
         end select;
      end loop;
   end Clock;

   task Tally is
      entry Add (N : Integer);
      entry Total (T : out Integer);
   end Tally;

   task body Tally is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Add (N : Integer) do
               Sum := Sum + N;
            end Add;
         or
            accept Total (T : out Integer) do
               T := Sum;
            end Total;
         or
            terminate;
         end select;
      end loop;
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
