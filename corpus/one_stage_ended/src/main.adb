--  One-stage servers whose code can raise.  Counter's Count has the
--  subtype 0 .. 3: the fourth Add raises Constraint_Error in its accept
--  body, which reaches that caller and ends the task (it has no handler);
--  later calls raise Tasking_Error.  Namer copies a String parameter into a
--  String component, which raises when the lengths differ.  The protected
--  objects keep a flag that the task has ended and the handlers that set
--  it, and no Stage.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   subtype Small is Integer range 0 .. 3;

   task Counter is
      entry Add;
      entry Value (V : out Small);
   end Counter;

   task body Counter is
      Count : Small := 0;
   begin
      loop
         select
            accept Add do
               Count := Count + 1;
            end Add;
         or
            accept Value (V : out Small) do
               V := Count;
            end Value;
         or
            terminate;
         end select;
      end loop;
   end Counter;

   task Namer is
      entry Set (N : String);
      entry Get (N : out String);
   end Namer;

   task body Namer is
      Name : String (1 .. 4) := "none";
   begin
      loop
         select
            accept Set (N : String) do
               Name := N;
            end Set;
         or
            accept Get (N : out String) do
               N := Name;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Namer;

   V : Small;
   S : String (1 .. 4);
begin
   for I in 1 .. 5 loop
      begin
         Counter.Add;
         Counter.Value (V);
         Put_Line ("add" & Integer'Image (I) & ": value" & Integer'Image (V));
      exception
         when Constraint_Error =>
            Put_Line ("add" & Integer'Image (I) & ": Constraint_Error");
         when Tasking_Error =>
            Put_Line ("add" & Integer'Image (I) & ": Tasking_Error");
      end;
   end loop;
   Namer.Set ("abcd");
   Namer.Get (S);
   Put_Line ("name " & S);
   begin
      Namer.Set ("too long");
      Put_Line ("set: no exception");
   exception
      when Constraint_Error =>
         Put_Line ("set: Constraint_Error");
   end;
   begin
      Namer.Get (S);
      Put_Line ("name " & S);
   exception
      when Tasking_Error =>
         Put_Line ("get: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;
