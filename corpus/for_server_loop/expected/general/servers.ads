--  Four servers whose loop is a for loop.
package Servers is

   type Color is (Red, Green, Blue);
   type Day is (Mon, Tue, Wed, Thu, Fri, Sat, Sun);
   subtype Weekend is Day range Sat .. Sun;

   --  rdv2po: task Dealer became this protected object; its calls go on to
   --  Dealer_Rendezvous and its code runs in the task Dealer_Agent, both in
   --  the package body (general scheme)
   protected Dealer is
      entry Deal (Card : out Integer);
      entry Odd_Only (Card : out Integer);
   end Dealer;

   --  rdv2po: task Painter became this protected object; its calls go on to
   --  Painter_Rendezvous and its code runs in the task Painter_Agent, both in
   --  the package body (general scheme)
   protected Painter is
      entry Next (Hue : out Color);
   end Painter;

   --  rdv2po: task Weekly became this protected object; its calls go on to
   --  Weekly_Rendezvous and its code runs in the task Weekly_Agent, both in
   --  the package body (general scheme)
   protected Weekly is
      entry Rest (Which : out Day; Hours : out Natural);
   end Weekly;

   --  rdv2po: task Empty became this protected object; its calls go on to
   --  Empty_Rendezvous and its code runs in the task Empty_Agent, both in the
   --  package body (general scheme)
   protected Empty is
      entry Ping;
   end Empty;

end Servers;
