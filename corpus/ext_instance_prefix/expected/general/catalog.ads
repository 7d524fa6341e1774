with Ada.Strings.Unbounded; use Ada.Strings.Unbounded;
with Int_Vectors;
package Catalog is
   --  rdv2po: task Catalog_Server became this protected object; its calls go
   --  on to Catalog_Server_Rendezvous and its code runs in the task
   --  Catalog_Server_Agent, both in the package body (general scheme)
   protected Catalog_Server is
      entry Add_Item (Name : String; Score : Integer);
      entry Names (All_Names : out Unbounded_String; Count : out Natural);
      entry Best (Score : out Integer);
   end Catalog_Server;
end Catalog;
