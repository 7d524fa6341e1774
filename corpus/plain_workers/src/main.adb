--  Plain worker tasks: an array of Worker tasks that only compute.  They
--  have no entries and call no entries; each one stores its result in its
--  own component of Results.  The main procedure waits for all of them by
--  leaving the block that declares them, then prints the results.

with Ada.Text_IO;

procedure Main is

   Workers_Count : constant := 6;

   subtype Worker_Id is Positive range 1 .. Workers_Count;

   Results : array (Worker_Id) of Natural := (others => 0);

   Last_Id : Natural := 0;

   --  Called once per worker while the array of workers is elaborated,
   --  all by the main procedure, so no two calls overlap.
   function Next_Id return Worker_Id is
   begin
      Last_Id := Last_Id + 1;
      return Last_Id;
   end Next_Id;

   --  Number of steps of the Collatz sequence from N down to 1.
   function Collatz_Steps (N : Positive) return Natural is
      X     : Positive := N;
      Steps : Natural := 0;
   begin
      while X /= 1 loop
         if X mod 2 = 0 then
            X := X / 2;
         else
            X := 3 * X + 1;
         end if;
         Steps := Steps + 1;
      end loop;
      return Steps;
   end Collatz_Steps;

   task type Worker (Id : Worker_Id := Next_Id);

   task body Worker is
      Best : Natural := 0;
   begin
      --  Worker Id handles the numbers N with N mod Workers_Count = Id - 1.
      for N in 1 .. 3_000 loop
         if N mod Workers_Count = Id - 1 then
            Best := Natural'Max (Best, Collatz_Steps (N));
         end if;
      end loop;
      Results (Id) := Best;
   end Worker;

   Overall : Natural := 0;

begin
   declare
      Pool : array (Worker_Id) of Worker;
      pragma Unreferenced (Pool);
   begin
      null;
   end;

   for Id in Worker_Id loop
      Ada.Text_IO.Put_Line
        ("Worker" & Worker_Id'Image (Id) & ": longest"
         & Natural'Image (Results (Id)));
      Overall := Natural'Max (Overall, Results (Id));
   end loop;
   Ada.Text_IO.Put_Line ("Longest overall:" & Natural'Image (Overall));
   if Overall = 216 then
      Ada.Text_IO.Put_Line ("PASSED");
   else
      Ada.Text_IO.Put_Line ("FAILED");
   end if;
end Main;
