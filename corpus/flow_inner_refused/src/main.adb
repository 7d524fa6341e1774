--  Inner loops holding accepts that the server scheme does not translate: a
--  plain loop (Counter, left by an exit when the count is reached), and a
--  while loop left by an exit of its own (Reader); each is refused with its
--  reason.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Counter is
      entry Start (N : Positive);
      entry Tick;
   end Counter;
   task body Counter is
      Last : Positive := 1;
   begin
      loop
         select
            accept Start (N : Positive) do
               Last := N;
            end Start;
         or
            terminate;
         end select;
         loop
            accept Tick;
            Last := Last - 1;
            exit when Last = 0;
         end loop;
      end loop;
   end Counter;

   task Reader is
      entry Put (C : Character);
      entry Get (S : out String);
   end Reader;
   task body Reader is
      Line : String (1 .. 8) := (others => ' ');
      Last : Natural := 0;
      Done : Boolean := False;
   begin
      loop
         select
            accept Get (S : out String) do
               S := Line;
            end Get;
            Last := 0;
            Done := False;
         or
            terminate;
         end select;
         while not Done loop
            select
               accept Put (C : Character) do
                  Last := Last + 1;
                  Line (Last) := C;
               end Put;
            or
               terminate;
            end select;
            exit when Line (Last) = '.';
            Done := Last = Line'Last;
         end loop;
      end loop;
   end Reader;

   S : String (1 .. 8);
begin
   Counter.Start (2);
   Counter.Tick;
   Counter.Tick;
   Put_Line ("ticked twice");
   Reader.Get (S);
   for C of String'("ab.") loop
      Reader.Put (C);
   end loop;
   Reader.Get (S);
   Put_Line ("read """ & S & """");
   Put_Line ("PASSED");
end Main;
