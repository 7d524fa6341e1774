--  The dining table: five seats, five forks.  Philosopher Id uses fork Id
--  (left) and fork Id mod Philosophers + 1 (right).

package Table is

   Philosophers : constant := 5;

   subtype Phil_Id is Positive range 1 .. Philosophers;

   --  True where the fork is on the table.
   type Fork_Array is array (Phil_Id) of Boolean;

   --  The portion the butler serves for the K-th meal (K = 1, 2, ...).
   function Portion_Size (K : Positive) return Natural is (K mod 7 + 1);

end Table;
