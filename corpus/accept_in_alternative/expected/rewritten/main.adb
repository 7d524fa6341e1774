--  Accepts in the statements of a select alternative.  Mutex is Ben-Ari's
--  binary semaphore: "select accept Wait; accept Signal; or terminate;".
--  Turns hands out turns in order: after Take it counts, then waits for
--  Give back, then advances; its other alternative (Peek) goes straight on.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Mutex is
      entry Wait;
      entry Signal;
   private
      --  rdv2po: task Mutex became this protected object. Stage is where
      --  the task stood: 1 = select of Wait; 2 = accept Signal.
      Stage : Integer := 1;
   end Mutex;

   protected body Mutex is

      entry Wait when Stage = 1 is
      begin
         Stage := 2;
      end Wait;

      entry Signal when Stage = 2 is
      begin
         Stage := 1;
      end Signal;

   end Mutex;

   protected Turns is
      entry Take (Who : out Positive);
      entry Give;
      entry Peek (Who : out Positive; Taken : out Natural);
   private
      --  rdv2po: task Turns became this protected object. Stage is where
      --  the task stood: 1 = select of Take/Peek; 2 = accept Give; 0 =
      --  ended (calls raise Tasking_Error).
      Stage : Integer := 1;
      Next  : Positive := 1;
      Count : Natural := 0;
   end Turns;

   protected body Turns is

      entry Take (Who : out Positive) when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Who := Next;
         Stage := 2;
         begin
            Count := Count + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Take;

      entry Give when Stage = 0 or else Stage = 2 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stage := 1;
         begin
            Next := Next mod 3 + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Give;

      entry Peek (Who : out Positive; Taken : out Natural)
        when Stage = 0 or else Stage = 1
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Who := Next;
         Taken := Count;
         Stage := 1;
      end Peek;

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
