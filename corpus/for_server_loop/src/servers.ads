--  Four servers whose loop is a for loop.
package Servers is

   type Color is (Red, Green, Blue);
   type Day is (Mon, Tue, Wed, Thu, Fri, Sat, Sun);
   subtype Weekend is Day range Sat .. Sun;

   task Dealer is
      entry Deal (Card : out Integer);
      entry Odd_Only (Card : out Integer);
   end Dealer;

   task Painter is
      entry Next (Hue : out Color);
   end Painter;

   task Weekly is
      entry Rest (Which : out Day; Hours : out Natural);
   end Weekly;

   task Empty is
      entry Ping;
   end Empty;

end Servers;
