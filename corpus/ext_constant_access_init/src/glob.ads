package Glob is
   type Int_Ptr is access all Integer;
   Cell : aliased Integer := 1;
   P : constant Int_Ptr := Cell'Access;
   function Set (V : Integer) return Integer;
end Glob;
