with Ada.Text_IO; use Ada.Text_IO;

--  Two task types implement one task interface, and an object of its class is
--  asked 'Terminated.  Translating either task type alone would have to turn the
--  interface into a synchronized one, which the other, still a task type, can
--  implement but whose class-wide objects then answer no task attribute: both
--  are refused, named.
procedure Main is

   package Machines is
      type Machine is task interface;
      procedure Halt (M : in out Machine) is abstract;

      task type Press is new Machine with
         entry Halt;
      end Press;

      task type Lathe is new Machine with
         entry Halt;
      end Lathe;
   end Machines;

   package body Machines is
      task body Press is
      begin
         accept Halt do
            Put_Line ("press halted");
         end Halt;
      end Press;

      task body Lathe is
      begin
         accept Halt do
            Put_Line ("lathe halted");
         end Halt;
      end Lathe;
   end Machines;

   use Machines;

   procedure Stop (M : in out Machine'Class) is
   begin
      M.Halt;
      while not M'Terminated loop
         delay 0.01;
      end loop;
   end Stop;

   P : Press;
   L : Lathe;
begin
   Stop (P);
   Stop (L);
   Put_Line ("PASSED");
end Main;
