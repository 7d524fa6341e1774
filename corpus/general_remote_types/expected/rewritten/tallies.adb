package body Tallies is
   protected body Counter is

      entry Add (N : Integer) when True is
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

      entry Total (S : out Integer) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         S := Sum;
      end Total;

   end Counter;

   procedure Add (T : in out Tally; N : Integer) is
   begin
      T.C.Add (N);
   end Add;

   function Total (T : in out Tally) return Integer is
      S : Integer;
   begin
      T.C.Total (S);
      return S;
   end Total;
end Tallies;
