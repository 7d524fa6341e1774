--  One-shot servers whose accepts wait in a select with a terminate
--  alternative: the caller-runs scheme takes each such select as its accept.
--  A task waiting there terminates with its master instead of holding it, so
--  an object never called (or called at its first stage only) does not keep
--  its block waiting; one that completes prints after its last accept (its
--  caller runs that), and a later call raises Tasking_Error.  A select of one
--  accept alternative, with no terminate, is taken as that accept.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   task type Stamp is
      entry Set (N : Integer);
      entry Show;
   end Stamp;

   task body Stamp is
      Value : Integer := 0;
   begin
      select
         accept Set (N : Integer) do
            Value := N;
         end Set;
         Value := Value * 2;
      or
         terminate;
      end select;
      select
         accept Show do
            Put_Line ("stamp:" & Integer'Image (Value));
         end Show;
      or
         terminate;
      end select;
      Put_Line ("stamp done");
   end Stamp;

begin
   declare
      task Greeter is
         entry Hello (Name : String);
      end Greeter;

      task body Greeter is
      begin
         select
            accept Hello (Name : String) do
               Put_Line ("hello, " & Name);
            end Hello;
         or
            terminate;
         end select;
      end Greeter;
      --  a select of one alternative waits as its accept does
      task Plain is
         entry Bye;
      end Plain;

      task body Plain is
      begin
         select
            accept Bye do
               Put_Line ("bye");
            end Bye;
         end select;
      end Plain;
   begin
      Greeter.Hello ("world");
      Plain.Bye;
      begin
         Greeter.Hello ("again");
         Put_Line ("late call taken");
      exception
         when Tasking_Error =>
            Put_Line ("late call: Tasking_Error");
      end;
   end;

   declare
      Full, Half, Idle : Stamp;
   begin
      Full.Set (21);
      Full.Show;
      Half.Set (5);
      --  Half waits at its second select, Idle at its first: both terminate
      --  with this block
   end;
   Put_Line ("block left");

   declare
      Twice : Stamp;
   begin
      Twice.Set (1);
      Twice.Show;
      Twice.Show;
      Put_Line ("second show taken");
   exception
      when Tasking_Error =>
         Put_Line ("second show: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;
