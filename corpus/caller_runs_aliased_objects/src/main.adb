--  Aliased objects of a one-shot task type the caller-runs scheme takes: the
--  only access values to them are X'Access, given as access discriminants to
--  a task declared after them in the same declarative part (their master
--  awaits it before it finalizes them) or as an access parameter (it lives
--  as long as the call); an aliased object also called by its name.
with Ada.Text_IO; use Ada.Text_IO;
with Crew; use Crew;
procedure Main is
begin
   declare
      X : aliased Hand ('x');
      Y : aliased Hand ('y');
      F : Foreman (Y'Access, X'Access);
   begin
      null;
   end;
   Put_Line ("foreman done");
   declare
      Z : aliased Hand ('z');
   begin
      Send (Z'Access, 2);
   end;
   declare
      W : aliased Hand ('w');
   begin
      W.Go (1);
   end;
   Put_Line ("all done");
   Put_Line ("PASSED");
end Main;
