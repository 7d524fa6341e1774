with Ada.Text_IO;
package body Echoes is
   task body Echo is
      Mine : String (1 .. 3) := "???";
      Count : Natural := 0;
   begin
      accept Start (Tag : String) do
         Mine := Tag;
      end Start;
      loop
         select
            accept Put (S : String) do
               Count := Count + 1;
               Ada.Text_IO.Put_Line (Mine & Natural'Image (Count) & ": " & S);
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Echo;
end Echoes;
