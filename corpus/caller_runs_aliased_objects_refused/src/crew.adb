with Ada.Text_IO; use Ada.Text_IO;
package body Crew is
   task body Hand is
   begin
      accept Go (Times : Positive) do
         for I in 1 .. Times loop
            Put_Line (Tag & " went" & Integer'Image (I));
         end loop;
      end Go;
   end Hand;

   task body Foreman is
   begin
      First.Go (1);
      Second.Go (2);
   end Foreman;

   procedure Send (H : access Hand; Times : Positive) is
   begin
      H.Go (Times);
   end Send;
end Crew;
