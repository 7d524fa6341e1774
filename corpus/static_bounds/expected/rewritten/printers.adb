with Ada.Text_IO;
package body Printers is
   package body Printer_Objects is
      protected body Printer_Turn is
         entry Print when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Print;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Printer_Turn;

      procedure Print (Self : Printer; S : String) is
         Turn : Printer_Turn renames Self.This.Turn;
         Lines : Natural renames Self.This.Lines;
      begin
         Turn.Print;
         begin
            Lines := Lines + 1;
            Ada.Text_IO.Put_Line (Natural'Image (Lines) & ": " & S);
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Print;
   end Printer_Objects;

   procedure Show (H : Handle_Ref; S : String) is
   begin
      H.To.Print (S);
   end Show;
end Printers;
