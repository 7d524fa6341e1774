--  A bounded buffer of capacity 10 implemented as an accepting server
--  (the producer/consumer application of the paper's evaluation).

with Ada.Exceptions;
package Buffers is

   Capacity : constant := 10;

   type Buffer_Entry is (Buffer_No_Entry, Buffer_Put, Buffer_Get);
   type Buffer_Alternative is record
      Id : Buffer_Entry := Buffer_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Buffer_Alternative_List is array (Positive range <>) of Buffer_Alternative;
   --  rdv2po: task Buffer became this protected object; its code runs in the
   --  task Buffer_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Buffer is
      entry Put (X : in Integer);
      entry Get (X : out Integer);
      --  rdv2po: the rendezvous protocol, for Buffer_Agent
      entry Select_Arm
        (Order : Buffer_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      entry Put_Held (X : in Integer);
      procedure Put_Woken (X : in Integer);
      procedure Put_Take (X : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (X : in Integer);
      entry Get_Held (X : out Integer);
      procedure Get_Woken (X : in Integer);
      procedure Get_Take (X : out Integer);
      procedure Get_Accept_End (X : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (X : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Buffer_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Buffer_Alternative);
      function Queued (Alternative : Buffer_Alternative) return Boolean;
      function Position_Of (Alternative : Buffer_Alternative) return Natural;
      Armed_List : Buffer_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Buffer_Entry := Buffer_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_X : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_X : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Buffer;
   task Buffer_Agent is
      --  rdv2po: general scheme agent of Buffer
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Buffer_Agent;

end Buffers;
