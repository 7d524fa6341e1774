--  Objects of a task type declared in packages' declarations: Holders
--  (a library package) and Local (in Main's declarative part), neither with
--  a body.  Nothing elaborated after them can raise, so each is activated
--  where the translation expects it.
with Ada.Text_IO; use Ada.Text_IO;
with Echoes;
with Holders;
procedure Main is
   package Local is
      Near : Echoes.Echo;
   end Local;
   Lines : constant := 2;
begin
   Holders.Kept.Start ("lib");
   Local.Near.Start ("loc");
   for I in 1 .. Holders.Rounds loop
      Holders.Kept.Put ("round" & Integer'Image (I));
   end loop;
   for I in 1 .. Lines loop
      Local.Near.Put ("line" & Integer'Image (I));
   end loop;
   Put_Line ("PASSED");
end Main;
