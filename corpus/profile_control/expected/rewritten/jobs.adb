package body Jobs is

   protected body Log is

      procedure Note (Id : Positive) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Latest := Id;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Note;

      procedure Last (Id : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Id := Latest;
      end Last;

   end Log;

   task body Spinner is
   begin
      loop
         Spins := Spins + 1;
         delay 0.001;
      end loop;
   end Spinner;

end Jobs;
