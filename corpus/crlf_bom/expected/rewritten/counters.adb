--  Zähler: Körper des Servers (body of the counting server).

package body Counters is

   protected body Counter is

      --  rdv2po: comments of the task body, kept:
      --  Zählerstand
      --  Anzahl der Aufrufe
      --  Ende, wenn niemand mehr zählt

      entry Increment (By : in Positive) when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Total := Total + By;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         begin
            N := N + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Increment;

      entry Value (V : out Natural; Calls : out Natural)
        when Stage = 0 or else Stage = 1
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            V := Total;
            Calls := N;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
      end Value;

   end Counter;

end Counters;
