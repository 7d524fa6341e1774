package Ops is
   function Triple (X : Integer) return Integer;
   procedure Nothing (X : Integer);
private
   function Triple (X : Integer) return Integer is (X * 3);
   procedure Nothing (X : Integer) is null;
end Ops;
