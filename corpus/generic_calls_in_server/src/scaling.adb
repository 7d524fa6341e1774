function Scaling (X : Value) return Value is
begin
   return X * Factor + 1;
end Scaling;
