--  server scheme: a calling server Setup declared in a package spec whose
--  workers' bodies are in the package body is refused with "Worker's body
--  is in src/work.adb, where the protected object that replaces Setup
--  (src/work.ads:...) cannot be named" -- but the package body can name
--  everything declared in its spec.
package Work is
   task Setup;
   task type Worker is
      entry Start (Id : Positive);
   end Worker;
   Pool : array (1 .. 3) of Worker;
   protected Sum is
      procedure Add (X : Positive);
      function Value return Natural;
   private
      S : Natural := 0;
   end Sum;
end Work;
