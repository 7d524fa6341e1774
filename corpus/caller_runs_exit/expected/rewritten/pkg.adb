with Ada.Text_IO;
package body Pkg is
   package body Printer is
      Sum : Integer := 0;
      Lines : Natural := 0;
      Served : Natural := 0;
      procedure Say (S : String) is
      begin
         Ada.Text_IO.Put_Line (S);
         Lines := Lines + 1;
      end Say;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Print;
         entry Total;
         entry Quit;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the master's wait
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Print when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Print;

         entry Total when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Total;

         entry Quit when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Quit;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;

         entry Await_End when Over is
         begin
            null;
         end Await_End;
      end Turn;

      procedure Print (N : Integer) is
         Ended : Boolean := False;
      begin
         Turn.Print;
         begin
            Say ("print" & Integer'Image (N));
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Sum := Sum + 1;
            if Sum >= 100 then
               Ended := True;   -- exit of the server loop
            else
               Served := Served + 1;
            end if;
            if Ended then
               Say ("printer done after" & Natural'Image (Lines) & " lines,"
                    & Natural'Image (Served) & " calls served");
            end if;
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Print;

      procedure Total (Value : out Integer) is
         Ended : Boolean := False;
      begin
         Turn.Total;
         begin
            Value := Printer.Sum;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Served := Served + 1;
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Total;

      procedure Quit is
         Ended : Boolean := False;
      begin
         Turn.Quit;
         begin
            Say ("quitting");
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Ended := True;   -- exit;
            Say ("printer done after" & Natural'Image (Lines) & " lines,"
                 & Natural'Image (Served) & " calls served");
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Quit;

      overriding procedure Finalize (Self : in out Master) is
         pragma Unreferenced (Self);
      begin
         Turn.Await_End;   -- where the master waited for the task
      end Finalize;
   end Printer;
   Printer_Master : Printer.Master;  --  rdv2po: the task was activated here (its master waits for it)
end Pkg;
