with Ada.Text_IO; use Ada.Text_IO;
package body Folding is
   procedure Put_Folded (Msg : String; Width : Positive) is
      First : Integer := Msg'First;
      Last, Cut : Integer;
   begin
      loop
         while First <= Msg'Last and then Msg (First) = ' ' loop
            First := First + 1;
         end loop;
         exit when First > Msg'Last;
         Last := Integer'Min (First + Width - 1, Msg'Last);
         if Last < Msg'Last then
            Cut := Last;
            while Cut > First and then Msg (Cut + 1) /= ' ' loop
               Cut := Cut - 1;
            end loop;
            if Msg (Cut + 1) = ' ' then
               Last := Cut;
            end if;
         end if;
         Put_Line ("| " & Msg (First .. Last));
         First := Last + 1;
      end loop;
   end Put_Folded;
end Folding;
