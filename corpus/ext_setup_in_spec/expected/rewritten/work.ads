--  server scheme: a calling server Setup declared in a package spec whose
--  workers' bodies are in the package body is refused with "Worker's body
--  is in src/work.adb, where the protected object that replaces Setup
--  (src/work.ads:...) cannot be named" -- but the package body can name
--  everything declared in its spec.
package Work is
   protected Setup is
      entry Start (Id : out Positive);
   private
      --  rdv2po: task Setup, a calling server, became this protected object;
      --  its workers call it for what Setup handed them. Stage is the call
      --  Setup makes next: 1 = Pool (I).Start (I); 0 = not started; -1 = done
      --  (calls wait for ever, as for a task that has ended).
      Stage : Integer := 0;
      I, I_Bound : Integer'Base;  --  loop at src/work.adb:4
      procedure Advance;
   end Setup;
   task type Worker;
   Pool : array (1 .. 3) of Worker;
   protected Sum is
      procedure Add (X : Positive);
      function Value return Natural;
   private
      S : Natural := 0;
   end Sum;
end Work;
