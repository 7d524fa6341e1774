
with Stats;
package body Catalog is

   task body Catalog_Server is
      Scores : Int_Vectors.Vector;
      Joined : Unbounded_String := To_Unbounded_String ("");
      Top    : Integer := Integer'First;
   begin
      loop
         select
            accept Add_Item (Name : String; Score : Integer) do
               if Length (Joined) > 0 then
                  Append (Joined, ",");
               end if;
               Append (Joined, Name);
               Scores.Append (Stats.Weight (Score));
            end Add_Item;
            Stats.Counter.Add (1);
            if Scores.Last_Element > Top then
               Top := Scores.Last_Element;
            end if;
         or
            accept Names (All_Names : out Unbounded_String; Count : out Natural) do
               All_Names := Joined;
               Count := Natural (Scores.Length);
            end Names;
         or
            accept Best (Score : out Integer) do
               Score := Top;
            end Best;
         or
            terminate;
         end select;
      end loop;
   end Catalog_Server;
end Catalog;
