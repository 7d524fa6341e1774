--  Uses of the objects of a task type that the protected type it would
--  become cannot answer, or that rdv2po cannot tie to the type: each is
--  named in the refusal, with its place.  An object of a derived type (GNAT's
--  cross references do not give the parent), 'Identity of an object, a
--  function call that returns an access to one, 'Callable in the type's own
--  body, and an abort naming an object with an array element (the names are
--  evaluated before any task is aborted).
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Task_Identification; use Ada.Task_Identification;
procedure Main is

   task type Meter is
      entry Add (N : Integer);
      entry Alive (Ok : out Boolean);
   end Meter;

   task body Meter is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Add (N : Integer) do
               Sum := Sum + N;
            end Add;
         or
            accept Alive (Ok : out Boolean) do
               Ok := Meter'Callable;
            end Alive;
         or
            terminate;
         end select;
      end loop;
   end Meter;

   type Meter_Ptr is access Meter;
   type Twin is new Meter;

   Pool : array (1 .. 2) of Meter;
   Copy : Twin;
   One  : Meter;
   Kept : constant Meter_Ptr := new Meter;

   function Pick return Meter_Ptr is
   begin
      return Kept;
   end Pick;

   Ok : Boolean;
begin
   Pool (1).Add (1);
   Copy.Add (2);
   Pool (1).Alive (Ok);
   Put_Line ("alive " & Boolean'Image (Ok));
   Put_Line ("twin callable " & Boolean'Image (Copy'Callable));
   Put_Line ("identity known " & Boolean'Image (Pool (1)'Identity /= Null_Task_Id));
   Put_Line ("picked callable " & Boolean'Image (Pick'Callable));
   abort One, Pool (2);
   for I in 1 .. 1_000 loop
      exit when One'Terminated and Pool (2)'Terminated;
      delay 0.001;
   end loop;
   Put_Line ("aborted terminated " & Boolean'Image (One'Terminated and Pool (2)'Terminated));
   Put_Line ("PASSED");
end Main;
