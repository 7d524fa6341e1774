with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Acc is
      entry Add (X : Integer);
      entry Get (Sum : out Integer; N : out Integer);
   end Acc;
   task body Acc is
      Total, Calls : Integer := 0;
   begin
      loop
         select
            accept Add (X : Integer) do
               if X < 0 then
                  return;
               end if;
               Total := Total + X;
            end Add;
            Calls := Calls + 1;
         or
            accept Get (Sum : out Integer; N : out Integer) do
               Sum := Total;
               N := Calls;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Acc;
   S, N : Integer;
begin
   Acc.Add (5);
   Acc.Add (-1);
   Acc.Add (7);
   Acc.Get (S, N);
   Put_Line ("sum" & Integer'Image (S) & " calls" & Integer'Image (N));
   Acc.Add (-3);
   Acc.Get (S, N);
   Put_Line ("sum" & Integer'Image (S) & " calls" & Integer'Image (N));
   Put_Line ("PASSED");
end Main;
