--  Calling server over a 2-D arrangement of workers: Setup walks the grid
--  with nested loops and hands every cell computed parameters, once per
--  entry (Init, then Scale).  Main reads the cells back.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Rows : constant := 3;
   Cols : constant := 4;

   task type Cell is
      entry Init (Value : Integer);
      entry Scale (Factor : Integer; Offset : Integer);
      entry Get (Value : out Integer);
   end Cell;

   task body Cell is
      V : Integer;
      F : Integer;
      O : Integer;
   begin
      accept Init (Value : Integer) do
         V := Value;
      end Init;
      accept Scale (Factor : Integer; Offset : Integer) do
         F := Factor;
         O := Offset;
      end Scale;
      V := V * F + O;
      accept Get (Value : out Integer) do
         Value := V;
      end Get;
   end Cell;

   Grid : array (1 .. Rows, 1 .. Cols) of Cell;

   task Setup;

   task body Setup is
      Step : Integer := 0;
      Col  : Integer;
   begin
      for R in 1 .. Rows loop
         for C in 1 .. Cols loop
            Grid (R, C).Init (R * 10 + C);
         end loop;
      end loop;
      for R in reverse Grid'Range (1) loop
         Col := Grid'First (2);
         while Col <= Grid'Last (2) loop
            Step := Step + 1;
            Grid (R, Col).Scale (R + Col * 2, Step);
            Col := Col + 1;
         end loop;
      end loop;
   end Setup;

   Value    : Integer;
   Total    : Integer := 0;
   Expected : Integer := 0;
   Step     : Integer := 0;

begin
   for R in Grid'Range (1) loop
      for C in Grid'Range (2) loop
         Grid (R, C).Get (Value);
         Put (Integer'Image (Value));
         Total := Total + Value;
      end loop;
      New_Line;
   end loop;
   for R in reverse 1 .. Rows loop
      for C in 1 .. Cols loop
         Step := Step + 1;
         Expected := Expected + (R * 10 + C) * (R + C * 2) + Step;
      end loop;
   end loop;
   Put_Line ("total" & Integer'Image (Total));
   if Total = Expected then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
