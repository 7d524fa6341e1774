with Ada.Strings.Unbounded; use Ada.Strings.Unbounded;
with Int_Vectors;
package Catalog is
   task Catalog_Server is
      entry Add_Item (Name : String; Score : Integer);
      entry Names (All_Names : out Unbounded_String; Count : out Natural);
      entry Best (Score : out Integer);
   end Catalog_Server;
end Catalog;
