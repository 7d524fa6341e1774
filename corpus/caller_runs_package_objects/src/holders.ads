--  A library package without a body: Kept is activated when the package's
--  (implicit) body begins, right after this declaration.
with Echoes;
package Holders is
   Kept : Echoes.Echo;
   Rounds : constant := 3;
   type Mark is (Low, High);
end Holders;
