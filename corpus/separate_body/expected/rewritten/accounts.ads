--  A ledger server task whose body is a separate subunit
--  (accounts-srv.adb).

package Accounts is

   type Account_Id is range 1 .. 3;

   type Srv_Balances_Array is array (Account_Id) of Integer;
   protected Srv is
      procedure Deposit (Account : Account_Id; Amount : Natural);
      procedure Withdraw (Account : Account_Id; Amount : Natural);
      entry Balance (Account : Account_Id; Amount : out Integer);
      entry Operations (Count : out Natural);
   private
      --  rdv2po: task Srv became this protected object. Ended: the task has
      --  ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Balances : Srv_Balances_Array := (others => 0);
      Ops      : Natural := 0;
   end Srv;

end Accounts;
