--  Code a translation writes on a line of its own -- an exit condition, an
--  entry's default -- keeps the blanks of its string literals, which are part
--  of their values, and loses a comment inside it, which would otherwise
--  swallow the rest of that line.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   --  leaves its loop when it is handed "x  y" (two blanks), not "x y"
   task Keeper is
      entry Put (S : String);
   end Keeper;

   task body Keeper is
      Last : String (1 .. 4) := (others => ' ');
   begin
      loop
         accept Put (S : String) do
            Last := S;
         end Put;
         Put_Line ("kept [" & Last & "]");
         exit when Last = "x  y";
      end loop;
      Put_Line ("keeper done");
   end Keeper;

   --  a default with two blanks, and a comment inside the exit condition
   task Gate is
      entry Pass (S : String := "a  b");
   end Gate;

   task body Gate is
      Seen : Natural := 0;
   begin
      loop
         accept Pass (S : String := "a  b") do
            Put_Line ("passed [" & S & "]");
         end Pass;
         Seen := Seen + 1;
         exit when Seen = 3   -- the last pass
           or else Seen > 5;
      end loop;
      Put_Line ("gate done");
   end Gate;

   --  a default with two blanks, in a select loop with a terminate alternative
   task Echo is
      entry Say (S : String := "c  d");
   end Echo;

   task body Echo is
   begin
      loop
         select
            accept Say (S : String := "c  d") do
               Put_Line ("said [" & S & "]");
            end Say;
         or
            terminate;
         end select;
      end loop;
   end Echo;

   --  a family whose members' procedures repeat the entry's default
   subtype Slot is Integer range 1 .. 2;

   task Board is
      entry Post (Slot) (S : String := "g  h");
   end Board;

   task body Board is
   begin
      loop
         select
            accept Post (1) (S : String := "g  h") do
               Put_Line ("posted [" & S & "]");
            end Post;
         or
            terminate;
         end select;
      end loop;
   end Board;

begin
   Keeper.Put ("x y ");
   Keeper.Put ("x  y");
   while not Keeper'Terminated loop
      delay 0.01;
   end loop;
   Gate.Pass;
   Gate.Pass ("a b");
   Gate.Pass;
   while not Gate'Terminated loop
      delay 0.01;
   end loop;
   Echo.Say;
   Echo.Say ("e f");
   Board.Post (1);
   Board.Post (1) ("i j");
   delay 0.1;
   Put_Line ("PASSED");
end Main;
