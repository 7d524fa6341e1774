package body Accounts is

   protected body Srv is separate;

end Accounts;
