with Limits;
with Shades;
package Stacks is
   type Stack_Items_Array is array (1 .. Limits.Depth) of Integer;
   protected type Stack is
      entry Push (V : Integer);
      entry Pop (V : out Integer);
      procedure Flip (S : out Boolean);
   private
      --  rdv2po: task Stack became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Items : Stack_Items_Array := (others => Limits.Start);
      Top   : Natural range 0 .. Limits.Depth := 0;
      Mode  : Shades.Shade := Shades.Light;
      Seen  : Shades.Level := 0;
   end Stack;
end Stacks;
