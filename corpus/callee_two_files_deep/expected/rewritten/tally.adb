with Stats;
package body Tally is
   protected body Counter is

      procedure Add (X : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Stats.Record_Value (Total, X);
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Add;

      procedure Get (Result : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Result := Total;
      end Get;

   end Counter;
end Tally;
