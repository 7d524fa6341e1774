--  Accepts in the statements of a select alternative.  Mutex is Ben-Ari's
--  binary semaphore: "select accept Wait; accept Signal; or terminate;".
--  Turns hands out turns in order: after Take it counts, then waits for
--  Give back, then advances; its other alternative (Peek) goes straight on.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Mutex is
      entry Wait;
      entry Signal;
   end Mutex;

   task body Mutex is
   begin
      loop
         select
            accept Wait;
            accept Signal;
         or
            terminate;
         end select;
      end loop;
   end Mutex;

   task Turns is
      entry Take (Who : out Positive);
      entry Give;
      entry Peek (Who : out Positive; Taken : out Natural);
   end Turns;

   task body Turns is
      Next  : Positive := 1;
      Count : Natural := 0;
   begin
      loop
         select
            accept Take (Who : out Positive) do
               Who := Next;
            end Take;
            Count := Count + 1;
            accept Give;
            Next := Next mod 3 + 1;
         or
            accept Peek (Who : out Positive; Taken : out Natural) do
               Who := Next;
               Taken := Count;
            end Peek;
         or
            terminate;
         end select;
      end loop;
   end Turns;

   Shared : Natural := 0;

   task type Worker (Id : Positive);
   task body Worker is
      Me : Positive;
   begin
      for I in 1 .. 100 loop
         Mutex.Wait;
         Shared := Shared + Id;
         Mutex.Signal;
      end loop;
      Turns.Take (Me);
      Turns.Give;
   end Worker;

   Who   : Positive;
   Taken : Natural;
begin
   declare
      A : Worker (1);
      B : Worker (2);
      C : Worker (3);
   begin
      null;
   end;
   Turns.Peek (Who, Taken);
   Put_Line ("shared" & Natural'Image (Shared) & ", next" & Positive'Image (Who)
             & ", taken" & Natural'Image (Taken));
   Put_Line ("PASSED");
end Main;
