with Ada.Text_IO;
separate (Spooler)
task body Queue is
   Job_Count  : Natural := 0;
   Page_Count : Natural := 0;
begin
   loop
      select
         accept Submit (Job : String; Pages : Positive := 1) do
            Ada.Text_IO.Put_Line ("job " & Job & ":" & Positive'Image (Pages) & " page(s)");
            Job_Count := Job_Count + 1;
            Page_Count := Page_Count + Pages;
         end Submit;
      or
         accept Flush (Jobs, Pages : out Natural) do
            Jobs := Job_Count;
            Pages := Page_Count;
            Job_Count := 0;
            Page_Count := 0;
         end Flush;
      or
         terminate;
      end select;
   end loop;
end Queue;
