--  Four servers whose loop is a for loop.
package Servers is

   type Color is (Red, Green, Blue);
   type Day is (Mon, Tue, Wed, Thu, Fri, Sat, Sun);
   subtype Weekend is Day range Sat .. Sun;

   Dealer_Deck_Size : constant Integer := 5;
   protected Dealer is
      entry Deal (Card : out Integer);
      entry Odd_Only (Card : out Integer);
   private
      --  rdv2po: task Dealer became this protected object. Stage is where
      --  the task stood: 1 = select of Deal/Odd_Only; 0 = ended (calls
      --  raise Tasking_Error); -1 = not started (Start_Up runs at the first
      --  call).
      Stage : Integer := -1;
      Dealt     : Natural := 0;
      Card_No : Integer;  --  the for loop's index
      Card_No_Last : Integer;  --  and its last value
      procedure Start_Up;
   end Dealer;

   protected Painter is
      entry Next (Hue : out Color);
   private
      --  rdv2po: task Painter became this protected object. Stage is where
      --  the task stood: 1 = accept Next; 0 = ended (calls raise
      --  Tasking_Error); -1 = not started (Start_Up runs at the first
      --  call).
      Stage : Integer := -1;
      C : Color'Base;  --  the for loop's index
      C_Last : Color'Base;  --  and its last value
      procedure Start_Up;
   end Painter;

   protected Weekly is
      entry Rest (Which : out Day; Hours : out Natural);
   private
      --  rdv2po: task Weekly became this protected object. Stage is where
      --  the task stood: 1 = accept Rest; 0 = ended (calls raise
      --  Tasking_Error); -1 = not started (Start_Up runs at the first
      --  call).
      Stage : Integer := -1;
      Total : Natural := 0;
      D : Weekend'Base;  --  the for loop's index
      D_Last : Weekend'Base;  --  and its last value
      procedure Start_Up;
   end Weekly;

   protected Empty is
      entry Ping;
   private
      --  rdv2po: task Empty became this protected object. Stage is where
      --  the task stood: 1 = accept Ping; 0 = ended (calls raise
      --  Tasking_Error); -1 = not started (Start_Up runs at the first
      --  call).
      Stage : Integer := -1;
      Count : Natural := 0;
      I : Integer;  --  the for loop's index
      I_Last : Integer;  --  and its last value
      procedure Start_Up;
   end Empty;

end Servers;
