--  A calling server whose accept bodies return early: Boss accepts a base
--  (a negative one is taken as -2, and the accept body returns at once),
--  hands Base + I to each worker, then reports the total through Finish
--  (returning early when nothing was handed out).  A return ends the
--  rendezvous only: Boss goes on with its next statements, as the object's
--  entry does past the accept body's code.
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

   procedure Run (Base : Integer) is

      task type Worker is
         entry Start (V : Integer);
      end Worker;

      Pool : array (1 .. 3) of Worker;

      task Boss is
         entry Start (Base : Integer);
         entry Finish (Total : out Integer);
      end Boss;

      task body Worker is
         Mine : Integer;
      begin
         accept Start (V : Integer) do
            Mine := V;
         end Start;
         Sums.Add (Mine);
      end Worker;

      task body Boss is
         First : Integer := 0;
         Sum   : Integer := 0;
      begin
         accept Start (Base : Integer) do
            if Base < 0 then
               First := -2;
               return;
            end if;
            First := Base;
         end Start;
         for I in Pool'Range loop
            Pool (I).Start (First + I);
            Sum := Sum + First + I;
         end loop;
         accept Finish (Total : out Integer) do
            Total := -1;
            if Sum = 0 then
               return;
            end if;
            Total := Sum;
         end Finish;
      end Boss;

      Total : Integer;
   begin
      Boss.Start (Base);
      Boss.Finish (Total);
      Put_Line ("base" & Base'Image & ": boss total" & Total'Image);
   end Run;

begin
   Run (10);
   Run (-5);
   Put_Line ("received" & Sums.Get'Image);
   Put_Line ("PASSED");
end Main;
