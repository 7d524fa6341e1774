package body Stats is
   protected body Counter is
      procedure Add (N : Integer) is
      begin
         V := V + N;
      end Add;
      function Value return Integer is (V);
   end Counter;
   function Weight (X : Integer) return Integer is
   begin
      if X < 0 then
         return -X * 2;
      end if;
      return X;
   end Weight;
end Stats;
