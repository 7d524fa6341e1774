--  A server whose accept bodies raise exceptions for bad arguments.  The
--  exception propagates to the caller and out of the accept statement in
--  the server, where a handler in a block inside the loop catches it: the
--  server keeps serving.

with Ada.Exceptions;
package Accounts is

   Negative_Amount : exception;

   Num_Slots : constant := 5;

   type Account_Entry is
     (Account_No_Entry,
      Account_Deposit,
      Account_Store,
      Account_Report);
   type Account_Alternative is record
      Id : Account_Entry := Account_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Account_Alternative_List is array (Positive range <>) of Account_Alternative;
   --  rdv2po: task Account became this protected object; its code runs in the
   --  task Account_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Account is
      entry Deposit (Amount : in Integer);
      --  Negative_Amount if < 0
      entry Store (Slot : in Integer; Value : in Integer);
      --  Constraint_Error if Slot not in 1 .. Num_Slots
      entry Report (Balance : out Integer; Slot_Sum : out Integer;
                    Accepted, Rejected : out Natural);
      --  rdv2po: the rendezvous protocol, for Account_Agent
      entry Select_Arm
        (Order : Account_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      entry Deposit_Held (Amount : in Integer);
      procedure Deposit_Woken (Amount : in Integer);
      procedure Deposit_Take (Amount : out Integer);
      procedure Deposit_Accept_End;
      procedure Deposit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Deposit_Queue (Amount : in Integer);
      entry Store_Held (Slot : in Integer; Value : in Integer);
      procedure Store_Woken (Slot : in Integer; Value : in Integer);
      procedure Store_Take (Slot : out Integer; Value : out Integer);
      procedure Store_Accept_End;
      procedure Store_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Store_Queue (Slot : in Integer; Value : in Integer);
      entry Report_Held
        (Balance : out Integer;
         Slot_Sum : out Integer;
         Accepted, Rejected : out Natural);
      procedure Report_Woken
        (Balance : in Integer;
         Slot_Sum : in Integer;
         Accepted : in Natural;
         Rejected : in Natural);
      procedure Report_Take
        (Balance : out Integer;
         Slot_Sum : out Integer;
         Accepted : out Natural;
         Rejected : out Natural);
      procedure Report_Accept_End
        (Balance : in Integer;
         Slot_Sum : in Integer;
         Accepted : in Natural;
         Rejected : in Natural);
      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Report_Queue
        (Balance : out Integer;
         Slot_Sum : out Integer;
         Accepted : out Natural;
         Rejected : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Account_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Account_Alternative);
      function Queued (Alternative : Account_Alternative) return Boolean;
      function Position_Of (Alternative : Account_Alternative) return Natural;
      Armed_List : Account_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Account_Entry := Account_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Deposit_Armed : Boolean := False;
      Deposit_Amount : Integer;
      Deposit_Done : Boolean := False;
      Deposit_Raised : Boolean := False;
      Deposit_Failure : Ada.Exceptions.Exception_Occurrence;
      Store_Armed : Boolean := False;
      Store_Slot : Integer;
      Store_Value : Integer;
      Store_Done : Boolean := False;
      Store_Raised : Boolean := False;
      Store_Failure : Ada.Exceptions.Exception_Occurrence;
      Report_Armed : Boolean := False;
      Report_Balance : Integer;
      Report_Slot_Sum : Integer;
      Report_Accepted : Natural;
      Report_Rejected : Natural;
      Report_Done : Boolean := False;
      Report_Raised : Boolean := False;
      Report_Failure : Ada.Exceptions.Exception_Occurrence;
   end Account;
   task Account_Agent is
      --  rdv2po: general scheme agent of Account
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 3)
        (Value_1 : in Integer; Value_2 : in Integer);
      entry Wake_3 (Positive range 1 .. 3)
        
          (Value_1 : out Integer;
           Value_2 : out Integer;
           Value_3 : out Natural;
           Value_4 : out Natural);
   end Account_Agent;

end Accounts;
