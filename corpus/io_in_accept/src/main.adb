--  A logging server whose accept body writes with Ada.Text_IO.Put_Line.
--  Only the main procedure calls Log, one call at a time, so the lines
--  come out in the order of the calls.

with Ada.Text_IO;

procedure Main is

   task Logger is
      entry Log (Msg : String);
      entry Count (N : out Natural);
      entry Stop;
   end Logger;

   task body Logger is
      Lines : Natural := 0;
   begin
      loop
         select
            accept Log (Msg : String) do
               Lines := Lines + 1;
               Ada.Text_IO.Put_Line
                 ("log" & Natural'Image (Lines) & ": " & Msg);
            end Log;
         or
            accept Count (N : out Natural) do
               N := Lines;
            end Count;
         or
            accept Stop;
            exit;
         end select;
      end loop;
   end Logger;

   Total : Natural;

begin
   Logger.Log ("starting");
   for I in 1 .. 5 loop
      Logger.Log ("step" & Integer'Image (I) & " of 5");
   end loop;
   Logger.Log ("done");
   Logger.Count (Total);
   Logger.Stop;
   Ada.Text_IO.Put_Line ("Lines logged:" & Natural'Image (Total));
   if Total = 7 then
      Ada.Text_IO.Put_Line ("PASSED");
   else
      Ada.Text_IO.Put_Line ("FAILED");
   end if;
end Main;
