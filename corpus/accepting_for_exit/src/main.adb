--  Bounded for loops with an exit, run by servers after an accept.  Finder's
--  exit tests its own variables: the loop ends alike in the task and in the
--  protected object.  Scanner's exit polls a flag its caller sets once the
--  call returns: in the object the loop would run inside that very call, and
--  wait in vain for the flag up to its bound.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Stop : Boolean := False with Atomic;

   type Table is array (1 .. 50) of Integer;

   task Finder is
      entry Look (Data : Table; Key : Integer);
      entry Result (Index : out Natural);
   end Finder;

   task body Finder is
      Where : Natural := 0;
      Cells : Table := (others => 0);
      Wanted : Integer := 0;
   begin
      loop
         select
            accept Look (Data : Table; Key : Integer) do
               Cells := Data;
               Wanted := Key;
            end Look;
            Where := 0;
            for I in Cells'Range loop
               if Cells (I) = Wanted then
                  Where := I;
               end if;
               exit when Where /= 0;
            end loop;
         or
            accept Result (Index : out Natural) do
               Index := Where;
            end Result;
         or
            terminate;
         end select;
      end loop;
   end Finder;

   task Scanner is
      entry Start;
      entry Steps (Count : out Natural);
   end Scanner;

   task body Scanner is
      Done : Natural := 0;
   begin
      loop
         select
            accept Start;
            Done := 0;
            for I in 1 .. 500_000_000 loop
               exit when Stop;
               Done := Done + 1;
            end loop;
         or
            accept Steps (Count : out Natural) do
               Count := Done;
            end Steps;
         or
            terminate;
         end select;
      end loop;
   end Scanner;

   Data : Table;
   Found : Natural;
   Taken : Natural;
begin
   for I in Data'Range loop
      Data (I) := I * I;
   end loop;
   Finder.Look (Data, 49);
   Finder.Result (Found);
   Put_Line ("found at" & Natural'Image (Found));
   Scanner.Start;
   Stop := True;
   Scanner.Steps (Taken);
   Put_Line ("stopped early: " & Boolean'Image (Taken < 500_000_000));
   Put_Line ("PASSED");
end Main;
