--  Servers whose variables leave the task's stack when it is eliminated
--  (common/sizes.py): all of static size, well under rdv2po's 64 KiB bound.
--  Keeper (accepting) keeps a table of 1000 integers; Ring (a task type,
--  accepting) an array bounded by its discriminant, which its one object
--  gives as 4; Logger (caller-runs: it prints) a 16-character line.
--  Translated; beside corpus task_stack_variables_refused.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Table is array (1 .. 1_000) of Integer;
   type Slots is array (Positive range <>) of Integer;

   task Keeper is
      entry Put (I : Positive; V : Integer);
      entry Get (I : Positive; V : out Integer);
   end Keeper;

   task type Ring (Size : Positive) is
      entry Add (V : Integer);
      entry Sum (S : out Integer);
   end Ring;

   task Logger is
      entry Log (C : Character);
   end Logger;

   task body Keeper is
      Data : Table := (others => 0);
   begin
      loop
         select
            accept Put (I : Positive; V : Integer) do
               Data (I) := V;
            end Put;
         or
            accept Get (I : Positive; V : out Integer) do
               V := Data (I);
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Keeper;

   task body Ring is
      Items : Slots (1 .. Size) := (others => 0);
      Next  : Positive := 1;
   begin
      loop
         select
            accept Add (V : Integer) do
               Items (Next) := V;
               Next := Next mod Size + 1;
            end Add;
         or
            accept Sum (S : out Integer) do
               S := 0;
               for X of Items loop
                  S := S + X;
               end loop;
            end Sum;
         or
            terminate;
         end select;
      end loop;
   end Ring;

   task body Logger is
      Line : String (1 .. 16) := (others => ' ');
      Last : Natural := 0;
   begin
      loop
         select
            accept Log (C : Character) do
               Last := Last + 1;
               Line (Last) := C;
               Put_Line ("log: " & Line (1 .. Last));
            end Log;
         or
            terminate;
         end select;
      end loop;
   end Logger;

   R : Ring (4);
   V : Integer;
begin
   Keeper.Put (500, 7);
   Keeper.Get (500, V);
   Put_Line ("keeper:" & V'Image);
   for I in 1 .. 6 loop
      R.Add (I);
   end loop;
   R.Sum (V);
   Put_Line ("ring:" & V'Image);
   Logger.Log ('o');
   Logger.Log ('k');
   Put_Line ("PASSED");
end Main;
