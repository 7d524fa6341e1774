--  A display server whose accept bodies print and may raise: the exception
--  reaches the caller and ends the server (the rendezvous semantics), so
--  queued and later callers get Tasking_Error.  Out parameters, a guard over
--  the server's variables, a handler inside an accept body, and a library
--  procedure on the call path to Text_IO.
with Ada.Text_IO; use Ada.Text_IO;
with Report;
procedure Main is
   task Display is
      entry Show (Line : String; Width : out Natural);
      entry Scale (Factor : in out Integer);
      entry Fail (Code : Integer);
   end Display;

   task body Display is
      Shown : Natural := 0;
      Limit : constant Natural := 3;
   begin
      loop
         select
            when Shown < Limit =>
               accept Show (Line : String; Width : out Natural) do
                  Report.Line ("show " & Line);
                  Width := Line'Length;
               end Show;
               Shown := Shown + 1;
         or
            accept Scale (Factor : in out Integer) do
               begin
                  Factor := Factor * 1000;
               exception
                  when Constraint_Error =>
                     Put_Line ("scale: too big, kept");
               end;
            end Scale;
         or
            accept Fail (Code : Integer) do
               Put_Line ("fail" & Integer'Image (Code));
               if Code > 0 then
                  raise Program_Error;
               end if;
            end Fail;
         or
            terminate;
         end select;
      end loop;
   end Display;

   W : Natural;
   F : Integer := 7;
   Big : Integer := Integer'Last;
begin
   Display.Show ("one", W);
   Put_Line ("width" & Natural'Image (W));
   Display.Scale (F);
   Display.Scale (Big);
   Put_Line ("factors" & Integer'Image (F) & Integer'Image (Big));
   Display.Fail (0);
   Display.Show ("three", W);
   Put_Line ("width" & Natural'Image (W));
   begin
      Display.Fail (1);
   exception
      when Program_Error => Put_Line ("caller saw Program_Error");
   end;
   begin
      Display.Show ("gone", W);
      Put_Line ("after failure: accepted");
   exception
      when Tasking_Error => Put_Line ("after failure: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;
