--  A simple counter server whose task has an explicit priority.

with Ada.Exceptions;
with System;

package Counters is

   type Counter_Entry is (Counter_No_Entry, Counter_Increment, Counter_Value);
   type Counter_Alternative is record
      Id : Counter_Entry := Counter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Counter_Alternative_List is array (Positive range <>) of Counter_Alternative;
   --  rdv2po: task Counter became this protected object; its code runs in the
   --  task Counter_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Counter is
      entry Increment (By : Positive);
      entry Value (V : out Natural);
      --  rdv2po: the rendezvous protocol, for Counter_Agent
      entry Select_Arm
        (Order : Counter_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      entry Increment_Held (By : Positive);
      procedure Increment_Woken (By : in Positive);
      procedure Increment_Take (By : out Positive);
      procedure Increment_Accept_End;
      procedure Increment_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Increment_Queue (By : in Positive);
      entry Value_Held (V : out Natural);
      procedure Value_Woken (V : in Natural);
      procedure Value_Take (V : out Natural);
      procedure Value_Accept_End (V : in Natural);
      procedure Value_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Value_Queue (V : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Counter_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Counter_Alternative);
      function Queued (Alternative : Counter_Alternative) return Boolean;
      function Position_Of (Alternative : Counter_Alternative) return Natural;
      Armed_List : Counter_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Counter_Entry := Counter_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Increment_Armed : Boolean := False;
      Increment_By : Positive;
      Increment_Done : Boolean := False;
      Increment_Raised : Boolean := False;
      Increment_Failure : Ada.Exceptions.Exception_Occurrence;
      Value_Armed : Boolean := False;
      Value_V : Natural;
      Value_Done : Boolean := False;
      Value_Raised : Boolean := False;
      Value_Failure : Ada.Exceptions.Exception_Occurrence;
   end Counter;
   task Counter_Agent is
      --  rdv2po: general scheme agent of Counter
      pragma Priority (System.Default_Priority + 1);
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Positive);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Natural);
   end Counter_Agent;

end Counters;
