--  A calling server that hands out work in a loop, with a subtype and a
--  procedure declared in its body.  The calling scheme turns the task's
--  variables into components and nothing else of its declarations: it
--  refuses, and its reason says what it translates (not what the accepting
--  scheme, which moves types out, would).

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   protected Sums is
      procedure Add (X : Integer);
      function Get return Integer;
   private
      S : Integer := 0;
   end Sums;

   protected body Sums is
      procedure Add (X : Integer) is
      begin
         S := S + X;
      end Add;
      function Get return Integer is (S);
   end Sums;

   procedure Run is

      task type Worker is
         entry Start (V : Integer);
      end Worker;

      Crew : array (1 .. 3) of Worker;

      task Dispatcher;

      task body Worker is
         Mine : Integer;
      begin
         accept Start (V : Integer) do
            Mine := V;
         end Start;
         Sums.Add (Mine);
      end Worker;

      task body Dispatcher is
         subtype Job is Integer range 1 .. 100;
         Next : Job := 1;
      begin
         for I in Crew'Range loop
            Crew (I).Start (Next);
            Next := Next * 2;
         end loop;
      end Dispatcher;
   begin
      null;
   end Run;

begin
   Run;
   Put_Line ("Sum:" & Integer'Image (Sums.Get));
   if Sums.Get = 7 then
      Put_Line ("PASSED");
   end if;
end Main;
