with Cells; use Cells;
package Store is
   --  A server keeping its values in allocated cells, freed and allocated
   --  again in its accept bodies with instances of Ada.Unchecked_Deallocation
   --  (positional and named actuals, a predefined type and a record of a
   --  subtype and an enumeration).
   --  rdv2po: task Keeper became this protected object; its calls go on to
   --  Keeper_Rendezvous and its code runs in the task Keeper_Agent, both in
   --  the package body (general scheme)
   protected Keeper is
      entry Put (X : Integer);
      entry Put_Row (R : Row);
      entry Sum (Total : out Integer);
   end Keeper;
end Store;
