with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Plain_Srv is
      entry Take (V : out Integer);
      entry Give (V : Integer);
   end Plain_Srv;

   task Handled_Srv is
      entry Take (V : out Integer);
      entry Give (V : Integer);
   end Handled_Srv;

   task body Plain_Srv is
      Held : Integer := 0;
      Uses : Integer := 0;
   begin
      loop
         select
            when Uses < 3 and Held > 0 =>
               accept Take (V : out Integer) do
                  V := Held;
               end Take;
               Held := 0;
               Uses := Uses + 1;
         or
            when Uses < 3 and Held = 0 =>
               accept Give (V : Integer) do
                  Held := V;
               end Give;
         end select;
      end loop;
   end Plain_Srv;

   task body Handled_Srv is
      Held : Integer := 0;
      Uses : Integer := 0;
   begin
      loop
         select
            when Uses < 2 and Held > 0 =>
               accept Take (V : out Integer) do
                  V := Held;
               end Take;
               Held := 0;
               Uses := Uses + 1;
         or
            when Uses < 2 and Held = 0 =>
               accept Give (V : Integer) do
                  Held := V;
               end Give;
         end select;
      end loop;
   exception
      when Program_Error => null;
   end Handled_Srv;

   V : Integer;
begin
   for I in 1 .. 4 loop
      begin
         Plain_Srv.Give (I);
         Plain_Srv.Take (V);
         Put_Line ("plain round" & Integer'Image (I) & Integer'Image (V));
      exception
         when Tasking_Error => Put_Line ("plain: Tasking_Error at" & Integer'Image (I));
      end;
   end loop;
   for I in 1 .. 3 loop
      begin
         Handled_Srv.Give (I * 10);
         Handled_Srv.Take (V);
         Put_Line ("handled round" & Integer'Image (I) & Integer'Image (V));
      exception
         when Tasking_Error => Put_Line ("handled: Tasking_Error at" & Integer'Image (I));
      end;
   end loop;
   Put_Line ("PASSED");
end Main;
