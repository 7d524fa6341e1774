--  Servers that print, which the caller-runs scheme refuses, each for a
--  reason it names: a delay after the accept (the caller would wait it out),
--  an entry call in the accept body (the caller might be the task called), a
--  conditional call of the server's entry, and code after the accept naming
--  a variable like the entry's formal.  What is printed has one order:
--  each line of Relay's comes before its next rendezvous, and main prints
--  only after Relay has taken Done.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Sink is
      procedure Put (V : Integer);
      procedure Get (V : out Integer);
   private
      --  rdv2po: task Sink became this protected object.
      Last : Integer := 0;
   end Sink;

   protected body Sink is

      procedure Put (V : Integer) is
      begin
         Last := V;
      end Put;

      procedure Get (V : out Integer) is
      begin
         V := Last;
      end Get;

   end Sink;

   protected Gate is
      entry Pass;
      procedure Open;
   private
      Is_Open : Boolean := False;
   end Gate;

   protected body Gate is
      entry Pass when Is_Open is
      begin
         null;
      end Pass;

      procedure Open is
      begin
         Is_Open := True;
      end Open;
   end Gate;

   task Ticker is
      entry Tick (N : Integer);
      entry Total (C : out Integer);
   end Ticker;

   task body Ticker is
      N : Integer := 0;
      Count : Integer := 0;
   begin
      loop
         select
            accept Tick (N : Integer) do
               Put_Line ("tick" & Integer'Image (N));
               Ticker.N := N;
            end Tick;
            delay 0.001;
            Count := Count + N;
         or
            accept Total (C : out Integer) do
               C := Count;
            end Total;
         or
            terminate;
         end select;
      end loop;
   end Ticker;

   task Relay is
      entry Put (V : Integer);
      entry Done;
   end Relay;

   task body Relay is
      Last : Integer := 0;
   begin
      loop
         select
            accept Put (V : Integer) do
               Put_Line ("relay" & Integer'Image (V));
               Last := V;
            end Put;
            Gate.Pass;
            Put_Line ("passed" & Integer'Image (Last));
         or
            accept Done;
         or
            terminate;
         end select;
      end loop;
   end Relay;

   V : Integer;
begin
   Ticker.Tick (1);
   Ticker.Tick (2);
   select
      Ticker.Total (V);
      Put_Line ("total" & Integer'Image (V));
   or
      delay 5.0;
      Put_Line ("ticker busy");
   end select;
   Relay.Put (5);
   Gate.Open;
   Relay.Put (6);
   Relay.Put (7);
   Relay.Done;   --  taken once Relay has printed "passed 7"
   Put_Line ("PASSED");
end Main;
