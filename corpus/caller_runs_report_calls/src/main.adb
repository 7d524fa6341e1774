with Ada.Text_IO; use Ada.Text_IO;
with Notes; use Notes;
procedure Main is
   task Teller is
      entry Tell (N : Integer);
      entry Done (Total : out Integer);
   end Teller;

   task body Teller is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Tell (N : Integer) do
               Sum := Sum + N;
            end Tell;
            Note ("told" & Integer'Image (Sum));
         or
            accept Done (Total : out Integer) do
               Total := Sum;
            end Done;
         or
            terminate;
         end select;
      end loop;
   end Teller;

   task Logger is
      entry Put (N : Integer);
   end Logger;

   task body Logger is
   begin
      loop
         select
            accept Put (N : Integer) do
               Log ("logged" & Integer'Image (N));
            end Put;
            Log ("after");
         or
            terminate;
         end select;
      end loop;
   end Logger;

   Total : Integer;
begin
   Teller.Tell (3);
   Teller.Tell (4);
   Teller.Done (Total);
   Logger.Put (1);
   Put_Line ("total" & Integer'Image (Total));
   Put_Line ("PASSED");
end Main;
