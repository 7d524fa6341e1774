--  An accepting server without a terminate alternative: it leaves its
--  loop (and so terminates) when its Stop entry is accepted.

with Ada.Exceptions;
package Accumulators is

   type Accumulator_Entry is
     (Accumulator_No_Entry,
      Accumulator_Add,
      Accumulator_Get,
      Accumulator_Stop);
   type Accumulator_Alternative is record
      Id : Accumulator_Entry := Accumulator_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Accumulator_Alternative_List is array (Positive range <>) of Accumulator_Alternative;
   --  rdv2po: task Accumulator became this protected object; its code runs in
   --  the task Accumulator_Agent, declared after it (general scheme: each
   --  rendezvous goes through the object)
   protected Accumulator is
      entry Add (X : in Integer);
      entry Get (Total : out Integer; Count : out Natural);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Accumulator_Agent
      entry Select_Arm
        (Order : Accumulator_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Add_Take (X : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (X : in Integer);
      procedure Get_Take (Total : out Integer; Count : out Natural);
      procedure Get_Accept_End (Total : in Integer; Count : in Natural);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (Total : out Integer; Count : out Natural);
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Accumulator_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Accumulator_Alternative);
      function Queued (Alternative : Accumulator_Alternative) return Boolean;
      function Position_Of (Alternative : Accumulator_Alternative) return Natural;
      Armed_List : Accumulator_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Accumulator_Entry := Accumulator_No_Entry;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_X : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_Total : Integer;
      Get_Count_2 : Natural;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Accumulator;
   task Accumulator_Agent is
      --  rdv2po: general scheme agent of Accumulator
   end Accumulator_Agent;

end Accumulators;
