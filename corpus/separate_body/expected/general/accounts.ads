--  A ledger server task whose body is a separate subunit
--  (accounts-srv.adb).

with Ada.Exceptions;
package Accounts is

   type Account_Id is range 1 .. 3;

   type Srv_Entry is
     (Srv_No_Entry,
      Srv_Deposit,
      Srv_Withdraw,
      Srv_Balance,
      Srv_Operations);
   type Srv_Alternative is record
      Id : Srv_Entry := Srv_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Srv_Alternative_List is array (Positive range <>) of Srv_Alternative;
   --  rdv2po: task Srv became this protected object; its code runs in the task
   --  Srv_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Srv is
      entry Deposit (Account : Account_Id; Amount : Natural);
      entry Withdraw (Account : Account_Id; Amount : Natural);
      entry Balance (Account : Account_Id; Amount : out Integer);
      entry Operations (Count : out Natural);
      --  rdv2po: the rendezvous protocol, for Srv_Agent
      entry Select_Arm
        (Order : Srv_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      entry Deposit_Held (Account : Account_Id; Amount : Natural);
      procedure Deposit_Woken (Account : in Account_Id; Amount : in Natural);
      procedure Deposit_Take (Account : out Account_Id; Amount : out Natural);
      procedure Deposit_Accept_End;
      procedure Deposit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Deposit_Queue (Account : in Account_Id; Amount : in Natural);
      entry Withdraw_Held (Account : Account_Id; Amount : Natural);
      procedure Withdraw_Woken (Account : in Account_Id; Amount : in Natural);
      procedure Withdraw_Take (Account : out Account_Id; Amount : out Natural);
      procedure Withdraw_Accept_End;
      procedure Withdraw_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Withdraw_Queue (Account : in Account_Id; Amount : in Natural);
      entry Balance_Held (Account : Account_Id; Amount : out Integer);
      procedure Balance_Woken (Account : in Account_Id; Amount : in Integer);
      procedure Balance_Take (Account : out Account_Id; Amount : out Integer);
      procedure Balance_Accept_End (Amount : in Integer);
      procedure Balance_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Balance_Queue (Account : in Account_Id; Amount : out Integer);
      entry Operations_Held (Count : out Natural);
      procedure Operations_Woken (Count : in Natural);
      procedure Operations_Take (Count : out Natural);
      procedure Operations_Accept_End (Count : in Natural);
      procedure Operations_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Operations_Queue (Count : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Srv_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Srv_Alternative);
      function Queued (Alternative : Srv_Alternative) return Boolean;
      function Position_Of (Alternative : Srv_Alternative) return Natural;
      Armed_List : Srv_Alternative_List (1 .. 4);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Srv_Entry := Srv_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Deposit_Armed : Boolean := False;
      Deposit_Account : Account_Id;
      Deposit_Amount : Natural;
      Deposit_Done : Boolean := False;
      Deposit_Raised : Boolean := False;
      Deposit_Failure : Ada.Exceptions.Exception_Occurrence;
      Withdraw_Armed : Boolean := False;
      Withdraw_Account : Account_Id;
      Withdraw_Amount : Natural;
      Withdraw_Done : Boolean := False;
      Withdraw_Raised : Boolean := False;
      Withdraw_Failure : Ada.Exceptions.Exception_Occurrence;
      Balance_Armed : Boolean := False;
      Balance_Account : Account_Id;
      Balance_Amount : Integer;
      Balance_Done : Boolean := False;
      Balance_Raised : Boolean := False;
      Balance_Failure : Ada.Exceptions.Exception_Occurrence;
      Operations_Armed : Boolean := False;
      Operations_Count_2 : Natural;
      Operations_Done : Boolean := False;
      Operations_Raised : Boolean := False;
      Operations_Failure : Ada.Exceptions.Exception_Occurrence;
   end Srv;
   task Srv_Agent is
      --  rdv2po: general scheme agent of Srv
      entry Wake_1 (Positive range 1 .. 4)
        (Value_1 : in Account_Id; Value_2 : in Natural);
      entry Wake_2 (Positive range 1 .. 4)
        (Value_1 : in Account_Id; Value_2 : out Integer);
      entry Wake_3 (Positive range 1 .. 4) (Value_1 : out Natural);
   end Srv_Agent;

end Accounts;
