package Scale is
   Max : constant := 2;
end Scale;
