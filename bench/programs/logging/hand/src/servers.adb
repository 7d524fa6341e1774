with Log_Files;

package body Servers is

   package body Logger is

      protected Lock is
         entry Seize;
         procedure Release;
      private
         Held : Boolean := False;
      end Lock;

      protected body Lock is
         entry Seize when not Held is
         begin
            Held := True;
         end Seize;

         procedure Release is
         begin
            Held := False;
         end Release;
      end Lock;

      Count : Natural := 0;

      procedure Log (Msg : String) is
      begin
         Lock.Seize;
         begin
            Log_Files.Write (Msg);
            Count := Count + 1;
         exception
            when others =>
               Lock.Release;
               raise;
         end;
         Lock.Release;
      end Log;

      procedure Total (N : out Natural) is
      begin
         Lock.Seize;
         N := Count;
         Lock.Release;
      end Total;

   end Logger;

end Servers;
