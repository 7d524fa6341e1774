with Ada.Text_IO; use Ada.Text_IO;
with Folding; use Folding;
procedure Main is
   package Printer is
      procedure Print (Msg : String; Width : Positive);
      procedure Stop;
   end Printer;

   package body Printer is
      Text : String (1 .. 60);
      Length : Natural := 0;
      Narrow : Positive := 1;
      Lines : Natural := 0;
      Spaces : Natural := 0;
      Running : Boolean := True;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Print;
         entry Stop;
         procedure Finish (Ended : Boolean);
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

         entry Stop when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Stop;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Print (Msg : String; Width : Positive) is
         Ended : Boolean := False;
      begin
         Turn.Print;
         begin
            Length := Integer'Min (Msg'Length, Text'Length);
            Text (1 .. Length) := Msg (Msg'First .. Msg'First + Length - 1);
            Narrow := Width;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Put_Folded (Text (1 .. Length), Narrow);
            Lines := Lines + 1;
            declare
               I : Natural := 0;
            begin
               while I < Length loop
                  I := I + 1;
                  if Text (I) = ' ' then
                     Spaces := Spaces + 1;
                  end if;
               end loop;
            end;
            Ended := not Running;   -- the server loop's test
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Print;

      procedure Stop is
         Ended : Boolean := False;
      begin
         Turn.Stop;
         begin
            Put_Line ("printer:" & Natural'Image (Lines) & " messages," &
                      Natural'Image (Spaces) & " spaces");
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Running := False;
            Ended := not Running;   -- the server loop's test
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Stop;
   end Printer;

   task Poller is
      entry Start;
   end Poller;

   task body Poller is
   begin
      loop
         select
            accept Start;
            while not Ready loop
               null;
            end loop;
            Ready := False;
            Polls := Polls + 1;
         or
            terminate;
         end select;
      end loop;
   end Poller;
begin
   Printer.Print ("the quick brown fox jumps over the lazy dog", 12);
   Printer.Print ("  short  ", 4);
   Printer.Print ("unbreakablewordthatislong and more", 8);
   Printer.Stop;
   for Round in 1 .. 3 loop
      Poller.Start;
      Ready := True;
      while Polls < Round loop
         null;
      end loop;
   end loop;
   Put_Line ("polls:" & Natural'Image (Polls));
   Put_Line ("PASSED");
end Main;
