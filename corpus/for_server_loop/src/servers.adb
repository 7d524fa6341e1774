package body Servers is

   --  Deals Deck_Size cards, highest first; Odd_Only is open on odd cards.
   task body Dealer is
      Deck_Size : constant Integer := 5;
      Dealt     : Natural := 0;
   begin
      for Card_No in reverse 1 .. Deck_Size loop
         select
            accept Deal (Card : out Integer) do
               Card := Card_No * 10;
            end Deal;
         or
            when Card_No mod 2 = 1 =>
               accept Odd_Only (Card : out Integer) do
                  Card := Card_No;
               end Odd_Only;
         end select;
         Dealt := Dealt + 1;
      end loop;
   end Dealer;

   --  Hands out Green, then Blue.
   task body Painter is
   begin
      for C in Color range Green .. Blue loop
         accept Next (Hue : out Color) do
            Hue := C;
         end Next;
      end loop;
   end Painter;

   --  Over a subtype mark: Sat, then Sun.
   task body Weekly is
      Total : Natural := 0;
   begin
      for D in Weekend loop
         Total := Total + 8;
         accept Rest (Which : out Day; Hours : out Natural) do
            Which := D;
            Hours := Total;
         end Rest;
      end loop;
   end Weekly;

   --  An empty range: the task ends without accepting.
   task body Empty is
      Count : Natural := 0;
   begin
      for I in 1 .. Count loop
         accept Ping;
      end loop;
   end Empty;

end Servers;
