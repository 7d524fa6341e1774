package body Glob is
   function Set (V : Integer) return Integer is
   begin
      Cell := V;
      return V;
   end Set;
end Glob;
