package body Work is
   protected body Setup is

      procedure Advance is
      begin
         case Stage is
            when 1 => goto Resume_1;
            when others => null;
         end case;
         --  for I in Pool'Range loop  (src/work.adb:4)
         I := Pool'First;
         I_Bound := Pool'Last;
         if I > I_Bound then
            goto End_Loop_1;
         end if;
         <<Loop_1>>
            Stage := 1;  --  Pool (I).Start (I)
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
            --  Setup would have ended here, silently
            Stage := -1;
      end Advance;

      entry Start (Id : out Positive)
        when Stage in 0 | 1
      is
      begin
         if Stage = 0 then
            Advance;
            requeue Start with abort;
         end if;
         case Stage is
            when 1 =>
               Id := I;
            when others =>
               null;
         end case;
         Advance;
      exception
         when others =>
            --  Setup would have ended here, silently, before this call
            Stage := -1;
            --  and never made it: its callee waits for ever
            requeue Start with abort;
      end Start;

   end Setup;

   task body Worker is
      Me : Positive;
   begin
      declare
         Id : Positive;
      begin
         Setup.Start (Id);
         Me := Id;
      end;
      Sum.Add (Me * 10);
   end Worker;

   protected body Sum is
      procedure Add (X : Positive) is
      begin
         S := S + X;
      end Add;
      function Value return Natural is (S);
   end Sum;
end Work;
