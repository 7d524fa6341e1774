--  The simplest accepting server: a loop around a select with one accept
--  alternative and a terminate alternative.  Several callers call E many
--  times; the server ends through the terminate alternative.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Num_Callers : constant := 4;
   Calls_Each  : constant := 250;

   --  Written only inside the accept body of E; read by Main after every
   --  caller has terminated.
   Total : Natural := 0;
   Calls : Natural := 0;

   protected Server is
      procedure E (X : in Natural);
   private
      --  rdv2po: task Server became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
   end Server;

   protected body Server is

      procedure E (X : in Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Total := Total + X;
            Calls := Calls + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end E;

   end Server;

   task type Caller;

   task body Caller is
   begin
      for I in 1 .. Calls_Each loop
         Server.E (I);
      end loop;
   end Caller;

begin
   declare
      Callers : array (1 .. Num_Callers) of Caller;
      pragma Unreferenced (Callers);
   begin
      null;  --  wait for all callers
   end;

   Put_Line ("Calls:" & Natural'Image (Calls));
   Put_Line ("Total:" & Natural'Image (Total));
   if Calls = Num_Callers * Calls_Each
     and then Total = Num_Callers * (Calls_Each * (Calls_Each + 1) / 2)
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
   --  Main now waits for Server, which takes its terminate alternative.
end Main;
