package body Loops is

   Calls : Natural := 0;

   procedure Increment (I : in out Natural) is
   begin
      I := I + 1;
   end Increment;

   procedure Control is
   begin
      Calls := Calls + 1;
   end Control;

   function Controls return Natural is (Calls);

end Loops;
