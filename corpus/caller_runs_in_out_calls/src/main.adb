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
   select
      Filler.Fill (M);
   or
      delay 10.0;
   end select;
   Put_Line ("filled:" & Integer'Image (M));
   loop   --  Filler may not be back at its select yet: the call is retried
      select
         Filler.Fill (X => M);
         exit;
      else
         M := -1;
      end select;
   end loop;
   select
      Filler.Fill (Left);
   or
      delay 10.0;
   end select;
   Put_Line ("filled again:" & Integer'Image (M) & Integer'Image (Left));
   select
      Leveler.Get (V);
   or
      delay 10.0;
   end select;
   Put_Line ("level:" & Level'Image (V));
   Put_Line ("PASSED");
end Main;
