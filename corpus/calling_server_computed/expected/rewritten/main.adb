--  Calling server with computed parameters: Server walks a task array in a
--  for loop, passing values derived from the loop variable and from its own
--  variables updated between calls.  Workers have only the entry Work, use
--  only what they receive, and report to Board by the Id they received.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Size : constant := 6;
   type Value_Array is array (1 .. Size) of Integer;

   protected Board is
      procedure Put (Id : Integer; Value : Integer);
      entry Wait_All (Values : out Value_Array);
   private
      Store : Value_Array := (others => 0);
      Count : Natural := 0;
   end Board;

   protected body Board is
      procedure Put (Id : Integer; Value : Integer) is
      begin
         Store (Id) := Value;
         Count := Count + 1;
      end Put;
      entry Wait_All (Values : out Value_Array) when Count = Size is
      begin
         Values := Store;
      end Wait_All;
   end Board;

   task type Worker;

   Pool : array (1 .. Size) of Worker;

   protected Server is
      entry Work (Id : out Integer; Base_Out : out Integer; Limit : out Integer);
   private
      --  rdv2po: task Server, a calling server, became this protected object;
      --  its workers call it for what Server handed them. Stage is the call
      --  Server makes next: 1 = Pool (I).Work (I, Base, Base + I); 0 = not
      --  started; -1 = done (calls wait for ever, as for a task that has
      --  ended).
      Stage : Integer := 0;
      Base : Integer := 0;
      Step : Integer := 1;
      I, I_Bound : Integer'Base;  --  loop at src/main.adb:45
      procedure Advance;
   end Server;

   protected body Server is

      procedure Advance is
      begin
         case Stage is
            when 1 => goto Resume_1;
            when others => null;
         end case;
         --  for I in Pool'Range loop  (src/main.adb:45)
         I := Pool'First;
         I_Bound := Pool'Last;
         if I > I_Bound then
            goto End_Loop_1;
         end if;
         <<Loop_1>>
            Base := Base + I * 3;
            Stage := 1;  --  Pool (I).Work (I, Base, Base + I)
            return;
            <<Resume_1>>
            Step := Step * 2;
            Base := Base - Step / 4;
         if I = I_Bound then
            goto End_Loop_1;
         end if;
         I := Integer'Succ (I);
         goto Loop_1;
         <<End_Loop_1>>
         Stage := -1;
      exception
         when others =>
            --  Server would have ended here, silently
            Stage := -1;
      end Advance;

      entry Work (Id : out Integer; Base_Out : out Integer; Limit : out Integer)
        when Stage in 0 | 1
      is
      begin
         if Stage = 0 then
            Advance;
            requeue Work with abort;
         end if;
         case Stage is
            when 1 =>
               Id := I;
               Base_Out := Base;
               Limit := Base + I;
            when others =>
               null;
         end case;
         Advance;
      exception
         when others =>
            --  Server would have ended here, silently, before this call
            Stage := -1;
            --  and never made it: its callee waits for ever
            requeue Work with abort;
      end Work;

   end Server;

   task body Worker is
      My_Id, Lo, Hi : Integer;
      Sum           : Integer := 0;
   begin
      declare
         Id : Integer;
         Base : Integer;
         Limit : Integer;
      begin
         Server.Work (Id, Base, Limit);
         My_Id := Id;
         Lo := Base;
         Hi := Limit;
      end;
      for K in Lo .. Hi loop
         Sum := Sum + K;
      end loop;
      Board.Put (My_Id, Sum);
   end Worker;

   Values                : Value_Array;
   Total, Expected, Base : Integer := 0;
   Step                  : Integer := 1;

begin
   Board.Wait_All (Values);
   for I in Values'Range loop
      Put_Line ("result" & Integer'Image (I) & " =" & Integer'Image (Values (I)));
      Total := Total + Values (I);
   end loop;
   for I in 1 .. Size loop
      Base := Base + I * 3;
      Expected := Expected + (2 * Base + I) * (I + 1) / 2;
      Step := Step * 2;
      Base := Base - Step / 4;
   end loop;
   Put_Line ("total" & Integer'Image (Total));
   if Total = Expected then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
