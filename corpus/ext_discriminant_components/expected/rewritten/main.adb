with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Int_Array is array (Positive range <>) of Integer;

   protected type Semaphore (Initial : Natural) is
      entry P;
      procedure V;
   private
      --  rdv2po: task Semaphore became this protected object. Ended: the
      --  task has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Value : Natural := Initial;
   end Semaphore;

   protected type Buffer (Size : Positive) is
      entry Put (X : Integer);
      entry Get (X : out Integer);
   private
      --  rdv2po: task Buffer became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Data : Int_Array (1 .. Size);
      Head, Tail, Count : Natural := 0;
   end Buffer;

   protected body Semaphore is

      entry P when Ended or else Value > 0 is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Value := Value - 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end P;

      procedure V is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Value := Value + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end V;

   end Semaphore;

   protected body Buffer is

      entry Put (X : Integer) when Ended or else Count < Size is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Tail := Tail mod Size + 1;
            Data (Tail) := X;
            Count := Count + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Put;

      entry Get (X : out Integer) when Ended or else Count > 0 is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Head := Head mod Size + 1;
            X := Data (Head);
            Count := Count - 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Get;

   end Buffer;

   S : Semaphore (2);
   B : Buffer (3);
   X, Sum : Integer := 0;
begin
   S.P;
   S.P;
   select
      S.P;
      Put_Line ("third P passed: wrong");
   else
      Put_Line ("third P waits");
   end select;
   S.V;
   S.P;
   for Round in 1 .. 3 loop
      for I in 1 .. 3 loop
         B.Put (Round * 10 + I);
      end loop;
      for I in 1 .. 3 loop
         B.Get (X);
         Sum := Sum + X;
      end loop;
   end loop;
   Put_Line ("sum" & Integer'Image (Sum));
   Put_Line ("PASSED");
end Main;
