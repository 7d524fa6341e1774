--  Four servers whose loop is a for loop.
with Ada.Exceptions;
package Servers is

   type Color is (Red, Green, Blue);
   type Day is (Mon, Tue, Wed, Thu, Fri, Sat, Sun);
   subtype Weekend is Day range Sat .. Sun;

   type Dealer_Entry is (Dealer_No_Entry, Dealer_Deal, Dealer_Odd_Only);
   type Dealer_Alternative is record
      Id : Dealer_Entry := Dealer_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Dealer_Alternative_List is array (Positive range <>) of Dealer_Alternative;
   --  rdv2po: task Dealer became this protected object; its code runs in the
   --  task Dealer_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Dealer is
      entry Deal (Card : out Integer);
      entry Odd_Only (Card : out Integer);
      --  rdv2po: the rendezvous protocol, for Dealer_Agent
      entry Select_Arm
        (Order : Dealer_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Deal_Take (Card : out Integer);
      procedure Deal_Accept_End (Card : in Integer);
      procedure Deal_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Deal_Queue (Card : out Integer);
      procedure Odd_Only_Take (Card : out Integer);
      procedure Odd_Only_Accept_End (Card : in Integer);
      procedure Odd_Only_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Odd_Only_Queue (Card : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Dealer_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Dealer_Alternative);
      function Queued (Alternative : Dealer_Alternative) return Boolean;
      function Position_Of (Alternative : Dealer_Alternative) return Natural;
      Armed_List : Dealer_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Dealer_Entry := Dealer_No_Entry;
      Closed : Boolean := False;
      Deal_Armed : Boolean := False;
      Deal_Card : Integer;
      Deal_Done : Boolean := False;
      Deal_Raised : Boolean := False;
      Deal_Failure : Ada.Exceptions.Exception_Occurrence;
      Odd_Only_Armed : Boolean := False;
      Odd_Only_Card : Integer;
      Odd_Only_Done : Boolean := False;
      Odd_Only_Raised : Boolean := False;
      Odd_Only_Failure : Ada.Exceptions.Exception_Occurrence;
   end Dealer;
   task Dealer_Agent is
      --  rdv2po: general scheme agent of Dealer
   end Dealer_Agent;

   type Painter_Entry is (Painter_No_Entry, Painter_Next);
   --  rdv2po: task Painter became this protected object; its code runs in the
   --  task Painter_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Painter is
      entry Next (Hue : out Color);
      --  rdv2po: the rendezvous protocol, for Painter_Agent
      entry Next_Accept_Begin (Hue : out Color);
      procedure Next_Accept_End (Hue : in Color);
      procedure Next_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Next_Queue (Hue : out Color);
      procedure Close;
   private
      Chosen : Painter_Entry := Painter_No_Entry;
      Closed : Boolean := False;
      Next_Hue : Color;
      Next_Done : Boolean := False;
      Next_Raised : Boolean := False;
      Next_Failure : Ada.Exceptions.Exception_Occurrence;
   end Painter;
   task Painter_Agent is
      --  rdv2po: general scheme agent of Painter
   end Painter_Agent;

   type Weekly_Entry is (Weekly_No_Entry, Weekly_Rest);
   --  rdv2po: task Weekly became this protected object; its code runs in the
   --  task Weekly_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Weekly is
      entry Rest (Which : out Day; Hours : out Natural);
      --  rdv2po: the rendezvous protocol, for Weekly_Agent
      entry Rest_Accept_Begin (Which : out Day; Hours : out Natural);
      procedure Rest_Accept_End (Which : in Day; Hours : in Natural);
      procedure Rest_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Rest_Queue (Which : out Day; Hours : out Natural);
      procedure Close;
   private
      Chosen : Weekly_Entry := Weekly_No_Entry;
      Closed : Boolean := False;
      Rest_Which : Day;
      Rest_Hours : Natural;
      Rest_Done : Boolean := False;
      Rest_Raised : Boolean := False;
      Rest_Failure : Ada.Exceptions.Exception_Occurrence;
   end Weekly;
   task Weekly_Agent is
      --  rdv2po: general scheme agent of Weekly
   end Weekly_Agent;

   type Empty_Entry is (Empty_No_Entry, Empty_Ping);
   --  rdv2po: task Empty became this protected object; its code runs in the
   --  task Empty_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Empty is
      entry Ping;
      --  rdv2po: the rendezvous protocol, for Empty_Agent
      entry Ping_Accept_Begin;
      procedure Close;
   private
      Chosen : Empty_Entry := Empty_No_Entry;
      Closed : Boolean := False;
   end Empty;
   task Empty_Agent is
      --  rdv2po: general scheme agent of Empty
   end Empty_Agent;

end Servers;
