with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Arr is array (1 .. 3) of Integer;
   task T is
      entry Fill (V : out Arr; Fail : Boolean);
   end T;
   task body T is
   begin
      loop
         select
            accept Fill (V : out Arr; Fail : Boolean) do
               V (1) := 7;
               if Fail then
                  raise Program_Error;
               end if;
               V (2) := 8;
            end Fill;
         or
            terminate;
         end select;
      end loop;
   exception
      when others => null;
   end T;
   V : Arr := (1, 2, 3);
begin
   T.Fill (V, False);
   Put_Line (V (1)'Img & V (2)'Img & V (3)'Img);
   V := (1, 2, 3);
   begin
      T.Fill (V, True);
   exception
      when Program_Error => Put_Line ("PE");
   end;
   Put_Line (V (1)'Img & V (2)'Img & V (3)'Img);
   Put_Line ("PASSED");
end Main;
