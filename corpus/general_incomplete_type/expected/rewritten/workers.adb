package body Workers is
   protected type Worker is
      procedure Add (N : Integer);
      procedure Total (T : out Integer);
   private
      --  rdv2po: task Worker became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Sum : Integer := 0;
   end Worker;

   protected body Worker is

      procedure Add (N : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + N;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Add;

      procedure Total (T : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         T := Sum;
      end Total;

   end Worker;

   function Start return Handle is
   begin
      return new Worker;
   end Start;

   procedure Put (H : Handle; N : Integer) is
   begin
      H.Add (N);
   end Put;

   function Sum_Of (H : Handle) return Integer is
      T : Integer;
   begin
      H.Total (T);
      return T;
   end Sum_Of;
end Workers;
