--  Zähler: Körper des Servers (body of the counting server).

package body Counters is

   protected body Counter is

      --  rdv2po: comments of the task body, kept:
      --  Zählerstand
      --  Anzahl der Aufrufe
      --  Ende, wenn niemand mehr zählt

      procedure Increment (By : in Positive) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Total := Total + By;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            N := N + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Increment;

      procedure Value (V : out Natural; Calls : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         V := Total;
         Calls := N;
      end Value;

   end Counter;

end Counters;
