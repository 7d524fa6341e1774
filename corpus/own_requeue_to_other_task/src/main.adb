--  Router hands parameterless Submit calls on to two workers by requeue
--  with abort, from inside its accept body: the first to Left, the second
--  to Right.  A requeue ends Router's part of the rendezvous, so Router is
--  back at its select at once.  Left, inside its own accept body, calls
--  Right.Handshake, which Right accepts only once it holds a job of its
--  own: if the first requeue kept Router until Left's rendezvous were
--  over, the second job would never reach Right and the program would
--  hang.  Every task reports an unexpected exception on standard error.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Jobs : constant := 2;

   procedure Complain (Who : String) is
   begin
      Put_Line (Standard_Error, Who & ": unexpected exception");
   end Complain;

   protected Tally is
      procedure Add;
      function Done return Natural;
   private
      Count : Natural := 0;
   end Tally;

   protected body Tally is
      procedure Add is
      begin
         Count := Count + 1;
      end Add;

      function Done return Natural is
      begin
         return Count;
      end Done;
   end Tally;

   task type Job;
   type Job_Ref is access Job;

   task Spawner is
      entry Go;
   end Spawner;

   task Router is
      entry Submit;
   end Router;

   task Left is
      entry Submit;
   end Left;

   task Right is
      entry Submit;
      entry Handshake;
      entry Finished;
   end Right;

   task body Job is
   begin
      Router.Submit;
      Tally.Add;
   exception
      when others =>
         Complain ("Job");
   end Job;

   task body Spawner is
      Launched : Job_Ref;
   begin
      accept Go;
      for N in 1 .. Jobs loop
         Launched := new Job;
      end loop;
   exception
      when others =>
         Complain ("Spawner");
   end Spawner;

   task body Router is
      Left_Served : Boolean := False;
   begin
      loop
         select
            accept Submit do
               if Left_Served then
                  requeue Right.Submit with abort;
               else
                  Left_Served := True;
                  requeue Left.Submit with abort;
               end if;
            end Submit;
         or
            terminate;
         end select;
      end loop;
   exception
      when others =>
         Complain ("Router");
   end Router;

   task body Left is
   begin
      loop
         select
            accept Submit do
               --  only possible once Router has passed the second job on
               Right.Handshake;
            end Submit;
         or
            terminate;
         end select;
      end loop;
   exception
      when others =>
         Complain ("Left");
   end Left;

   task body Right is
      Held   : Natural := 0;
      Shaken : Boolean := False;
   begin
      loop
         select
            accept Submit;
            Held := Held + 1;
         or
            when Held > 0 =>
               accept Handshake;
               Shaken := True;
         or
            when Shaken =>
               accept Finished;
         or
            terminate;
         end select;
      end loop;
   exception
      when others =>
         Complain ("Right");
   end Right;

begin
   Spawner.Go;
   Right.Finished;
   Put_Line ("both workers got a job");
   while Tally.Done < Jobs loop
      delay 0.01;
   end loop;
   Put_Line ("jobs returned to their callers:" & Natural'Image (Tally.Done));
   Put_Line ("PASSED");
end Main;
