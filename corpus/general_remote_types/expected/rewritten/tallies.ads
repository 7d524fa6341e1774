package Tallies is
   pragma Remote_Types;
   type Tally is tagged limited private;
   procedure Add (T : in out Tally; N : Integer);
   function Total (T : in out Tally) return Integer;
private
   protected type Counter is
      entry Add (N : Integer);
      entry Total (S : out Integer);
   private
      --  rdv2po: task Counter became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Sum : Integer := 0;
   end Counter;
   type Tally is tagged limited record
      C : Counter;
   end record;
end Tallies;
