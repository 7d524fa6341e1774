--  A stack server task whose entries are exported as procedures through
--  renaming declarations.

package Stacks is

   Max : constant := 16;

   type Stack_Server_Data_Array is array (1 .. Max) of Integer;
   protected Stack_Server is
      entry Push (X : Integer);
      entry Pop (X : out Integer);
      procedure Depth (N : out Natural);
   private
      --  rdv2po: task Stack_Server became this protected object. Ended: the
      --  task has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Data : Stack_Server_Data_Array;
      Top  : Natural := 0;
   end Stack_Server;

   procedure Push (X : Integer) renames Stack_Server.Push;
   procedure Pop (X : out Integer) renames Stack_Server.Pop;

end Stacks;
