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
   declare
      Taken : Boolean;
      X_Got : Standard.Integer;
   begin
      Filler.Try_Fill (X => X_Got, Taken => Taken);
      if Taken then
         M := X_Got;
      else
         M := -1;
      end if;
   end;
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
