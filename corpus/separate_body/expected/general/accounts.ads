--  A ledger server task whose body is a separate subunit
--  (accounts-srv.adb).

package Accounts is

   type Account_Id is range 1 .. 3;

   --  rdv2po: task Srv became this protected object; its calls go on to
   --  Srv_Rendezvous and its code runs in the task Srv_Agent, both in the
   --  package body (general scheme)
   protected Srv is
      entry Deposit (Account : Account_Id; Amount : Natural);
      entry Withdraw (Account : Account_Id; Amount : Natural);
      entry Balance (Account : Account_Id; Amount : out Integer);
      entry Operations (Count : out Natural);
   end Srv;

end Accounts;
