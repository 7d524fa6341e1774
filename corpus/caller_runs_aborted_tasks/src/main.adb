--  Aborted tasks beside the caller-runs scheme.  Spinner is aborted but never
--  calls Tally, so Tally is translated.  Worker is aborted and calls Journal
--  through Note: aborted while it ran Journal's code, it would leave
--  Journal's turn taken for ever, so Journal is refused (naming the abort and
--  the call path).
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Tally is
      entry Add (N : Integer);
      entry Total (Sum : out Integer);
   end Tally;

   task Journal is
      entry Log (Msg : String);
      entry Count (N : out Integer);
   end Journal;

   task body Tally is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Add (N : Integer) do
               Sum := Sum + N;
            end Add;
            Put_Line ("added");
         or
            accept Total (Sum : out Integer) do
               Sum := Tally.Sum;
            end Total;
         or
            terminate;
         end select;
      end loop;
   end Tally;

   task body Journal is
      Lines : Integer := 0;
   begin
      loop
         select
            accept Log (Msg : String) do
               Lines := Lines + 1;
               Put_Line ("journal: " & Msg);
            end Log;
         or
            accept Count (N : out Integer) do
               N := Lines;
            end Count;
         or
            terminate;
         end select;
      end loop;
   end Journal;

   procedure Note (Msg : String) is
   begin
      Journal.Log (Msg);
   end Note;

   task Spinner is
      entry Go;
   end Spinner;

   task body Spinner is
      Turns : Natural := 0;
   begin
      accept Go;
      loop
         Turns := (Turns + 1) mod 1000;
         delay 0.001;
      end loop;
   end Spinner;

   task Worker is
      entry Go;
   end Worker;

   task body Worker is
   begin
      accept Go;
      Note ("worker started");
      loop
         delay 0.001;
      end loop;
   end Worker;

   N, Sum : Integer;
begin
   Spinner.Go;
   Worker.Go;
   --  Worker has logged once it is past its call: wait for it before aborting
   loop
      Journal.Count (N);
      exit when N = 1;
      delay 0.001;
   end loop;
   Tally.Add (2);
   Tally.Add (3);
   Tally.Total (Sum);
   abort Spinner, Worker;
   Note ("main");
   Journal.Count (N);
   Put_Line ("sum" & Integer'Image (Sum) & ", lines" & Integer'Image (N));
   if Sum = 5 and N = 2 then
      Put_Line ("PASSED");
   end if;
end Main;
