--  Calling server (paper Figure 6, Gauss-Seidel client initialisation):
--  the Distributor hands every worker its slice of the index space with
--  one Start call each; main collects the partial sums.

with Ada.Task_Identification;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   N             : constant := 8_000;
   Workers_Count : constant := 8;
   Chunk         : constant := N / Workers_Count;

   task type Worker is
      entry Result (Sum : out Long_Integer);
   end Worker;

   protected Distributor is
      entry Start (Id : out Integer; Lo_Out, Hi_Out : out Integer);
   private
      --  rdv2po: task Distributor, a calling server, became this protected
      --  object; its workers call it for what Distributor handed them. Stage is
      --  the call Distributor makes next: 1 = Workers (I).Start (I, Lo, Hi); 0
      --  = not started; -1 = done (calls wait for ever, as for a task that has
      --  ended).
      Stage : Integer := 0;
      Lo, Hi : Integer;
      I, I_Bound : Integer'Base;  --  loop at src/main.adb:45
      procedure Advance;
      function Is_Target (Caller : Ada.Task_Identification.Task_Id) return Boolean;
      procedure Wake;
      Start_Retry : Natural := 0;
      entry Start_Wait (Id : out Integer; Lo_Out, Hi_Out : out Integer);
   end Distributor;

   task body Worker is
      My_Id   : Integer;
      My_Lo   : Integer;
      My_Hi   : Integer;
      Partial : Long_Integer := 0;
   begin
      declare
         Id : Integer;
         Lo, Hi : Integer;
      begin
         Distributor.Start (Id, Lo, Hi);
         My_Id := Id;
         My_Lo := Lo;
         My_Hi := Hi;
      end;
      pragma Assert (My_Lo = (My_Id - 1) * Chunk + 1 and My_Hi = My_Id * Chunk);
      for K in My_Lo .. My_Hi loop
         Partial := Partial + Long_Integer (K) * Long_Integer (K);
      end loop;
      accept Result (Sum : out Long_Integer) do
         Sum := Partial;
      end Result;
   end Worker;

   Workers : array (1 .. Workers_Count) of Worker;

   protected body Distributor is

      procedure Advance is
      begin
         case Stage is
            when 1 => goto Resume_1;
            when others => null;
         end case;
         --  for I in Workers'Range loop  (src/main.adb:45)
         I := Workers'First;
         I_Bound := Workers'Last;
         if I > I_Bound then
            goto End_Loop_1;
         end if;
         <<Loop_1>>
            Lo := (I - 1) * Chunk + 1;
            Hi := I * Chunk;
            Stage := 1;  --  Workers (I).Start (I, Lo, Hi)
            return;
            <<Resume_1>>
         if I = I_Bound then
            goto End_Loop_1;
         end if;
         I := Integer'Succ (I);
         goto Loop_1;
         <<End_Loop_1>>
         Stage := -1;
      exception
         when others =>
            --  Distributor would have ended here, silently
            Stage := -1;
      end Advance;

      function Is_Target (Caller : Ada.Task_Identification.Task_Id) return Boolean is
         use type Ada.Task_Identification.Task_Id;
      begin
         case Stage is
            when 1 => return Caller = Workers (I)'Identity;
            when others => return False;
         end case;
      end Is_Target;

      procedure Wake is
      begin
         Start_Retry := Start_Wait'Count;
      end Wake;

      entry Start_Wait (Id : out Integer; Lo_Out, Hi_Out : out Integer)
        when Start_Retry > 0
      is
      begin
         Start_Retry := Start_Retry - 1;
         requeue Start with abort;
      end Start_Wait;

      entry Start (Id : out Integer; Lo_Out, Hi_Out : out Integer)
        when Stage in 0 | 1
      is
      begin
         if Stage = 0 then
            Advance;
            Wake;
            requeue Start with abort;
         end if;
         if not Is_Target (Start'Caller) then
            requeue Start_Wait with abort;
         end if;
         case Stage is
            when 1 =>
               Id := I;
               Lo_Out := Lo;
               Hi_Out := Hi;
            when others =>
               null;
         end case;
         Advance;
         Wake;
      exception
         when others =>
            --  Distributor would have ended here, silently, before this call
            Stage := -1;
            --  and never made it: its callee waits for ever
            requeue Start with abort;
      end Start;

   end Distributor;

   Total    : Long_Integer := 0;
   Part     : Long_Integer;
   Expected : constant Long_Integer :=
     Long_Integer (N) * Long_Integer (N + 1) * Long_Integer (2 * N + 1) / 6;

begin
   for I in Workers'Range loop
      Workers (I).Result (Part);
      Put_Line ("worker" & Integer'Image (I) & " sum" &
                Long_Integer'Image (Part));
      Total := Total + Part;
   end loop;
   Put_Line ("total" & Long_Integer'Image (Total));
   if Total = Expected then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
