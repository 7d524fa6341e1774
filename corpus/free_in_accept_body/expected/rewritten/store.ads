with Cells; use Cells;
package Store is
   --  A server keeping its values in allocated cells, freed and allocated
   --  again in its accept bodies with instances of Ada.Unchecked_Deallocation
   --  (positional and named actuals, a predefined type and a record of a
   --  subtype and an enumeration).
   protected Keeper is
      procedure Put (X : Integer);
      entry Put_Row (R : Row);
      procedure Sum (Total : out Integer);
   private
      --  rdv2po: task Keeper became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Cell  : Int_Access := null;
      Table : Row_Access := null;
   end Keeper;
end Store;
