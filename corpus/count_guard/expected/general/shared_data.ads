--  Readers/writers with writer preference: the guard of Start_Read uses
--  Start_Write'Count, so no new reader gets in while a writer is waiting.

with Ada.Exceptions;
package Shared_Data is

   type Control_Entry is
     (Control_No_Entry,
      Control_Start_Read,
      Control_End_Read,
      Control_Start_Write,
      Control_End_Write,
      Control_Report);
   type Control_Alternative is record
      Id : Control_Entry := Control_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Control_Alternative_List is array (Positive range <>) of Control_Alternative;
   --  rdv2po: task Control became this protected object; its code runs in the
   --  task Control_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Control is
      entry Start_Read;
      entry End_Read;
      entry Start_Write;
      entry End_Write;
      entry Report (Reads, Writes, Violations : out Natural);
      --  rdv2po: the rendezvous protocol, for Control_Agent
      entry Select_Arm
        (Order : Control_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      entry Start_Read_Held;
      procedure Start_Read_Woken;
      procedure Start_Read_Take;
      entry End_Read_Held;
      procedure End_Read_Woken;
      procedure End_Read_Take;
      entry Start_Write_Held;
      procedure Start_Write_Woken;
      procedure Start_Write_Take;
      procedure Start_Write_Accept_End;
      procedure Start_Write_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Write_Queue;
      function Start_Write_Count return Natural;
      entry End_Write_Held;
      procedure End_Write_Woken;
      procedure End_Write_Take;
      entry Report_Held (Reads, Writes, Violations : out Natural);
      procedure Report_Woken
        (Reads : in Natural;
         Writes : in Natural;
         Violations : in Natural);
      procedure Report_Take
        (Reads : out Natural;
         Writes : out Natural;
         Violations : out Natural);
      procedure Report_Accept_End
        (Reads : in Natural;
         Writes : in Natural;
         Violations : in Natural);
      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Report_Queue
        (Reads : out Natural;
         Writes : out Natural;
         Violations : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Control_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Control_Alternative);
      function Queued (Alternative : Control_Alternative) return Boolean;
      function Position_Of (Alternative : Control_Alternative) return Natural;
      Armed_List : Control_Alternative_List (1 .. 5);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Control_Entry := Control_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Start_Read_Armed : Boolean := False;
      End_Read_Armed : Boolean := False;
      Start_Write_Armed : Boolean := False;
      Start_Write_Done : Boolean := False;
      Start_Write_Raised : Boolean := False;
      Start_Write_Failure : Ada.Exceptions.Exception_Occurrence;
      End_Write_Armed : Boolean := False;
      Report_Armed : Boolean := False;
      Report_Reads : Natural;
      Report_Writes : Natural;
      Report_Violations : Natural;
      Report_Done : Boolean := False;
      Report_Raised : Boolean := False;
      Report_Failure : Ada.Exceptions.Exception_Occurrence;
   end Control;
   task Control_Agent is
      --  rdv2po: general scheme agent of Control
      entry Wake_1 (Positive range 1 .. 5);
      entry Wake_2 (Positive range 1 .. 5)
        (Value_1 : out Natural; Value_2 : out Natural; Value_3 : out Natural);
   end Control_Agent;

   --  The shared data: A and B are always equal outside a write
   A, B : Natural := 0;

end Shared_Data;
