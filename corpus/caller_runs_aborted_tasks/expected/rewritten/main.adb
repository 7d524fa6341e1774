--  Aborted tasks beside the caller-runs scheme.  Spinner is aborted but never
--  calls Tally, so Tally is translated.  Worker is aborted and calls Journal
--  through Note: aborted while it ran Journal's code, it would leave
--  Journal's turn taken for ever, so Journal is refused (naming the abort and
--  the call path).
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   package Tally is
      procedure Add (N : Integer);
      procedure Total (Sum : out Integer);
   end Tally;

   task Journal is
      entry Log (Msg : String);
      entry Count (N : out Integer);
   end Journal;

   package body Tally is
      Sum : Integer := 0;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Add;
         entry Total;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Add when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Add;

         entry Total when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Total;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Add (N : Integer) is
         Ended : Boolean := False;
      begin
         Turn.Add;
         begin
            Sum := Sum + N;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Put_Line ("added");
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Add;

      procedure Total (Sum : out Integer) is
      begin
         Turn.Total;
         begin
            Sum := Tally.Sum;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Total;
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
