package Tally is
   --  rdv2po: task Counter became this protected object; its calls go on to
   --  Counter_Rendezvous and its code runs in the task Counter_Agent, both in
   --  the package body (general scheme)
   protected Counter is
      entry Add (X : Integer);
      entry Get (Result : out Integer);
   end Counter;
end Tally;
