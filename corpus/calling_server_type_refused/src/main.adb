--  Task types taken for calling servers that the scheme refuses.  Dealer
--  has two objects, each handing one job to each of its own two workers:
--  a worker could not name the object that called it.  Feeder has one
--  object, but main asks whether it has terminated: as a protected object
--  it has no such attribute.

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

   Feeder_Ended : Boolean := False;

   procedure Run is

      task type Worker is
         entry Start (V : Integer);
      end Worker;

      task type Helper is
         entry Start (V : Integer);
      end Helper;

      Pool  : array (1 .. 4) of Worker;
      Crew  : array (1 .. 2) of Helper;

      task type Dealer (First : Positive);
      D1 : Dealer (1);
      D2 : Dealer (3);

      task type Feeder;
      F : Feeder;

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

      task body Dealer is
      begin
         Pool (First).Start (First * 10);
         Pool (First + 1).Start ((First + 1) * 10);
      end Dealer;

      task body Feeder is
      begin
         for I in Crew'Range loop
            Crew (I).Start (I * 1_000);
         end loop;
      end Feeder;

   begin
      while not F'Terminated loop
         delay 0.001;
      end loop;
      Feeder_Ended := True;
   end Run;

begin
   Run;
   Put_Line ("received" & Integer'Image (Sums.Get));
   if Sums.Get = 3_100 and Feeder_Ended then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
