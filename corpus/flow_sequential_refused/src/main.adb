--  Loops of accepts after the server loop that the server scheme refuses,
--  beside flow_sequential_loops: a 'for ... of' loop over an array (its
--  cursor is not a component the scheme keeps), and a second loop holding a
--  loop of accepts of its own (sync points in a loop in a loop).  Both are
--  refused, each with its reason.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Prices is array (1 .. 3) of Natural;

   task Till is
      entry Open;
      entry Pay (Amount : Natural);
      entry Total (T : out Natural);
   end Till;
   task body Till is
      Price : constant Prices := (3, 4, 5);
      Sum : Natural := 0;
   begin
      loop
         select
            accept Open;
            exit;
         or
            terminate;
         end select;
      end loop;
      for P of Price loop
         accept Pay (Amount : Natural) do
            Sum := Sum + Amount * P;
         end Pay;
      end loop;
      accept Total (T : out Natural) do
         T := Sum;
      end Total;
   end Till;

   task Rounds is
      entry Start;
      entry Step (N : out Natural);
   end Rounds;
   task body Rounds is
      Count : Natural := 0;
   begin
      loop
         select
            accept Start;
            exit;
         or
            terminate;
         end select;
      end loop;
      loop
         Count := 0;
         while Count < 2 loop
            select
               accept Step (N : out Natural) do
                  Count := Count + 1;
                  N := Count;
               end Step;
            or
               terminate;
            end select;
         end loop;
      end loop;
   end Rounds;

   N : Natural;
begin
   Till.Open;
   Till.Pay (1);
   Till.Pay (2);
   Till.Pay (1);
   Till.Total (N);
   Put_Line ("total" & Natural'Image (N));
   Rounds.Start;
   for I in 1 .. 3 loop
      Rounds.Step (N);
      Put_Line ("step" & Natural'Image (N));
   end loop;
   Put_Line ("PASSED");
end Main;
