
with Stats;
package body Catalog is

   protected body Catalog_Server is

      entry Add_Item (Name : String; Score : Integer)
        when Stage = 0 or else Stage = 1
      is
      begin
         if Stage = 0 then
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
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         begin
            Stats.Counter.Add (1);
            if Scores.Last_Element > Top then
               Top := Scores.Last_Element;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Add_Item;

      entry Names (All_Names : out Unbounded_String; Count : out Natural)
        when Stage = 0 or else Stage = 1
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            All_Names := Joined;
            Count := Natural (Scores.Length);
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
      end Names;

      entry Best (Score : out Integer) when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Score := Top;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
      end Best;

   end Catalog_Server;
end Catalog;
