--  A bounded buffer of Size items.  Every alternative of its select is
--  guarded: Put while not full, Get while not empty, Stop once empty.
--  One of Put and Get is always open, so the select never raises
--  Program_Error.

with Ada.Exceptions;
package Buffers is

   Size : constant := 4;

   subtype Slot_Index is Positive range 1 .. Size;
   type Slot_Array is array (Slot_Index) of Integer;

   type Buffer_Entry is (Buffer_No_Entry, Buffer_Put, Buffer_Get, Buffer_Stop);
   type Buffer_Alternative is record
      Id : Buffer_Entry := Buffer_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Buffer_Alternative_List is array (Positive range <>) of Buffer_Alternative;
   --  rdv2po: task Buffer became this protected object; its code runs in the
   --  task Buffer_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Buffer is
      entry Put (Item : in Integer);
      entry Get (Item : out Integer);
      entry Stop (Moved : out Natural);
      --  accepted once empty; ends Buffer
      --  rdv2po: the rendezvous protocol, for Buffer_Agent
      entry Select_Arm
        (Order : Buffer_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Put_Take (Item : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (Item : in Integer);
      procedure Get_Take (Item : out Integer);
      procedure Get_Accept_End (Item : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (Item : out Integer);
      procedure Stop_Take (Moved : out Natural);
      procedure Stop_Accept_End (Moved : in Natural);
      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Stop_Queue (Moved : out Natural);
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
      Armed_List : Buffer_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Buffer_Entry := Buffer_No_Entry;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_Item : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_Item : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Stop_Moved : Natural;
      Stop_Done : Boolean := False;
      Stop_Raised : Boolean := False;
      Stop_Failure : Ada.Exceptions.Exception_Occurrence;
   end Buffer;
   task Buffer_Agent is
      --  rdv2po: general scheme agent of Buffer
   end Buffer_Agent;

end Buffers;
