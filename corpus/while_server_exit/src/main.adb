--  A fills up to Limit * Cap and ends by its loop's condition; B is told to
--  Quit and ends by its exit; both then refuse calls with Tasking_Error.

with Ada.Text_IO; use Ada.Text_IO;
with Sinks;       use Sinks;

procedure Main is
   A  : W (2);
   B  : W (10);
   Ok : Boolean;
begin
   A.Start (3);
   B.Start (1);
   for I in 1 .. 5 loop
      begin
         A.Put (I, Ok);
         Put_Line ("A" & Integer'Image (I) & " " & Boolean'Image (Ok));
      exception
         when Tasking_Error => Put_Line ("A" & Integer'Image (I) & ": Tasking_Error");
      end;
   end loop;
   B.Put (1, Ok);
   B.Quit;
   begin
      B.Put (1, Ok);
      Put_Line ("B accepted");
   exception
      when Tasking_Error => Put_Line ("B: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;
