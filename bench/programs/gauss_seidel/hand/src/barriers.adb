package body Barriers is

   protected body Barrier is

      entry Wait when Wait'Count = Workers or else Releasing is
      begin
         Releasing := Wait'Count > 0;
      end Wait;

   end Barrier;

end Barriers;
