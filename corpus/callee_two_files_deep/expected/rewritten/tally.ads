package Tally is
   protected Counter is
      procedure Add (X : Integer);
      procedure Get (Result : out Integer);
   private
      --  rdv2po: task Counter became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Total : Integer := 0;
   end Counter;
end Tally;
