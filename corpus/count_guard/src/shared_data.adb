package body Shared_Data is

   task body Control is
      Readers         : Natural := 0;
      Writing         : Boolean := False;
      Started_Reads   : Natural := 0;
      Finished_Writes : Natural := 0;
      Bad             : Natural := 0;
   begin
      loop
         select
            when not Writing and then Start_Write'Count = 0 =>
               accept Start_Read;
               Readers := Readers + 1;
               Started_Reads := Started_Reads + 1;
         or
            when Readers > 0 =>
               accept End_Read;
               Readers := Readers - 1;
         or
            when not Writing and then Readers = 0 =>
               accept Start_Write do
                  if Readers /= 0 or else Writing then
                     Bad := Bad + 1;
                  end if;
               end Start_Write;
               Writing := True;
         or
            when Writing =>
               accept End_Write;
               Writing := False;
               Finished_Writes := Finished_Writes + 1;
         or
            accept Report (Reads, Writes, Violations : out Natural) do
               Reads := Started_Reads;
               Writes := Finished_Writes;
               Violations := Bad;
            end Report;
         or
            terminate;
         end select;
      end loop;
   end Control;

end Shared_Data;
