--  Calling server over a 2-D arrangement of workers: Setup walks the grid
--  with nested loops and hands every cell computed parameters, once per
--  entry (Init, then Scale).  Main reads the cells back.

with Ada.Task_Identification;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Rows : constant := 3;
   Cols : constant := 4;

   task type Cell is
      entry Get (Value : out Integer);
   end Cell;

   protected Setup is
      entry Init (Value : out Integer);
      entry Scale (Factor : out Integer; Offset : out Integer);
   private
      --  rdv2po: task Setup, a calling server, became this protected object;
      --  its workers call it for what Setup handed them. Stage is the call
      --  Setup makes next: 1 = Grid (R, C).Init (R * 10 + C); 2 = Grid (R,
      --  Col).Scale (R + Col * 2, Step); 0 = not started; -1 = done (calls wait
      --  for ever, as for a task that has ended).
      Stage : Integer := 0;
      Step : Integer := 0;
      Col  : Integer;
      R, R_Bound : Integer'Base;  --  loop at src/main.adb:44
      C, C_Bound : Integer'Base;  --  loop at src/main.adb:45
      procedure Advance;
      function Is_Target (Caller : Ada.Task_Identification.Task_Id) return Boolean;
      procedure Wake;
      Init_Retry : Natural := 0;
      entry Init_Wait (Value : out Integer);
      Scale_Retry : Natural := 0;
      entry Scale_Wait (Factor : out Integer; Offset : out Integer);
   end Setup;

   task body Cell is
      V : Integer;
      F : Integer;
      O : Integer;
   begin
      declare
         Value : Integer;
      begin
         Setup.Init (Value);
         V := Value;
      end;
      declare
         Factor : Integer;
         Offset : Integer;
      begin
         Setup.Scale (Factor, Offset);
         F := Factor;
         O := Offset;
      end;
      V := V * F + O;
      accept Get (Value : out Integer) do
         Value := V;
      end Get;
   end Cell;

   Grid : array (1 .. Rows, 1 .. Cols) of Cell;

   protected body Setup is

      procedure Advance is
      begin
         case Stage is
            when 1 => goto Resume_1;
            when 2 => goto Resume_2;
            when others => null;
         end case;
         --  for R in 1 .. Rows loop  (src/main.adb:44)
         R := 1;
         R_Bound := Rows;
         if R > R_Bound then
            goto End_Loop_1;
         end if;
         <<Loop_1>>
            --  for C in 1 .. Cols loop  (src/main.adb:45)
            C := 1;
            C_Bound := Cols;
            if C > C_Bound then
               goto End_Loop_2;
            end if;
            <<Loop_2>>
               Stage := 1;  --  Grid (R, C).Init (R * 10 + C)
               return;
               <<Resume_1>>
            if C = C_Bound then
               goto End_Loop_2;
            end if;
            C := Integer'Succ (C);
            goto Loop_2;
            <<End_Loop_2>>
         if R = R_Bound then
            goto End_Loop_1;
         end if;
         R := Integer'Succ (R);
         goto Loop_1;
         <<End_Loop_1>>
         --  for R in reverse Grid'Range (1) loop  (src/main.adb:49)
         R := Grid'Last (1);
         R_Bound := Grid'First (1);
         if R < R_Bound then
            goto End_Loop_3;
         end if;
         <<Loop_3>>
            Col := Grid'First (2);
            --  while Col <= Grid'Last (2) loop  (src/main.adb:51)
            <<Loop_4>>
            if not (Col <= Grid'Last (2)) then
               goto End_Loop_4;
            end if;
               Step := Step + 1;
               Stage := 2;  --  Grid (R, Col).Scale (R + Col * 2, Step)
               return;
               <<Resume_2>>
               Col := Col + 1;
            goto Loop_4;
            <<End_Loop_4>>
         if R = R_Bound then
            goto End_Loop_3;
         end if;
         R := Integer'Pred (R);
         goto Loop_3;
         <<End_Loop_3>>
         Stage := -1;
      exception
         when others =>
            --  Setup would have ended here, silently
            Stage := -1;
      end Advance;

      function Is_Target (Caller : Ada.Task_Identification.Task_Id) return Boolean is
         use type Ada.Task_Identification.Task_Id;
      begin
         case Stage is
            when 1 => return Caller = Grid (R, C)'Identity;
            when 2 => return Caller = Grid (R, Col)'Identity;
            when others => return False;
         end case;
      end Is_Target;

      procedure Wake is
      begin
         Init_Retry := Init_Wait'Count;
         Scale_Retry := Scale_Wait'Count;
      end Wake;

      entry Init_Wait (Value : out Integer)
        when Init_Retry > 0
      is
      begin
         Init_Retry := Init_Retry - 1;
         requeue Init with abort;
      end Init_Wait;

      entry Scale_Wait (Factor : out Integer; Offset : out Integer)
        when Scale_Retry > 0
      is
      begin
         Scale_Retry := Scale_Retry - 1;
         requeue Scale with abort;
      end Scale_Wait;

      entry Init (Value : out Integer)
        when Stage in 0 | 1
      is
      begin
         if Stage = 0 then
            Advance;
            Wake;
            requeue Init with abort;
         end if;
         if not Is_Target (Init'Caller) then
            requeue Init_Wait with abort;
         end if;
         case Stage is
            when 1 =>
               Value := R * 10 + C;
            when others =>
               null;
         end case;
         Advance;
         Wake;
      exception
         when others =>
            --  Setup would have ended here, silently, before this call
            Stage := -1;
            --  and never made it: its callee waits for ever
            requeue Init with abort;
      end Init;

      entry Scale (Factor : out Integer; Offset : out Integer)
        when Stage in 0 | 2
      is
      begin
         if Stage = 0 then
            Advance;
            Wake;
            requeue Scale with abort;
         end if;
         if not Is_Target (Scale'Caller) then
            requeue Scale_Wait with abort;
         end if;
         case Stage is
            when 2 =>
               Factor := R + Col * 2;
               Offset := Step;
            when others =>
               null;
         end case;
         Advance;
         Wake;
      exception
         when others =>
            --  Setup would have ended here, silently, before this call
            Stage := -1;
            --  and never made it: its callee waits for ever
            requeue Scale with abort;
      end Scale;

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
