with Ada.Strings.Unbounded; use Ada.Strings.Unbounded;
with Int_Vectors;
package Catalog is
   protected Catalog_Server is
      entry Add_Item (Name : String; Score : Integer);
      entry Names (All_Names : out Unbounded_String; Count : out Natural);
      procedure Best (Score : out Integer);
   private
      --  rdv2po: task Catalog_Server became this protected object. Ended:
      --  the task has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Scores : Int_Vectors.Vector;
      Joined : Unbounded_String := To_Unbounded_String ("");
      Top    : Integer := Integer'First;
   end Catalog_Server;
end Catalog;
