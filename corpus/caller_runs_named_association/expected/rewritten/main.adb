with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   package Printer is
      procedure Show (Item : String);
      procedure Done;   --  taken once the last line is printed: PASSED comes after it
   end Printer;

   package body Printer is
      Last : String (1 .. 20);
      Len  : Natural;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Show;
         entry Done;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Show when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Show;

         entry Done when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Done;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Show (Item : String) is
         Ended : Boolean := False;
      begin
         Turn.Show;
         begin
            Len := Item'Length;
            Last (1 .. Len) := Item;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Put_Line (File => Standard_Output, Item => Last (1 .. Len));
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Show;

      procedure Done is
      begin
         Turn.Done;
         Turn.Finish (Ended => False);
      end Done;
   end Printer;
begin
   Printer.Show ("one");
   Printer.Show ("two");
   Printer.Show ("three");
   Printer.Done;
   Put_Line ("PASSED");
end Main;
