--  A meter that logs readings in 0 .. Max_Reading.  Logging a reading out
--  of range raises Constraint_Error inside the accept body: the caller
--  gets the exception, and so does the server, whose task-level handler
--  counts the failure in Failures and lets the task end.

with Ada.Exceptions;
package Meters is

   Max_Reading : constant := 1_000;

   subtype Reading is Integer range 0 .. Max_Reading;

   Failures : Natural := 0;   --  set by Meter's handler, read after it ended

   type Meter_Entry is (Meter_No_Entry, Meter_Log, Meter_Summary);
   type Meter_Alternative is record
      Id : Meter_Entry := Meter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Meter_Alternative_List is array (Positive range <>) of Meter_Alternative;
   --  rdv2po: task Meter became this protected object; its code runs in the
   --  task Meter_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Meter is
      entry Log (Value : in Integer);
      --  Constraint_Error if not a Reading
      entry Summary (Sum : out Integer; Count : out Natural;
                     Peak : out Integer);
      --  rdv2po: the rendezvous protocol, for Meter_Agent
      entry Select_Arm
        (Order : Meter_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Log_Take (Value : out Integer);
      procedure Log_Accept_End;
      procedure Log_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Log_Queue (Value : in Integer);
      procedure Summary_Take
        (Sum : out Integer;
         Count : out Natural;
         Peak : out Integer);
      procedure Summary_Accept_End
        (Sum : in Integer;
         Count : in Natural;
         Peak : in Integer);
      procedure Summary_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Summary_Queue
        (Sum : out Integer;
         Count : out Natural;
         Peak : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Meter_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Meter_Alternative);
      function Queued (Alternative : Meter_Alternative) return Boolean;
      function Position_Of (Alternative : Meter_Alternative) return Natural;
      Armed_List : Meter_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Meter_Entry := Meter_No_Entry;
      Closed : Boolean := False;
      Log_Armed : Boolean := False;
      Log_Value : Integer;
      Log_Done : Boolean := False;
      Log_Raised : Boolean := False;
      Log_Failure : Ada.Exceptions.Exception_Occurrence;
      Summary_Armed : Boolean := False;
      Summary_Sum : Integer;
      Summary_Count_2 : Natural;
      Summary_Peak : Integer;
      Summary_Done : Boolean := False;
      Summary_Raised : Boolean := False;
      Summary_Failure : Ada.Exceptions.Exception_Occurrence;
   end Meter;
   task Meter_Agent is
      --  rdv2po: general scheme agent of Meter
   end Meter_Agent;

end Meters;
