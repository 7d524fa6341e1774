with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Int_Array is array (Positive range <>) of Integer;

   task type Semaphore (Initial : Natural) is
      entry P;
      entry V;
   end Semaphore;

   task type Buffer (Size : Positive) is
      entry Put (X : Integer);
      entry Get (X : out Integer);
   end Buffer;

   task body Semaphore is
      Value : Natural := Initial;
   begin
      loop
         select
            when Value > 0 =>
               accept P do
                  Value := Value - 1;
               end P;
         or
            accept V do
               Value := Value + 1;
            end V;
         or
            terminate;
         end select;
      end loop;
   end Semaphore;

   task body Buffer is
      Data : Int_Array (1 .. Size);
      Head, Tail, Count : Natural := 0;
   begin
      loop
         select
            when Count < Size =>
               accept Put (X : Integer) do
                  Tail := Tail mod Size + 1;
                  Data (Tail) := X;
                  Count := Count + 1;
               end Put;
         or
            when Count > 0 =>
               accept Get (X : out Integer) do
                  Head := Head mod Size + 1;
                  X := Data (Head);
                  Count := Count - 1;
               end Get;
         or
            terminate;
         end select;
      end loop;
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
