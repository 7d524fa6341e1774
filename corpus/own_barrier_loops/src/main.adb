--  A cyclic barrier task for a fixed team (accepts inside for and while
--  loops, the textbook Ada 83 way), a coordinator whose accept body
--  contains a selective accept with a delay alternative, and workers that
--  compute in phases.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Team   : constant := 3;
   Phases : constant := 4;

   task Barrier is
      entry Arrive;
      entry Go;
   end Barrier;

   task body Barrier is
      Round : Natural := 0;
   begin
      loop
         select
            accept Arrive;
         or
            terminate;
         end select;
         for I in 2 .. Team loop
            accept Arrive;
         end loop;
         Round := Round + 1;
         declare
            Released : Natural := 0;
         begin
            while Released < Team loop
               accept Go;
               Released := Released + 1;
            end loop;
         end;
      end loop;
   end Barrier;

   type Cells is array (1 .. Team) of Integer;

   task Board is
      entry Put (Who : Positive; Value : Integer);
      entry Snapshot (C : out Cells);
      entry Checkpoint (Label : String; Seen : out Natural);
      entry Ack;
   end Board;

   task body Board is
      Data   : Cells := (others => 0);
      Events : Natural := 0;
   begin
      loop
         select
            accept Put (Who : Positive; Value : Integer) do
               Data (Who) := Value;
               Events := Events + 1;
            end Put;
         or
            accept Snapshot (C : out Cells) do
               C := Data;
            end Snapshot;
         or
            accept Checkpoint (Label : String; Seen : out Natural) do
               --  A checkpoint waits (inside the rendezvous) for an
               --  acknowledgement, but not for ever.
               select
                  accept Ack;
                  Seen := Events;
               or
                  delay 0.5;
                  Seen := 0;
                  Put_Line ("checkpoint " & Label & " timed out");
               end select;
            end Checkpoint;
         or
            terminate;
         end select;
      end loop;
   end Board;

   task type Worker (Me : Positive);
   task body Worker is
      Value : Integer := Me;
      C     : Cells;
   begin
      for P in 1 .. Phases loop
         Board.Put (Me, Value);
         Barrier.Arrive;
         Barrier.Go;
         Board.Snapshot (C);
         --  everybody sees everybody's value of this phase
         Value := 0;
         for I in C'Range loop
            Value := Value + C (I) * I;
         end loop;
         Value := Value mod 1000;
         Barrier.Arrive;
         Barrier.Go;
      end loop;
      Board.Put (Me, Value);
   end Worker;

   Final : Cells;
   Seen  : Natural;
begin
   declare
      W1 : Worker (1);
      W2 : Worker (2);
      W3 : Worker (3);
      task Acker;
      task body Acker is
      begin
         delay 0.01;
         Board.Ack;
      end Acker;
   begin
      Board.Checkpoint ("start", Seen);
      Put_Line ("checkpoint acknowledged: " & Boolean'Image (Seen >= 0));
   end;
   Board.Snapshot (Final);
   for I in Final'Range loop
      Put_Line ("worker" & Integer'Image (I) & " final" & Integer'Image (Final (I)));
   end loop;
   Board.Checkpoint ("end", Seen);
   Put_Line ("events after timeout:" & Natural'Image (Seen));
end Main;
