--  Calling server whose callees accept inside a select: each worker waits
--  once, outside any loop, for either Start (with a value) or Skip.  Picker
--  hands out Start to the slots whose index is not a multiple of three and
--  Skip to the others, in a for loop.  Every worker reports to Sheet; main
--  waits for all of them and prints the sheet.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Size : constant := 6;
   type Value_Array is array (1 .. Size) of Integer;

   protected Sheet is
      procedure Put (Id : Integer; Value : Integer);
      entry Wait_All (Values : out Value_Array);
   private
      Store : Value_Array := (others => 0);
      Count : Natural := 0;
   end Sheet;

   protected body Sheet is
      procedure Put (Id : Integer; Value : Integer) is
      begin
         Store (Id) := Value;
         Count := Count + 1;
      end Put;
      entry Wait_All (Values : out Value_Array) when Count = Size is
      begin
         Values := Store;
      end Wait_All;
   end Sheet;

   task type Worker is
      entry Start (Id : Integer; Value : Integer);
      entry Skip (Id : Integer);
   end Worker;

   task body Worker is
      My_Id  : Integer;
      Result : Integer := -1;
   begin
      select
         accept Start (Id : Integer; Value : Integer) do
            My_Id := Id;
            Result := Value * 2 + Id;
         end Start;
      or
         accept Skip (Id : Integer) do
            My_Id := Id;
         end Skip;
      end select;
      Sheet.Put (My_Id, Result);
   end Worker;

   Slots : array (1 .. Size) of Worker;

   task Picker;

   task body Picker is
   begin
      for I in Slots'Range loop
         if I mod 3 = 0 then
            Slots (I).Skip (I);
         else
            Slots (I).Start (I, I * I + 4);
         end if;
      end loop;
   end Picker;

   Values : Value_Array;
   Total  : Integer := 0;

begin
   Sheet.Wait_All (Values);
   for I in Values'Range loop
      Put_Line ("slot" & Integer'Image (I) & " value" & Integer'Image (Values (I)));
      Total := Total + Values (I);
   end loop;
   Put_Line ("total" & Integer'Image (Total));
   if Values = (11, 18, -1, 44, 63, -1) and Total = 134 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
