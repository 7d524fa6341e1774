--  Mixed tasks the calling-server scheme refuses.  Chooser accepts Start or
--  Skip in a select (the object would have to offer two stops at once);
--  Relay hands the job on from inside its accept body (it holds its caller
--  until the worker has taken the job: the object cannot wait inside an
--  entry body).  Both stay tasks.

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

      task type Helper is
         entry Start (V : Integer);
      end Helper;

      Pool  : array (1 .. 2) of Worker;
      Other : Helper;

      task Chooser is
         entry Start (Base : Integer);
         entry Skip;
      end Chooser;

      task Relay is
         entry Pass (V : Integer);
      end Relay;

      task body Worker is
         Mine : Integer;
      begin
         accept Start (V : Integer) do
            Mine := V;
         end Start;
         Sums.Add (Mine);
      end Worker;

      task body Helper is
         Mine : Integer;
      begin
         accept Start (V : Integer) do
            Mine := V;
         end Start;
         Sums.Add (Mine);
      end Helper;

      task body Chooser is
         First : Integer := 0;
      begin
         select
            accept Start (Base : Integer) do
               First := Base;
            end Start;
         or
            accept Skip;
         end select;
         for I in Pool'Range loop
            Pool (I).Start (First + I);
         end loop;
      end Chooser;

      task body Relay is
      begin
         accept Pass (V : Integer) do
            Other.Start (V * 2);
         end Pass;
      end Relay;

   begin
      Chooser.Start (10);
      Relay.Pass (50);
   end Run;

begin
   Run;
   Put_Line ("received" & Integer'Image (Sums.Get));
   if Sums.Get = 123 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
