package body Pairs is

   protected body Pairs is

      procedure Give is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Ready := Ready + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Give;

      entry Take_Pair when Ended or else Ready >= Batch is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Ready := Ready - Batch;
            Taken := Taken + Batch;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Take_Pair;

      procedure Count (N : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         N := Taken;
      end Count;

   end Pairs;

   task body Feeder is
   begin
      for I in 1 .. 3 loop
         Pairs.Give;
      end loop;
   end Feeder;

end Pairs;
