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

   protected Counter is
      procedure Add;
      procedure Value (V : out Small);
   private
      --  rdv2po: task Counter became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Count : Small := 0;
   end Counter;

   protected body Counter is

      procedure Add is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Count := Count + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Add;

      procedure Value (V : out Small) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            V := Count;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Value;

   end Counter;

   protected Namer is
      entry Set (N : String);
      entry Get (N : out String);
   private
      --  rdv2po: task Namer became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Name : String (1 .. 4) := "none";
   end Namer;

   protected body Namer is

      entry Set (N : String) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Name := N;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Set;

      entry Get (N : out String) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            N := Name;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Get;

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
