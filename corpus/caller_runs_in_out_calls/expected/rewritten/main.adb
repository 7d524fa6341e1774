with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Pair is record
      A, B : Integer;
   end record;

   task Doubler is
      entry Double (X : in out Integer; P : in out Pair);
      entry Open (Now : Boolean);
   end Doubler;

   task body Doubler is
      Opened : Boolean := False;
   begin
      loop
         select
            when Opened =>
               accept Double (X : in out Integer; P : in out Pair) do
                  X := X * 2;
                  P := (P.B, P.A);
                  Put_Line ("doubled");
               end Double;
         or
            accept Open (Now : Boolean) do
               Opened := Now;
            end Open;
         or
            terminate;
         end select;
      end loop;
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

   package Filler is
      procedure Fill (X : out Integer);
      procedure Try_Fill (X : out Integer; Taken : out Boolean);
      procedure Try_Fill (X : out Integer; Within : Duration; Taken : out Boolean);
   end Filler;

   package body Filler is
      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Fill;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Fill when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Fill;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Serve_Fill (X : out Integer) is
      begin
         begin
            X := 7;
            Put_Line ("fill");
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Serve_Fill;

      procedure Fill (X : out Integer) is
      begin
         Turn.Fill;
         Serve_Fill (X);
      end Fill;

      procedure Try_Fill (X : out Integer; Taken : out Boolean) is
      begin
         select
            Turn.Fill;
            Taken := True;
         else
            Taken := False;
         end select;
         if Taken then
            Serve_Fill (X);
         end if;
      end Try_Fill;

      procedure Try_Fill (X : out Integer; Within : Duration; Taken : out Boolean) is
      begin
         select
            Turn.Fill;
            Taken := True;
         or
            delay Within;
            Taken := False;
         end select;
         if Taken then
            Serve_Fill (X);
         end if;
      end Try_Fill;
   end Filler;

   type Level is range 1 .. 9;

   task Leveler is
      entry Get (L : out Level);
   end Leveler;

   task body Leveler is
   begin
      loop
         select
            accept Get (L : out Level) do
               L := 3;
               Put_Line ("level");
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Leveler;

   N : Integer := 5;
   V : Level := 1;
   Left : Integer := 9;
   Q : Pair := (1, 2);
   F : Float := 1.4;
   M : Integer := 0;
begin
   select
      Doubler.Double (N, Q);
      Put_Line ("closed, taken?");
   else
      Put_Line ("closed: not taken, N =" & Integer'Image (N));
   end select;
   select
      Doubler.Double (P => Q, X => N);
      Put_Line ("closed, taken?");
   or
      delay 0.05;
      Put_Line ("closed: timed out, N =" & Integer'Image (N) & Integer'Image (Q.A));
   end select;
   Doubler.Open (True);
   select
      Doubler.Double (N, Q);
      Put_Line ("open: taken, N =" & Integer'Image (N) & Integer'Image (Q.A));
   or
      delay 10.0;
      Put_Line ("open, timed out?");
   end select;
   Doubler.Open (False);
   select
      Rounder.Round (Integer (F));
   or
      delay 10.0;
   end select;
   Put_Line ("rounded:" & Integer'Image (Integer (F)));
   declare
      Taken : Boolean;
      X_Got : Standard.Integer;
   begin
      Filler.Try_Fill (X_Got, Within => 10.0, Taken => Taken);
      if Taken then
         M := X_Got;
      end if;
   end;
   Put_Line ("filled:" & Integer'Image (M));
   loop   --  Filler may not be back at its select yet: the call is retried
      declare
         Taken : Boolean;
         X_Got : Standard.Integer;
      begin
         Filler.Try_Fill (X => X_Got, Taken => Taken);
         if Taken then
            M := X_Got;
            exit;
         else
            M := -1;
         end if;
      end;
   end loop;
   declare
      Taken : Boolean;
      X_Got : Standard.Integer;
   begin
      Filler.Try_Fill (X_Got, Within => 10.0, Taken => Taken);
      if Taken then
         Left := X_Got;
      end if;
   end;
   Put_Line ("filled again:" & Integer'Image (M) & Integer'Image (Left));
   select
      Leveler.Get (V);
   or
      delay 10.0;
   end select;
   Put_Line ("level:" & Level'Image (V));
   Put_Line ("PASSED");
end Main;
