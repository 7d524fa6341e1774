--  A task type taken for a calling server: Boss has a discriminant (the
--  base of the jobs it hands out) and one object, B.  Boss hands Base + I
--  to each worker of Pool and then accepts Finish, which reports the
--  total.  The type becomes a protected type with the same discriminant;
--  B stays declared as it was, and the workers call B.

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

      Pool : array (1 .. 4) of Worker;

      task type Boss (Base : Integer) is
         entry Finish (Total : out Integer);
      end Boss;

      B : Boss (100);

      task body Worker is
         Mine : Integer;
      begin
         accept Start (V : Integer) do
            Mine := V;
         end Start;
         Sums.Add (Mine);
      end Worker;

      task body Boss is
         Sum : Integer := 0;
      begin
         for I in Pool'Range loop
            Pool (I).Start (Base + I);
            Sum := Sum + Base + I;
         end loop;
         accept Finish (Total : out Integer) do
            Total := Sum;
         end Finish;
      end Boss;

      T : Integer := 0;
   begin
      B.Finish (T);
      Put_Line ("boss total" & Integer'Image (T));
   end Run;

begin
   Run;
   Put_Line ("received" & Integer'Image (Sums.Get));
   if Sums.Get = 410 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
