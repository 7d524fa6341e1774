package body Servers is

   task body Echo is
   begin
      loop
         select
            accept Call;
         or
            terminate;
         end select;
      end loop;
   end Echo;

   task body Counter is
      Count : Natural := 0;
   begin
      loop
         select
            accept Bump (By : Positive) do
               Count := Count + By;
            end Bump;
         or
            accept Total (Sum : out Natural) do
               Sum := Count;
            end Total;
         or
            terminate;
         end select;
      end loop;
   end Counter;

end Servers;
