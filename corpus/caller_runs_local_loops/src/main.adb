with Ada.Text_IO; use Ada.Text_IO;
with Folding; use Folding;
procedure Main is
   task Printer is
      entry Print (Msg : String; Width : Positive);
      entry Stop;
   end Printer;

   task body Printer is
      Text : String (1 .. 60);
      Length : Natural := 0;
      Narrow : Positive := 1;
      Lines : Natural := 0;
      Spaces : Natural := 0;
      Running : Boolean := True;
   begin
      while Running loop
         select
            accept Print (Msg : String; Width : Positive) do
               Length := Integer'Min (Msg'Length, Text'Length);
               Text (1 .. Length) := Msg (Msg'First .. Msg'First + Length - 1);
               Narrow := Width;
            end Print;
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
         or
            accept Stop do
               Put_Line ("printer:" & Natural'Image (Lines) & " messages," &
                         Natural'Image (Spaces) & " spaces");
            end Stop;
            Running := False;
         end select;
      end loop;
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
