with Ada.Text_IO; use Ada.Text_IO;
with Notes; use Notes;
procedure Main is
   package Teller is
      procedure Tell (N : Integer);
      procedure Done (Total : out Integer);
   end Teller;

   package body Teller is
      Sum : Integer := 0;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Tell;
         entry Done;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Tell when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Tell;

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

      procedure Tell (N : Integer) is
         Ended : Boolean := False;
      begin
         Turn.Tell;
         begin
            Sum := Sum + N;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Note ("told" & Integer'Image (Sum));
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Tell;

      procedure Done (Total : out Integer) is
      begin
         Turn.Done;
         begin
            Total := Sum;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Done;
   end Teller;

   task Logger is
      entry Put (N : Integer);
   end Logger;

   task body Logger is
   begin
      loop
         select
            accept Put (N : Integer) do
               Log ("logged" & Integer'Image (N));
            end Put;
            Log ("after");
         or
            terminate;
         end select;
      end loop;
   end Logger;

   Total : Integer;
begin
   Teller.Tell (3);
   Teller.Tell (4);
   Teller.Done (Total);
   Logger.Put (1);
   Put_Line ("total" & Integer'Image (Total));
   Put_Line ("PASSED");
end Main;
