--  One-shot servers whose entries other tasks call: the caller-runs scheme
--  takes them once no calling server that hands them work is rewritten.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Log is
      procedure Add (C : Character);
      function Image return String;
   private
      Text : String (1 .. 16) := (others => ' ');
      Last : Natural := 0;
   end Log;

   protected body Log is
      procedure Add (C : Character) is
      begin
         Last := Last + 1;
         Text (Last) := C;
      end Add;

      function Image return String is
      begin
         return Text (1 .. Last);
      end Image;
   end Log;

   protected Sum is
      procedure Add (V : Integer);
      function Total return Integer;
   private
      Value : Integer := 0;
   end Sum;

   protected body Sum is
      procedure Add (V : Integer) is
      begin
         Value := Value + V;
      end Add;

      function Total return Integer is
      begin
         return Value;
      end Total;
   end Sum;

   procedure Note (C : Character) is
   begin
      Log.Add (C);
   end Note;

   --  Handed work by Dispatcher, whose translation the calling scheme refuses
   --  (the accept body does more than store what it receives).
   task type Worker is
      entry Start (V : Integer);
   end Worker;

   task body Worker is
      Mine : Integer := 0;
   begin
      accept Start (V : Integer) do
         Mine := V;
         Note ('s');
      end Start;
      Sum.Add (Mine);
   end Worker;

   Closed : Integer := 0;
   pragma Atomic (Closed);

begin
   declare
      --  Opened by the main program, closed by another task.
      task Relay is
         entry Open (Id : Integer);
         entry Close (Total : out Integer);
      end Relay;

      task body Relay is
         Kept : Integer := 0;
      begin
         accept Open (Id : Integer) do
            Kept := Id;
            Note ('o');
         end Open;
         Kept := Kept * 2;
         accept Close (Total : out Integer) do
            Total := Kept;
            Note ('c');
         end Close;
         Note ('e');
      end Relay;

      task Closer;
      task body Closer is
         T : Integer;
      begin
         Relay.Close (T);
         Closed := T;
      end Closer;
   begin
      Relay.Open (21);
   end;
   declare
      Pool : array (1 .. 3) of Worker;
   begin
      declare
         task Dispatcher;
         task body Dispatcher is
         begin
            for I in Pool'Range loop
               Pool (I).Start (I * 10);
            end loop;
         end Dispatcher;
      begin
         null;
      end;
   end;
   Put_Line ("closed" & Integer'Image (Closed));
   Put_Line ("log " & Log.Image);
   Put_Line ("sum" & Integer'Image (Sum.Total));
   Put_Line ("PASSED");
end Main;
