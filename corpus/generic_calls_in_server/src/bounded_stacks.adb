package body Bounded_Stacks is
   Data : array (1 .. Size) of Integer;
   Top  : Natural := 0;

   procedure Push (X : Integer) is
   begin
      Top := Top + 1;
      Data (Top) := X;
   end Push;

   function Pop return Integer is
   begin
      Top := Top - 1;
      return Data (Top + 1);
   end Pop;

   function Depth return Natural is (Top);
end Bounded_Stacks;
