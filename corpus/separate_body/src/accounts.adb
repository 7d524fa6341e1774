package body Accounts is

   task body Srv is separate;

end Accounts;
