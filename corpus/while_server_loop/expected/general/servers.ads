--  Three servers whose loop is a while loop.
package Servers is

   --  rdv2po: task Logger became this protected object; its calls go on to
   --  Logger_Rendezvous and its code runs in the task Logger_Agent, both in
   --  the package body (general scheme)
   protected Logger is
      entry Log (X : Integer);
      entry Total (T : out Integer);
      entry Stop;
   end Logger;

   --  rdv2po: task Counter became this protected object; its calls go on to
   --  Counter_Rendezvous and its code runs in the task Counter_Agent, both in
   --  the package body (general scheme)
   protected Counter is
      entry Tick (N : out Natural);
   end Counter;

   --  rdv2po: task Never became this protected object; its calls go on to
   --  Never_Rendezvous and its code runs in the task Never_Agent, both in the
   --  package body (general scheme)
   protected Never is
      entry Ping;
   end Never;

end Servers;
