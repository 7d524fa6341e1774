--  A two-stage pipeline: Relay accepts items in its server loop and, between
--  accepts (outside any accept body), forwards a transformed item to Sink by
--  calling Sink's entry.  Sink is a plain accepting server.

with Ada.Exceptions;
package Pipeline is

   type Relay_Entry is (Relay_No_Entry, Relay_Put, Relay_Stop);
   type Relay_Alternative is record
      Id : Relay_Entry := Relay_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Relay_Alternative_List is array (Positive range <>) of Relay_Alternative;
   --  rdv2po: task Relay became this protected object; its code runs in the
   --  task Relay_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Relay is
      entry Put (Item : Integer);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Relay_Agent
      entry Select_Arm
        (Order : Relay_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Put_Take (Item : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (Item : in Integer);
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Relay_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Relay_Alternative);
      function Queued (Alternative : Relay_Alternative) return Boolean;
      function Position_Of (Alternative : Relay_Alternative) return Natural;
      Armed_List : Relay_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Relay_Entry := Relay_No_Entry;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_Item : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Relay;
   task Relay_Agent is
      --  rdv2po: general scheme agent of Relay
   end Relay_Agent;

   type Sink_Entry is (Sink_No_Entry, Sink_Put, Sink_Report);
   type Sink_Alternative is record
      Id : Sink_Entry := Sink_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Sink_Alternative_List is array (Positive range <>) of Sink_Alternative;
   --  rdv2po: task Sink became this protected object; its code runs in the
   --  task Sink_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Sink is
      entry Put (Item : Integer);
      entry Report (Count : out Natural; Sum : out Integer);
      --  rdv2po: the rendezvous protocol, for Sink_Agent
      entry Select_Arm
        (Order : Sink_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      entry Put_Held (Item : Integer);
      procedure Put_Woken (Item : in Integer);
      procedure Put_Take (Item : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (Item : in Integer);
      entry Report_Held (Count : out Natural; Sum : out Integer);
      procedure Report_Woken (Count : in Natural; Sum : in Integer);
      procedure Report_Take (Count : out Natural; Sum : out Integer);
      procedure Report_Accept_End (Count : in Natural; Sum : in Integer);
      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Report_Queue (Count : out Natural; Sum : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Sink_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Sink_Alternative);
      function Queued (Alternative : Sink_Alternative) return Boolean;
      function Position_Of (Alternative : Sink_Alternative) return Natural;
      Armed_List : Sink_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Sink_Entry := Sink_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_Item : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Report_Armed : Boolean := False;
      Report_Count_2 : Natural;
      Report_Sum : Integer;
      Report_Done : Boolean := False;
      Report_Raised : Boolean := False;
      Report_Failure : Ada.Exceptions.Exception_Occurrence;
   end Sink;
   task Sink_Agent is
      --  rdv2po: general scheme agent of Sink
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2)
        (Value_1 : out Natural; Value_2 : out Integer);
   end Sink_Agent;

end Pipeline;
