package Meters is
   --  The spec declares Scale, the name of the unit its body withs.
   function Scale return Integer;
   task type Meter is
      entry Add;
      entry Total (N : out Natural);
   end Meter;
end Meters;
