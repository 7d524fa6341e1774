with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Pair is record
      A, B : Integer;
   end record;

   package Doubler is
      procedure Double (X : in out Integer; P : in out Pair);
      procedure Try_Double (X : in out Integer; P : in out Pair; Taken : out Boolean);
      procedure Try_Double (X : in out Integer; P : in out Pair; Within : Duration; Taken : out Boolean);
      procedure Open (Now : Boolean);
   end Doubler;

   package body Doubler is
      Opened : Boolean := False;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Double;
         entry Open;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Double when Over or else (not Busy and then (Opened)) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Double;

         entry Open when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Open;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Serve_Double (X : in out Integer; P : in out Pair) is
      begin
         begin
            X := X * 2;
            P := (P.B, P.A);
            Put_Line ("doubled");
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Serve_Double;

      procedure Double (X : in out Integer; P : in out Pair) is
      begin
         Turn.Double;
         Serve_Double (X, P);
      end Double;

      procedure Try_Double (X : in out Integer; P : in out Pair; Taken : out Boolean) is
      begin
         select
            Turn.Double;
            Taken := True;
         else
            Taken := False;
         end select;
         if Taken then
            Serve_Double (X, P);
         end if;
      end Try_Double;

      procedure Try_Double (X : in out Integer; P : in out Pair; Within : Duration; Taken : out Boolean) is
      begin
         select
            Turn.Double;
            Taken := True;
         or
            delay Within;
            Taken := False;
         end select;
         if Taken then
            Serve_Double (X, P);
         end if;
      end Try_Double;

      procedure Open (Now : Boolean) is
      begin
         Turn.Open;
         begin
            Opened := Now;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Open;
   end Doubler;

   task Rounder is
      entry Round (X : in out Integer);
   end Rounder;

   task body Rounder is
   begin
      loop
         select
            accept Round (X : in out Integer) do
               X := X + 1;
               Put_Line ("round");
            end Round;
         or
            terminate;
         end select;
      end loop;
   end Rounder;

   task Filler is
      entry Fill (X : out Integer);
   end Filler;

   task body Filler is
   begin
      loop
         select
            accept Fill (X : out Integer) do
               X := 7;
               Put_Line ("fill");
            end Fill;
         or
            terminate;
         end select;
      end loop;
   end Filler;

   N : Integer := 5;
   Q : Pair := (1, 2);
   F : Float := 1.4;
   M : Integer := 0;
begin
   declare
      Taken : Boolean;
   begin
      Doubler.Try_Double (N, Q, Taken => Taken);
      if Taken then
         Put_Line ("closed, taken?");
      else
         Put_Line ("closed: not taken, N =" & Integer'Image (N));
      end if;
   end;
   declare
      Taken : Boolean;
   begin
      Doubler.Try_Double (P => Q, X => N, Within => 0.05, Taken => Taken);
      if Taken then
         Put_Line ("closed, taken?");
      else
         Put_Line ("closed: timed out, N =" & Integer'Image (N) & Integer'Image (Q.A));
      end if;
   end;
   Doubler.Open (True);
   declare
      Taken : Boolean;
   begin
      Doubler.Try_Double (N, Q, Within => 10.0, Taken => Taken);
      if Taken then
         Put_Line ("open: taken, N =" & Integer'Image (N) & Integer'Image (Q.A));
      else
         Put_Line ("open, timed out?");
      end if;
   end;
   Doubler.Open (False);
   select
      Rounder.Round (Integer (F));
   or
      delay 10.0;
   end select;
   Put_Line ("rounded:" & Integer'Image (Integer (F)));
   select
      Filler.Fill (M);
   or
      delay 10.0;
   end select;
   Put_Line ("filled:" & Integer'Image (M));
   Put_Line ("PASSED");
end Main;
