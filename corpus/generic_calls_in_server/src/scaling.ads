--  A generic function of the program, instantiated where it is used.
generic
   type Value is range <>;
   Factor : Value;
function Scaling (X : Value) return Value;
