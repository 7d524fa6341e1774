package Stats is
   protected Counter is
      procedure Add (N : Integer);
      function Value return Integer;
   private
      V : Integer := 0;
   end Counter;
   function Weight (X : Integer) return Integer;
end Stats;
