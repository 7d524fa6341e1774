--  A traffic light as a state machine: three guarded accept alternatives
--  over the internal colour force the cycle Red -> Green -> Yellow -> Red,
--  whatever order the callers arrive in.

with Ada.Exceptions;
package Lights is

   type Color is (Red, Green, Yellow);

   type Light_Entry is
     (Light_No_Entry,
      Light_To_Green,
      Light_To_Yellow,
      Light_To_Red,
      Light_Query);
   type Light_Alternative is record
      Id : Light_Entry := Light_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Light_Alternative_List is array (Positive range <>) of Light_Alternative;
   --  rdv2po: task Light became this protected object; its code runs in the
   --  task Light_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Light is
      entry To_Green (Waiting : in Natural);
      --  open only when Red
      entry To_Yellow;
      --  open only when Green
      entry To_Red (Passed : out Natural);
      --  open only when Yellow
      entry Query (Current : out Color; Changes : out Natural;
                   Trace : out Natural; Cars : out Natural);
      --  rdv2po: the rendezvous protocol, for Light_Agent
      entry Select_Arm
        (Order : Light_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      entry To_Green_Held (Waiting : in Natural);
      procedure To_Green_Woken (Waiting : in Natural);
      procedure To_Green_Take (Waiting : out Natural);
      procedure To_Green_Accept_End;
      procedure To_Green_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry To_Green_Queue (Waiting : in Natural);
      entry To_Yellow_Held;
      procedure To_Yellow_Woken;
      procedure To_Yellow_Take;
      entry To_Red_Held (Passed : out Natural);
      procedure To_Red_Woken (Passed : in Natural);
      procedure To_Red_Take (Passed : out Natural);
      procedure To_Red_Accept_End (Passed : in Natural);
      procedure To_Red_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry To_Red_Queue (Passed : out Natural);
      entry Query_Held
        (Current : out Color;
         Changes : out Natural;
         Trace : out Natural;
         Cars : out Natural);
      procedure Query_Woken
        (Current : in Color;
         Changes : in Natural;
         Trace : in Natural;
         Cars : in Natural);
      procedure Query_Take
        (Current : out Color;
         Changes : out Natural;
         Trace : out Natural;
         Cars : out Natural);
      procedure Query_Accept_End
        (Current : in Color;
         Changes : in Natural;
         Trace : in Natural;
         Cars : in Natural);
      procedure Query_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Query_Queue
        (Current : out Color;
         Changes : out Natural;
         Trace : out Natural;
         Cars : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Light_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Light_Alternative);
      function Queued (Alternative : Light_Alternative) return Boolean;
      function Position_Of (Alternative : Light_Alternative) return Natural;
      Armed_List : Light_Alternative_List (1 .. 4);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Light_Entry := Light_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      To_Green_Armed : Boolean := False;
      To_Green_Waiting : Natural;
      To_Green_Done : Boolean := False;
      To_Green_Raised : Boolean := False;
      To_Green_Failure : Ada.Exceptions.Exception_Occurrence;
      To_Yellow_Armed : Boolean := False;
      To_Red_Armed : Boolean := False;
      To_Red_Passed : Natural;
      To_Red_Done : Boolean := False;
      To_Red_Raised : Boolean := False;
      To_Red_Failure : Ada.Exceptions.Exception_Occurrence;
      Query_Armed : Boolean := False;
      Query_Current : Color;
      Query_Changes : Natural;
      Query_Trace : Natural;
      Query_Cars : Natural;
      Query_Done : Boolean := False;
      Query_Raised : Boolean := False;
      Query_Failure : Ada.Exceptions.Exception_Occurrence;
   end Light;
   task Light_Agent is
      --  rdv2po: general scheme agent of Light
      entry Wake_1 (Positive range 1 .. 4) (Value_1 : in Natural);
      entry Wake_2 (Positive range 1 .. 4);
      entry Wake_3 (Positive range 1 .. 4) (Value_1 : out Natural);
      entry Wake_4 (Positive range 1 .. 4)
        
          (Value_1 : out Color;
           Value_2 : out Natural;
           Value_3 : out Natural;
           Value_4 : out Natural);
   end Light_Agent;

end Lights;
