with Cells; use Cells;
package Store is
   --  A server keeping its values in allocated cells, freed and allocated
   --  again in its accept bodies with instances of Ada.Unchecked_Deallocation
   --  (positional and named actuals, a predefined type and a record of a
   --  subtype and an enumeration).
   task Keeper is
      entry Put (X : Integer);
      entry Put_Row (R : Row);
      entry Sum (Total : out Integer);
   end Keeper;
end Store;
