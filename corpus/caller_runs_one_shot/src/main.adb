--  One-shot servers the caller-runs scheme takes: tasks that accept their
--  entries one after another, and end (no loop).  Each accept is
--  a stage of the turn; the caller of the last runs what the task did after
--  it, and the task is then completed: a later call raises Tasking_Error.  A
--  task type's objects (declared, in an array, made by an allocator) each
--  hold their own stage; their masters wait for them as they waited for the
--  tasks.  An entry accepted twice, one accept after the other, is taken at
--  either stage, and its procedure runs the code of the one taken.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   procedure Exchange is
      task Once is
         entry Put (S : String);
         entry Get (N : out Integer);
      end Once;

      task body Once is
         Count : Integer := 0;
      begin
         accept Put (S : String) do
            Put_Line ("once: " & S);
            Count := S'Length;
         end Put;
         Count := Count * 2;
         accept Get (N : out Integer) do
            N := Count;
         end Get;
         Put_Line ("once done");
      end Once;

      N : Integer;
   begin
      Once.Put ("abc");
      Once.Get (N);
      begin
         Once.Put ("again");
         Put_Line ("late call taken");
      exception
         when Tasking_Error => Put_Line ("late call: Tasking_Error");
      end;
      Put_Line ("got" & Integer'Image (N));
   end Exchange;

   procedure Pairing is
      task Pair is
         entry Put (S : String);
      end Pair;

      task body Pair is
         First : String (1 .. 3) := "???";
      begin
         accept Put (S : String) do
            First := S (S'First .. S'First + 2);
         end Put;
         accept Put (S : String) do
            Put_Line ("pair: " & First & " and " & S);
         end Put;
      end Pair;
   begin
      Pair.Put ("left");
      Pair.Put ("right");
   end Pairing;

   task type Reply (Scale : Positive) is
      entry Ask (Q : String; A : out Integer);
   end Reply;

   task body Reply is
   begin
      accept Ask (Q : String; A : out Integer) do
         A := Q'Length * Scale;
      end Ask;
   end Reply;

   procedure Replies is
      type Reply_Access is access Reply;
      Far : constant Reply_Access := new Reply (4);
      One : Reply (2);
      Row : array (1 .. 3) of Reply (3);
      A : Integer;
   begin
      One.Ask ("ab", A);
      Put_Line ("one" & Integer'Image (A));
      for I in Row'Range loop
         Row (I).Ask ((1 .. I => 'x'), A);
         Put_Line ("row" & Integer'Image (A));
      end loop;
      Far.Ask ("abc", A);
      Put_Line ("far" & Integer'Image (A));
   end Replies;
begin
   Exchange;
   Pairing;
   Replies;
   Put_Line ("PASSED");
end Main;
