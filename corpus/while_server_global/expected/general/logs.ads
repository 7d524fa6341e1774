--  A logger that runs while a package flag is clear.
with Ada.Exceptions;
package Logs is

   Stopping : Boolean := False;
   pragma Atomic (Stopping);

   type Logger_Entry is
     (Logger_No_Entry,
      Logger_Log,
      Logger_Flush,
      Logger_Stop);
   type Logger_Alternative is record
      Id : Logger_Entry := Logger_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Logger_Alternative_List is array (Positive range <>) of Logger_Alternative;
   --  rdv2po: task Logger became this protected object; its code runs in the
   --  task Logger_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Logger is
      entry Log (X : Integer);
      entry Flush (Sum : out Integer);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Logger_Agent
      entry Select_Arm
        (Order : Logger_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      entry Log_Held (X : Integer);
      procedure Log_Woken (X : in Integer);
      procedure Log_Take (X : out Integer);
      procedure Log_Accept_End;
      procedure Log_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Log_Queue (X : in Integer);
      entry Flush_Held (Sum : out Integer);
      procedure Flush_Woken (Sum : in Integer);
      procedure Flush_Take (Sum : out Integer);
      procedure Flush_Accept_End (Sum : in Integer);
      procedure Flush_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Flush_Queue (Sum : out Integer);
      entry Stop_Held;
      procedure Stop_Woken;
      procedure Stop_Take;
      procedure Stop_Accept_End;
      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Stop_Queue;
      procedure Close;
   private
      entry Select_Wait
        (Order : Logger_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Logger_Alternative);
      function Queued (Alternative : Logger_Alternative) return Boolean;
      function Position_Of (Alternative : Logger_Alternative) return Natural;
      Armed_List : Logger_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Logger_Entry := Logger_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Log_Armed : Boolean := False;
      Log_X : Integer;
      Log_Done : Boolean := False;
      Log_Raised : Boolean := False;
      Log_Failure : Ada.Exceptions.Exception_Occurrence;
      Flush_Armed : Boolean := False;
      Flush_Sum : Integer;
      Flush_Done : Boolean := False;
      Flush_Raised : Boolean := False;
      Flush_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Stop_Done : Boolean := False;
      Stop_Raised : Boolean := False;
      Stop_Failure : Ada.Exceptions.Exception_Occurrence;
   end Logger;
   task Logger_Agent is
      --  rdv2po: general scheme agent of Logger
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 3) (Value_1 : out Integer);
      entry Wake_3 (Positive range 1 .. 3);
   end Logger_Agent;

end Logs;
