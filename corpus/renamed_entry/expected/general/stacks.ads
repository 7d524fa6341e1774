--  A stack server task whose entries are exported as procedures through
--  renaming declarations.

package Stacks is

   Max : constant := 16;

   --  rdv2po: task Stack_Server became this protected object; its calls go on
   --  to Stack_Server_Rendezvous and its code runs in the task
   --  Stack_Server_Agent, both in the package body (general scheme)
   protected Stack_Server is
      entry Push (X : Integer);
      entry Pop (X : out Integer);
      entry Depth (N : out Natural);
   end Stack_Server;

   procedure Push (X : Integer) renames Stack_Server.Push;
   procedure Pop (X : out Integer) renames Stack_Server.Pop;

end Stacks;
