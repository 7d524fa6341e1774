
with Stats;
package body Catalog is

   protected body Catalog_Server is

      entry Add_Item (Name : String; Score : Integer) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            if Length (Joined) > 0 then
               Append (Joined, ",");
            end if;
            Append (Joined, Name);
            Scores.Append (Stats.Weight (Score));
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Stats.Counter.Add (1);
            if Scores.Last_Element > Top then
               Top := Scores.Last_Element;
            end if;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Add_Item;

      entry Names (All_Names : out Unbounded_String; Count : out Natural)
        when True
      is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            All_Names := Joined;
            Count := Natural (Scores.Length);
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Names;

      procedure Best (Score : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Score := Top;
      end Best;

   end Catalog_Server;
end Catalog;
