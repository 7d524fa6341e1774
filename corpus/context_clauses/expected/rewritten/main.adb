pragma Queuing_Policy (FIFO_Queuing);
--  A configuration pragma opens the file, and the program's own
--  "with Ada.Finalization;" is not its first context item: the with clauses
--  a rewrite adds must go after the pragma (RM 10.1.5(8)), and a unit
--  already named anywhere in the context clause must not be named again.
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Finalization;
procedure Main is
   Finalized : Natural := 0;

   type Tracker is new Ada.Finalization.Controlled with null record;
   overriding procedure Finalize (Object : in out Tracker);
   overriding procedure Finalize (Object : in out Tracker) is
   begin
      Finalized := Finalized + 1;
   end Finalize;

   protected T is
      procedure E (X : out Integer);
   private
      --  rdv2po: task T became this protected object. Ended: the task has
      --  ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Next : Integer := 40;
   end T;

   protected body T is

      procedure E (X : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Next := Next + 1;
            X := Next;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end E;

   end T;

   V : Integer;
begin
   declare
      Local : Tracker;
      pragma Unreferenced (Local);
   begin
      T.E (V);
      Put_Line ("first:" & Integer'Image (V));
   end;
   T.E (V);
   Put_Line ("second:" & Integer'Image (V));
   Put_Line ("finalized:" & Natural'Image (Finalized));
   Put_Line ("PASSED");
end Main;
