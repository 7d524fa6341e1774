--  Servers whose accepts sit in several loops, one after the other: phases
--  of the task's life.  The server scheme makes each loop's sync points
--  stages of their own (DESIGN 4.5, the paper's Figure 6): leaving one loop,
--  by an exit or its condition, the object goes on to the next.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   --  A register: collects values until sealed, then serves three reads of
   --  their average (a labelled loop left by an exit when), then one Final.
   task Register is
      entry Add (V : Integer);
      entry Seal;
      entry Average_Of (A : out Integer);
      entry Final (N : out Natural);
   end Register;
   task body Register is
      Sum : Integer := 0;
      Count : Natural := 0;
      Average : Integer := 0;
      Reads_Done : Natural := 0;
   begin
      loop
         select
            accept Add (V : Integer) do
               Sum := Sum + V;
            end Add;
            Count := Count + 1;
         or
            accept Seal;
            exit;
         end select;
      end loop;
      if Count > 0 then
         Average := Sum / Count;
      end if;
      Reads : loop
         select
            accept Average_Of (A : out Integer) do
               A := Average;
            end Average_Of;
            Reads_Done := Reads_Done + 1;
            exit Reads when Reads_Done = 3;
         or
            terminate;
         end select;
      end loop Reads;
      accept Final (N : out Natural) do
         N := Reads_Done;
      end Final;
   end Register;

   --  A turnstile: a while loop takes two coins, then a plain loop lets
   --  people through for ever.
   task Turnstile is
      entry Coin;
      entry Push;
      entry Passed (N : out Natural);
   end Turnstile;
   task body Turnstile is
      Coins : Natural := 0;
      Through : Natural := 0;
   begin
      while Coins < 2 loop
         accept Coin;
         Coins := Coins + 1;
      end loop;
      loop
         select
            accept Push;
            Through := Through + 1;
         or
            accept Passed (N : out Natural) do
               N := Through;
            end Passed;
         or
            terminate;
         end select;
      end loop;
   end Turnstile;

   A : Integer;
   N : Natural;
begin
   Register.Add (3);
   Register.Add (5);
   Register.Add (10);
   select
      Register.Average_Of (A);
      Put_Line ("an average before Seal");
   or
      delay 0.05;
      Put_Line ("no average before Seal");
   end select;
   Register.Seal;
   for I in 1 .. 3 loop
      Register.Average_Of (A);
      Put_Line ("average" & Integer'Image (A));
   end loop;
   select
      Register.Add (1);
      Put_Line ("added after Seal");
   else
      Put_Line ("Add refused after Seal");
   end select;
   Register.Final (N);
   Put_Line ("reads" & Natural'Image (N));
   begin
      Register.Final (N);
      Put_Line ("Final twice");
   exception
      when Tasking_Error => Put_Line ("Final after the end: Tasking_Error");
   end;

   select
      Turnstile.Push;
      Put_Line ("pushed without coins");
   or
      delay 0.05;
      Put_Line ("Push refused without coins");
   end select;
   Turnstile.Coin;
   Turnstile.Coin;
   Turnstile.Push;
   Turnstile.Push;
   select
      Turnstile.Coin;
      Put_Line ("a third coin");
   else
      Put_Line ("no third coin");
   end select;
   Turnstile.Passed (N);
   Put_Line ("passed" & Natural'Image (N));
   Put_Line ("PASSED");
end Main;
