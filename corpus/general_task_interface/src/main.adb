with Ada.Text_IO; use Ada.Text_IO;
with Ada.Task_Identification;

--  A task type implements a task interface and a synchronized one.  Callers
--  reach it through the interfaces: dispatching entry calls, and the task
--  attributes ('Callable, 'Terminated, 'Identity) and abort of an object of
--  the task interface's class.  A protected type cannot implement a task
--  interface: translated, the interface is a synchronized one whose abstract
--  functions answer the attributes for the agent task.
procedure Main is

   package Machines is
      type Machine is task interface;
      procedure Start (M : in out Machine; Speed : Integer) is abstract;
      procedure Halt (M : in out Machine) is abstract;

      type Meter is synchronized interface;
      procedure Read (M : in out Meter; Value : out Integer) is abstract;

      task type Press is new Machine and Meter with
         entry Start (Speed : Integer);
         entry Halt;
         entry Read (Value : out Integer);
      end Press;
   end Machines;

   package body Machines is
      task body Press is
         Current : Integer := 0;
      begin
         accept Start (Speed : Integer) do
            Current := Speed;
         end Start;
         loop
            select
               accept Read (Value : out Integer) do
                  Value := Current;
               end Read;
            or
               accept Halt;
               exit;
            end select;
         end loop;
      end Press;
   end Machines;

   use Machines;
   use type Ada.Task_Identification.Task_Id;

   procedure Run (M : in out Machine'Class; Speed : Integer) is
   begin
      Put_Line ("callable before start: " & Boolean'Image (M'Callable));
      M.Start (Speed);
   end Run;

   procedure Show (M : in out Meter'Class) is
      Value : Integer;
   begin
      M.Read (Value);
      Put_Line ("reading" & Integer'Image (Value));
   end Show;

   function Same (M : Machine'Class; Id : Ada.Task_Identification.Task_Id)
     return Boolean is
   begin
      return M'Identity = Id;
   end Same;

   procedure Stop (M : in out Machine'Class; Hard : Boolean) is
   begin
      if Hard then
         abort M;
      else
         M.Halt;
      end if;
      while not M'Terminated loop
         delay 0.01;
      end loop;
      Put_Line ("terminated, callable: " & Boolean'Image (M'Callable));
   end Stop;

   A, B : Press;
begin
   Run (A, 10);
   Run (B, 20);
   Show (A);
   Show (B);
   Put_Line ("identity kept: "
             & Boolean'Image (Same (A, A'Identity) and not Same (A, B'Identity)));
   Stop (A, Hard => False);
   Stop (B, Hard => True);
   begin
      Show (B);
   exception
      when Tasking_Error => Put_Line ("aborted: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;
