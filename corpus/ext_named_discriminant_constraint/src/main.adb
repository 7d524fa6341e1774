with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Vec (Len : Natural) is record
      Data : String (1 .. Len);
   end record;
   task type Holder (N : Natural) is
      entry Set (C : Character);
      entry Get (S : out String);
   end Holder;
   task body Holder is
      V : Vec (Len => N);
   begin
      loop
         select
            accept Set (C : Character) do
               V.Data := (others => C);
            end Set;
         or
            accept Get (S : out String) do
               S := V.Data;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Holder;
   H : Holder (3);
   S : String (1 .. 3);
begin
   H.Set ('x');
   H.Get (S);
   Put_Line (S);
   Put_Line ("PASSED");
end Main;
