--  A display server: the accept only takes the line, the printing is done
--  after the accept and after the select, inside the server loop, while the
--  caller goes on.  The caller-runs scheme has the caller print before it
--  returns: one schedule of the original, where the caller is slower to go
--  on.  The callers print nothing while the server may still be printing
--  (main prints after Count, which the server takes only once it is back at
--  its select, and Count leaves nothing to print), so the original prints
--  the same on every run.
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Integer_Text_IO;
procedure Main is
   task Display is
      entry Show (Line : String; Level : Natural);
      entry Count (N : out Natural);
   end Display;

   task body Display is
      Last : String (1 .. 20) := (others => ' ');
      Length : Natural := 0;
      Depth : Natural := 0;
      Shown : Natural := 0;

      procedure Indent (By : Natural) is
      begin
         for I in 1 .. By loop
            Put ("  ");
         end loop;
      end Indent;
   begin
      loop
         select
            accept Show (Line : String; Level : Natural) do
               Length := Natural'Min (Line'Length, Last'Length);
               Last (1 .. Length) := Line (Line'First .. Line'First + Length - 1);
               Depth := Level;
            end Show;
            Indent (Depth);
            Put_Line (Last (1 .. Length));
            Shown := Shown + 1;
         or
            accept Count (N : out Natural) do
               N := Shown;
            end Count;
            Depth := 0;
         or
            terminate;
         end select;
         if Depth > 0 and then Shown mod 3 = 0 then
            Put ("-- shown ");
            Ada.Integer_Text_IO.Put (Shown, Width => 0);
            New_Line;
         end if;
      end loop;
   end Display;

   task type Writer (Id : Natural);
   task body Writer is
   begin
      for I in 1 .. 2 loop
         Display.Show ("writer" & Natural'Image (Id) & " line" & Integer'Image (I), Id);
      end loop;
   end Writer;

   N : Natural;
begin
   Display.Show ("start", 0);
   declare
      W1 : Writer (1);
   begin
      null;
   end;
   declare
      W2 : Writer (2);
   begin
      null;
   end;
   Display.Show ("a line longer than twenty characters", 1);
   Display.Count (N);
   Put_Line ("count" & Natural'Image (N));
   Display.Show ("end", 0);
   Display.Count (N);
   Put_Line ("count" & Natural'Image (N));
   Put_Line ("PASSED");
end Main;
