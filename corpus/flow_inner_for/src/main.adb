--  Inner for loops holding accepts: a barrier task type whose parties arrive
--  and depart in two counted loops sharing one index name (their lives do not
--  overlap, so they share one component), and a dealer that deals cards in a
--  reverse loop whose index the accept body reads (its range empty when no
--  shuffle came before).  The server scheme enters each range once, steps the
--  index in the entry ending a pass, and leaves the loop, running what
--  follows, at its last value or at once when the range is empty.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Barrier (Parties : Positive) is
      entry Arrive;
      entry Depart;
   end Barrier;
   task body Barrier is
   begin
      loop
         select
            accept Arrive;
         or
            terminate;
         end select;
         for I in 2 .. Parties loop
            accept Arrive;
         end loop;
         for I in 1 .. Parties loop
            accept Depart;
         end loop;
      end loop;
   end Barrier;

   type Card is range 1 .. 13;
   task Dealer is
      entry Shuffle (From : Card);
      entry Deal (C : out Card);
      entry Dealt (N : out Natural);
   end Dealer;
   task body Dealer is
      Top : Natural := 0;           --  cards left to deal after a shuffle
      Count : Natural := 0;
   begin
      loop
         select
            accept Shuffle (From : Card) do
               Top := Natural (From);
            end Shuffle;
         or
            accept Dealt (N : out Natural) do
               N := Count;
            end Dealt;
         or
            terminate;
         end select;
         for K in reverse 1 .. Top loop      --  empty after Dealt: Top is 0
            accept Deal (C : out Card) do
               C := Card (K);
            end Deal;
            Count := Count + 1;
         end loop;
         Top := 0;
      end loop;
   end Dealer;

   B : Barrier (3);
   Phase_Sum : array (1 .. 3) of Natural := (others => 0);
   pragma Volatile (Phase_Sum);

   task type Worker (Id : Positive);
   task body Worker is
   begin
      for Phase in 1 .. 3 loop
         Phase_Sum (Id) := Phase_Sum (Id) + Phase * Id;
         B.Arrive;
         B.Depart;
      end loop;
   end Worker;

   C : Card;
   N : Natural;
begin
   declare
      W1 : Worker (1);
      W2 : Worker (2);
      W3 : Worker (3);
   begin
      null;
   end;
   for I in Phase_Sum'Range loop
      Put_Line ("worker" & Integer'Image (I) & ":" & Natural'Image (Phase_Sum (I)));
   end loop;
   Dealer.Shuffle (3);
   for I in 1 .. 3 loop
      Dealer.Deal (C);
      Put ("dealt" & Card'Image (C) & ";");
   end loop;
   New_Line;
   select
      Dealer.Deal (C);
      Put_Line ("dealt a fourth");
   or
      delay 0.05;
      Put_Line ("no fourth card before a shuffle");
   end select;
   Dealer.Dealt (N);
   Put_Line ("dealt" & Natural'Image (N) & " cards");
   Dealer.Shuffle (1);
   Dealer.Deal (C);
   Dealer.Dealt (N);
   Put_Line ("dealt" & Card'Image (C) & ", in all" & Natural'Image (N));
   Put_Line ("PASSED");
end Main;
