--  Renamings and use clauses that cannot leave the task body.  Ring renames
--  one of its own variables (a component of the object: nothing outside it can
--  name it); Tally uses a package declared after the task's declaration (it
--  would not be visible where the object is declared).  Both are refused.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Slots is array (1 .. 4) of Integer;

   task Ring is
      entry Put (X : Integer);
      entry First (X : out Integer);
   end Ring;

   package Tally is
      procedure Add (X : Integer);
      procedure Get (X : out Integer);
   end Tally;

   package Helpers is
      function Twice (X : Integer) return Integer is (2 * X);
   end Helpers;

   task body Ring is
      Buf : Slots := (others => 0);
      Head : Integer renames Buf (1);
      Next : Positive := 1;
   begin
      loop
         select
            accept Put (X : Integer) do
               Buf (Next) := X;
               Next := Next mod 4 + 1;
            end Put;
         or
            accept First (X : out Integer) do
               X := Head;
            end First;
         or
            terminate;
         end select;
      end loop;
   end Ring;

   package body Tally is
      use Helpers;
      Sum : Integer := 0;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Add;
         entry Get;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Add when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Add;

         entry Get when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Get;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Add (X : Integer) is
      begin
         Turn.Add;
         begin
            Sum := Sum + Twice (X);
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Add;

      procedure Get (X : out Integer) is
      begin
         Turn.Get;
         begin
            X := Sum;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Get;
   end Tally;

   A, B : Integer;
begin
   Ring.Put (7);
   Ring.Put (8);
   Ring.First (A);
   Tally.Add (5);
   Tally.Get (B);
   Put_Line ("first" & A'Image & ", tally" & B'Image);
   Put_Line ("PASSED");
end Main;
