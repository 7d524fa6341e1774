--  Aliased objects of a one-shot task type the caller-runs scheme refuses:
--  X'Unchecked_Access stored in a library-level access variable, which still
--  holds it after X's master has finalized X (were a task to call through it
--  then, the translation would run the server's code on a finalized object).
with Ada.Text_IO; use Ada.Text_IO;
with Crew; use Crew;
with Keep; use type Keep.Hand_Ref;
procedure Main is
begin
   declare
      X : aliased Hand ('x');
   begin
      Keep.Last := X'Unchecked_Access;
      Keep.Last.Go (2);
   end;
   if Keep.Last /= null then
      Put_Line ("an access value outlived its object");
   end if;
   Put_Line ("PASSED");
end Main;
